"""Round 23: a new value told beside the old one in a clause of the past ("the bin holds 40
kg; 50 kg was splitting the bags") tells the old value as history: the held lesson stating
it is given a new value in its frame (`reslotted`). Both values told in the past, or the
old one told in the present beside the new, are two values the draft holds."""

from __future__ import annotations

from agentmem.core.slots import reslotted, slots

HELD = "The glaze kiln ramps at 90 degrees per hour up to the first hold."


def test_a_clause_of_the_past_is_read_as_such() -> None:
    """A value whose clause says "was", "were", "had been" or "used to" is told in the past."""
    read = slots("The kiln ramps at 120 degrees per hour; 90 degrees was cracking mugs.")
    assert [s.past for s in read] == [False, True]


def test_a_new_value_beside_the_old_one_in_the_past_reslots_the_held_one() -> None:
    """The new ramp in the present and the old one in a clause of the past: a new value."""
    draft = (
        "The glaze kiln ramps at 120 degrees per hour up to the first hold; "
        "90 degrees was too slow for the winter loads."
    )
    assert reslotted(draft, HELD)


def test_both_values_told_in_the_present_reslot_nothing() -> None:
    """Two ramps the draft holds at once (one per kiln load) are no new value of the held one."""
    draft = (
        "The glaze kiln ramps at 120 degrees per hour up to the first hold; "
        "bisque loads ramp at 90 degrees per hour."
    )
    assert not reslotted(draft, HELD)


def test_both_values_told_in_the_past_reslot_nothing() -> None:
    """A report of what the ramps were tells no new state of the held ramp."""
    draft = (
        "The glaze kiln ramped at 120 degrees per hour up to the first hold last week and "
        "the test load was at 90 degrees per hour."
    )
    assert not reslotted(draft, HELD)
