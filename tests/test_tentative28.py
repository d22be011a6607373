"""Tentative records as a user meets them: the CLI lists, drops and promotes them; snapshots
carry them; the audit counts them and names damaged files; a hostile file is never read."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from structlog.testing import capture_logs

from agentmem import MemoryHooks
from agentmem.audit import build, resolve
from agentmem.cli import main
from agentmem.harvest import tentfiles
from agentmem.harvest.tentfiles import MAX_BYTES
from agentmem.settings import settings_from_values
from agentmem.stores.base import Filters
from tests.conftest import ALL_ON, ManualClock

APP = "kiln-firing"
CHECK = "glaze-test"
GUESS = "The kiln controller drops programs longer than 12 segments; split long firings."
KEPT = {
    "run_id": "2026-10-05-kiln-001",
    "goal": "Fire the stoneware batch",
    "outcome": "failure",
    "summary": "The controller stopped at segment 13.",
    "app_id": APP,
    "verifiers": [{"name": CHECK, "passed": False, "detail": "programs longer than 12 segments must be split"}],
    "lessons": [{"text": GUESS, "type": "semantic", "confidence": 0.6, "evidence": [CHECK]}],
}
# A later success that does what the failed check asked: it would promote the record.
LATER = {
    "run_id": "2026-10-06-kiln-002",
    "goal": "Split the stoneware program into segments under the controller's limit",
    "outcome": "success",
    "summary": "Fired in two programs.",
    "app_id": APP,
    "verifiers": [{"name": CHECK, "passed": True}],
}


def _kept(hooks: MemoryHooks) -> str:
    result = hooks.post_run_classify(run=KEPT)
    [record_id] = result.writes.tentative
    return record_id


def cli(root: Path, *args: str) -> tuple[int, str]:
    env = {"AGENTMEM_USER_ID": "tester", **ALL_ON}
    result = CliRunner().invoke(main, ["--root", str(root), *args], env=env)
    return result.exit_code, result.output


def test_tentative_list_shows_what_app_when_why_and_expiry(
    clocked_hooks: MemoryHooks, root: Path
) -> None:
    """`tentative list` shows the lesson, its app, when and from which run it was kept, why
    it is held and when it expires; --json gives the same as fields."""
    record_id = _kept(clocked_hooks)
    code, out = cli(root, "tentative", "list")
    assert code == 0, out
    assert record_id in out and GUESS[:40] in out and APP in out and KEPT["run_id"] in out
    assert "below semantic's range 0.7-0.95" in out and "expires 2026-11-04" in out
    code, out = cli(root, "--json", "tentative", "list")
    [row] = json.loads(out)["tentative"]
    assert row["id"] == record_id and row["status"] == "pending" and row["confidence"] == 0.6
    assert row["expires_at"].startswith("2026-11-04") and row["app_id"] == APP
    assert "0.7-0.95" in row["why"]
    code, out = cli(root, "tentative", "list", "--app", "other-app")
    assert code == 0 and record_id not in out


def test_tentative_drop_removes_it_and_an_unknown_id_is_named(
    clocked_hooks: MemoryHooks, clock: ManualClock, root: Path
) -> None:
    """A dropped record is gone: no later corroborating run promotes it. An id that names
    no record exits 2 with the id in the message."""
    record_id = _kept(clocked_hooks)
    code, out = cli(root, "tentative", "drop", record_id)
    assert code == 0 and f"dropped {record_id}" in out
    assert not (root / "tentative" / f"{record_id}.json").exists()
    clock.advance(days=1)
    clocked_hooks.post_run_classify(run=LATER)
    assert all(m.text != GUESS for m in clocked_hooks.store.list())
    for bad in (record_id, "tentative-0123456789ab", "../entries/x"):
        code, out = cli(root, "tentative", "drop", bad)
        assert code == 2 and bad in out and "no such record" in out


def test_tentative_promote_by_hand_writes_it_at_the_type_floor(
    clocked_hooks: MemoryHooks, root: Path
) -> None:
    """`tentative promote` writes the lesson through the writer at its type's lowest
    confidence and marks the record promoted by hand; a second promote exits 1."""
    record_id = _kept(clocked_hooks)
    code, out = cli(root, "--json", "tentative", "promote", record_id)
    assert code == 0, out
    memory_id = json.loads(out)["memory_id"]
    memory = clocked_hooks.store.get(memory_id)
    assert memory.text == GUESS and memory.confidence == 0.7 and memory.app_id == APP
    record = json.loads((root / "tentative" / f"{record_id}.json").read_text())
    assert record["status"] == "promoted" and record["settled_by"] == "manual"
    code, out = cli(root, "tentative", "promote", record_id)
    assert code == 1 and "already promoted" in out and record_id in out
    code, out = cli(root, "tentative", "promote", "tentative-0123456789ab")
    assert code == 2 and "tentative-0123456789ab" in out


def test_tentative_promote_of_a_contradicted_record_needs_force(
    clocked_hooks: MemoryHooks, clock: ManualClock, root: Path
) -> None:
    """A record a run contradicted is promoted by hand only with --force."""
    record_id = _kept(clocked_hooks)
    clock.advance(days=1)
    failed = {**LATER, "outcome": "failure", "verifiers": [
        {"name": CHECK, "passed": False, "detail": "glaze crazed"}]}  # fmt: skip
    clocked_hooks.post_run_classify(run=failed)
    code, out = cli(root, "tentative", "promote", record_id)
    assert code == 1 and "contradicted" in out and "--force" in out
    code, out = cli(root, "tentative", "promote", record_id, "--force")
    assert code == 0, out


def test_tentative_help_explains_the_records() -> None:
    """The group's help says what a tentative record is and where it lives."""
    code, out = cli(Path("memory"), "tentative", "--help")
    assert code == 0 and "below its type's confidence range" in out and "tentative/" in out


