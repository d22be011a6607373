"""A tentative record as an operator may leave it: a kept_at edited by hand without a
timezone is read as UTC (as the CLI and the audit read it), so hook C's settle step
judges it instead of failing the fire; `agentmem tentative list` shows how many fires told
the record, as the MCP server's list does."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from agentmem import MemoryHooks
from agentmem.cli import main
from tests.conftest import ALL_ON, ManualClock

APP = "tile-kiln"
CHECK = "crazing-check"
GUESS = "Celadon tiles craze when the kiln cools faster than 90 degrees an hour; slow the ramp."
KEPT = {
    "run_id": "2026-10-05-tile-001",
    "goal": "Fire the celadon tile batch",
    "outcome": "failure",
    "summary": "Half the tiles crazed.",
    "app_id": APP,
    "verifiers": [{"name": CHECK, "passed": False, "detail": "crazing on 14 of 30 tiles; cooling ramp too fast"}],
    "lessons": [{"text": GUESS, "type": "semantic", "confidence": 0.6, "evidence": [CHECK]}],
}  # fmt: skip
LATER = {
    "run_id": "2026-10-06-tile-002",
    "goal": "Slow the celadon cooling ramp under the kiln's crazing limit",
    "outcome": "success",
    "summary": "No crazing.",
    "app_id": APP,
    "verifiers": [{"name": CHECK, "passed": True}],
}


def _cli(root: Path, *args: str) -> tuple[int, str]:
    env = {"AGENTMEM_USER_ID": "tester", **ALL_ON}
    result = CliRunner().invoke(main, ["--root", str(root), *args], env=env)
    return result.exit_code, result.stdout


def test_a_hand_edited_kept_at_without_a_timezone_is_settled_not_a_failed_fire(
    clocked_hooks: MemoryHooks, clock: ManualClock, root: Path
) -> None:
    """The record's kept_at loses its "+00:00" by hand; the next run of its app still
    settles it (here: promotes it), and the fire is ok."""
    [record_id] = clocked_hooks.post_run_classify(run=KEPT).writes.tentative
    path = root / "tentative" / f"{record_id}.json"
    data = json.loads(path.read_text())
    data["kept_at"] = data["kept_at"].removesuffix("+00:00")
    assert "+" not in data["kept_at"]
    path.write_text(json.dumps(data))
    clock.advance(days=1)
    result = clocked_hooks.post_run_classify(run=LATER)
    assert result.ok, result
    assert json.loads(path.read_text())["status"] == "promoted"
    code, out = _cli(root, "tentative", "list", "--all")
    assert code == 0 and record_id in out


def test_tentative_list_shows_how_many_fires_told_the_record(
    clocked_hooks: MemoryHooks, clock: ManualClock, root: Path
) -> None:
    """Two runs a day apart tell the same lesson: the list says it was told twice, first
    and last; --json gives seen, first_seen and last_seen; a record told once says so."""
    [record_id] = clocked_hooks.post_run_classify(run=KEPT).writes.tentative
    clock.advance(days=1)
    clocked_hooks.post_run_classify(run={**KEPT, "run_id": "2026-10-06-tile-003"})
    code, out = _cli(root, "tentative", "list")
    assert code == 0, out
    assert "told by 2 fires" in out and "2026-10-05" in out and "2026-10-06" in out
    code, out = _cli(root, "--json", "tentative", "list")
    [row] = json.loads(out)["tentative"]
    assert row["id"] == record_id and row["seen"] == 2
    assert row["first_seen"].startswith("2026-10-05") and row["last_seen"].startswith("2026-10-06")
