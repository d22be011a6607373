"""The loop benchmark runs through the model path in either mode (issue 13.8).

`bench/model_double.py` plays a model that follows each playbook by rules, from what the
request shows it; here the fixture scenario is replayed through `AGENTMEM_REASONER=openai`
against it, as `bench/loopbench.py --reasoner openai` does, in tools and in json mode.
Everything but the model is real: prompts, schemas, the runtime's reading, the contracts,
the writer and the files.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from bench.loopbench import replay
from bench.loopformat import load_scenario
from bench.model_double import serve

FIXTURE = Path(__file__).with_name("loopbench_fixture.json")


@pytest.mark.parametrize("mode", ["tools", "json"])
def test_the_loop_benchmark_runs_through_the_model_path(tmp_path: Path, mode: str) -> None:
    """Every fire of the scenario is ok through the model path, memories are written, and
    the probes find what the deterministic rules find on the same scenario."""
    scenario = load_scenario(FIXTURE)
    with serve() as url:
        environ = {
            "AGENTMEM_REASONER_BASE_URL": url,
            "AGENTMEM_REASONER_MODEL": "double",
            "AGENTMEM_REASONER_MODE": mode,
        }
        done = replay(scenario, reasoner="openai", environ=environ, work=tmp_path / "model")
    rules = replay(scenario, environ={}, work=tmp_path / "rules")
    assert done.failures == [] and done.tally.fires_not_ok == 0
    assert done.tally.memories > 0
    assert done.tally.found == rules.tally.found
