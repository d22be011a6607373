"""A replaced lesson's retired value hides the run records that still state it, though the
memory that replaced it (a decision record's lesson, long and in other words) is not
among the query's own hits: the pack follows a replaced lesson to what replaced it, and
reads the pair from there."""

from __future__ import annotations

from agentmem import MemoryHooks
from tests.conftest import ManualClock, semantic


def test_a_record_of_a_value_a_far_replacement_retired_is_not_packed(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """The rack rule said 25 kg; a decision record's lesson (few of the goal's words)
    replaced it with 18 kg; a run record written before, quoting 25 kg, is left out."""
    hooks = clocked_hooks
    old = hooks.harvester.submit(
        semantic(
            "Rack rule R-7: pallets heavier than 25 kg may only be stored on rack levels 1-2.",
            app_id="yard",
        ),
        trigger="manual",
    ).memory_id
    assert old is not None
    record = hooks.post_run_classify(
        run={
            "run_id": "2027-02-01-r1",
            "goal": "Store the inbound pallets of garden furniture",
            "outcome": "failure",
            "app_id": "yard",
            "summary": "Stored pallets over 25 kg on rack level 3; the rack check refused them.",
            "verifiers": [{"name": "rack-check", "passed": False}],
        }
    ).writes.accepted[0]
    clock.advance(days=3)
    new = hooks.harvester.submit(
        semantic(
            "ADR-052: Ergonomics review outcome for the upper bays: the works council and site "
            "safety agreed that nothing over 18 kg sits above waist height in any zone, "
            "overflow and reserve bays included, effective at once.",
            app_id="yard",
            supersedes=[old],
        ),
        trigger="manual",
    ).memory_id
    result = hooks.pre_spawn_pack(
        goal={"title": "Store the inbound pallets of garden furniture", "app_id": "yard"}
    )
    assert result.pack is not None
    ids = [e.id for e in result.pack.entries]
    assert new in ids and old not in ids
    assert record not in ids