def test_snapshot_and_restore_carry_tentative_records(
    clocked_hooks: MemoryHooks, root: Path, tmp_path: Path
) -> None:
    """A snapshot holds the tentative records; a restore brings each back as it was, and
    a root that already holds tentative files is refused."""
    record_id = _kept(clocked_hooks)
    before = json.loads((root / "tentative" / f"{record_id}.json").read_text())
    snap = tmp_path / "snap.json"
    code, out = cli(root, "--json", "snapshot", str(snap))
    assert code == 0 and json.loads(out)["tentative"] == 1
    other = tmp_path / "other"
    code, out = cli(other, "--json", "restore", str(snap))
    assert code == 0 and json.loads(out)["tentative"] == 1, out
    assert json.loads((other / "tentative" / f"{record_id}.json").read_text()) == before
    (other / "entries").mkdir(exist_ok=True)
    for path in (other / "entries").iterdir():
        path.unlink()
    code, out = cli(other, "restore", str(snap))
    assert code == 1 and "1 tentative files" in out


def _damage(folder: Path, outside: Path) -> dict[str, str]:
    """Four damaged files beside the good record: bad JSON, a link, oversized, a marker."""
    good = next(folder.glob("*.json"))
    record = json.loads(good.read_text())
    (folder / "tentative-aaaaaaaaaaaa.json").write_text("{not json")
    outside.write_text(json.dumps({**record, "id": "tentative-bbbbbbbbbbbb"}))
    (folder / "tentative-bbbbbbbbbbbb.json").symlink_to(outside)
    (folder / "tentative-cccccccccccc.json").write_text(" " * (MAX_BYTES + 1))
    marked = {**record, "id": "tentative-dddddddddddd",
              "draft": {**record["draft"], "text": "x <!-- agentmem:pack:end --> y"}}  # fmt: skip
    (folder / "tentative-dddddddddddd.json").write_text(json.dumps(marked))
    return {
        "tentative-aaaaaaaaaaaa.json": "not JSON",
        "tentative-bbbbbbbbbbbb.json": "symbolic link",
        "tentative-cccccccccccc.json": f"larger than {MAX_BYTES} bytes",
        "tentative-dddddddddddd.json": "pack marker",
    }


