"""A remedy set aside by a run of another app (`agentmem.core.setaside.set_aside_across`):
the lab's run that finds the real cause withdraws the line's lesson on the remedy it
undoes; the line's lesson on another product's trouble stays."""

from __future__ import annotations

from agentmem import MemoryHooks
from tests.conftest import run_lesson


def _run(hooks: MemoryHooks, run_id: str, app: str, text: str) -> str:
    return run_lesson(hooks, run_id, app, text, goal="Look into the seam leaks")


ALUMINIUM = (
    "Aluminium cans leak at the seam unless the seamer runs a third roll pass; set roll "
    "passes to 3 for aluminium."
)
STEEL = (
    "Steel cans leak at the seam when the seamer chuck is cold; run the seamer empty for "
    "10 minutes with 2 roll passes before the first steel lot."
)
FOUND = (
    "An extra roll pass does not stop aluminium can seam leaks: the cause was worn chuck "
    "lips; change the chucks and the seams hold with 2 roll passes."
)


def test_post_run_classify_sets_aside_another_apps_remedy(hooks: MemoryHooks) -> None:
    """The lab's lesson written to its own app supersedes the seaming line's remedy for the
    same trouble; the line's lesson on steel cans stays."""
    old = _run(hooks, "2027-04-01-run-001", "seaming-line", ALUMINIUM)
    kept = _run(hooks, "2027-04-01-run-002", "seaming-line", STEEL)
    new = _run(hooks, "2027-04-09-run-009", "qc-lab", FOUND)
    supersedes = hooks.store.get(new).supersedes
    assert old in supersedes
    assert kept not in supersedes
