"""Regressions from the CLI fuzz (tests/test_fuzz_cli.py): each input below once ended in a
traceback. Now each ends with exit 1 or 2 and one `Error:` line naming the parameter (or
file) and the value, and a refused input changes nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from agentmem.cli import main
from tests.cli_sandbox import tree
from tests.conftest import ALL_ON

DEEP = "[" * 100_000  # nested past the JSON parser's recursion limit
SNAPSHOT = {"format": "agentmem-snapshot", "version": 1, "memories": []}


def cli(tmp_path: Path, *args: str, env: dict[str, str] | None = None) -> Result:
    """One call with the memory root in tmp_path; a traceback fails the test outright."""
    values = {"AGENTMEM_USER_ID": "tester", **ALL_ON, **(env or {})}
    root = str(tmp_path / "memory")
    return CliRunner().invoke(main, ["--root", root, *args], env=values, catch_exceptions=False)


def error_line(result: Result) -> str:
    return next(line for line in result.output.splitlines() if line.startswith("Error: "))


NUL_CALLS = [
    ("PATH", ["restore", "snap\x00.json"]),
    ("PATH", ["snapshot", "out\x00.json"]),
    ("--html", ["audit", "--html", "report\x00.html"]),
    ("--worker-dir", ["pack", "goal", "--worker-dir", "worker\x00"]),
    ("--worker-dir", ["fire", "pre_spawn_pack", "--worker-dir", "worker\x00"]),
    ("--retro", ["fire", "post_retro_distill", "--retro", "retro\x00.md"]),
    ("PATH", ["backfill", "notes\x00.md", "--lane", "retros"]),
    ("--worker-env", ["doctor", "--worker-env", "worker\x00.env"]),
    ("--dir", ["demo", "--dir", "demo\x00"]),
    ("--root", ["--root", "memory\x00", "status"]),
    ("--env-file", ["--env-file", "x\x00.env", "status"]),
]


@pytest.mark.parametrize(("name", "args"), NUL_CALLS, ids=[" ".join(a) for _, a in NUL_CALLS])
def test_a_nul_byte_in_a_path_is_refused_by_name(
    tmp_path: Path, name: str, args: list[str]
) -> None:
    """A NUL byte in any path parameter (restore PATH was the first found): exit 2, the
    error names the parameter and shows the value, and nothing is written."""
    (tmp_path / "snap.json").write_text(json.dumps(SNAPSHOT), encoding="utf-8")
    before = tree(tmp_path)
    result = cli(tmp_path, *args)
    assert result.exit_code == 2, result.output
    value = next(a for a in args if "\x00" in a)
    line = error_line(result)
    assert name in line and repr(value) in line and "NUL" in line, line
    assert tree(tmp_path) == before


@pytest.mark.parametrize("as_json", [False, True])
def test_a_non_utf8_file_name_prints_on_a_strict_utf8_stdout(tmp_path: Path, as_json: bool) -> None:
    """A file name with a byte that is not UTF-8 (argv holds it as a lone surrogate) used
    to crash the print on a strict UTF-8 stdout. The human line shows U+FFFD; JSON keeps
    the escape, so a consumer gets the real name back."""
    env = {**os.environ, "PYTHONIOENCODING": "utf-8:strict", "HF_HUB_OFFLINE": "1"}
    argv = [sys.executable, "-m", "agentmem", "--root", str(tmp_path / "memory")]
    argv += ["--json"] if as_json else []
    proc = subprocess.run(
        [*argv, "snapshot", b"snap-\xff.json"],
        cwd=tmp_path,
        capture_output=True,
        env=env,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr.decode(errors="replace")
    assert (tmp_path / os.fsdecode(b"snap-\xff.json")).is_file()
    out = proc.stdout.decode("utf-8")  # valid UTF-8 either way
    if as_json:
        assert json.loads(out)["path"] == os.fsdecode(b"snap-\xff.json")
    else:
        assert "snap-\ufffd.json" in out


def test_restore_of_a_snapshot_nested_too_deep_names_the_file(tmp_path: Path) -> None:
    """A snapshot nested past the JSON parser's limit: exit 1 naming the file, and the
    store stays empty (the parser's RecursionError used to escape)."""
    (tmp_path / "deep.json").write_text(DEEP, encoding="utf-8")
    result = cli(tmp_path, "restore", "deep.json")
    assert result.exit_code == 1
    assert "deep.json" in error_line(result) and "cannot read snapshot" in result.output
    assert not (tmp_path / "memory" / "entries").exists() or not any(
        (tmp_path / "memory" / "entries").rglob("*.md")
    )


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("--draft", ["add", "--draft", DEEP]),
        ("--draft", ["add", "--draft", "@deep.json"]),
        ("--context", ["fire", "post_run_classify", "--context", "@deep.json"]),
        ("DATA", ["state", "set", "notes", "@deep.json"]),
        ("SCHEMA", ["state", "define", "notes", "@deep.json"]),
    ],
)
def test_json_arguments_nested_too_deep_are_bad_input(
    tmp_path: Path, name: str, args: list[str]
) -> None:
    """A JSON argument (inline or @FILE) nested past the parser's limit: exit 2 naming the
    argument, instead of the parser's RecursionError."""
    (tmp_path / "deep.json").write_text(DEEP, encoding="utf-8")
    result = cli(tmp_path, *args)
    assert result.exit_code == 2
    assert name in error_line(result) and "not valid JSON" in result.output


