"""A worker's pack leaves out an older lesson a newer change turned around
(`agentmem.retrieval.flipped`, as hook A does): "the card goes at the top", then "the card
now goes at the bottom"."""

from __future__ import annotations

from agentmem import MemoryHooks
from tests.conftest import ManualClock, packed_ids, unlinked_pair

APP = "bistro-menu"
GOAL = {"title": "Lay out the allergen card for the autumn menu", "app_id": APP}
FILLER = "Wine pairings are printed on the back of the dessert card."


def test_pre_spawn_pack_leaves_out_a_lesson_turned_around(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    old, new = unlinked_pair(
        clocked_hooks,
        clock,
        "The allergen card sits at the top of the printed menu, above the starters.",
        "The allergen card now goes at the bottom of the printed menu, under the desserts.",
        app_id=APP,
        days=5,
        filler=FILLER,
    )
    packed = packed_ids(clocked_hooks, GOAL)
    assert new in packed
    assert old not in packed
