"""Hook E's pattern quotes the failure, not a run's workaround.

A pattern's example is one failed run's own account. A partial run got past its failure and
tells how ("raised the limit and reran"): a workaround that the cause's next failure may
show did not fix it, so it is no example. Of the failed runs whose accounts say as much,
the pattern quotes the first: a later failure of a recurring cause is told by a run that
came after whatever the loop tried on it, in that fix's words.
"""

from __future__ import annotations

from collections.abc import Sequence

from agentmem import MemoryHooks
from tests.test_judgment_harvest import patterns

DETAIL = "ArchiveUploadTimeout: bucket cold-vault did not acknowledge part 14 within 120 s"


def run(
    hooks: MemoryHooks,
    run_id: str,
    summary: str,
    outcome: str = "failure",
    lessons: Sequence[str] = (),
) -> list[str]:
    """One export run of the ledger app; the ids of the lessons it wrote."""
    ok = outcome == "success"
    record = {
        "run_id": run_id,
        "goal": "Nightly export of the ledger to the archive",
        "outcome": outcome,
        "app_id": "ledger",
        "summary": summary,
        "verifiers": [{"name": "archive-upload", "passed": ok, "detail": "" if ok else DETAIL}],
        "lessons": [{"text": t, "type": "semantic", "evidence": []} for t in lessons],
    }
    result = hooks.post_run_classify(run=record)
    assert result.ok
    return [i for i in result.writes.accepted if not i.startswith("episodic")]


def test_a_partial_runs_workaround_is_not_the_patterns_example(hooks: MemoryHooks) -> None:
    """The failure's account is quoted, not the rerun that raised a setting and got through."""
    run(hooks, "2026-08-03-a1", "Archive export stopped at the cold bucket.")
    run(
        hooks,
        "2026-08-05-a2",
        "Export timed out again; set PART_DEADLINE=600 in the exporter config and reran, "
        "every part landed on the second pass.",
        outcome="partial",
    )
    assert hooks.judgment_harvest().ok
    [pattern] = patterns(hooks, "ledger")
    assert "archive-upload failed in 2 runs" in pattern.text
    assert "Example, 2026-08-03-a1: Archive export stopped" in pattern.text
    assert "PART_DEADLINE" not in pattern.text and "reran" not in pattern.text


def test_of_accounts_that_say_as_much_the_first_failure_is_quoted(hooks: MemoryHooks) -> None:
    """Two failed runs' accounts hold as many cause words: the first is the example, not the
    later one that blames a step an earlier fix added ("skipped the manifests")."""
    run(hooks, "2026-08-03-b1", "Cold bucket stalled mid-export.")
    run(hooks, "2026-08-06-b2", "Exporter skipped manifests.")
    assert hooks.judgment_harvest().ok
    [pattern] = patterns(hooks, "ledger")
    assert "Example, 2026-08-03-b1: Cold bucket stalled" in pattern.text
    assert "manifest" not in pattern.text.split("Example", 1)[1]


def test_the_model_is_told_to_quote_the_failure_not_the_workaround() -> None:
    """Hook E's playbook says what the miner does: a failed run's account, not a workaround."""
    from agentmem.playbook import load

    text = " ".join(load("judgment_harvest").text.split())
    assert "quotes a failed run's own account" in text
    assert "never a partial run's workaround" in text
