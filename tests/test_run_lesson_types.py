"""Hook C and the type a worker gives its lesson: one run shows no pattern across runs, so a
lesson typed `reflective` is written as `semantic` (and still withdraws what it retracts);
a principle or an episode is not a run's to write, and the fire's text says so."""

from __future__ import annotations

from agentmem import MemoryHooks

OLD = "Clearing the label printer's spool by power-cycling it fixes the stuck queue."
RETRACTED = (
    "Retracted: power-cycling the label printer does not fix the stuck queue; it only empties "
    "it until the next oversized job. Split jobs over 200 labels instead."
)


PASSED = {"outcome": "success", "verifiers": [{"name": "print-test", "passed": True}]}


def classify(hooks: MemoryHooks, run_id: str, *lessons: tuple[str, str]) -> tuple[str, list[str]]:
    """The fire's text and the lessons it wrote, for a passed run with these (text, type)."""
    said = [{"text": text, "type": kind} for text, kind in lessons]
    run = {"run_id": run_id, "goal": "Unstick the label queue", "app_id": "labels", **PASSED}
    result = hooks.post_run_classify(run={**run, "lessons": said})
    assert result.ok
    return result.final_text, [i for i in result.writes.accepted if not i.startswith("episodic")]


def test_a_lesson_typed_reflective_is_written_as_semantic_and_retracts(
    hooks: MemoryHooks,
) -> None:
    [old] = classify(hooks, "2026-10-01-r1", (OLD, "procedural"))[1]
    text, [new] = classify(hooks, "2026-10-08-r2", (RETRACTED, "reflective"))
    held = hooks.store.get(new)
    assert held is not None and held.type.value == "semantic"
    assert old in held.supersedes
    assert "1 typed reflective, written as semantic" in text


def test_a_principle_from_a_run_is_not_written_and_the_fire_says_why(
    hooks: MemoryHooks,
) -> None:
    text, written = classify(
        hooks, "2026-10-01-r1", ("Never print labels over 200 at once.", "principle")
    )
    assert written == []
    assert "1 typed principle: not written" in text
    assert "not supported by the verifiers" in text and ", 0 not supported" in text
