"""A retraction written by another app's run withdraws the lesson naming the cause it
denies; a lesson of that app on another cause stays."""

from __future__ import annotations

from pathlib import Path

from agentmem import MemoryHooks
from tests.conftest import run_lesson


def _run(hooks: MemoryHooks, run_id: str, app: str, text: str) -> str:
    return run_lesson(hooks, run_id, app, text, goal="Look into the kiln line")


BLAMED = (
    "Cracked mugs on line 2 come from a drifting thermocouple in the kiln; ask the kiln "
    "crew to swap the thermocouple before the next firing."
)
LICENCE = "The kiln controller licence is renewed by the kiln crew every March."
RETRACTED = (
    "That earlier lesson was wrong: the line 2 mug cracks were not the kiln's thermocouple. "
    "The real cause was a glaze batch mixed too thin; remix at 1.45 specific gravity."
)


def test_post_run_classify_withdraws_another_apps_lesson_a_retraction_denies(
    hooks: MemoryHooks, tmp_path: Path
) -> None:
    """The kiln crew's run retracts what the glaze line's run learnt: the glaze line's
    lesson naming the denied cause is superseded; its other lesson on the kiln stays."""
    wrong = _run(hooks, "2027-04-01-run-001", "glaze-line", BLAMED)
    kept = _run(hooks, "2027-04-01-run-002", "glaze-line", LICENCE)
    back = _run(hooks, "2027-04-06-run-007", "kiln-crew", RETRACTED)
    supersedes = hooks.store.get(back).supersedes
    assert wrong in supersedes
    assert kept not in supersedes


def test_post_run_classify_keeps_another_apps_lesson_on_another_cause(
    hooks: MemoryHooks, tmp_path: Path
) -> None:
    """A retraction denying a cause another app's lesson does not tell ("the belt speed")
    withdraws nothing there, though both speak of line 2's mugs."""
    wrong = _run(hooks, "2027-04-01-run-001", "glaze-line", BLAMED)
    text = (
        "That earlier lesson was wrong: the line 2 mug cracks were not the belt speed. "
        "The real cause was a glaze batch mixed too thin."
    )
    back = _run(hooks, "2027-04-06-run-007", "kiln-crew", text)
    assert wrong not in hooks.store.get(back).supersedes
