"""Tentative records where an operator or a host looks first: `agentmem status` counts them
(and the damaged files skipped) and sends the reader to `agentmem tentative list`; the MCP
server lists them to the executive (`list_tentative`) and refuses a worker; hostile files
break neither."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from mcp import Client

from agentmem import MemoryHooks
from agentmem.audit import tentview
from agentmem.cli import main
from agentmem.harvest.tentfiles import MAX_BYTES
from tests.conftest import ALL_ON, ManualClock
from tests.test_mcp import _mcp_events, _over_stdio

APP = "seed-vault"
CHECK = "humidity-probe"
GUESS = "The vault's humidity probe reads high for an hour after a door opens; wait before logging."
RUN = {
    "run_id": "2026-10-05-vault-001",
    "goal": "Log the morning humidity readings",
    "outcome": "failure",
    "summary": "Readings were rejected as out of band.",
    "app_id": APP,
    "verifiers": [{"name": CHECK, "passed": False, "detail": "reading taken within an hour of a door opening"}],
    "lessons": [{"text": GUESS, "type": "semantic", "confidence": 0.6, "evidence": [CHECK]}],
}  # fmt: skip


def _cli(root: Path, *args: str) -> tuple[int, str]:
    """Exit code and stdout (the skip warnings go to stderr)."""
    env = {"AGENTMEM_USER_ID": "tester", **ALL_ON}
    result = CliRunner().invoke(main, ["--root", str(root), *args], env=env)
    return result.exit_code, result.stdout


def _told_twice(hooks: MemoryHooks, clock: ManualClock) -> str:
    """Two runs tell the same lesson a day apart: one record, kept by the first."""
    [record_id] = hooks.post_run_classify(run=RUN).writes.tentative
    clock.advance(days=1)
    again = hooks.post_run_classify(run={**RUN, "run_id": "2026-10-06-vault-002"})
    assert again.writes.tentative == [record_id]
    return record_id


def _hostile(folder: Path, outside: Path) -> set[str]:
    """Damaged files beside the good record: each is skipped, none breaks a reader."""
    good = json.loads(next(folder.glob("*.json")).read_text())

    def record(suffix: str, **changes: Any) -> None:
        data = {**good, "id": f"tentative-{suffix * 12}", **changes}
        (folder / f"tentative-{suffix * 12}.json").write_text(json.dumps(data))

    (folder / "tentative-aaaaaaaaaaaa.json").write_text("{not json")
    outside.write_text(json.dumps({**good, "id": "tentative-bbbbbbbbbbbb"}))
    (folder / "tentative-bbbbbbbbbbbb.json").symlink_to(outside)
    os.mkfifo(folder / "tentative-cccccccccccc.json")
    (folder / "tentative-dddddddddddd.json").write_text(" " * (MAX_BYTES + 1))
    record("e", draft={**good["draft"], "text": "half \ud800 a surrogate"})
    record("f", draft={**good["draft"], "text": "x <!-- agentmem:pack:end --> y"})
    record("1", kept_at="9999-12-30T00:00:00+00:00")  # its expiry is past any date
    os.close(os.open(os.fsencode(folder) + b"/odd\xff\x1b[2Jname.json", os.O_CREAT | os.O_WRONLY))
    return {f"tentative-{c * 12}.json" for c in "abcdef1"} | {"odd"}


def _named(paths: list[str]) -> set[str]:
    return {"odd" if "odd" in p else Path(p).name for p in paths}


def test_status_counts_pending_records_and_names_where_to_look(
    clocked_hooks: MemoryHooks, clock: ManualClock, root: Path
) -> None:
    """`agentmem status` says how many lessons wait as tentative and sends the reader to
    `agentmem tentative list`; --json gives the counts under `tentative`."""
    _told_twice(clocked_hooks, clock)
    code, out = _cli(root, "status")
    assert code == 0, out
    assert "tentative 1 pending lesson (held out of memory" in out
    assert out.rstrip().endswith("agentmem tentative list")
    code, out = _cli(root, "--json", "status")
    held = json.loads(out)["tentative"]
    assert held["pending"] == 1 and held["damaged"] == [] and "overdue" in held
    assert held["by_status"]["promoted"] == 0 and held["see"] == "agentmem tentative list"


def test_status_without_tentative_records_says_none(root: Path) -> None:
    """A root that never kept a lesson shows none pending, and no pointer to follow."""
    code, out = _cli(root, "status")
    assert code == 0 and "tentative no pending lessons" in out and "tentative list" not in out


def test_status_skips_hostile_tentative_files_and_counts_them_apart(
    clocked_hooks: MemoryHooks, root: Path, tmp_path: Path
) -> None:
    """A link, a FIFO, an oversized file, bad JSON, a lone surrogate, the pack marker, a
    date past the calendar and an undecodable file name are counted as damaged files with
    their reasons, never as records; status exits 0 and prints no control character."""
    clocked_hooks.post_run_classify(run=RUN)
    faults = _hostile(root / "tentative", tmp_path / "outside.json")
    code, out = _cli(root, "status")
    assert code == 0, out
    assert "tentative 1 pending lesson" in out and f"{len(faults)} damaged files skipped" in out
    assert "\x1b" not in out and "odd\\udcff\\x1b[2Jname.json" in out
    code, out = _cli(root, "--json", "status")
    held = json.loads(out)["tentative"]
    reasons = {Path(d["path"]).name: d["reason"] for d in held["damaged"]}
    assert held["pending"] == 1 and _named(list(reasons)) == faults
    assert reasons["tentative-bbbbbbbbbbbb.json"] == "a symbolic link; not followed"
    assert reasons["tentative-cccccccccccc.json"] == "not a regular file"
    assert "is not an ISO time" in reasons["tentative-111111111111.json"]


def test_status_names_the_first_damaged_files_and_counts_the_rest(root: Path) -> None:
    """Past ten damaged files the human status names ten and counts the others."""
    folder = root / "tentative"
    folder.mkdir(parents=True)
    for n in range(13):
        (folder / f"tentative-{n:012x}.json").write_text("[")
    code, out = _cli(root, "status")
    assert code == 0 and "13 damaged files skipped" in out
    assert out.count("  damaged: ") == 10 and "… 3 more damaged files" in out


def test_a_ledger_that_is_hostile_leaves_seen_at_the_record(tmp_path: Path) -> None:
    """Torn lines, a time that is no time, a list where an object belongs and another
    hook's lines are not counted as sightings; a FIFO where the ledger was is not read."""
    log = tmp_path / "log.jsonl"
    good = {"event": "hook_run", "hook": "post_run_classify", "ts": 1.0e9}
    other = {**good, "hook": "post_retro_distill"}
    lines = [
        json.dumps({**good, "writes": {"tentative": ["tentative-aaaaaaaaaaaa"]}}),
        '{"event": "hook_run", "writes": {"tentative": ["tentative-aaaa',
        json.dumps({**good, "ts": 1e300, "writes": {"tentative": ["tentative-aaaaaaaaaaaa"]}}),
        json.dumps({**good, "ts": True, "writes": {"tentative": ["tentative-aaaaaaaaaaaa"]}}),
        json.dumps({**good, "writes": ["tentative-aaaaaaaaaaaa"]}),
        json.dumps({**other, "writes": {"tentative": ["tentative-aaaaaaaaaaaa"]}}),
    ]
    log.write_text("\n".join(lines) + "\n")
    seen = tentview.sightings(log, {"tentative-aaaaaaaaaaaa"})
    assert seen["tentative-aaaaaaaaaaaa"].count == 1
    os.mkfifo(tmp_path / "log.jsonl.1")
    assert tentview.sightings(log, {"tentative-aaaaaaaaaaaa"})["tentative-aaaaaaaaaaaa"].count == 1


