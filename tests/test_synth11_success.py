"""Hook A tells how the nearest run that went well did the work only when that run is newer
than every replacement among the lessons on the bundle's ground, also one that retires no
value memory can name (a new supplier told in words, not in a command or a count)."""

from __future__ import annotations

from agentmem import MemoryHooks
from tests.conftest import ManualClock, semantic

QUEUE = [{"id": "K-1", "title": "Order flour for the bakery", "app_id": "bakery"}]


ORDER = {
    "goal": "Order flour for the bakery",
    "outcome": "success",
    "app_id": "bakery",
    "verifiers": [{"name": "order-confirmed", "passed": True}],
}


def _ordered(hooks: MemoryHooks, run_id: str, summary: str) -> None:
    assert hooks.post_run_classify(run={**ORDER, "run_id": run_id, "summary": summary}).ok


def _supplier_changed(hooks: MemoryHooks, clock: ManualClock) -> None:
    old = hooks.harvester.submit(
        semantic("Flour for the bakery is ordered from the mill by the weekly phone call."),
        trigger="manual",
    )
    clock.advance(days=2)
    _ordered(hooks, "2026-10-07-r1", "Rang the mill; twelve sacks for Friday.")
    clock.advance(days=2)
    new = hooks.harvester.submit(
        semantic("Correction: flour for the bakery is now ordered from the cooperative's shop."),
        trigger="manual",
    )
    assert hooks.store.get(str(new.memory_id)).supersedes == (old.memory_id,)


def test_synthesis_tells_no_success_older_than_a_replacement(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """The order that went well by phone was placed before the lessons said the supplier
    changed: it tells the old way, so it is counted among the runs but not told as how."""
    _supplier_changed(clocked_hooks, clock)
    text = clocked_hooks.pre_goal_synthesis(queue=QUEUE).synthesis or ""
    assert "1 earlier run(s) on it: 1 succeeded" in text
    assert "Rang the mill" not in text, text


def test_synthesis_tells_a_success_newer_than_every_replacement(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """An order placed after the change is how the work goes now: it is told."""
    _supplier_changed(clocked_hooks, clock)
    clock.advance(days=1)
    _ordered(clocked_hooks, "2026-10-12-r2", "Ordered in the cooperative's shop; delivered.")
    text = clocked_hooks.pre_goal_synthesis(queue=QUEUE).synthesis or ""
    assert "2026-10-12-r2 succeeded: Ordered in the cooperative's shop" in text, text
