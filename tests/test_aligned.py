"""A new value in the held lesson's frame retires it (`agentmem.core.aligned`); a value of
another member, another unit, another place beside it, or no news leaves it."""

from __future__ import annotations

import time

import pytest

from agentmem.core.aligned import realigned
from agentmem.core.held import Held, judge

KILN_HOST = (
    "The glaze scheduler reads kiln telemetry over MQTT from the broker at kb-01.studio.lan:1883."
)
BUFFER = (
    "Kiln 3 raises its overheat alarm above 1250 °C on the glaze firing, measured at the crown."
)
DRYER = "The tray dryer for the glaze batches holds 40 % relative humidity during the night cure."
SCORE = "The glaze QA queue gets every tile scoring >= 0.81 with crackscan v2.1."
TANKS = (
    "Split a firing so that each glaze tank ends under its own max fill: G-1 at 93.5 %, "
    "G-2 at 92.0 %; never plan both to the same percentage."
)


def _replaced(draft: str, held: str) -> bool:
    return judge(draft, [Held("held-1", held, "semantic")], "semantic").replaces == ["held-1"]


@pytest.mark.parametrize(
    ("draft", "held"),
    [
        (
            "feat(telemetry): read kiln telemetry over MQTT/TLS from kb-02.studio.lan:8883",
            KILN_HOST,
        ),
        (
            "With crackscan v3.0 the glaze QA review threshold is 0.74 (it was 0.81 with v2.1);"
            " the score scales differ, do not compare old and new scores.",
            SCORE,
        ),
        ("kiln-3: set the glaze firing overheat alarm threshold to 1280 °C (CR-41).", BUFFER),
    ],
)
def test_a_new_value_in_the_held_frame_replaces(draft: str, held: str) -> None:
    """A host, a measure with its unit, a share or a score given anew in the held clause's
    frame, told as news (a commit subject, a change word, the old value named), retires the
    held lesson, though no other reading of the judge sees a replacement in it."""
    assert realigned(draft, held)
    assert _replaced(draft, held)


@pytest.mark.parametrize(
    ("draft", "held"),
    [
        # another member of the numbered family: kiln 4's alarm, not kiln 3's; tank G-3's fill
        ("kiln-4: set the glaze firing overheat alarm threshold to 1280 °C.", BUFFER),
        ("G-3 maximum fill level is now 90.5 % (the float switch sits lower).", TANKS),
        # one value of a clause that gives two: the other member's would go with it
        ("G-2 maximum fill level is now 90.5 % (was 92.0 %; the float switch sits lower).", TANKS),
        # another place beside the held one, sharing only the subject
        (
            "Since the studio move KILN_LOG is mirrored to files.vendor.example:443 for reports.",
            "KILN_LOG, the firing ledger, is kept on the studio NAS (nas-a.studio.lan:445).",
        ),
        # a second measure beside the first: the held value stands in the draft
        ("The night-cure tray dryer now holds 40 % humidity and 22 °C for glaze batches.", DRYER),
        # another unit: a duration is no new temperature
        ("kiln-3: the glaze firing overheat alarm now waits 90 s before it sounds.", BUFFER),
        # no news: a second rule of the subject, no change word, no old value named
        ("The tray dryer for the bisque batches holds 55 % relative humidity.", DRYER),
        ("The glaze QA queue sends every tile scoring >= 0.95 to the kiln master.", SCORE),
        # a value named as the old one that is not the held one: another slot's history
        ("The crackscan v3.0 review threshold is 0.74 (it was 0.70 with v2.0).", SCORE),
    ],
)
def test_near_misses_stay_apart(draft: str, held: str) -> None:
    """Another numbered member, a second place, the held value kept, another unit, or no
    news: the held lesson is not realigned to the draft."""
    assert not realigned(draft, held)


def test_hostile_texts_are_read_in_linear_time() -> None:
    """A 100 KB text of digits, dots and hosts, or lone surrogates, neither hangs nor
    raises: a text past the lesson length is not read for values at all, and one just
    under it reads quickly."""
    nasty = ("a1.b2.c3-" * 2_000 + "9" * 5_000 + ". 1.1.1 % " * 1_000)[:100_000]
    started = time.process_time()
    assert not realigned(nasty, BUFFER)
    assert not realigned(BUFFER, nasty)
    under = nasty[:19_999]
    assert realigned(under, BUFFER) in (True, False)
    assert realigned("kiln-3 \ud800 now 1300 °C \udfff alarm threshold", BUFFER) in (True, False)
    assert time.process_time() - started < 10
