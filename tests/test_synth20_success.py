"""Hook A tells how the work went after a change when the run that went well nearest the
bundle is older than it: a run record repeats its goal, so the old doing of the work
outscores the one after the change, and used to leave no success told at all."""

from __future__ import annotations

from agentmem import MemoryHooks
from tests.conftest import ManualClock, lesson

APP = "pottery"
QUEUE = [{"id": "K-3", "title": "Glaze the spring mugs in clear glaze", "app_id": APP}]


def _run(hooks: MemoryHooks, n: int, goal: str, summary: str) -> str:
    run = {
        "run_id": f"2026-05-{n:02d}-r{n}",
        "goal": goal,
        "outcome": "success",
        "app_id": APP,
        "summary": summary,
        "verifiers": [{"name": "glaze-check", "passed": True}],
    }
    result = hooks.post_run_classify(run=run)
    assert result.ok
    return result.writes.accepted[0]


def _changed(hooks: MemoryHooks, clock: ManualClock) -> tuple[str, str]:
    """The old doing of the work, then the glaze's density changed, then a later doing."""
    old_run = _run(
        hooks,
        1,
        "Glaze the spring mugs in clear glaze",
        "Spring mugs dipped in clear glaze at 1.45.",
    )
    clock.advance(days=1)
    old = lesson(hooks, "Clear glaze for mugs is mixed at 1.45 density.", APP)
    clock.advance(days=2)
    new = hooks.harvester.submit(
        {
            "text": "Clear glaze for mugs is now mixed at 1.50 density; 1.45 crawled.",
            "type": "semantic",
            "confidence": 0.8,
            "app_id": APP,
            "supersedes": [old],
        },
        trigger="manual",
    ).memory_id
    assert new is not None
    clock.advance(days=2)
    return old_run, new


def test_pre_goal_synthesis_tells_the_success_after_a_change(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """The first batch's run is nearest the bundle but older than the change; the later
    run over the bar is told as how it went well."""
    old_run, _ = _changed(clocked_hooks, clock)
    later = _run(
        clocked_hooks,
        6,
        "Glaze the spring mugs in clear glaze again",
        "Dipped at 1.50, no crawling.",
    )
    text = clocked_hooks.pre_goal_synthesis(queue=QUEUE).synthesis or ""
    assert f"succeeded: Dipped at 1.50, no crawling. [{later}]" in text, text
    assert "succeeded: Spring mugs dipped" not in text, text
    assert f"[{old_run}]" in text  # still counted among the earlier runs


def test_pre_goal_synthesis_tells_no_success_older_than_the_change(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """With no run after the change, no success is told: the one there is tells the old
    way."""
    _changed(clocked_hooks, clock)
    text = clocked_hooks.pre_goal_synthesis(queue=QUEUE).synthesis or ""
    assert " succeeded: " not in text, text
