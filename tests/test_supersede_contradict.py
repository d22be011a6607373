"""A failure contradicts a lesson only when the run ran with the lesson's setting: a time
at which it failed is not one."""

from __future__ import annotations

from agentmem import MemoryHooks
from tests.conftest import semantic
from tests.test_judgment_harvest import episode


def test_a_time_a_run_failed_at_is_no_setting_it_ran_with(hooks: MemoryHooks) -> None:
    """ "Seven big depots timed out at 19:35" states when the run failed; the lesson "the
    solver job is scheduled at 19:35 and must publish by 20:30" was retired as if the run
    had done what it says and still failed, and its schedule left packs."""
    lesson = hooks.harvester.submit(
        semantic(
            "The nightly freeze is at 19:30; the solver job for all depots is scheduled at "
            "19:35 and must publish by 20:30.",
            app_id="planner",
        ),
        trigger="manual",
    )
    episode(
        hooks, "2099-01-02-p1", "Holiday plan for all depots", failed="solver-bench",
        detail="7/31 depots hit the time limit", app_id="planner",
        summary="Seven big depots timed out at 19:35 in the solver job; dispatch re-ran them.",
    )  # fmt: skip
    assert hooks.judgment_harvest().ok
    assert not [m for m in hooks.store.list() if "did-not-hold" in m.tags]
    assert not [m for m in hooks.store.list() if lesson.memory_id in m.supersedes]
