"""Hook E rewrites a pattern that quotes a run whose lesson memory has since taken back.

A failed run's account and the lesson it wrote tell one belief ("the uploader ignored the
deadline override: raise it to 600 s"). When a retraction, a text saying the team no longer
does it, or hook E's own did-not-hold finding takes the lesson back, the account no longer
holds either: a pattern quotes another run, and the next harvest rewrites a held pattern
that quoted it, even with no new failure in its window. A lesson another memory only
restates or absorbs (a runbook listing it among its steps) is not taken back.
"""

from __future__ import annotations

from collections.abc import Callable

from agentmem import MemoryHooks
from agentmem.core.model import Memory
from agentmem.harvest.prose import quoted_runs
from agentmem.harvest.withdrawn import withdrawn_runs
from tests.test_harvest9_example import run
from tests.test_judgment_harvest import clocked, patterns

__all__ = ["clocked"]  # the fixture: hooks whose clock reads a given day

LESSON = "Raise PART_DEADLINE to 600 s in exporter.yaml so slow archive parts finish."


def failures(clocked: Callable[[str], MemoryHooks]) -> str:
    """Two failed exports; the second's account (and its lesson) says more."""
    run(clocked("2026-08-03"), "2026-08-03-a1", "Archive export stopped.")
    [lesson] = run(
        clocked("2026-08-05"),
        "2026-08-05-a2",
        "Export stalled again; the uploader ignored the PART_DEADLINE override in exporter.yaml.",
        lessons=[LESSON],
    )
    return lesson


def test_a_pattern_quoting_a_run_whose_lesson_was_retracted_is_rewritten(
    clocked: Callable[[str], MemoryHooks],
) -> None:
    """The pattern quoted the second failure; its lesson is retracted a week later; the next
    harvest, with no failure in its window, writes the pattern again without it (same
    records cited), which supersedes the old one; a harvest after that writes nothing."""
    lesson = failures(clocked)
    assert clocked("2026-08-06").judgment_harvest().ok
    [old] = patterns(clocked("2026-08-06"), "ledger")
    assert quoted_runs(old.text) == {"2026-08-05-a2"}
    [retraction] = run(
        clocked("2026-08-12"),
        "2026-08-12-a3",
        "Export finished with four parallel parts.",
        lessons=[
            "Retracted: PART_DEADLINE at 600 s does not fix the stalled archive parts; "
            "the cold bucket throttles more than four parallel parts."
        ],
        outcome="success",
    )
    hooks = clocked("2026-08-13")
    assert hooks.store.get(retraction, touch=False).supersedes == (lesson,)
    assert hooks.judgment_harvest().ok  # no failure in its window: the quote alone
    [new] = [m for m in patterns(hooks, "ledger") if m.id != old.id]
    assert new.supersedes == (old.id,) and set(new.cites) == set(old.cites)
    assert "2026-08-05-a2" not in quoted_runs(new.text) and "ignored the" not in new.text
    assert (
        not clocked("2026-08-14").judgment_harvest(window={"since": "2026-08-01"}).writes.accepted
    )


def test_a_pattern_quoting_an_absorbed_lesson_is_not_rewritten(
    clocked: Callable[[str], MemoryHooks],
) -> None:
    """A runbook that lists the lesson among its steps supersedes it and keeps saying it:
    nothing is taken back, the pattern stays as it is."""
    failures(clocked)
    assert clocked("2026-08-06").judgment_harvest().ok
    [old] = patterns(clocked("2026-08-06"), "ledger")
    held = clocked("2026-08-06").store.list()
    runbook = Memory.model_validate(
        {
            **next(m for m in held if m.text == LESSON).model_dump(),
            "id": "procedural-000000000001",
            "type": "procedural",
            "run_id": "2026-08-10-retro",
            "text": f"Runbook: archive export. Steps: 1. {LESSON} 2. Check the manifest.",
            "supersedes": (next(m.id for m in held if m.text == LESSON),),
        }
    )
    assert withdrawn_runs([*held, runbook]) == frozenset()
    retraction = runbook.model_copy(
        update={"text": "We no longer raise PART_DEADLINE for slow archive parts."}
    )
    assert withdrawn_runs([*held, retraction]) == {"2026-08-05-a2"}
    assert not clocked("2026-08-13").judgment_harvest().writes.accepted
    assert patterns(clocked("2026-08-13"), "ledger") == [old]


def test_the_model_is_told_to_rewrite_a_pattern_quoting_a_lesson_taken_back() -> None:
    """Hook E's playbook says what the miner does when a quoted run's lesson is taken back."""
    from agentmem.playbook import load

    text = " ".join(load("judgment_harvest").text.split())
    assert "When memory takes back a lesson a pattern's quoted run wrote" in text
    assert "write the pattern again without that run's account and supersede it" in text
