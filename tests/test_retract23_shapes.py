"""Two shapes of a labelled retraction's denial: "the gauges never had a battery problem"
(the kind of problem is the thing denied) and "the lid serial was never in it" (a thing that
points back: its subject is denied, and its head is the subject's, never "it")."""

from __future__ import annotations

from agentmem.core.disowned import denied_causes
from agentmem.core.retract import withdrawn

GAUGES = "North tank gauges read zero at dawn because their battery pack is flat; swap packs."
LID = "Duplicate tickets slip through because the checksum includes the lid serial."
DRIFT = "Checksum runs take 40 min on the night queue; start them before 22:00."


def test_a_kind_of_problem_never_had_is_the_cause_denied() -> None:
    """ "Turns out X never had a battery problem" denies the battery of X: the lesson
    blaming the battery goes."""
    text = (
        "Turns out the north tank gauges never had a battery problem. New packs changed "
        "nothing; a cracked antenna lead dropped the readings."
    )
    assert denied_causes(text) == [("battery", "battery")]
    assert withdrawn(text, [(h, h) for h in (GAUGES, DRIFT)]) == [GAUGES]


def test_a_thing_denied_as_in_it_is_its_subject() -> None:
    """ "The lid serial was never in it" denies the lid serial ("in it" points back): the
    lesson that blamed it goes, one on the checksum's run time stays."""
    assert denied_causes("The lid serial was never in it.") == [("serial", "The lid serial")]
    text = (
        "Ignore my earlier note on the checksum: the lid serial was never in it. The "
        "duplicates came from a trailing space in the ticket body."
    )
    assert withdrawn(text, [(h, h) for h in (LID, DRIFT)]) == [LID]
