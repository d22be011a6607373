"""Fuzzing the CLI through click's CliRunner: random arguments to every command that writes
only inside the root, and random env values. Every run ends with a meaningful exit code
(0, 1 or 2) and no traceback, and nothing is written outside the memory root.

Cases tried: `pytest tests/test_fuzz_cli.py --hypothesis-show-statistics`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import click
from click.testing import CliRunner
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from agentmem.cli import main
from agentmem.settings import VARIABLES
from tests._quiet import quiet_structlog

__all__ = ["quiet_structlog"]  # autouse

FUZZ = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
# Commands that write to a path the user names (snapshot PATH, --html, --worker-dir),
# reach a remote store (sync) or run the whole demo are left out: their writes outside
# the root are the point of them.
SKIP_COMMANDS = {"demo", "snapshot", "restore", "sync", "audit"}
SKIP_OPTIONS = {"--worker-dir", "--html"}
COMMANDS = sorted(set(main.commands) - SKIP_COMMANDS)

VALUES = st.one_of(
    st.text(max_size=30),
    st.sampled_from(
        [
            "",
            "-",
            "--",
            "../../etc/passwd",
            "/etc/passwd",
            "semantic-0123456789ab",
            "0.8",
            "-1",
            "1e309",
            "nan",
            "{}",
            '{"text": "x", "type": "semantic", "confidence": 0.8}',
            '{"run": {"run_id": "2026-11-29-r1", "goal": "g", "outcome": "success"}}',
            "[1, 2",
            "@missing.json",
            "2026-02-30",
            "_global",
            "post_run_classify",
            "semantic",
            "\x00",
        ]
    ),
    st.integers(-5, 10**6).map(str),
)


def options_of(command: click.Command) -> list[str]:
    names: list[str] = []
    for param in command.params:
        if isinstance(param, click.Option):
            names += [o for o in param.opts if o not in SKIP_OPTIONS]
    return names


@st.composite
def invocations(draw: st.DrawFn) -> list[str]:
    name = draw(st.sampled_from(COMMANDS))
    command = main.commands[name]
    vocabulary = st.one_of(st.sampled_from([*options_of(command), "--json", "--bogus"]), VALUES)
    # argv is C strings: no shell or exec can pass a NUL byte (click's Path check would
    # raise ValueError on one), so the fuzz leaves NUL to the API-level tests.
    return [name, *(a.replace("\x00", "") for a in draw(st.lists(vocabulary, max_size=6)))]


def tree(folder: Path, skip: Path) -> dict[str, int]:
    return {
        str(p.relative_to(folder)): p.stat().st_size
        for p in folder.rglob("*")
        if p.is_file() and not p.is_relative_to(skip)
    }


def invoke(tmp_path: Path, args: list[str], env: dict[str, str] | None = None) -> Any:
    root = tmp_path / "memory"
    before = tree(tmp_path, root)
    result = CliRunner().invoke(main, ["--root", str(root), *args], env=env)
    assert result.exit_code in (0, 1, 2), (args, result.output)
    if result.exception is not None:  # a traceback, not an exit code
        assert isinstance(result.exception, SystemExit), (args, repr(result.exception))
    assert tree(tmp_path, root) == before, f"{args} wrote outside the memory root"
    event(f"exit {result.exit_code}")
    return result


@FUZZ
@given(args=invocations())
def test_random_arguments(tmp_path: Path, args: list[str]) -> None:
    """Random options and values for every command: an exit code, never a traceback."""
    invoke(tmp_path, args)


@FUZZ
@given(variable=st.sampled_from(sorted(VARIABLES)), value=VALUES)
def test_random_env_values(tmp_path: Path, variable: str, value: str) -> None:
    """Any value of any setting: `status` runs (0) or names the variable (2)."""
    if "\x00" in value:
        value = value.replace("\x00", "")  # the OS cannot carry NUL in an env value
    result = invoke(tmp_path, ["status", "--json"], env={variable: value})
    if result.exit_code == 2:
        assert variable in result.output, result.output


@FUZZ
@given(name=st.from_regex(r"AGENTMEM_[A-Z_]{1,20}", fullmatch=True))
def test_unknown_agentmem_variable_is_named(tmp_path: Path, name: str) -> None:
    """An AGENTMEM_* variable that is not a setting is refused by name (exit 2), never
    silently ignored (a typo would otherwise leave a flag off)."""
    if name in VARIABLES:
        return
    result = invoke(tmp_path, ["status"], env={name: "true"})
    assert result.exit_code == 2 and name in result.output
