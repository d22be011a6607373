"""The CLI: JSON a script can consume, human output, and exit codes that mean something."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from agentmem.cli import main
from tests.conftest import ALL_ON


@pytest.fixture
def env_file(tmp_path: Path) -> Path:
    path = tmp_path / ".env.executive"
    lines = [f"{k}={v}" for k, v in ALL_ON.items()] + [
        "AGENTMEM_USER_ID=cli",
        "AGENTMEM_ROOT=./memory",
    ]
    path.write_text("\n".join(lines) + "\n")
    return path


def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def test_add_then_json_search_is_consumable(env_file: Path) -> None:
    """`agentmem --json search` prints valid JSON with ids, scores and the memory's fields."""
    code, out = run(
        "--json",
        "add",
        "The vendor API needs the X-Trace header.",
        "--type",
        "semantic",
        "--confidence",
        "0.8",
        "--app",
        "billing-api",
    )
    assert code == 0 and json.loads(out)["status"] == "accepted"
    code, out = run("--json", "search", "Which header does the vendor API need?")
    assert code == 0
    hits = json.loads(out)
    assert hits[0]["text"] == "The vendor API needs the X-Trace header."
    assert {"id", "score", "type", "confidence", "app_id", "run_id"} <= set(hits[0])


def test_search_json_in_a_real_subprocess(env_file: Path, tmp_path: Path) -> None:
    """The installed entry point, as a script would call it, gives parseable JSON on stdout."""
    run("add", "Staging resets every Sunday.", "--type", "semantic", "--confidence", "0.8")
    proc = subprocess.run(
        [sys.executable, "-m", "agentmem", "search", "--json", "When does staging reset?"],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout)[0]["text"] == "Staging resets every Sunday."


def test_invalid_add_is_exit_2_with_field(env_file: Path) -> None:
    code, out = run("add", "too sure", "--type", "semantic", "--confidence", "0.99")
    assert code == 2 and "confidence" in out


def test_secret_is_refused_with_exit_2(env_file: Path) -> None:
    code, out = run(
        "add",
        "key sk-abcdefghijklmnopqrstuvwxyz123456",
        "--type",
        "semantic",
        "--confidence",
        "0.8",
    )
    assert code == 2 and "secret" in out


def test_get_list_status_rebuild(env_file: Path) -> None:
    _, out = run("--json", "add", "Use UTF-8 CSV.", "--type", "semantic", "--confidence", "0.8")
    memory_id = json.loads(out)["id"]
    code, out = run("get", memory_id, "--json")
    assert code == 0 and json.loads(out)["text"] == "Use UTF-8 CSV."
    code, out = run("list")
    assert code == 0 and memory_id in out
    code, out = run("--json", "status")
    status = json.loads(out)
    assert status["memories"] == 1 and status["enabled"] is True
    code, out = run("--json", "rebuild")
    assert code == 0 and json.loads(out)["memories"] == 1


def test_get_prints_the_memory_file_as_it_is(env_file: Path, tmp_path: Path) -> None:
    """`agentmem get ID` shows the file a reviewer sees in git, byte for byte (YAML
    frontmatter, then the text), not Python reprs such as `tags: ['a']`."""
    _, out = run(
        "--json", "add", "Use UTF-8 CSV.", "--type", "semantic", "--tag", "csv", "--tag", "io"
    )
    memory_id = json.loads(out)["id"]
    code, out = run("get", memory_id)
    on_disk = (tmp_path / "memory" / "entries" / f"{memory_id}.md").read_text()
    assert code == 0 and out == on_disk
    assert "['csv'" not in out and "- csv" in out


@pytest.mark.parametrize(
    ("memory_type", "confidence"),
    [("semantic", 0.8), ("reflective", 0.8), ("procedural", 0.75), ("principle", 1.0)],
)
def test_add_without_confidence_takes_the_types_default(
    env_file: Path, memory_type: str, confidence: float
) -> None:
    """An executive's `add` need not name a confidence: each type has a default inside its
    range (before, `--type semantic` without `--confidence` was rejected)."""
    code, out = run("--json", "add", f"A {memory_type} statement here.", "--type", memory_type)
    assert code == 0, out
    code, out = run("--json", "get", json.loads(out)["id"])
    assert json.loads(out)["confidence"] == confidence


def test_get_unknown_is_exit_2(env_file: Path) -> None:
    code, out = run("get", "semantic-000000000000")
    assert code == 2 and "no memory" in out


def test_bad_setting_is_exit_2_naming_it(tmp_path: Path) -> None:
    (tmp_path / ".env.executive").write_text("AGENTMEM_ENABLED=perhaps\n")
    code, out = run("status")
    assert code == 2 and "AGENTMEM_ENABLED" in out and "perhaps" in out


def test_fire_respects_flags_and_reports(env_file: Path, tmp_path: Path) -> None:
    """`agentmem fire` goes through the same gate and runtime as the loop; exit 1 when not ok."""
    (tmp_path / "retro.md").write_text("## Lessons\n- Vendor Z rate-limits at 10 rps.\n")
    code, out = run("--json", "fire", "post_retro_distill", "--retro", "retro.md")
    assert code == 0 and json.loads(out)["writes"]["accepted"]
    code, out = run("fire", "judgment_harvest")
    assert code == 0 and "judgment_harvest: ok" in out
    code, out = run("fire", "post_run_classify", "--context", '{"run": {"goal": "g"}}')
    assert code == 1 and "FAILED" in out
    env_file.write_text("AGENTMEM_ENABLED=false\n")
    code, out = run("fire", "judgment_harvest")
    assert code == 0 and "skipped (AGENTMEM_ENABLED off)" in out


def test_demo_fires_all_five_hooks(tmp_path: Path) -> None:
    """`agentmem demo` runs offline and every hook shows up ran and ok."""
    before = set(tmp_path.rglob("*"))
    code, out = run("--json", "demo", "--dir", str(tmp_path / "demo"))
    assert code == 0, out
    outside = {p for p in tmp_path.rglob("*") if not p.is_relative_to(tmp_path / "demo")}
    assert outside - {tmp_path / "demo"} <= before  # the demo writes only inside --dir
    results = json.loads(out)["results"]
    ran = {r["hook"] for r in results if r["ran"] and r["ok"]}
    assert ran == {
        "pre_goal_synthesis",
        "pre_spawn_pack",
        "post_run_classify",
        "post_retro_distill",
        "judgment_harvest",
    }


def test_help_explains_every_command() -> None:
    code, out = run("--help")
    assert code == 0
    for command in ("status", "add", "search", "get", "list", "rebuild", "fire", "demo"):
        assert command in out