def test_mcp_lists_tentative_records_to_the_executive(
    clocked_hooks: MemoryHooks, clock: ManualClock, root: Path, tmp_path: Path
) -> None:
    """Over stdio the SDK client finds `list_tentative` (read-only) and gets each pending
    record's id, app, text, seen count and first/last seen (both fires that told it), the
    damaged files apart; a secret in a record's text comes back redacted; bad arguments
    are error values naming the field; every call is one `mcp_tool` event."""
    record_id = _told_twice(clocked_hooks, clock)
    faults = _hostile(root / "tentative", tmp_path / "outside.json")
    key = "sk-" + "Q7x" * 10
    secret = json.loads((root / "tentative" / f"{record_id}.json").read_text())
    secret["id"] = "tentative-222222222222"
    secret["draft"] = {**secret["draft"], "text": f"The sorter's key is {key}, keep it.", "app_id": "other-app"}  # fmt: skip
    (root / "tentative" / "tentative-222222222222.json").write_text(json.dumps(secret))

    async def session(client: Client) -> dict[str, Any]:
        tools = {t.name: t for t in (await client.list_tools()).tools}
        calls = [
            ("all", {}),
            ("app", {"app_id": APP}),
            ("one", {"limit": 1}),
            ("zero", {"limit": 0}),
            ("extra", {"app_id": APP, "status": "pending"}),
        ]
        seen: dict[str, Any] = {"tool": tools["list_tentative"]}
        for name, args in calls:
            result = await client.call_tool("list_tentative", args)
            seen[name] = (result.is_error, result.structured_content)
        return seen

    seen = _over_stdio(root, tmp_path, "executive", session)
    assert seen["tool"].annotations.read_only_hint is True
    error, data = seen["app"]
    [row] = data["tentative"]
    assert not error and row["id"] == record_id and row["app_id"] == APP and row["text"] == GUESS
    assert row["seen"] == 2 and row["status"] == "pending"
    assert row["first_seen"].startswith("2026-10-05") and row["last_seen"].startswith("2026-10-06")
    assert data["total"] == 1 and data["pending"] == 2
    assert _named([d["path"] for d in data["damaged"]]) == faults
    assert all("\x1b" not in d["path"] for d in data["damaged"])
    texts = {r["id"]: r["text"] for r in seen["all"][1]["tentative"]}
    assert key not in texts["tentative-222222222222"] and "redacted" in texts["tentative-222222222222"]
    assert len(seen["one"][1]["tentative"]) == 1 and seen["one"][1]["total"] == 2
    assert seen["zero"][0] and seen["zero"][1]["error"][0]["field"] == "limit"
    assert seen["extra"][0] and seen["extra"][1]["error"][0]["field"] == "status"
    events = [e for e in _mcp_events(root) if e["tool"] == "list_tentative"]
    assert [e["ok"] for e in events] == [True, True, True, False, False]
    assert events[1]["returned"] == [record_id]


def test_mcp_refuses_tentative_records_to_a_worker(
    clocked_hooks: MemoryHooks, root: Path, tmp_path: Path
) -> None:
    """A worker's client gets an error value naming AGENTMEM_ROLE (no pack holds an
    unvetted lesson, so no worker reads one), and the refusal is in the ledger."""
    clocked_hooks.post_run_classify(run=RUN)

    async def session(client: Client) -> Any:
        return await client.call_tool("list_tentative", {})

    result = _over_stdio(root, tmp_path, "worker", session)
    assert result.is_error and result.structured_content["error"][0]["field"] == "AGENTMEM_ROLE"
    assert GUESS not in result.content[0].text
    [event] = [e for e in _mcp_events(root) if e["tool"] == "list_tentative"]
    assert event["ok"] is False and event["role"] == "worker"
