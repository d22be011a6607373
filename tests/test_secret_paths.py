"""Issue 14, item 7: every shape the guard once missed, down every write path.

The paths are the ones the issue lists (entries through `agentmem add`, hooks C and D and
backfill; daily notes through the library and `agentmem log`; hot state, whose keys move
to cold; state files; MEMORY.md via maintain). For each shape and each path the write is
refused (or leaves the secret out), and no file under the root, no log event and no CLI
output holds any part of the secret that the refusal names.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from structlog.testing import capture_logs

from agentmem import Contribution, MemoryHooks, Tools, hookimpl
from agentmem._exceptions import AgentMemError
from agentmem.cli import main
from agentmem.settings import settings_from_values
from agentmem.tiers import DailyLog, HotState, StateFiles
from agentmem.tiers.maintain import Maintenance
from tests.conftest import ALL_ON, HooksFactory
from tests.test_secret_guard import MISSED

Write = Callable[[MemoryHooks, Path, str], str]  # returns what it printed ("" for none)


def cli(tmp_path: Path, *args: str, refuses: bool = True) -> str:
    env = {"AGENTMEM_USER_ID": "tester", **ALL_ON}
    result = CliRunner().invoke(main, ["--root", str(tmp_path / "memory"), *args], env=env)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.output
    assert (result.exit_code != 0) == refuses, result.output
    return result.output


def refused(write: Callable[[], object]) -> str:
    """A library call that must refuse by raising a named error."""
    with pytest.raises(AgentMemError, match="secret"):
        write()
    return ""


def add_cli(hooks: MemoryHooks, tmp_path: Path, text: str) -> str:
    return cli(tmp_path, "add", "--type", "semantic", "--", text)


def hook_c_summary(hooks: MemoryHooks, tmp_path: Path, text: str) -> str:
    run = {"run_id": "2026-11-29-r1", "goal": "g", "outcome": "success", "summary": text}
    return json.dumps(hooks.post_run_classify(run=run).as_dict())


def hook_c_lesson(hooks: MemoryHooks, tmp_path: Path, text: str) -> str:
    run = {
        "run_id": "2026-11-29-r1", "goal": "g", "outcome": "success",
        "verifiers": [{"name": "tests", "passed": True}],
        "lessons": [{"text": f"Deploys: {text}", "evidence": ["tests"]}],
    }  # fmt: skip
    result = hooks.post_run_classify(run=run)
    return json.dumps(result.as_dict())


def hook_d_retro(hooks: MemoryHooks, tmp_path: Path, text: str) -> str:
    retro = tmp_path / "retros" / "2026-11-28-r4.md"
    retro.parent.mkdir(exist_ok=True)
    retro.write_text(f"# Retro\n## Lessons learned\n- The deploy uses {text}\n", encoding="utf-8")
    result = hooks.post_retro_distill(retro={"path": "retros/2026-11-28-r4.md"})
    return json.dumps(result.as_dict())


def backfill_cli(hooks: MemoryHooks, tmp_path: Path, text: str) -> str:
    ledger = tmp_path / "runs.jsonl"
    line = {"run_id": "2026-11-29-a", "app_id": "billing", "outcome": "success", "summary": text}
    ledger.write_text(json.dumps(line) + "\n", encoding="utf-8")
    return cli(tmp_path, "--json", "backfill", str(ledger), "--lane", "episodic")


def log_cli(hooks: MemoryHooks, tmp_path: Path, text: str) -> str:
    return cli(tmp_path, "log", "--", text)


def daily(hooks: MemoryHooks, tmp_path: Path, text: str) -> str:
    return refused(lambda: DailyLog(hooks.settings.root).append(text))


def hot(hooks: MemoryHooks, tmp_path: Path, text: str) -> str:
    state = HotState(hooks.settings.root, cold_after=1)
    refused(lambda: state.set("deploy_note", text))
    state.tick()  # whatever hot held moves to cold.json: it must hold nothing either
    return ""


def hot_cli(hooks: MemoryHooks, tmp_path: Path, text: str) -> str:
    return cli(tmp_path, "hot", "set", "deploy_note", json.dumps(text))


def state_write(hooks: MemoryHooks, tmp_path: Path, text: str) -> str:
    state = StateFiles(hooks.settings.root)
    state.define("deploys", {"type": "object"})
    return refused(lambda: state.write("deploys", {"note": text}))


def state_update(hooks: MemoryHooks, tmp_path: Path, text: str) -> str:
    state = StateFiles(hooks.settings.root)
    state.define("deploys", {"type": "object"})
    return refused(lambda: state.update("deploys", {"db": {"note": [text]}}))


def state_define(hooks: MemoryHooks, tmp_path: Path, text: str) -> str:
    schema = {"type": "object", "examples": [{"note": text}]}
    return refused(lambda: StateFiles(hooks.settings.root).define("deploys", schema))


def state_cli(hooks: MemoryHooks, tmp_path: Path, text: str) -> str:
    cli(tmp_path, "state", "define", "deploys", '{"type": "object"}', refuses=False)
    return cli(tmp_path, "state", "set", "deploys", json.dumps({"note": text}))


def memory_md(hooks: MemoryHooks, tmp_path: Path, text: str) -> str:
    """Daily notes written by hand (not through DailyLog) repeating a lesson with the
    secret on two days: maintain proposes repeated lessons for MEMORY.md, never this one."""
    root, today = hooks.settings.root, date(2026, 11, 29)
    (root / "daily").mkdir(parents=True, exist_ok=True)
    one_line = " ".join(text.splitlines())  # a note line holds no line break
    for back in (0, 1):
        note = root / "daily" / f"{today - timedelta(days=back)}.md"
        note.write_text(f"- 10:00:00Z lesson: deploy with {one_line}\n", encoding="utf-8")
    settings = settings_from_values({"AGENTMEM_ROOT": str(root)}, base_dir=tmp_path)
    Maintenance(settings, today=today).apply(force=True)
    for back in (0, 1):  # the hand-written notes themselves are not agentmem's to remove
        (root / "daily" / f"{today - timedelta(days=back)}.md").unlink()
    return ""


WRITE_PATHS: dict[str, Write] = {
    "agentmem add": add_cli,
    "hook C summary": hook_c_summary,
    "hook C lesson": hook_c_lesson,
    "hook D retro bullet": hook_d_retro,
    "agentmem backfill --json": backfill_cli,
    "agentmem log": log_cli,
    "daily note": daily,
    "hot (and cold) state": hot,
    "agentmem hot set": hot_cli,
    "state write": state_write,
    "state update": state_update,
    "state define (schema)": state_define,
    "agentmem state set": state_cli,
    "MEMORY.md via maintain": memory_md,
}
# A line break cannot live in one daily-note line, so maintain never sees a split key whole.
SKIP = {("MEMORY.md via maintain", "key split across two lines")}


@pytest.mark.parametrize("shape", sorted(MISSED))
@pytest.mark.parametrize("path", sorted(WRITE_PATHS))
def test_every_write_path_refuses_every_shape(
    hooks: MemoryHooks, tmp_path: Path, path: str, shape: str
) -> None:
    """Each shape the guard missed (a PGP block, DB_PASSWORD=, aws_secret_access_key,
    client_secret:, a base64-wrapped key, a key split across lines or by a zero-width
    space), down each write path: no file under the root (entries, snapshots, catalog
    journal, ledger, daily, hot, cold, state, MEMORY.md), no log event and no output holds
    the secret."""
    if (path, shape) in SKIP:
        pytest.skip("a daily-note line cannot hold a line break")
    text, secret = MISSED[shape]
    root = hooks.settings.root
    with capture_logs() as events:
        printed = WRITE_PATHS[path](hooks, tmp_path, text)
    assert secret not in printed
    assert secret not in json.dumps(events, default=str)
    for file in root.rglob("*"):
        if file.is_file():
            assert secret not in file.read_text("utf-8", errors="replace"), file


def test_a_key_inside_nested_state_is_seen_as_text(tmp_path: Path) -> None:
    """State and hot values were checked as their JSON text only, where a line break is the
    two characters `\\n`: a key split across two lines inside a value was stored."""
    text, secret = MISSED["key split across two lines"]
    state = StateFiles(tmp_path)
    state.define("deploys", {"type": "object"})
    with pytest.raises(AgentMemError, match="secret"):
        state.write("deploys", {"runs": [{"note": text}]})
    with pytest.raises(AgentMemError, match="secret"):
        HotState(tmp_path).set("note", {"nested": [text]})
    assert not any(secret in p.read_text() for p in tmp_path.rglob("*") if p.is_file())


def test_a_draft_the_hook_contract_refuses_never_shows_its_secret(
    make_hooks: HooksFactory,
) -> None:
    """A plugin's draft refused by the hook's contract (here a principle from hook E) was
    kept in the result as handed in, so `agentmem fire --json` printed its key. It is
    scrubbed as the writer's own refusals are."""

    class PrincipleWithAKey:
        @hookimpl
        def judgment_harvest(self, window: Any, tools: Tools) -> Contribution:
            return Contribution(
                drafts=[{"text": "Staging: DB_PASSWORD=hunter2xyz", "type": "principle"}]
            )

    hooks = make_hooks(defaults=False)
    hooks.register(PrincipleWithAKey())
    result = hooks.fire("judgment_harvest")
    assert result.writes.rejected and "hunter2xyz" not in json.dumps(result.as_dict())


