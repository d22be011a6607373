"""A held lesson that says its thing is kept apart from another ("separate from the
day-shift rule") stays when a draft gives a new value of that other thing; a draft about
the held thing itself still replaces it."""

from __future__ import annotations

from agentmem.core.held import Held, judge
from agentmem.core.separate import of_the_other

HELD = (
    "Night porters have their own 30-minute break on each shift, separate from the day-shift rule."
)


def _replaced(draft: str) -> list[str]:
    return judge(draft, [Held("h1", HELD, "semantic")], "semantic").replaces


def test_a_new_value_of_the_other_thing_leaves_the_held_lesson() -> None:
    """The day shift's break, decided anew, is no new value of the night porters' own."""
    draft = "Staff memo (3 Feb): the break on each day shift is now capped at 45 minutes."
    assert of_the_other(draft, HELD)
    assert _replaced(draft) == []


def test_a_new_value_of_the_held_thing_still_replaces_it() -> None:
    """A draft naming the night porters is about the held thing: no look-alike."""
    draft = "Night porters now have a 45-minute break on each shift."
    assert not of_the_other(draft, HELD)
    assert _replaced(draft) == ["h1"]
