"""The newer of two conflicting lessons wins at read time (`agentmem.retrieval.conflict`).

The writer left both live: the newer lesson was worded in a way it did not link to the one
it replaced. A worker's pack and hook A's synthesis tell the newer value or tool only,
while near misses (two named apiaries, a value given with no word of change, a value a
later lesson still states, a tool the newer lesson still names) keep both."""

from __future__ import annotations

from agentmem import MemoryHooks
from tests.conftest import ManualClock, held, packed_ids, unlinked_pair

APP = "hives"
GOAL = {"title": "Plan the spring brood inspections of the hives", "app_id": APP}
QUEUE = [{"id": "H-4", "title": "Plan the spring brood inspections of the hives", "app_id": APP}]

OPEN_OLD = (
    "Brood inspections keep the brood box open for at most 12 minutes on cool mornings, "
    "or the brood chills."
)
OPEN_NEW = (
    "Since the lid upgrade, brood inspections may keep the brood box open for "
    "20 minutes on cool mornings."
)


FILLER = "Spare supers are stacked by the shed door, wasp traps beside them."


def _pair(hooks: MemoryHooks, clock: ManualClock, old: str, new: str) -> tuple[str, str]:
    return unlinked_pair(hooks, clock, old, new, app_id=APP, days=6, filler=FILLER)


def _packed(hooks: MemoryHooks) -> list[str]:
    return packed_ids(hooks, GOAL)


def test_pre_spawn_pack_tells_the_newer_value_of_one_slot(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """The newer lesson gives the open time of the brood box another value and says it
    changed: the worker's pack leaves the 12 minutes out."""
    old, new = _pair(clocked_hooks, clock, OPEN_OLD, OPEN_NEW)
    packed = _packed(clocked_hooks)
    assert new in packed
    assert old not in packed


def test_pre_goal_synthesis_tells_the_newer_value_of_one_slot(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """Hook A leaves the older value out as the pack does."""
    old, new = _pair(clocked_hooks, clock, OPEN_OLD, OPEN_NEW)
    text = clocked_hooks.pre_goal_synthesis(queue=QUEUE).synthesis or ""
    assert f"[{new}]" in text
    assert f"[{old}]" not in text, text


def test_pre_spawn_pack_tells_the_newer_tool_of_one_job(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """The newer lesson runs the inspection log with another tool, in words of the same job,
    and never names the old one: no word of change is needed."""
    old, new = _pair(
        clocked_hooks,
        clock,
        "Brood frames are recorded with `hivelog add --frames <n>` before the hive closes; "
        "the spring report reads them.",
        "Brood frame counts from inspections go into `beebook entry new --hive <id>`.",
    )
    packed = _packed(clocked_hooks)
    assert new in packed
    assert old not in packed


def test_pre_spawn_pack_keeps_two_named_apiaries_values(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """Each lesson names an apiary the other never names: two values that coexist."""
    old, new = _pair(
        clocked_hooks,
        clock,
        "At the Ridge apiary, brood inspections keep the brood box open for at most 12 "
        "minutes on cool mornings.",
        "Since the lid upgrade, brood inspections at the Meadow apiary keep the "
        "brood box open for 20 minutes on cool mornings.",
    )
    packed = _packed(clocked_hooks)
    assert old in packed and new in packed


def _retires(old: str, new: str, *later: str) -> bool:
    from agentmem.retrieval.conflict import retired_by_newer

    first, second = held(old, 1, "m-1", app_id=APP), held(new, 8, "m-2", app_id=APP)
    others = [
        first,
        second,
        *(held(t, 12 + i, f"m-{3 + i}", app_id=APP) for i, t in enumerate(later)),
    ]
    return retired_by_newer(first, second, {"plan", "spring"}, others)


def test_a_newer_value_retires_the_older_one() -> None:
    assert _retires(OPEN_OLD, OPEN_NEW)


def test_a_newer_value_told_with_no_word_of_change_retires_nothing() -> None:
    """ "A queen search keeps the box open for 20 minutes" may be another task's time."""
    assert not _retires(
        OPEN_OLD,
        "A queen search during brood inspections keeps the brood box open for 20 minutes "
        "on cool mornings.",
    )


def test_a_value_a_later_lesson_states_again_is_kept() -> None:
    """A later lesson still gives the 12 minutes of the same slot: both values hold."""
    assert not _retires(
        OPEN_OLD,
        OPEN_NEW,
        "Nucleus colonies: brood inspections keep the brood box open for at most 12 minutes "
        "on cool mornings.",
    )


def test_a_tool_the_newer_lesson_still_names_is_kept() -> None:
    """The newer lesson names the old tool too: both run, for parts of one job."""
    assert not _retires(
        "Log each brood inspection with `hivelog add --frames <n>` before closing the hive.",
        "Brood inspection photos go into `beebook entry new --hive <id>`; hivelog keeps "
        "the frame counts.",
    )


def test_a_count_joined_to_its_unit_by_a_hyphen_is_a_value_of_that_unit() -> None:
    """ "A 3-frame gap" and "5 frames of gap" are two counts of frames (the words of their
    clauses agree); "45-minute" is a length of time."""
    from agentmem.retrieval.conflict import slot_values

    assert ("unit frame", "3") in slot_values("Leave a 3-frame gap at the wall.")
    assert ("unit frame", "5") in slot_values("Leave 5 frames of gap at the wall.")
    assert ("duration", "2700") in slot_values("A 45-minute wait before the smoker.")
