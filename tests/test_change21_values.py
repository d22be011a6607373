"""Round 21 (issue 13): a value told with its unit hyphenated before its noun ("a 45-minute
window") or beside the value it replaced ("…, was 30") replaces the held statement of the
same thing; another dock's value, or a length of another thing in a loose frame, does not."""

from __future__ import annotations

from agentmem.core.restate import replaces
from agentmem.core.slots import renewed
from agentmem.core.statement import terms

# --- a value with its unit hyphenated before its noun is that many units -----------------

HELD_WINDOW = (
    "Couriers get a 45-minute loading window at the north dock before their van slot; "
    "later vans must rebook."
)


def test_a_unit_hyphenated_before_its_noun_is_a_measure() -> None:
    """ "a 45-minute window" states 45 minutes, as "45 minutes" does (it read as a bare 45)."""
    assert terms(HELD_WINDOW).values["min"] == {"45"}
    assert terms("a 3-day retention on the scan archive").values["day"] == {"3"}
    assert terms("the 64-bit build of the kiosk app").values.get("number") == {"64"}


def test_a_new_length_of_the_window_replaces_the_hyphenated_one() -> None:
    """The window told anew in other words ("30 minutes either side") replaces the held
    "45-minute loading window" of the same dock."""
    draft = "North dock loading window is 30 minutes before the van slot (DOCK_WINDOW_MIN=30)."
    assert replaces(draft, HELD_WINDOW)


def test_another_docks_window_replaces_nothing() -> None:
    """A window of another dock, told in a frame of its own, is that dock's value."""
    draft = "Courier vans at the south dock get a 30-minute loading window before their slot."
    assert not replaces(draft, HELD_WINDOW)


# --- "…, was 30": the value it replaced, told after the new one -------------------------


def test_a_value_told_with_the_one_it_replaced_moves_away_from_it() -> None:
    """ "12 minutes at peak, was 20" and "(was 7)" state the new value and move from the old
    one; "was 2 minutes late" of the same run tells no old value."""
    read = terms("The glaze hold is 12 minutes at peak temperature, was 20.")
    assert read.values["min"] == {"12"} and read.moved == {"20"}
    assert terms("scan retention 3 days (was 7)").moved == {"7"}
    late = terms("The glaze firing ran 3 cycles, was 2 minutes late")
    assert not late.moved and late.values["min"] == {"2"}


def test_a_value_told_with_the_one_it_replaced_replaces_the_held_one() -> None:
    """A shift note "the window is 30 minutes before the slot, was 45" replaces the held
    window of 45 minutes, though it opens on other words (a decision's preamble)."""
    draft = (
        "Ops decision this week: north dock loading window is 30 minutes before the slot, "
        "was 45. The yard is too full at noon."
    )
    assert replaces(draft, HELD_WINDOW)


def test_another_docks_window_told_with_the_old_value_replaces_nothing() -> None:
    """ "south dock …, was 45" names the old value of the south dock's window, not of the
    north dock's "45-minute loading window"."""
    draft = (
        "Ops decision this week: south dock loading window is 30 minutes before the slot, "
        "was 45. The yard is too full at noon."
    )
    assert not replaces(draft, HELD_WINDOW)


def test_a_length_of_another_thing_in_a_loose_frame_renews_nothing() -> None:
    """Two leads that each measure another thing ("check-in cut-off", "held for") share only
    their opening word and the unit: no new value of the other's slot, now that a
    hyphenated "20-minute hold" is a length as well."""
    held = (
        "Shorter holds for bike rentals: bike rentals are held for 10 minutes "
        "(HOLD_BIKE=10m); e-scooter rentals keep a 20-minute hold."
    )
    draft = "Bike check-in cut-off is 45 minutes before the tour (unchanged, asked again)."
    assert not renewed(draft, held)
    assert renewed("Bike rentals are held for 15 minutes now.", held)
