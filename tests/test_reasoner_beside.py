"""With a model in charge, what agentmem computes stays agentmem's: hook E's patterns are
counts over run records, so the built-in miner runs beside the model (whose drafts are
added, not substituted); and the model sees the run id memory files a run under."""

from __future__ import annotations

from pathlib import Path

from agentmem import MemoryHooks
from agentmem._plugins import make_manager
from agentmem.reasoner.base import Reasoning, Task
from agentmem.settings import settings_from_values
from agentmem.tools import Tools
from tests.conftest import ALL_ON, ManualClock


class SilentModel:
    """A double of a model that reads its task and proposes nothing (no model runs here)."""

    name = "silent"

    def __init__(self) -> None:
        self.tasks: list[Task] = []

    def reason(self, task: Task, tools: Tools) -> Reasoning:
        self.tasks.append(task)
        return Reasoning(final_text="nothing to add")


def hooks_over(
    root: Path, tmp_path: Path, clock: ManualClock, model: SilentModel | None
) -> MemoryHooks:
    settings = settings_from_values(
        {"AGENTMEM_USER_ID": "tester", "AGENTMEM_ROOT": str(root), **ALL_ON}, base_dir=tmp_path
    )
    manager = make_manager(defaults=True, entry_points=False)
    return MemoryHooks(settings, plugin_manager=manager, clock=clock, reasoner=model)


def failure(n: int) -> dict[str, object]:
    return {
        "run_id": f"2026-10-0{n}-r{n}",
        "goal": f"Nightly ledger export, night {n}",
        "outcome": "failure",
        "app_id": "billing",
        "verifiers": [
            {"name": "export", "passed": False, "detail": "ledger rejected: currency missing"}
        ],
    }


def test_hook_e_patterns_are_written_beside_a_models_drafts(
    root: Path, tmp_path: Path, clock: ManualClock
) -> None:
    plain = hooks_over(root, tmp_path, clock, None)
    for n in (1, 2, 3):
        assert plain.post_run_classify(run=failure(n)).ok
    model = SilentModel()
    driven = hooks_over(root, tmp_path, clock, model)
    result = driven.judgment_harvest()
    assert result.ok and [t.hook.value for t in model.tasks] == ["judgment_harvest"]
    written = [driven.store.get(i) for i in result.writes.accepted]
    assert any("pattern" in m.tags and "currency missing" in m.text for m in written)


def test_the_model_sees_an_undated_run_id_as_memory_files_it(
    root: Path, tmp_path: Path, clock: ManualClock
) -> None:
    model = SilentModel()
    driven = hooks_over(root, tmp_path, clock, model)
    run = {**failure(1), "run_id": "mob-017"}
    assert driven.post_run_classify(run=run).ok
    [task] = model.tasks
    assert task.values["run"].run_id == "2026-10-05-mob-017"
    assert "2026-10-05-mob-017" in task.prompt
