"""A held lesson told again with one of its values said to stay as it was ("…; the 3 pm
courier pickup is unchanged", "…, belt speed 4 m/min as before"): the rest of the text is the
lesson's new word, with no change word beside it (`agentmem.core.asbefore`), and a
look-alike of another unit, year, case or thing, or a kept clause of another thing, replaces
nothing."""

from __future__ import annotations

import pytest

from agentmem.core.asbefore import told_around
from agentmem.core.held import Held, judge

# (draft, held): the draft keeps one of the held lesson's values and tells the rest anew.
MOVED = [
    (
        "Resin retain samples ship to the SGS Dorval test centre; the 3 pm courier pickup"
        " is unchanged.",
        "Resin retain samples go in the 3 pm courier pickup to the SGS Laval test centre;"
        " the packing slip lists lot numbers in crate order.",
    ),
    (
        "Orvex GL-4: drying drum 118 °C, glazing roll 64 °C, belt speed 4 m/min as before.",
        "With Tamsil R-20 the drying drum runs at 105 °C and the glazing roll at 58 °C;"
        " belt speed 4 m/min.",
    ),
    (
        "Core samples go to the GeoTest Nairn lab for assay; the Friday 2 pm courier is unchanged.",
        "Core samples go in the Friday 2 pm courier to the GeoTest Elgin lab for assay.",
    ),
]

# (draft, held): look-alikes and near misses the reading must leave alone.
KEPT = [
    # another numbered unit, another lettered hall, another year
    (
        "Press 2 drying drum 118 °C, glazing roll 64 °C, belt speed 4 m/min as before.",
        "Press 1: the drying drum runs at 105 °C and the glazing roll at 58 °C; belt speed"
        " 4 m/min.",
    ),
    (
        "Hall C doors open at 10:00 for exhibitors; the 4 pm floor cleaning is unchanged.",
        "Hall B doors open at 09:00 for exhibitors, with floor cleaning at 4 pm.",
    ),
    (
        "The 2027 exhibitor doors open at 10:00; the 4 pm floor cleaning is unchanged.",
        "The 2026 exhibitor doors open at 09:00, with floor cleaning at 4 pm.",
    ),
    # another tier: the kept value is shared, the thing is not
    (
        "Gold members get 12 guest passes a year; the 30-day booking window is unchanged.",
        "Silver members get 6 guest passes a year and book within a 30-day window.",
    ),
    # a new product beside the old one, not in its place
    (
        "Orvex GL-4 also runs: drying drum 118 °C, glazing roll 64 °C, belt speed 4 m/min as"
        " before.",
        "With Tamsil R-20 the drying drum runs at 105 °C and the glazing roll at 58 °C;"
        " belt speed 4 m/min.",
    ),
    # the kept value is not the held lesson's
    (
        "Orvex GL-4: drying drum 118 °C, glazing roll 64 °C, belt speed 6 m/min as before.",
        "With Tamsil R-20 the drying drum runs at 105 °C and the glazing roll at 58 °C;"
        " belt speed 4 m/min.",
    ),
    # the change is of another thing than the lesson's
    (
        "The canteen now opens at 06:30; the 3 pm courier pickup is unchanged.",
        "Resin retain samples go in the 3 pm courier pickup to the Polymerlab Laval test centre.",
    ),
    # the held values said again: nothing new
    (
        "The drying drum runs at 105 °C and the glazing roll at 58 °C; belt speed 4 m/min"
        " as before.",
        "With Tamsil R-20 the drying drum runs at 105 °C and the glazing roll at 58 °C;"
        " belt speed 4 m/min.",
    ),
    # no clause says a value stayed
    (
        "Orvex GL-4: drying drum 118 °C, glazing roll 64 °C, belt speed 4 m/min.",
        "With Tamsil R-20 the drying drum runs at 105 °C and the glazing roll at 58 °C;"
        " belt speed 4 m/min.",
    ),
]


@pytest.mark.parametrize(("draft", "held"), MOVED)
def test_a_kept_value_and_a_new_word_replace_the_lesson(draft: str, held: str) -> None:
    """One of the held lesson's values said to stay, the rest of its thing told with a new
    value or name: the lesson is replaced, lesson against lesson."""
    assert told_around(draft, held)
    assert judge(draft, [Held("h1", held, "semantic")], "semantic").replaces == ["h1"]


@pytest.mark.parametrize(("draft", "held"), KEPT)
def test_a_look_alike_or_a_near_miss_replaces_nothing(draft: str, held: str) -> None:
    """Another unit, hall, year or tier, a product beside the old one, a kept value or
    thing the held lesson does not give, a change of another thing, the held values said
    again, or no kept clause: the lesson stays."""
    assert judge(draft, [Held("h1", held, "semantic")], "semantic").replaces == []


def test_only_a_lesson_is_replaced_so() -> None:
    """A pattern across runs recounts; it does not give a lesson's new word this way."""
    draft, held = MOVED[0]
    assert judge(draft, [Held("h1", held, "semantic")], "reflective").replaces == []


def test_a_kept_clause_of_another_thing_ties_nothing() -> None:
    """The kept clause gives the held lesson's value but of a thing the lesson does not
    name (the trim saw's 4 m/min, not the belt's): no tie to the lesson."""
    held = "With Tamsil R-20 the drying drum runs at 105 °C; belt speed 4 m/min."
    assert told_around("Orvex GL-4: drying drum 118 °C, belt speed 4 m/min as before.", held)
    assert not told_around("Orvex GL-4: drying drum 118 °C; the 4 m/min saw is unchanged.", held)
