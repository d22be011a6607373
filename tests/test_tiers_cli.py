"""The tier commands and settings: log, hot, state, context; the new AGENTMEM_* variables."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from agentmem import SettingsError
from agentmem.cli import main
from agentmem.settings import settings_from_values


def run(root: Path, *args: str) -> Result:
    return CliRunner().invoke(main, ["--root", str(root), *args])


def test_log_appends_a_line_to_todays_note(root: Path) -> None:
    """`agentmem log TEXT` appends one timestamped line; --json says where."""
    first = run(root, "log", "Spawned a worker for the newsletter")
    second = run(root, "--json", "log", "Worker finished")
    assert first.exit_code == 0 and second.exit_code == 0
    path = Path(json.loads(second.output)["path"])
    lines = path.read_text().splitlines()
    assert lines[0].startswith("# ") and lines[2].endswith("Spawned a worker for the newsletter")
    assert lines[3].endswith("Worker finished")
    assert run(root, "log", "  ").exit_code == 2


def test_hot_commands_set_get_list_tick_and_refuse_over_cap(root: Path) -> None:
    """set/get/list work; tick reports the size; an over-cap set exits 2 with the size."""
    assert run(root, "hot", "set", "tests_passing", "161").exit_code == 0
    assert run(root, "hot", "set", "goal", "ship the tiers").exit_code == 0
    got = run(root, "--json", "hot", "get", "tests_passing")
    assert json.loads(got.output) == {"key": "tests_passing", "value": 161, "tier": "hot"}
    listed = run(root, "hot", "list")
    assert "goal: ship the tiers" in listed.output and "/4096 bytes" in listed.output
    tick = run(root, "--json", "hot", "tick")
    assert json.loads(tick.output)["size_bytes"] == (root / "hot.json").stat().st_size
    over = run(root, "hot", "set", "blob", "x" * 5000)
    assert over.exit_code == 2 and "4096-byte cap" in over.output
    assert "blob" not in (root / "hot.json").read_text()


def test_hot_cap_setting_is_honoured(root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """AGENTMEM_HOT_BYTES lowers the cap the CLI enforces."""
    monkeypatch.setenv("AGENTMEM_HOT_BYTES", "256")
    assert run(root, "hot", "set", "blob", "x" * 300).exit_code == 2


def test_state_commands_refuse_a_bad_write(root: Path) -> None:
    """`state set` that breaks the schema exits 2 naming the field; the file is unchanged."""
    schema = json.dumps({"type": "object", "properties": {"n": {"type": "integer"}}})
    assert run(root, "state", "define", "counts", schema).exit_code == 0
    assert run(root, "state", "set", "counts", '{"n": 3}').exit_code == 0
    bad = run(root, "state", "set", "counts", '{"n": "three"}')
    assert bad.exit_code == 2 and "n:" in bad.output
    assert json.loads(run(root, "state", "show", "counts").output) == {"n": 3}


def test_context_command_for_a_sub_agent_withholds_memory_md(root: Path) -> None:
    """`agentmem context --sub-agent` never prints MEMORY.md and lists it as left out."""
    root.mkdir(parents=True)
    (root / "MEMORY.md").write_text("- Curated lesson that only the main session sees.\n")
    sub = run(root, "--json", "context", "--sub-agent", "--task", "curated lesson")
    assert sub.exit_code == 0, sub.output
    data = json.loads(sub.output)
    assert "Curated lesson" not in data["text"]
    assert {"source": "MEMORY.md", "reason": "curated tier: main sessions only"} in data["left_out"]
    main_ctx = run(root, "context")
    assert "Curated lesson that only the main session sees." in main_ctx.output


def test_tier_settings_defaults_and_parsing() -> None:
    """Defaults: maintain 3 days, GC 90 days and 1 read, hot cap 4096, no witness commands."""
    s = settings_from_values({})
    assert (s.maintain_days, s.gc_days, s.gc_max_access, s.hot_bytes) == (3, 90, 1, 4096)
    assert s.witness_commands == {}
    s = settings_from_values(
        {
            "AGENTMEM_WITNESS_COMMANDS": '{"Tests Passing": "pytest -q", "ci": {"run": "make ci", "pattern": "(\\\\d+) ok"}}'
        }
    )
    assert s.witness_commands["tests_passing"].run == "pytest -q"
    assert s.witness_commands["ci"].pattern == "(\\d+) ok"


@pytest.mark.parametrize(
    ("variable", "value", "named"),
    [
        ("AGENTMEM_HOT_BYTES", "8192", "AGENTMEM_HOT_BYTES"),
        ("AGENTMEM_GC_DAYS", "0", "AGENTMEM_GC_DAYS"),
        ("AGENTMEM_WITNESS_COMMANDS", "pytest -q", "AGENTMEM_WITNESS_COMMANDS"),
        ("AGENTMEM_WITNESS_COMMANDS", '{"tests": ""}', "AGENTMEM_WITNESS_COMMANDS['tests'].run"),
        (
            "AGENTMEM_WITNESS_COMMANDS",
            '{"tests": {"run": "x", "pattern": "\\\\d+"}}',
            "AGENTMEM_WITNESS_COMMANDS['tests'].pattern",
        ),
    ],
)
def test_bad_tier_settings_name_the_variable(variable: str, value: str, named: str) -> None:
    """A bad value fails at load with a SettingsError naming the variable (and the key)."""
    with pytest.raises(SettingsError) as caught:
        settings_from_values({variable: value})
    assert caught.value.variable == named


def test_an_empty_witness_setting_is_unset() -> None:
    """`AGENTMEM_WITNESS_COMMANDS=` means no commands, as every empty value means unset."""
    assert settings_from_values({"AGENTMEM_WITNESS_COMMANDS": ""}).witness_commands == {}
