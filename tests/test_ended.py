"""A change told as an ending replaces only the lesson that states what ended
(`agentmem.core.ended`)."""

from __future__ import annotations

import pytest

from agentmem.core.ended import endings
from agentmem.core.verdict import Held, judge

# A second fact of one subject: the draft ends a thing the held lesson never states.
OTHER_THING_ENDED = [
    (
        "Greenhouse seedlings: the heated bench by the door is gone, so trays of "
        "seedlings sit on the greenhouse racks.",
        "Greenhouse seedling trays are watered from below twice a day; racks drain "
        "into the gutter.",
    ),
    (
        "Choir rehearsals no longer need the hall key from the caretaker; the choir room "
        "has a keypad.",
        "Choir rehearsals run Thursdays in the choir room; bring the hymn folders.",
    ),
    (
        "Kitchen night shifts no longer need the freezer key from the manager; the kitchen "
        "has a keypad.",
        "Kitchen night shifts close in the kitchen at 23:00; stack the chairs.",
    ),
    (
        "Harbour bike rack checks no longer need the paper permit list; the rack app shows "
        "permits.",
        "Harbour bike rack checks run Sundays at the harbour; tag abandoned bikes.",
    ),
]

# The draft ends what the held lesson states: still a newer statement of it.
SAME_THING_ENDED = [
    (
        "The library's overnight returns chute is gone; returns go through the front desk.",
        "Drop late returns in the library's overnight returns chute by the side door.",
    ),
    (
        "Rye dough proofing is timed by the oven controller instead of the wall timer.",
        "Rye dough proofing is timed with the wall timer over the bench.",
    ),
    (
        "Field surveys no longer log plots on paper sheets; use the tablet app.",
        "Field surveys log each plot on paper sheets, one sheet per plot.",
    ),
    # told in the passive, the ended thing before the cue
    (
        "Forklifts charge at the dock bay; the charger behind aisle four is no longer used.",
        "Forklifts charge on the charger behind aisle four during the lunch break.",
    ),
    # a value ended: the day is the thing
    (
        "Pottery class no longer meets on Wednesdays, it meets on Fridays in the studio.",
        "Pottery class meets every Wednesday evening in the studio.",
    ),
    # a tool's command ended, though the draft opens on the tool's name
    (
        "The shelfctl tool no longer has `shelfctl audit`; `shelfctl check` is left.",
        "To count a shelf, run `shelfctl audit --row` and compare with the catalogue.",
    ),
]


def _replaced(draft: str, held: str) -> bool:
    return bool(judge(draft, [Held("held-1", held, "semantic")], "semantic").replaces)


@pytest.mark.parametrize(("draft", "held"), OTHER_THING_ENDED)
def test_an_ending_of_a_thing_the_held_lesson_never_states_replaces_nothing(
    draft: str, held: str
) -> None:
    """A lesson that ends something (gone, no longer, instead of) on the held lesson's
    subject, where the held lesson never states the thing ended, adds a second fact of
    that subject: the held lesson stands."""
    assert not _replaced(draft, held)


@pytest.mark.parametrize(("draft", "held"), SAME_THING_ENDED)
def test_an_ending_of_what_the_held_lesson_states_replaces_it(draft: str, held: str) -> None:
    """The same ending, of a thing the held lesson states, still replaces it."""
    assert _replaced(draft, held)


def test_endings_are_read_only_when_every_change_word_ends_something() -> None:
    """A text that says "now" tells a new state: it is read as before, whatever it ends."""
    assert endings("Kiln firing now runs overnight; the day slot is gone.") is None
    assert endings("The day slot for kiln firing is gone.") is not None
