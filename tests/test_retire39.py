"""Read-time retirement of a measure's value (`agentmem.retrieval.oneslot`): once a
temperature, a level in dB or a pressure reads as a kind of its own (`agentmem.core.signed`),
a newer value of the kind retires an older one only when both are values of one slot.
Near misses stay: two freezers, a supply and a return temperature, a limit and a reading,
a target and a bound, one step of a curve and another, two product bands. A changed
setpoint, alarm or curve of the same thing still retires the old one."""

from __future__ import annotations

import time

import pytest

from agentmem import MemoryHooks
from agentmem.core.model import Memory
from agentmem.retrieval.conflict import retired_by_newer
from agentmem.retrieval.newerwins import values_displaced
from agentmem.retrieval.oneslot import one_slot
from tests.conftest import ManualClock, held, packed_ids, unlinked_pair

APP = "cold-store"


def _retires(old_text: str, new_text: str) -> bool:
    old = held(old_text, 1, "m-1", app_id=APP)
    new = held(new_text, 9, "m-2", app_id=APP)
    return retired_by_newer(old, new, {"store"}, [old, new])


def _displaced(old_text: str, new_text: str) -> list[str]:
    old: Memory = held(old_text, 1, "m-1", app_id=APP)
    new: Memory = held(new_text, 9, "m-2", app_id=APP)
    return [d.value for d in values_displaced(old, new, {"store"}, [old, new])]


# Two values of one slot, told changed: the newer one retires the older.
SAME_SLOT = [
    (
        "The walk-in freezer alarm trips at -18 °C; defrost runs every 8 hours.",
        "Since the compressor swap the walk-in freezer alarm now trips at -20 °C.",
    ),
    (
        "The glazing oven's bake setpoint is 180 °C for the sourdough loaves.",
        "From 3 May the glazing oven's bake setpoint is now 175 °C for the sourdough loaves.",
    ),
    (
        "Mix bus limiter ceiling is -1 dBTP on every podcast master.",
        "Mix bus limiter ceiling is now -2 dBTP on every podcast master, since the new "
        "distributor spec.",
    ),
]

# Two slots of one kind: no retirement.
NEAR_MISSES = [
    # two freezers, each its own
    (
        "The walk-in freezer alarm trips at -18 °C.",
        "The blast freezer alarm now trips at -20 °C.",
    ),
    # a supply and a return temperature of one network
    (
        "Loop supply water leaves the boiler house at 90 °C.",
        "Loop return water now comes back to the boiler house at 55 °C.",
    ),
    # a limit and a reading
    (
        "The walk-in freezer alarm limit is -18 °C.",
        "The walk-in freezer now reads -21 °C after the defrost.",
    ),
    # a target and a bound
    (
        "Warm the probe cup to 37 °C in the dry block before each reading.",
        "The analyser now refuses a reading until the dry block reports 36 °C or more.",
    ),
    # one step of a process and another
    (
        "Proof the dough: rest it at 30 °C before shaping.",
        "Proof the dough: now chill it to 2 °C after shaping.",
    ),
]


@pytest.mark.parametrize(("old", "new"), SAME_SLOT)
def test_a_changed_value_of_one_slot_retires_the_older(old: str, new: str) -> None:
    assert _retires(old, new)


@pytest.mark.parametrize(("old", "new"), NEAR_MISSES)
def test_a_value_of_another_slot_retires_nothing(old: str, new: str) -> None:
    assert not _retires(old, new)
    assert not _displaced(old, new)


def test_two_product_bands_are_two_slots() -> None:
    """A temperature band that names a class of products ("2-8 °C shipments") is no new
    value of another band's rule."""
    old = "Pallets of 15-25 °C stock keep their 60-minute excursion rule."
    new = "2-8 °C shipments now alert after 15 minutes out of range."
    assert not _retires(old, new)
    assert not _displaced(old, new)


def test_a_new_limit_leaves_the_alarm_and_the_other_limit_of_its_lesson() -> None:
    """A lesson with three temperatures of three things (a crown limit, its alarm, a flue
    limit); a newer one moves the crown limit and names the old one. The alarm and the flue
    limit are no values of the crown limit's slot: the lesson keeps them."""
    old = "The kiln crown is limited to 980 °C (high alarm at 970 °C); the flue limit is 420 °C."
    new = "The kiln crown limit is now 950 °C (was 980 °C)."
    assert not _displaced(old, new)
    assert not _retires(old, new)


def test_one_step_of_a_curve_is_displaced_by_its_own_step_only() -> None:
    """A newer curve that moves the resting temperature displaces the old resting value,
    not the chill temperature that stays."""
    old = "Proofing curve: rest at 30 °C, chill to 4 °C overnight."
    new = "Proofing curve: rest at 27 °C, chill to 3 °C overnight."
    assert one_slot("°c", old, "30", new, "27")
    assert not one_slot("°c", old, "30", new, "3")
    assert not one_slot("°c", old, "4", new, "27")


def test_other_kinds_read_as_before() -> None:
    """The rule is a measure's: a length of time or a count keeps its old reading."""
    assert one_slot("min", "Cool for 40 minutes.", "40", "Since May, rest 25 minutes.", "25")


def test_a_value_the_text_does_not_write_as_read_is_judged_as_before() -> None:
    assert one_slot("°c", "Hold at −18 °C.", "-19", "Now hold at -20 °C.", "-20")


def test_the_pack_keeps_a_freezer_lesson_beside_another_freezers_new_alarm(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """End to end: both lessons live, the newer one of another freezer; the worker's pack
    keeps the older one."""
    old, new = unlinked_pair(
        clocked_hooks,
        clock,
        "The walk-in freezer alarm trips at -18 °C; log the alarm in the cold store book.",
        "The blast freezer alarm now trips at -20 °C; log the alarm in the cold store book.",
        app_id=APP,
        days=6,
        filler="Cold store doors close by hand after every pallet move.",
    )
    packed = packed_ids(
        clocked_hooks, {"title": "Check the freezer alarm in the cold store", "app_id": APP}
    )
    assert old in packed
    assert new in packed


def test_hostile_text_is_read_in_linear_time() -> None:
    """A 100 KB text of numbers, commas and units, and lone surrogates, reads quickly."""
    text = ("rest at -5 °C, " * 7000) + "\ud800 chill 4 °C"
    other = ("and " * 25000) + "rest at -6 °C"
    started = time.perf_counter()
    one_slot("°c", text, "-5", other, "-6")
    one_slot("°c", text, "4", other, "-6")
    assert time.perf_counter() - started < 2.0
