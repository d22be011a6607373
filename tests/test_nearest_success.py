"""How the nearest run that went well did the work: hook A tells it and hook B packs it,
unless memory recorded a change on the same ground after that run (it may tell the old way)."""

from __future__ import annotations

from agentmem import MemoryHooks
from tests.conftest import ManualClock, semantic


def success(hooks: MemoryHooks, run_id: str, summary: str) -> str:
    run = {
        "run_id": run_id,
        "goal": "Refresh the orders fact table",
        "outcome": "success",
        "app_id": "warehouse",
        "summary": summary,
        "verifiers": [{"name": "dbt-test", "passed": True}],
    }
    result = hooks.post_run_classify(run=run)
    assert result.ok
    return result.writes.accepted[0]


def held(hooks: MemoryHooks) -> str:
    """The lesson the change will replace: refreshes run on TRANSFORM_WH."""
    old = hooks.harvester.submit(
        semantic("Refreshes of the orders fact table run on TRANSFORM_WH.", app_id="warehouse"),
        trigger="manual",
    )
    return str(old.memory_id)


def moved(hooks: MemoryHooks, clock: ManualClock, old: str) -> str:
    """Two days on, the refreshes move to TRANSFORM_WH_L (a replacement of `old`)."""
    clock.advance(days=2)
    new = hooks.harvester.submit(
        semantic(
            "Refreshes of the orders fact table now run on TRANSFORM_WH_L.", app_id="warehouse"
        ),
        trigger="manual",
    )
    assert hooks.store.get(str(new.memory_id)).supersedes == (old,)
    return str(new.memory_id)


QUEUE = [{"id": "W-1", "title": "Refresh the orders fact table", "app_id": "warehouse"}]


def test_synthesis_tells_how_the_nearest_success_did_the_work(hooks: MemoryHooks) -> None:
    """The run that refreshed the table last time says how (the warehouse, the filter, how
    long): the executive reads it beside the lessons, cited by run id and memory id."""
    hooks.harvester.submit(
        semantic("The orders fact table is partitioned by order date.", app_id="warehouse"),
        trigger="manual",
    )
    cited = success(
        hooks, "2026-10-01-r1", "dbt run -s fct_orders on TRANSFORM_WH_L; 41 min, reconciled."
    )
    text = hooks.pre_goal_synthesis(queue=QUEUE).synthesis or ""
    line = "2026-10-01-r1 succeeded: dbt run -s fct_orders on TRANSFORM_WH_L; 41 min"
    assert line in text and f"[{cited}]" in text


def test_synthesis_tells_no_success_older_than_a_change_on_its_ground(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """The success ran on the old warehouse; the warehouse was replaced after it: its
    account tells the old way, so it is not told (the lesson saying the new way is)."""
    hooks = clocked_hooks
    old = held(hooks)
    success(hooks, "2026-10-01-r1", "dbt run -s fct_orders on TRANSFORM_WH; 41 min, reconciled.")
    new = moved(hooks, clock, old)
    text = hooks.pre_goal_synthesis(queue=QUEUE).synthesis or ""
    assert new in text
    assert "succeeded:" not in text and "on TRANSFORM_WH;" not in text


def test_pack_leaves_out_a_success_older_than_a_change_on_its_ground(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """The worker's pack names the run nearest its goal that went well; once memory has
    recorded a change on the same ground after that run, the run tells the old way (and
    its long record no longer sets the bar the failures on the same work are measured by)."""
    hooks = clocked_hooks
    goal = {"title": "Refresh the orders fact table", "app_id": "warehouse"}
    success(hooks, "2026-10-01-r1", "dbt run -s fct_orders on TRANSFORM_WH; 41 min, reconciled.")
    packed = hooks.pre_spawn_pack(goal=goal).pack
    assert packed is not None and "2026-10-01-r1" in packed.markdown  # nothing changed yet
    old = held(hooks)
    new = moved(hooks, clock, old)
    packed = hooks.pre_spawn_pack(goal=goal).pack
    assert packed is not None and new in packed.markdown
    assert "2026-10-01-r1" not in packed.markdown
