"""A value told beside the one it replaces ("45 minutes, not 30", "Tuesday 10:00, instead
of Monday evening") is that change's old value: the draft replaces what states it, with
two shared words, and no held text that does not state it, whatever change cue it uses."""

from __future__ import annotations

from agentmem.core.restate import replaces
from agentmem.core.statement import terms

CHAT = (
    "warehouse cut-off moves to Tuesday 10:00 from week 9 on, instead of Monday evening. "
    "the parcel pickups keep their Friday noon slot, that one's not affected"
)


def test_the_old_value_is_not_stated_and_is_moved_from() -> None:
    said = terms("Lisbon's loading window is 45 minutes, not 30.")
    assert said.values["min"] == {"45"}
    assert said.moved == {"30"}
    chat = terms(CHAT)
    assert "monday" not in chat.values["day"]
    assert "monday" in chat.moved


def test_a_value_said_instead_of_the_held_one_replaces_it() -> None:
    assert replaces(
        CHAT,
        "The warehouse cut-off is every Monday at 18:00 CET for the week after; later orders "
        "need a manual ticket from logistics.",
    )


def test_the_other_thing_the_draft_says_stays_is_not_replaced() -> None:
    assert not replaces(
        CHAT,
        "Parcel pickups do not follow the warehouse cut-off; they are booked Friday 12:00 in "
        "the carrier portal.",
    )


def test_an_old_value_is_not_the_same_digits_of_a_version() -> None:
    """ "45 minutes, not 30" moves away from 30 minutes, not from a "30.0 kN/m" rating."""
    correction = (
        "Correction: Lisbon's loading window is 45 minutes, not 30. OPO and FAO stay at 30 minutes."
    )
    assert not replaces(
        correction,
        "Lisbon's dock ramps are rated 30.0 kN/m; heavier pallets go through the OPO ramps.",
    )
