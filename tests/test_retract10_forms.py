"""A practice withdrawn in the other ways teams write it.

Besides "Retracted: …" and "we no longer …", a team withdraws what it used to do with an
imperative ("Don't … any more"), by pointing at the old advice ("Ignore the earlier advice
to …"), with "No more …", by saying it is no longer needed, or by judging the practice
itself ("Restarting … was a mistake", "… never fixed …"). Each withdraws the lesson that
prescribes the practice; a rule that only limits it ("Never … during a live event"), a
quantity ("No more than 5 …") and a lesson about another thing stay.
"""

from __future__ import annotations

import pytest

from agentmem.core.practice import withdraws_practice
from agentmem.core.retract import withdrawn

LESSON = "When the render queue backs up, restart the encoder pods by hand; they resume."
REASON = "; the backlog was a lock on the manifest table."


@pytest.mark.parametrize(
    "said",
    [
        "Don't restart the encoder pods by hand any more",
        "Do not restart the encoder pods by hand again",
        "Ignore the earlier advice to restart the encoder pods by hand",
        "No more manual restarts of the encoder pods",
        "Restarting the encoder pods by hand is no longer needed",
        "Restarting the encoder pods by hand was a mistake",
        "Restarting the encoder pods by hand turned out to be wrong",
        "Restarting the encoder pods by hand never fixed the backlog",
        "Weekly review: restarting the encoder pods by hand does not help with the backlog",
    ],
)
def test_a_practice_withdrawn_in_other_words_withdraws_its_lesson(said: str) -> None:
    """Each way of saying it withdraws the lesson, and opens a list item the distiller
    reads as a withdrawal."""
    assert withdrawn(said + REASON, [("lesson", LESSON)]) == ["lesson"]
    assert withdraws_practice(said + REASON) or said.startswith("Weekly")


@pytest.mark.parametrize(
    "said",
    [
        "Never restart the encoder pods during a live event",  # a limit, not a withdrawal
        "No more than 5 restarts of the encoder pods per hour",  # a quantity
        "Restarting the ingest gateway was a mistake",  # another thing
    ],
)
def test_a_limit_a_quantity_or_another_thing_withdraws_nothing(said: str) -> None:
    assert withdrawn(said + REASON, [("lesson", LESSON)]) == []


def test_a_judged_practice_leaves_a_lesson_with_its_verb_on_another_thing() -> None:
    """The same verb for another component is not the practice judged."""
    other = "Restart the ingest gateway when its certificate rotates."
    said = "Restarting the encoder pods never fixed the backlog" + REASON
    assert withdrawn(said, [("other", other)]) == []


def test_a_withdrawn_practice_takes_its_settings_names_not_its_components() -> None:
    """A flag, a command, a define in capitals are what the practice set: a record quoting
    them tells of the old practice. A component in lower case is what a record of any run
    on it names."""
    from agentmem.core.takenaway import withdrawn_names

    said = "Retracted: restarting sync_worker with --force and POOL_MAX=8 is not a fix."
    lesson = "If sync_worker stalls, restart it with --force and POOL_MAX=8."
    assert withdrawn_names(said, lesson) == {"force", "poolmax"}


RETRACTED_LESSON = (
    "Retracted: the 03-02 lesson that a purge of a mailbox takes its archived copies with it "
    "was wrong. We no longer close a mailbox erasure on the purge alone."
)
PURGE = (
    "Purging a mailbox through the admin API also removes its archive, so a mailbox erasure "
    "only needs the purge call."
)


def test_what_a_retraction_says_is_no_longer_done_is_no_reason_against_its_lesson() -> None:
    """The reason's "we no longer …" restates what is withdrawn: a lesson sharing it is the
    one the retraction takes back, not one about its reason."""
    assert withdrawn(RETRACTED_LESSON, [("purge", PURGE)]) == ["purge"]


def test_a_lesson_prescribing_the_practice_outweighs_one_sharing_a_few_claim_words() -> None:
    """A runbook that shares two of the claim's words ("runs", "extraction") is not taken
    back when the lessons that prescribe the practice are found."""
    said = (
        "Retracted: the earlier advice to remove appendices and annexes before extraction "
        "(W3 notes, 2 March run). We no longer drop them. Appendices carry the rate tables."
    )
    strip = "Strip appendices and annexes before clause extraction; they add noise."
    runbook = "Runbook: extraction eval — do not compare scores with runs from before 16 May."
    assert withdrawn(said, [("runbook", runbook), ("strip", strip)]) == ["strip"]
