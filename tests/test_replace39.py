"""What `agentmem.core.markedold` must not read as a change: a conversion's "from X to Y"
(both values stay true), a currency or unit word beside a marked number (no old value of its
own); and the changes it still reads."""

from __future__ import annotations

import time

from agentmem.core.markedold import marked, marked_old


def test_a_conversion_from_one_value_to_another_marks_nothing_old() -> None:
    """A reprojection or transcode runs from X to Y every time: X is no retired value."""
    for text in (
        "Ingest reprojects every delivery from EPSG:26917 to EPSG:2240 before loading.",
        "The pipeline converts the feed from UTF-16 to UTF-8 on arrival.",
        "Transcode masters from ProRes 422 to H.264 for the review copies.",
    ):
        assert marked(text)[0] == frozenset(), text


def test_a_conversion_does_not_replace_the_lesson_that_names_its_source() -> None:
    """The lesson that deliveries arrive in EPSG:26917 stays true beside a reprojection."""
    held = "Vertex deliveries arrive in UTM 17N, EPSG:26917; the ingest checks the CRS first."
    draft = "The ingest now reprojects Vertex deliveries from EPSG:26917 to EPSG:2240 itself."
    assert not marked_old(draft, held)


def test_a_change_from_one_value_to_another_is_still_marked() -> None:
    """Without a conversion verb, "from X to Y" still marks X old."""
    assert "pack-print-01" in marked("cups_server changed from pack-print-01 to pack-print-03")[0]
    assert "3" in marked("Field 'max_prior_repairs' from 3 to 4 by Lena")[0]


def test_a_currency_beside_a_marked_number_is_no_old_value() -> None:
    """ "up from CHF 89": 89 is old, CHF is not; a lesson that prices in CHF and never said
    89 is not replaced."""
    old, _ = marked("Seat licence is CHF 129 this year, up from CHF 89.")
    assert old == frozenset({"89"})
    held = "The CHF 250 support tier of the seat licence includes phone support on weekdays."
    draft = "Seat licence support tier now CHF 129 this year, up from CHF 89."
    assert not marked_old(draft, held)


def test_a_currency_marked_beside_a_number_still_replaces_the_number() -> None:
    """The held lesson that states the marked price is replaced."""
    held = "The seat licence for the support desk costs CHF 89 a year."
    draft = "Seat licence for the support desk is CHF 129 a year now, up from CHF 89."
    assert marked_old(draft, held)


def test_a_name_with_a_version_keeps_the_version_marked() -> None:
    """ "from Postgres 13 to Postgres 15": the release is the old value."""
    old, _ = marked("billing db moved from Postgres 13 to Postgres 15 last night")
    assert "13" in old


def test_marks_are_read_in_linear_time_on_a_hostile_text() -> None:
    """100 KB of number-word pairs and conversion verbs is read in well under a second."""
    text = ("convert from CHF 89 to EUR 12 " * 4000)[:100_000] + "\ud800"
    start = time.perf_counter()
    marked(text)
    assert time.perf_counter() - start < 2.0
