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


def test_a_run_stopped_at_the_time_a_lesson_warns_of_bears_it_out(hooks: MemoryHooks) -> None:
    """ "39 shards were cut off at 02:00" is the failure the lesson "the cluster drains every
    Sunday 02:00-06:00; anything still running at 02:00 is killed" warned of: the run did
    not do what the lesson says, so the lesson is no "did not hold" and stays in packs."""
    lesson = hooks.harvester.submit(
        semantic(
            "The batch cluster drains every Sunday 02:00-06:00 UTC for maintenance; anything "
            "still running on the batch partition at 02:00 is killed.",
            app_id="varcall",
        ),
        trigger="manual",
    )
    episode(
        hooks, "2099-01-02-v1", "Joint-genotype the big cohort", failed="cluster-run",
        detail="39 NODE_FAIL at 02:00:04Z", app_id="varcall",
        summary="Submitted Saturday 19:00 UTC; the batch run went long and 39 shards on the "
        "partition were cut off at 02:00.",
    )  # fmt: skip
    assert hooks.judgment_harvest().ok
    assert not [m for m in hooks.store.list() if "did-not-hold" in m.tags]
    assert not [m for m in hooks.store.list() if lesson.memory_id in m.supersedes]