@pytest.mark.parametrize("shape", sorted(MISSED))
def test_a_key_in_a_hand_written_memory_never_reaches_a_worker(
    hooks: MemoryHooks, tmp_path: Path, shape: str
) -> None:
    """A memory file written by hand (past the writer) that holds a key: the pack is
    scrubbed before it is written into the worker's CLAUDE.md. A key split across two
    lines was made one line with a space inside it first, so the scrub no longer saw it."""
    text, secret = MISSED[shape]
    entries = hooks.settings.root / "entries"
    entries.mkdir(parents=True)
    (entries / "semantic-0000000000aa.md").write_text(
        "---\nid: semantic-0000000000aa\ntype: semantic\nconfidence: 0.9\nuser_id: tester\n"
        "agent_id: executive\napp_id: _global\nrun_id: 2026-11-29\ntrigger: manual\n"
        f"created_at: '2026-11-29T00:00:00'\n---\nVendor deploy note: {text}\n",
        encoding="utf-8",
    )
    worker = tmp_path / "worker"
    worker.mkdir()
    result = hooks.pre_spawn_pack(goal={"title": "vendor deploy note"}, worker_dir=worker)
    assert result.ok and result.pack is not None and result.pack.entries
    assert secret not in (worker / "CLAUDE.md").read_text(encoding="utf-8")
