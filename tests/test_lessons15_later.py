"""A new value told with a change word, in a slot the held lesson fills.

A later text often tells a lesson's new value in a sentence of its own, among other news:
a notice, a runbook section, a handover. It shares few words with the lesson as a whole,
and what follows the value (the reason, who does it now) differs, so neither the worded
rules nor a value read by its whole frame link the two. Two things do: the sentence says
something changed ("now", "no longer", "moved"), and it puts another value of the same
unit where the lesson had one, after two of the same words ("the chute is emptied at
19:45" / "the chute is now emptied at 21:15"). Another thing named apart, two values
both stated, another branch, no change word, or another kind of value replace nothing.
"""

from __future__ import annotations

from agentmem.core.later import recued
from agentmem.core.verdict import Held, judge

HELD = "The returns chute is emptied at 19:45 and sorted by the evening desk of the library."
NOTICE = (
    "Spring notice: volunteers shelve donated books on Tuesdays. The returns chute is now "
    "emptied at 21:15 each weekday."
)
KILN = "Every glaze load is cooled for 6 hours overnight in the big kiln before anyone unloads it."
MEMO = (
    "Studio memo 14: the extractor fan was replaced in March. A glaze load is cooled for "
    "4 hours minimum now; students book firing slots through the front desk."
)


def _replaces(draft: str, held: str) -> bool:
    return judge(draft, [Held("h", held, "semantic")], "semantic").replaces == ["h"]


def test_a_new_clock_time_told_with_a_change_word_replaces_the_lesson() -> None:
    """The notice's sentence says "now" and puts 21:15 where the lesson had 19:45, after
    "returns chute ... emptied"; the rest of the notice is about other things, and what
    follows each time differs (who sorts, which days)."""
    assert recued(NOTICE, HELD)
    assert _replaces(NOTICE, HELD)


def test_a_new_duration_told_with_a_change_word_replaces_the_lesson() -> None:
    """Hours for hours, after "glaze load ... cooled", in a sentence that says "now"."""
    assert _replaces(MEMO, KILN)


def test_no_change_word_replaces_nothing() -> None:
    """Another time in the same words, told as a fact of its own: the east branch's chute
    may well be emptied later. Without a change word the slot alone says nothing new."""
    draft = NOTICE.replace(" now", "")
    assert not recued(draft, HELD)


def test_both_values_stated_replace_nothing() -> None:
    """The chute now emptied twice: the old time still holds beside the new one."""
    draft = "Branch notice: the returns chute is now emptied at 19:45 and again at 21:15."
    assert not recued(draft, HELD)


def test_a_thing_set_apart_keeps_its_value() -> None:
    """The draft's new time is the children's chute's, said to differ from the returns chute."""
    draft = (
        "Branch notice: the children's chute is now emptied at 21:15, a different round from "
        "the returns chute."
    )
    assert not recued(draft, HELD)
    assert not _replaces(draft, HELD)


def test_another_branch_keeps_its_own_time() -> None:
    """Each opens on a branch the other never names: two chutes, two times."""
    held = "Westgate's returns chute is emptied at 19:45 by the evening desk staff."
    draft = "Harbourside's returns chute is now emptied at 21:15, after the porter's round."
    assert not recued(draft, held)
    assert not _replaces(draft, held)


def test_another_kind_of_value_is_no_new_value_of_the_slot() -> None:
    """A count of staff is no new clock time, and a clock time no new count."""
    draft = "Branch notice: the returns chute is now emptied by 2 staff on the evening desk."
    assert not recued(draft, HELD)