def test_hot_set_keeps_a_value_nested_too_deep_as_text(tmp_path: Path) -> None:
    """`hot set` stores a value that is not JSON as a string; one nested past the parser
    is such a value (here refused by the hot cap, exit 2), not a RecursionError."""
    result = cli(tmp_path, "hot", "set", "k", DEEP)
    assert result.exit_code == 2 and "Error: " in result.output


def test_backfill_of_a_ledger_line_nested_too_deep_is_rejected(tmp_path: Path) -> None:
    """An episodic ledger line nested past the parser is a rejected line (exit 1, the line
    named), and the rest of the lane is not lost to a RecursionError."""
    (tmp_path / "runs.jsonl").write_text(DEEP + "\n", encoding="utf-8")
    result = cli(tmp_path, "backfill", "runs.jsonl", "--lane", "episodic")
    assert result.exit_code == 1
    assert "runs.jsonl:1" in result.output and "not valid JSON" in result.output


def test_a_witness_setting_nested_too_deep_names_the_variable(tmp_path: Path) -> None:
    """AGENTMEM_WITNESS_COMMANDS nested past the parser: exit 2 naming the variable."""
    result = cli(tmp_path, "status", env={"AGENTMEM_WITNESS_COMMANDS": DEEP})
    assert result.exit_code == 2 and "AGENTMEM_WITNESS_COMMANDS" in result.output


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("--env-file", ["--env-file", "latin1.env", "status"]),
        ("--env-file", ["--env-file", "x" * 300, "status"]),
        ("--worker-env", ["doctor", "--worker-env", "latin1.env"]),
        ("--executive-env", ["doctor", "--worker-env", "ok.env", "--executive-env", "latin1.env"]),
    ],
)
def test_an_env_file_that_cannot_be_read_is_named(
    tmp_path: Path, name: str, args: list[str]
) -> None:
    """An env file that is not UTF-8 (or whose name is too long for the OS): exit 2 naming
    the option and the file, instead of UnicodeDecodeError or OSError."""
    (tmp_path / "latin1.env").write_bytes(b"AGENTMEM_USER_ID=caf\xe9\n")
    (tmp_path / "ok.env").write_text("AGENTMEM_ROLE=worker\n", encoding="utf-8")
    result = cli(tmp_path, *args)
    assert result.exit_code == 2
    assert name in error_line(result)


@pytest.mark.parametrize("root", ["snap.json", "snap.json/demo"])
def test_demo_dir_on_or_under_a_file_is_refused(tmp_path: Path, root: str) -> None:
    """`demo --dir` naming a file, or a folder under one: exit 2 naming --dir, instead of
    FileExistsError / NotADirectoryError from the demo's mkdir."""
    (tmp_path / "snap.json").write_text("{}", encoding="utf-8")
    before = tree(tmp_path)
    result = cli(tmp_path, "demo", "--dir", root)
    assert result.exit_code == 2
    assert "--dir" in error_line(result) and "snap.json" in error_line(result)
    assert tree(tmp_path) == before


def test_a_memory_root_under_a_file_is_refused(tmp_path: Path) -> None:
    """`--root` under a file: exit 2 naming --root and the file in the way, nothing made
    (gc used to raise NotADirectoryError making <root>/entries)."""
    (tmp_path / "snap.json").write_text("{}", encoding="utf-8")
    before = tree(tmp_path)
    result = CliRunner().invoke(main, ["--root", "snap.json/memory", "gc"])
    assert result.exit_code == 2, result.output
    assert "--root" in error_line(result) and "is a file" in error_line(result)
    assert tree(tmp_path) == before


def test_gc_as_of_days_past_the_calendar_is_refused(tmp_path: Path) -> None:
    """`gc --as-of-days` beyond a century: exit 2 naming the option (an OverflowError in
    the date arithmetic before)."""
    result = cli(tmp_path, "gc", "--as-of-days", "99999999999")
    assert result.exit_code == 2 and "--as-of-days" in error_line(result)


@pytest.mark.parametrize("day", ["0001-01-01", "9999-12-31"])
def test_maintain_today_at_the_calendar_edge_is_refused(tmp_path: Path, day: str) -> None:
    """`maintain --today` at year 1 or 9999, applied: exit 2 naming --today and the day
    (an OverflowError before), and MEMORY.md is not written."""
    result = cli(tmp_path, "maintain", "--today", day, "--apply", "--force")
    assert result.exit_code == 2
    assert f"--today {day}" in error_line(result)
    assert not (tmp_path / "memory" / "MEMORY.md").exists()


@pytest.mark.parametrize(
    ("name", "args"),
    [
        ("TEXT", ["log", "caf\udcff"]),
        ("TEXT", ["add", "caf\udcff", "--type", "semantic", "--confidence", "0.8"]),
        ("--app", ["add", "text", "--type", "semantic", "--app", "caf\udcff"]),
        ("KEY", ["hot", "set", "caf\udcff", "1"]),
    ],
)
def test_text_with_a_byte_that_is_not_utf8_is_refused_by_name(
    tmp_path: Path, name: str, args: list[str]
) -> None:
    """A text argument holding a byte that is not UTF-8 (argv's lone surrogate) cannot be
    written to any UTF-8 file: exit 2 naming the parameter, nothing written (`log` raised
    UnicodeEncodeError writing the daily note)."""
    before = tree(tmp_path)
    result = cli(tmp_path, *args)
    assert result.exit_code == 2
    assert name in error_line(result) and "not UTF-8" in error_line(result)
    assert tree(tmp_path) == before
