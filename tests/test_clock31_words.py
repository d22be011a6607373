"""A clock time told in words ("half past two", "a quarter to six", "at seven in the
evening", "at noon") is the same clock value as its HH:MM, and a zone after a clock value
("02:30 UK", "2:30am Pacific") says which clock, not what the value is of
(`agentmem.core.clockwords`)."""

from __future__ import annotations

import pytest

from agentmem.core.statement import terms
from agentmem.core.verdict import Held, judge


def _replaces(draft: str, held: str) -> bool:
    return judge(draft, [Held("h1", held, "semantic")], "semantic").replaces == ["h1"]


@pytest.mark.parametrize(
    ("text", "time"),
    [
        ("The kiln cool-down starts at half past two.", "02:30"),
        ("The kiln cool-down starts at a quarter to six.", "05:45"),
        ("The kiln cool-down starts at ten past eight in the evening.", "20:10"),
        ("The kiln cool-down starts at seven in the evening.", "19:00"),
        ("The kiln cool-down starts at nine o'clock.", "09:00"),
        ("The kiln cool-down starts at noon.", "12:00"),
        ("The kiln cool-down starts at midnight.", "00:00"),
    ],
)
def test_a_time_told_in_words_is_a_clock_value(text: str, time: str) -> None:
    """The words are read as the HH:MM a digit clock would show."""
    assert terms(text).values.get("time") == frozenset({time})


@pytest.mark.parametrize(
    "text",
    [
        "Grow the kiln crew from five to ten people in the busy weeks.",
        "Keep the one in the evening shift on the old kiln.",
    ],
)
def test_counts_and_ranges_are_no_clock_values(text: str) -> None:
    """A range of counts ("five to ten") and a number before a part of the day with no
    word that sets a time are not clock times."""
    assert "time" not in terms(text).values


def test_a_memo_that_tells_the_new_start_in_words_replaces_the_held_time() -> None:
    """A memo that gives the held job's start as "half past two" tells a new value of
    the held one's slot, without any word of change."""
    held = "The nightly glaze firing starts at 23:00 and has to end before the kiln opens at 07:00."
    draft = (
        "The glaze firing runs in the small hours, at half past two, which leaves the clay "
        "time to dry and still ends before the kiln opens at seven."
    )
    assert _replaces(draft, held)


@pytest.mark.parametrize(
    "draft",
    [
        "The Bristol glaze firing starts at 02:30 GMT.",
        "The Bristol glaze firing now starts at half past two.",
        "The bisque firing now starts at half past two.",
    ],
)
def test_another_things_time_in_words_or_zone_is_no_replacement(draft: str) -> None:
    """Another site's or another job's start, told in words or with a zone, leaves the
    held lesson in place."""
    assert not _replaces(draft, "The Leeds glaze firing starts at 01:00.")


@pytest.mark.parametrize(
    "draft",
    [
        "sched(firing): nightly firing kicks off at 02:30 UK so the clay is dry; ware pickup at 06:00 unchanged",
        "The nightly glaze firing kicks off at 2:30am Pacific so the clay is dry.",
    ],
)
def test_a_zone_after_the_new_time_is_no_other_thing(draft: str) -> None:
    """A zone after the new clock value ("02:30 UK", "2:30am Pacific") says which clock it
    is on: the draft still tells the held firing's new start."""
    held = "The nightly glaze firing starts at 23:00 and has to finish before Kilnco collects the ware at 06:00."
    assert _replaces(draft, held)
    assert not terms(draft).content & {"uk", "pacif"}
