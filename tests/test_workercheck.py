"""The worker environment check and `agentmem doctor --worker-env`: memory-store keys stay
with the executive (seed 000 kept its mem0 key executive-only)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from agentmem.cli import main
from agentmem.core.workercheck import check_worker_env

EXECUTIVE = {
    "AGENTMEM_ENABLED": "true",
    "AGENTMEM_BACKEND": "mem0-platform",
    "AGENTMEM_MEM0_API_KEY": "plainExecutiveMem0Key77",
    "MEM0_API_KEY": "m0-" + "Q" * 30,
    "OPENAI_API_KEY": "sk-" + "E" * 40,
}
CLEAN_WORKER = {"AGENTMEM_ROLE": "worker", "GITHUB_REPO": "org/app", "PYTHONUNBUFFERED": "1"}


def flagged(worker: dict[str, str], executive: dict[str, str] | None = None) -> dict[str, str]:
    return {f.variable: f.severity for f in check_worker_env(worker, executive)}


def test_clean_worker_env_has_no_findings() -> None:
    """A worker env with role=worker and no store key or location passes."""
    assert check_worker_env(CLEAN_WORKER, EXECUTIVE) == []


@pytest.mark.parametrize(
    "variable",
    ["MEM0_API_KEY", "OPENAI_API_KEY", "AGENTMEM_MEM0_API_KEY", "AGENTMEM_REASONER_API_KEY"],
)
def test_memory_store_keys_are_leaks(variable: str) -> None:
    """The store's own keys and every agentmem key setting are flagged as leaks."""
    assert flagged({**CLEAN_WORKER, variable: "anything-at-all-123"}) == {variable: "leak"}


def test_executive_key_copied_under_another_name_is_a_leak() -> None:
    """The exact value of an executive key, under any variable name, is found."""
    worker = {**CLEAN_WORKER, "VENDOR_TOKEN_COPY": "plainExecutiveMem0Key77"}
    findings = check_worker_env(worker, EXECUTIVE)
    assert [(f.variable, f.severity) for f in findings] == [("VENDOR_TOKEN_COPY", "leak")]
    assert "AGENTMEM_MEM0_API_KEY" in findings[0].reason


def test_mem0_shaped_value_is_a_leak_without_the_executive_file() -> None:
    """A value shaped like a mem0 key is flagged even when no executive env is given."""
    assert flagged({**CLEAN_WORKER, "SOME_VAR": "m0-" + "a" * 30}) == {"SOME_VAR": "leak"}


def test_worker_that_could_write_is_a_leak() -> None:
    """Any AGENTMEM_* setting without AGENTMEM_ROLE=worker means the worker could write."""
    assert flagged({"AGENTMEM_ENABLED": "true"}) == {"AGENTMEM_ROLE": "leak"}
    assert flagged({"AGENTMEM_ROLE": "executive"}) == {"AGENTMEM_ROLE": "leak"}


def test_store_location_is_a_warning() -> None:
    """Pointing the worker at the store is a warning: it needs only the pack."""
    assert flagged({**CLEAN_WORKER, "AGENTMEM_ROOT": "/srv/memory"}) == {"AGENTMEM_ROOT": "warning"}


def test_empty_value_is_unset() -> None:
    """`MEM0_API_KEY=` (empty) is unset, not a leak: the cohort lesson applies here too."""
    env = Path("worker.env")
    env.write_text("AGENTMEM_ROLE=worker\nMEM0_API_KEY=\nOPENAI_API_KEY=  \n", encoding="utf-8")
    result = CliRunner().invoke(main, ["doctor", "--worker-env", str(env)])
    assert result.exit_code == 0, result.output
    assert "clean" in result.output


def test_doctor_cli_flags_leaks_and_never_prints_values(tmp_path: Path) -> None:
    """`agentmem doctor --worker-env` exits 1 on a leak, names the variables, and never
    prints a key's value, in human or JSON output."""
    executive = tmp_path / ".env.executive"
    executive.write_text("".join(f"{k}={v}\n" for k, v in EXECUTIVE.items()), encoding="utf-8")
    worker = tmp_path / "worker.env"
    worker.write_text(
        "AGENTMEM_ROLE=worker\nMEM0_API_KEY=m0-QQQQQQQQQQQQQQQQQQQQQQQQQQQQQQ\n"
        "COPIED=plainExecutiveMem0Key77\n",
        encoding="utf-8",
    )
    runner = CliRunner()
    args = ["--env-file", str(executive), "doctor", "--worker-env", str(worker)]
    human = runner.invoke(main, args)
    assert human.exit_code == 1
    assert "MEM0_API_KEY" in human.output and "COPIED" in human.output
    as_json = runner.invoke(main, [*args, "--json"])
    assert as_json.exit_code == 1
    data = json.loads(as_json.output)
    assert {f["variable"] for f in data["findings"]} == {"MEM0_API_KEY", "COPIED"}
    for output in (human.output, as_json.output):
        assert "QQQQQQQQ" not in output and "plainExecutiveMem0Key77" not in output
