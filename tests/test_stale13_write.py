"""Stale facts caught at write time: a draft that tells a change or withdraws a lesson in
the words a loop's writer uses marks the held lesson superseded, and a draft on another
thing leaves it alone."""

from __future__ import annotations

from agentmem.core.verdict import Held, judge

MOISTURE = (
    "Soil moisture is read at 06:00 on each bed and compared with a 10-day rolling mean; "
    "the drip line opens when a bed falls 15% below it."
)


def replaced(draft: str, *held: str, draft_type: str = "semantic") -> list[str]:
    """The held texts (each its own id) the draft replaces or withdraws."""
    return judge(draft, [Held(text, text, "semantic") for text in held], draft_type).replaces


def test_a_value_moved_from_one_to_another_with_articles_replaces() -> None:
    """"from a 10-day to a 4-day mean" names the old value as "from 10 days to 4" does: the
    lesson that states the old one is replaced, though the two share few words."""
    draft = (
        "We moved from a 10-day to a 4-day rolling mean of soil moisture: the longer one "
        "hides dry spells in a heat wave."
    )
    assert replaced(draft, MOISTURE) == [MOISTURE]


def test_a_move_away_from_a_value_the_held_lesson_never_states_replaces_nothing() -> None:
    """A change away from a 20-day mean is no change of a lesson on a 10-day one."""
    draft = "We moved from a 20-day to a 4-day rolling mean of air temperature for the fans."
    assert replaced(draft, MOISTURE) == []
