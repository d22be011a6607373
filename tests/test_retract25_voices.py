"""Retractions told in more voices: a held cause said no to in the text's own words beside
another cause (`agentmem.core.contradicted`), a claim judged "false", "bogus", "off" or "a
misreading", "…, so that wasn't it", "that explanation doesn't hold", "has the cause
wrong", "Correction to the earlier … note:", "It wasn't X.", "never the reason", "fine after
all", and a claim of one name; and the look-alikes each of them leaves alone."""

from __future__ import annotations

from agentmem.core.contradicted import contradicted
from agentmem.core.retract import retraction, withdrawn

JAMS = "Sorter jams happen because the belt motor stalls under load; slow the infeed."
SLACK = "Sorter jams happen because the belt is not tensioned; check it weekly."
RINSE = "Glaze batches run thin because the mixer over-dilutes the slip at night."
SCANS = "Receipt scans fail to import because the converter can't read TIFF files."
TIFF_NOTE = "TIFF scans are converted to PNG on import and kept for 30 days."
KILN = "Kiln 2 cracks bowls because its door seal leaks heat on the cool-down."
ROTA = "The packing rota is published on Fridays by the shift lead."


def gone(text: str, *held: str) -> list[str]:
    return withdrawn(text, [(h, h) for h in held])


def test_a_cause_said_no_to_beside_another_cause_is_withdrawn() -> None:
    """ "The belt motor never stalled. The jams were a worn guide rail." says no to the
    cause the lesson gave, in its words, and tells what the jams were: the lesson goes."""
    text = "The belt motor never stalled. The jams were a worn guide rail on lane 3."
    assert contradicted(text, JAMS)
    assert gone(text, JAMS, ROTA) == [JAMS]


def test_saying_no_about_another_part_or_nothing_else_withdraws_nothing() -> None:
    """Another part said not to stall, a denial with no other cause, and a lesson whose
    cause says no itself (told again with its "not") all leave the lesson."""
    assert not contradicted("The lift motor never stalls; the jams were a worn rail.", JAMS)
    assert not contradicted("The belt motor never stalled.", JAMS)
    text = "The belt is not tensioned on line 2; the jams were the same slack belt."
    assert not contradicted(text, SLACK)
    assert gone("The belt is not tensioned on line 2, so it jams.", SLACK) == []


def test_a_claim_judged_in_other_words_than_wrong_is_withdrawn() -> None:
    """A note judged "false", advice "bogus", a diagnosis "off", a rule "a misreading"."""
    assert gone("The door seal note is false: kiln 2 cracks from a fast fan.", KILN) == [KILN]
    text = "That kiln 2 diagnosis was off: the cracks come from a fan on full speed."
    assert gone(text, KILN, ROTA) == [KILN]
    text = "Kiln 2: we resealed the door, cracks came back, so the seal diagnosis was wrong."
    assert gone(text, KILN) == [KILN]


def test_a_thing_judged_off_or_false_without_a_claim_is_no_retraction() -> None:
    """ "The heater was off overnight" is a state; "the alarm was false" is no claim."""
    assert retraction("The heater was off overnight, so kiln 2 cracked bowls.") is None
    assert retraction("The smoke alarm was false: someone burnt toast.") is None


def test_a_claim_told_before_a_pointer_judged_is_withdrawn() -> None:
    """ "X, so that wasn't it", "X, so that explanation doesn't hold", "X. The earlier
    lesson has the cause wrong": the clause before the judgement is the claim."""
    text = "The mixer logs show no dilution at night, so that wasn't it. The thin batches came from a cracked scale."
    assert gone(text, RINSE, ROTA) == [RINSE]
    text = "The mixer never over-dilutes the slip, so that explanation doesn't hold."
    assert gone(text, RINSE, ROTA) == [RINSE]
    text = "The mixer doses the slip just fine; a cracked scale does it. The earlier lesson has the cause wrong."
    assert gone(text, RINSE, ROTA) == [RINSE]
    assert retraction("The clamp doesn't hold the board. Use two.") is None


def test_labels_and_denials_of_more_voices_retract() -> None:
    """A correction naming its note, "It wasn't X.", "never the reason", "fine after all"."""
    text = "Correction to the earlier kiln 2 door seal note: the seal is tight. Fan speed cracks the bowls."
    assert gone(text, KILN, ROTA) == [KILN]
    assert gone("It wasn't the door seal. Kiln 2 cracks come from the fan.", KILN) == [KILN]
    text = "The door seal was never the reason for kiln 2 cracking bowls; the fan is."
    assert gone(text, KILN) == [KILN]
    text = "The kiln 2 door seal was fine after all. The cracked bowls came from the fan."
    assert gone(text, KILN) == [KILN]
    assert retraction("It wasn't possible to fire kiln 2 today.") is None


def test_a_claim_of_one_name_withdraws_only_the_lesson_blaming_it() -> None:
    """ "TIFF was never the problem." withdraws the lesson that gave TIFF as its cause, not
    one that only tells what happens to TIFF files."""
    assert gone("TIFF was never the problem.", SCANS, TIFF_NOTE) == [SCANS]
    assert gone("TIFF was never the problem.", TIFF_NOTE) == []
