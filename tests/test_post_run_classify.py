"""Hook C's run record: one per run, whatever the host does, and it keeps the failures' causes."""

from __future__ import annotations

from typing import Any

from agentmem import MemoryHooks

RUN: dict[str, Any] = {
    "run_id": "2026-11-27-r1",
    "goal": "Add a tax line to invoices",
    "app_id": "billing-api",
    "outcome": "failure",
    "summary": "Invoices render, but the contract tests were throttled.",
    "verifiers": [
        {"name": "unit-tests", "passed": True},
        {
            "name": "contract-tests",
            "passed": False,
            "detail": "18/64 failed: 429 Too Many Requests",
        },
        {"name": "lint", "passed": True},
    ],
    "tags": ["tax", "API"],
}


def episodes(hooks: MemoryHooks) -> list[str]:
    return [m.id for m in hooks.store.list() if m.type.value == "episodic"]


def test_post_run_classify_twice_for_one_run_keeps_one_record(hooks: MemoryHooks) -> None:
    """A second fire for a recorded run_id, even with another outcome and summary, writes no
    second episode: the held record is reported as a duplicate and the fire stays ok."""
    first = hooks.post_run_classify(run=RUN)
    again = hooks.post_run_classify(run=RUN)
    retried = hooks.post_run_classify(
        run={**RUN, "outcome": "success", "summary": "Passed on a retry.", "verifiers": []}
    )
    [record] = first.writes.accepted
    assert episodes(hooks) == [record]
    assert again.ok and again.writes.duplicates == [record] and not again.writes.accepted
    assert retried.ok and retried.writes.duplicates == [record]
    assert "already held" in retried.final_text


def test_post_run_classify_record_keeps_failed_verifiers_details(hooks: MemoryHooks) -> None:
    """The record names each failed verifier with its detail (where the cause is) and only
    counts the passed ones; the tags name the failed verifier."""
    hooks.post_run_classify(run=RUN)
    [record] = [m for m in hooks.store.list() if m.type.value == "episodic"]
    assert "Failed: contract-tests (18/64 failed: 429 Too Many Requests)." in record.text
    assert "2 other check(s) passed." in record.text
    assert "unit-tests" not in record.text and "lint" not in record.text
    assert {"outcome-failure", "fail-contract-tests", "tax", "api"} <= set(record.tags)


def test_post_run_classify_lessons_carry_the_runs_topic_tags(hooks: MemoryHooks) -> None:
    """A supported lesson is tagged with the run's own tags (not its outcome), so a goal
    tagged the same way finds it."""
    run = {
        **RUN,
        "outcome": "success",
        "verifiers": [{"name": "contract-tests", "passed": True}],
        "lessons": [{"text": "Contract tests replay recorded cassettes.", "evidence": []}],
    }
    hooks.post_run_classify(run=run)
    [lesson] = [m for m in hooks.store.list() if m.type.value == "semantic"]
    assert lesson.tags == ("tax", "api")
