"""A practice dropped in a hyphenated word ("the pre-shift check") against a lesson that
says it in plain words ("before the shift")."""

from __future__ import annotations

from agentmem.core.retract import withdrawn

HELD = (
    "Kiln B cracks are caused by a cold spot near the door; running the burner purge "
    "before the morning shift prevents them."
)


def test_a_dropped_pre_shift_practice_withdraws_the_lesson_saying_before_the_shift() -> None:
    """ "We have stopped the pre-shift burner purge" withdraws the lesson prescribing the
    purge before the shift: "pre" is what is left of a prefix, not a term the lesson must say."""
    text = (
        "We have stopped the pre-shift burner purge on kiln B. The door seal was the cause; "
        "the cracks ended after it was replaced."
    )
    assert withdrawn(text, [("lesson-1", HELD)]) == ["lesson-1"]


def test_another_practice_with_a_prefix_withdraws_nothing() -> None:
    """A dropped practice on something else ("the pre-shift glaze check") leaves the purge
    lesson standing."""
    text = "We have stopped the pre-shift glaze check on line two."
    assert withdrawn(text, [("lesson-1", HELD)]) == []