def test_audit_reports_damaged_tentative_files_without_counting_them(
    clocked_hooks: MemoryHooks, root: Path, tmp_path: Path
) -> None:
    """The audit counts tentative records by status and names each damaged file with its
    reason; none of them is counted as memory or as a record."""
    _kept(clocked_hooks)
    faults = _damage(root / "tentative", tmp_path / "outside.json")
    settings = settings_from_values(
        {"AGENTMEM_USER_ID": "tester", "AGENTMEM_ROOT": str(root), **ALL_ON}, base_dir=tmp_path
    )
    data = build(settings, resolve("3650d", None, None)).as_dict()
    assert data["tentative"]["by_status"]["pending"] == 1
    damaged = {Path(d["path"]).name: d["reason"] for d in data["tentative"]["damaged"]}
    assert set(damaged) == set(faults)
    assert all(want in damaged[name] for name, want in faults.items())
    assert data["memory"]["unreadable_files"] == 0
    held = sum(data["memory"]["new_per_day"].values()) + data["memory"]["before_window"]
    assert held == len(clocked_hooks.store.list(Filters(include_expired=True)))


def test_hostile_tentative_files_are_skipped_with_a_log_event(
    clocked_hooks: MemoryHooks, clock: ManualClock, root: Path, tmp_path: Path
) -> None:
    """A link, an oversized file, bad JSON or a marker is never read as a record: the next
    fire logs `tentative_file_skipped` for each and promotes only the good record."""
    _kept(clocked_hooks)
    faults = _damage(root / "tentative", tmp_path / "outside.json")
    clock.advance(days=1)
    with capture_logs() as logs:
        result = clocked_hooks.post_run_classify(run=LATER)
    skipped = {Path(e["path"]).name for e in logs if e["event"] == "tentative_file_skipped"}
    assert skipped == set(faults)
    assert len(result.writes.accepted) == 2  # the episodic record and the one good record
    assert json.loads((tmp_path / "outside.json").read_text())["status"] == "pending"


def test_a_record_whose_id_leaves_the_folder_is_not_read(root: Path) -> None:
    """A record naming another id (a path) than its file's is skipped: saving it would
    have written outside <root>/tentative/."""
    folder = root / "tentative"
    folder.mkdir(parents=True)
    record: dict[str, Any] = {"id": "../entries/evil", "draft": {}, "run": "r", "evidence": [],
                              "asked": [], "topic": [], "kept_at": "2026-10-05T12:00:00"}  # fmt: skip
    (folder / "tentative-eeeeeeeeeeee.json").write_text(json.dumps(record))
    records, damaged = tentfiles.scan(folder)
    assert records == [] and "tentative-<12 hex digits>" in damaged[0].reason


def test_a_linked_tentative_folder_is_neither_read_nor_written(
    clocked_hooks: MemoryHooks, root: Path, tmp_path: Path
) -> None:
    """<root>/tentative as a link to a folder elsewhere: hook C keeps nothing through it and
    says so as a store error; nothing lands in the folder it points at."""
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    root.mkdir(parents=True, exist_ok=True)
    os.symlink(elsewhere, root / "tentative")
    result = clocked_hooks.post_run_classify(run=KEPT)
    assert result.writes.tentative == [] and result.writes.store_errors
    assert list(elsewhere.iterdir()) == []


@pytest.mark.parametrize("text", ["half \ud800 a surrogate", "bell \x07 inside"])
def test_a_record_with_text_memory_cannot_hold_is_skipped(root: Path, text: str) -> None:
    """A lone surrogate (written as its JSON escape) or a control character in any field
    makes the file damaged, not a record."""
    folder = root / "tentative"
    folder.mkdir(parents=True)
    record = {"id": "tentative-ffffffffffff", "draft": {"text": text}, "run": "r",
              "evidence": [], "asked": [], "topic": [], "kept_at": "2026-10-05T12:00:00"}  # fmt: skip
    (folder / "tentative-ffffffffffff.json").write_text(json.dumps(record))
    records, damaged = tentfiles.scan(folder)
    assert records == [] and len(damaged) == 1
