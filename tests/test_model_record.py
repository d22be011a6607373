"""On the model path the run's record is agentmem's: computed from the run (every failed
check's detail kept), one per run however often hook C fires, whatever the model proposes."""

from __future__ import annotations

from pathlib import Path

from agentmem import MemoryHooks
from agentmem._plugins import make_manager
from agentmem.reasoner.base import Reasoning, Task
from agentmem.settings import settings_from_values
from agentmem.tools import Tools
from tests.conftest import ALL_ON, ManualClock

RUN = {
    "run_id": "2026-10-05-r4",
    "goal": "Nightly ledger export",
    "outcome": "failure",
    "app_id": "billing",
    "verifiers": [{"name": "export", "passed": False, "detail": "ledger rejected: EUR missing"}],
}


class TerseModel:
    """A double of a model that writes its own short record of the run and one lesson
    (no model runs here): the kind of record that drops the failed check's detail."""

    name = "terse"

    def reason(self, task: Task, tools: Tools) -> Reasoning:
        run = task.values["run"]
        tools.propose_memory(
            {"text": f"Run {run.run_id} failed.", "type": "episodic", "run_id": run.run_id}
        )
        tools.propose_memory(
            {
                "text": "The ledger rejects an export whose lines carry no currency.",
                "type": "semantic",
                "confidence": 0.8,
                "run_id": run.run_id,
                "app_id": "billing",
            }
        )
        return Reasoning(final_text="one record, one lesson")


def hooks_with(root: Path, tmp_path: Path, clock: ManualClock) -> MemoryHooks:
    settings = settings_from_values(
        {"AGENTMEM_USER_ID": "tester", "AGENTMEM_ROOT": str(root), **ALL_ON}, base_dir=tmp_path
    )
    manager = make_manager(defaults=True, entry_points=False)
    return MemoryHooks(settings, plugin_manager=manager, clock=clock, reasoner=TerseModel())


def test_the_model_path_writes_agentmems_record_of_the_run(
    root: Path, tmp_path: Path, clock: ManualClock
) -> None:
    hooks = hooks_with(root, tmp_path, clock)
    result = hooks.post_run_classify(run=RUN)
    assert result.ok, result.error
    written = [hooks.store.get(i) for i in result.writes.accepted]
    [record] = [m for m in written if m.type.value == "episodic"]
    assert "export (ledger rejected: EUR missing)" in record.text
    assert "fail-export" in record.tags and record.outcome is not None
    assert any(m.type.value == "semantic" for m in written)


def test_a_repeated_fire_on_the_model_path_is_still_one_record(
    root: Path, tmp_path: Path, clock: ManualClock
) -> None:
    hooks = hooks_with(root, tmp_path, clock)
    first = hooks.post_run_classify(run=RUN)
    clock.advance(days=1)
    again = hooks.post_run_classify(run=RUN)
    assert first.ok and again.ok
    episodes = [m for m in hooks.store.list() if m.type.value == "episodic"]
    assert len(episodes) == 1
