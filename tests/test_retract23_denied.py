"""A cause denied outright, in words that share the old lesson's cause only in part: "the
gauges never had a battery problem", "the blower is rated fine", "the jams weren't XQW at
all", "the E7 fault was a worn seal, not door load", "the lid was never in it". The
lesson whose cause it denies goes; a look-alike stays: one whose cause shares only a common
verb with the denial, one on another subject (the south gauges, not the north ones), a
restatement of the cause as a state ("the pump wasn't primed"), and a denial with no
failure of the lesson's in it."""

from __future__ import annotations

import pytest

from agentmem.core.deniedcause import denied_cause
from agentmem.core.retract import withdrawn


def gone(text: str, *held: str) -> list[str]:
    """The held texts a text withdraws (each held text is its own id)."""
    return withdrawn(text, [(h, h) for h in held])


GAUGES = "North tank gauges read zero at dawn because their battery pack is flat; swap packs."
BLOWER = "Kiln 4 overheats on long firings because the exhaust blower is undersized."
JAMS = "Label jams on line B happen because of the xenon quench wheel warming the film; cool it."
E7 = "The dryer throws E7 FAULT when more than 3 doors open at once, so keep DOOR_LIMIT=3."
LID = "Duplicate tickets slip through because the checksum includes the lid serial."


@pytest.mark.parametrize(
    ("text", "held"),
    [
        (
            "Turns out the north tank gauges never had a battery problem. New packs changed "
            "nothing; a cracked antenna lead dropped the readings.",
            GAUGES,
        ),
        (
            "fyi the kiln 4 overheating on long firings was a jammed damper, the blower is "
            "rated fine. Damper freed on Tuesday.",
            BLOWER,
        ),
        (
            "Label jams on line B weren't XQW at all. A worn guide roller skewed the film; "
            "replaced it.",
            JAMS,
        ),
        (
            "E7 FAULT on the dryer was a worn door seal, not door count. Six doors at "
            "once run clean since the new seal.",
            E7,
        ),
        (
            "Ignore my earlier note on the checksum: the lid serial was never in it. "
            "Duplicates came from a trailing space in the ticket body.",
            LID,
        ),
    ],
)
def test_a_cause_denied_outright_withdraws_the_lesson_that_gave_it(text: str, held: str) -> None:
    """The denied thing names a distinctive word of the lesson's cause (or its initials),
    and the text names the failure the lesson explains: the lesson goes."""
    assert gone(text, held) == [held]


def test_a_common_verb_shared_with_the_denial_withdraws_nothing() -> None:
    """A lesson whose cause shares only a common verb ("read") with what a text says was
    fine is another matter: it stays."""
    held = "Pressure logs show gaps because the logger reads the probe every 10 min."
    text = "Pressure logs: the read path is fine. The gaps came from the export job."
    assert not denied_cause(text, held)
    assert gone(text, held) == []
    wastewater = "The flow totals drift because the meter reads in local time."
    other = "Not a meter fault: the dosing reports read fine, they came from the old export."
    assert gone(other, wastewater) == []


def test_a_denial_on_another_subject_withdraws_nothing() -> None:
    """ "The south tank gauges never had a battery problem" is said of the south ones: a
    lesson on the north gauges' batteries stays."""
    text = (
        "The south tank gauges never had a battery problem; their zero readings at dawn "
        "came from a cut cable."
    )
    assert gone(text, GAUGES) == []


def test_a_cause_restated_as_a_state_is_no_denial() -> None:
    """ "The pump wasn't primed at all" tells a cause (a state), it denies none: the
    lesson blaming lost prime stays."""
    held = "Dosing stalls overnight because the feed pump loses its prime."
    text = "Dosing stalled overnight again: the feed pump wasn't primed at all. Primed it."
    assert gone(text, held) == []


def test_a_denial_without_the_lessons_failure_withdraws_nothing() -> None:
    """A thing said to be fine that the lesson blames, in a text about another failure,
    leaves the lesson."""
    text = "Glaze orders ship late since May; the exhaust blower is rated fine for the new shed."
    assert gone(text, BLOWER) == []


def test_a_detail_denied_beside_the_cause_told_again_withdraws_nothing() -> None:
    """A text that tells the lesson's cause again and says a detail of it is fine
    ("the cache volume is full, the runner is fine") restates the lesson: it stays."""
    held = (
        "Nightly arm64 builds stall on the release branch because the cache volume on the "
        "runner is full."
    )
    text = (
        "Nightly arm64 builds stall on the release branch: the cache volume is full, the "
        "runner is fine."
    )
    assert not denied_cause(text, held)
    assert gone(text, held) == []
