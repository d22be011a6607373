"""Hook A tells each queued bundle's history: earlier runs and how they ended, why the
failures failed, the lessons that apply and what they replaced, every line cited."""

from __future__ import annotations

import re

from agentmem import MemoryHooks
from tests.conftest import ManualClock, semantic


def record(hooks: MemoryHooks, n: int, outcome: str, detail: str = "") -> str:
    run = {
        "run_id": f"2026-03-{10 + n:02d}-r{n}",
        "goal": f"Export invoices to the ledger, attempt {n}",
        "outcome": outcome,
        "app_id": "billing",
        "summary": "Invoice export to the ledger service.",
        "verifiers": [{"name": "ledger-sync", "passed": outcome == "success", "detail": detail}],
    }
    result = hooks.post_run_classify(run=run)
    assert result.ok
    return result.writes.accepted[0]


def test_pre_goal_synthesis_tells_a_cited_history_per_bundle(hooks: MemoryHooks) -> None:
    """Counts of earlier runs by outcome, the failures' causes in their checks' words, the
    lessons that apply (the replaced one only named as replaced); every cited id exists."""
    failed = [record(hooks, n, "failure", "ledger rejected: currency missing") for n in (1, 2)]
    record(hooks, 3, "success")
    old = hooks.harvester.submit(
        semantic("Invoice exports to the ledger send EUR amounts in cents.", app_id="billing"),
        trigger="manual",
    )
    new = hooks.harvester.submit(
        semantic(
            "Invoice exports to the ledger now send EUR amounts as decimals.", app_id="billing"
        ),
        trigger="manual",
    )
    queue = [{"id": "B-1", "title": "Export invoices to the ledger", "app_id": "billing"}]
    result = hooks.pre_goal_synthesis(queue=queue)
    assert result.ok and result.synthesis is not None
    text = result.synthesis
    assert "3 earlier run(s) on it: 2 failed, 1 succeeded" in text
    for run_id in failed:
        assert f"ledger-sync: ledger rejected: currency missing [{run_id}]" in text
    assert f"fact [{new.memory_id}] (replaces [{old.memory_id}]): " in text
    assert "in cents" not in text  # the replaced fact is never told as if it held
    for line in text.splitlines()[1:]:
        cited = re.findall(r"\[([a-z][a-z0-9-]+)\]", line)
        assert cited and all(hooks.store.get(i, touch=False) for i in cited)


def test_pre_goal_synthesis_says_when_memory_holds_nothing(hooks: MemoryHooks) -> None:
    """A bundle memory knows nothing about gets one heading line saying so, and no claim."""
    record(hooks, 1, "failure", "ledger rejected")
    result = hooks.pre_goal_synthesis(queue=[{"id": "B-9", "title": "Dark mode toggle"}])
    assert result.synthesis == "B-9 (Dark mode toggle): memory holds nothing about it"


def test_pre_goal_synthesis_tells_no_cause_that_names_what_a_change_retired(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """After the ledger token moved from a file to Vault, a failure recorded before the
    move whose cause names the old file is counted among the earlier runs but its cause
    is not told (it says how things were)."""
    hooks = clocked_hooks
    old = hooks.harvester.submit(
        semantic("The ledger token lives in secrets/ledger-token.txt on the export host.")
        | {"app_id": "billing"},
        trigger="manual",
    )
    before = record(hooks, 1, "failure", "401 from the ledger: secrets/ledger-token.txt expired")
    clock.advance(days=2)
    new = hooks.harvester.submit(
        semantic(
            "The ledger token now comes from Vault at kv/billing/ledger; the token file on "
            "the export host was deleted.",
            app_id="billing",
        ),
        trigger="manual",
    )
    assert hooks.store.get(new.memory_id).supersedes == (old.memory_id,)
    queue = [{"id": "B-2", "title": "Export invoices to the ledger", "app_id": "billing"}]
    text = hooks.pre_goal_synthesis(queue=queue).synthesis or ""
    assert "1 earlier run(s) on it: 1 failed" in text and before in text
    assert "ledger-token.txt" not in text


def test_pre_goal_synthesis_tells_a_pattern_after_the_lessons_not_in_their_place(
    hooks: MemoryHooks,
) -> None:
    """Hook E's pattern on a bundle (a long account of failures) never takes one of the
    lesson lines: the lessons are told first, the pattern after them when words are
    left."""
    for n in (1, 2, 3):
        record(hooks, n, "failure", "ledger rejected: currency missing on the invoice")
    assert hooks.judgment_harvest().ok
    lessons = [
        "Invoice exports to the ledger need the currency on every line.",
        "Invoice exports to the ledger retry twice, then page billing on-call.",
        "Invoice exports to the ledger run after the nightly close at 02:00.",
    ]
    for text in lessons:
        assert hooks.harvester.submit(semantic(text, app_id="billing"), trigger="manual")
    queue = [{"id": "B-2", "title": "Export invoices to the ledger", "app_id": "billing"}]
    text = hooks.pre_goal_synthesis(queue=queue).synthesis or ""
    told = text.splitlines()
    assert all(any(lesson in line for line in told) for lesson in lessons), text
    [pattern] = [i for i, line in enumerate(told) if line.startswith("  - pattern [")]
    assert pattern > max(i for i, line in enumerate(told) if line.startswith("  - fact ["))


def test_pre_goal_synthesis_measures_lessons_against_lessons_not_run_records(
    hooks: MemoryHooks,
) -> None:
    """A run whose goal names the bundle's release repeats the bundle's words and outscores
    every lesson on it; the lessons are measured against the best lesson, so the ones that
    apply are all told (four of them), not only the first."""
    run = {
        "run_id": "2026-03-20-r9",
        "goal": "Plan the peak-season exporter 7.2 release for all hosts",
        "outcome": "success",
        "app_id": "billing",
        "summary": "Peak-season exporter 7.2 planned for all hosts, exporter 7.2 first.",
        "verifiers": [{"name": "plan-check", "passed": True}],
    }
    assert hooks.post_run_classify(run=run).ok
    lessons = [
        "Exporter hosts take a release only after the ledger close, never during it.",
        "Before an exporter release, find the hosts with a hand-built build: they need "
        "the full package, not the patch.",
        "Exporter hosts restart one by one; a release never restarts every host together.",
        "Exporter hosts log a release to #ops; the exporter on-call watches the first hour.",
    ]
    for text in lessons:
        assert hooks.harvester.submit(semantic(text, app_id="billing"), trigger="manual")
    queue = [{"id": "B-7", "title": "Peak-season exporter 7.2 for all hosts", "app_id": "billing"}]
    text = hooks.pre_goal_synthesis(queue=queue).synthesis or ""
    assert "1 earlier run(s) on it: 1 succeeded" in text
    assert all(lesson in text for lesson in lessons), text
