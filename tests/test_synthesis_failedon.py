"""Hook A leaves out a failure's cause when the run failed on a value its app changed since,
even when the lessons that tell the change share no words with the bundle: a run that
failed on "the 30 MB limit" is history once the limit was raised. A run that failed on
another value, or a run of another app, is still told."""

from __future__ import annotations

from agentmem import MemoryHooks
from tests.conftest import ManualClock, semantic

OLD_LIMIT = "The archive portal caps each uploaded scan at 30 MB; larger scans must be split."
NEW_LIMIT = "Since the spring portal release, each scan may be up to 80 MB. Split anything larger."


def record(hooks: MemoryHooks, n: int, detail: str, app: str = "billing") -> str:
    run = {
        "run_id": f"2026-03-{10 + n:02d}-r{n}",
        "goal": f"Export invoices to the ledger, attempt {n}",
        "outcome": "failure",
        "app_id": app,
        "summary": "Invoice export to the ledger service with scanned receipts.",
        "verifiers": [{"name": "ledger-sync", "passed": False, "detail": detail}],
    }
    result = hooks.post_run_classify(run=run)
    assert result.ok
    return result.writes.accepted[0]


def told(
    hooks: MemoryHooks, clock: ManualClock, runs: list[tuple[str, str]], owner: str = "billing"
) -> str:
    old = hooks.harvester.submit(semantic(OLD_LIMIT, app_id=owner), trigger="manual")
    clock.advance(days=1)
    for n, (detail, app) in enumerate(runs, 1):
        record(hooks, n, detail, app)
    clock.advance(days=2)
    new = hooks.harvester.submit(semantic(NEW_LIMIT, app_id=owner), trigger="manual")
    assert hooks.store.get(new.memory_id).supersedes == (old.memory_id,)
    queue = [{"id": "B-3", "title": "Export invoices to the ledger", "app_id": "billing"}]
    return hooks.pre_goal_synthesis(queue=queue).synthesis or ""


def test_a_failure_on_a_value_since_changed_is_not_told(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    text = told(clocked_hooks, clock, [("receipt scan exceeds 30 MB per-file limit", "billing")])
    assert "1 earlier run(s) on it: 1 failed" in text
    assert "30 MB" not in text


def test_a_failure_on_another_value_is_told(clocked_hooks: MemoryHooks, clock: ManualClock) -> None:
    text = told(clocked_hooks, clock, [("receipt scan exceeds 120 MB per-file limit", "billing")])
    assert "120 MB" in text


def test_a_failure_of_another_app_is_told(clocked_hooks: MemoryHooks, clock: ManualClock) -> None:
    """The limit changed is the archive app's; the billing run that failed on its own 30 MB
    limit still tells its cause."""
    runs = [("receipt scan exceeds 30 MB per-file limit", "billing")]
    text = told(clocked_hooks, clock, runs, owner="archive")
    assert "30 MB" in text
