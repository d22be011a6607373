"""Two teams' things of one kind, each with its own holder: "the bakery crew's freezer log
is kept by …" against "the deli crew's freezer log …". The handover's check that two
clauses name two things needed every shared word set apart ("freezer" and "log" stand
after the same words in both), so a new holder of the other crew's log was read as the
held holder's successor. A word both say after a word of each the other never says
("bakery crew" against "deli crew") is enough (`agentmem.core.holders.two_things`)."""

from __future__ import annotations

import pytest

from agentmem.core.handover import handed_over
from agentmem.core.verdict import Held, judge

HELD = "The bakery crew's freezer log is maintained by Ida Moss."


def replaced(draft: str, held: str) -> bool:
    return judge(draft, [Held("held-1", held, "semantic")], "semantic").replaces == ["held-1"]


@pytest.mark.parametrize(
    "draft",
    [
        "The deli crew's freezer log is now maintained by Leo Brandt.",
        "Since 04-11, the deli crew's freezer log is maintained by Leo Brandt.",
    ],
)
def test_another_crew_s_thing_of_the_same_kind_is_no_handover(draft: str) -> None:
    assert not handed_over(draft, HELD)
    assert not replaced(draft, HELD)


def test_the_same_crew_s_thing_handed_to_another_still_replaces() -> None:
    draft = "The bakery crew's freezer log is now maintained by Leo Brandt."
    assert handed_over(draft, HELD)
    assert replaced(draft, HELD)


def test_the_thing_named_without_its_crew_is_still_handed_over() -> None:
    """Nothing before "freezer" in the draft: no other crew named, the same log."""
    draft = "The freezer log is now maintained by Leo Brandt."
    assert handed_over(draft, HELD)
