"""Claude Code hooks, tested with the real Claude Code CLI.

The CLI (`@anthropic-ai/claude-code`, pinned below) is installed from the npm registry
into `.cache/claude-code/` on the first run in a clone, then reused. It runs headless
(`claude -p`) against `tests/anthropic_api_double.py`, a scripted Messages API on
127.0.0.1 (the hosted API cannot run here), with HOME in a scratch folder. Everything
else is real: `agentmem claude-code install` writes the project's `.claude/settings.json`,
the CLI runs `agentmem claude-code hook` with its own event payloads, and hook C reads
the transcript the CLI wrote.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from agentmem import MemoryHooks
from agentmem.audit import ledger
from agentmem.cli import main
from agentmem.tiers.daily import DailyLog
from tests.anthropic_api_double import MessagesApiDouble, Script

CLAUDE_CODE_VERSION = "2.1.332"
REPO = Path(__file__).resolve().parents[1]
CACHE = REPO / ".cache" / "claude-code"
PROMPT = "Read notes.txt and check the build script, then tell me what the notes say."
ANSWER = "The notes say the vendor API needs the X-Trace header."


def _install_cli() -> Path:
    """The CLI binary, installed once per clone (npm, pinned version), or a skip reason."""
    claude = CACHE / "node_modules" / ".bin" / "claude"
    marker = CACHE / f"installed-{CLAUDE_CODE_VERSION}"
    if claude.exists() and marker.exists():
        return claude
    npm = shutil.which("npm")
    if npm is None:
        pytest.skip("npm is not installed: the Claude Code CLI cannot be installed here")
    CACHE.mkdir(parents=True, exist_ok=True)
    done = subprocess.run(
        [
            npm,
            "install",
            "--no-audit",
            "--no-fund",
            "--no-save",
            "--prefix",
            str(CACHE),
            f"@anthropic-ai/claude-code@{CLAUDE_CODE_VERSION}",
        ],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, f"npm install failed:\n{done.stdout}\n{done.stderr}"
    marker.write_text(CLAUDE_CODE_VERSION)
    return claude


class Project:
    """A scratch project with agentmem's hooks installed, and the runs made in it."""

    def __init__(self, base: Path, claude: Path) -> None:
        self.claude = claude
        self.dir = base / "project"
        self.home = base / "home"
        self.root = base / "memory"
        for folder in (self.dir, self.home):
            folder.mkdir(parents=True)
        (self.dir / "notes.txt").write_text("The vendor API needs the X-Trace header.\n")
        (self.dir / ".env.executive").write_text(
            "AGENTMEM_ENABLED=true\nAGENTMEM_HOOK_PRE_SPAWN=true\nAGENTMEM_HOOK_POST_RUN=true\n"
            f"AGENTMEM_USER_ID=tester\nAGENTMEM_ROOT={self.root}\n"
        )
        self.env = {
            k: v for k, v in os.environ.items() if not k.startswith(("AGENTMEM_", "ANTHROPIC_"))
        }
        self.env |= {
            "HOME": str(self.home),
            "ANTHROPIC_API_KEY": "sk-ant-dummy-for-the-local-double",
            "CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC": "1",
            "DISABLE_TELEMETRY": "1",
            "DISABLE_AUTOUPDATER": "1",
        }

    def agentmem(self, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        return subprocess.run(
            [sys.executable, "-m", "agentmem", *args],
            cwd=self.dir,
            env=self.env,
            input=stdin,
            capture_output=True,
            text=True,
            timeout=120,
        )

    def claude_p(self, api: MessagesApiDouble, prompt: str, *options: str) -> dict[str, Any]:
        """`claude -p PROMPT` (the prompt first: a variadic option would swallow it)."""
        done = subprocess.run(
            [str(self.claude), "-p", prompt, "--output-format", "json", *options],
            cwd=self.dir,
            env={**self.env, "ANTHROPIC_BASE_URL": api.url},
            capture_output=True,
            text=True,
            timeout=180,
        )
        assert done.returncode == 0, f"claude -p failed:\n{done.stdout}\n{done.stderr}"
        result: dict[str, Any] = json.loads(done.stdout)
        return result

    def events(self) -> list[dict[str, Any]]:
        return list(ledger.read(self.root / ".agentmem" / "log.jsonl"))


@pytest.fixture(scope="module")
def runs(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """Install the hooks, then run three real sessions: one that uses tools, a second new
    session, and a `/compact` of the first."""
    project = Project(tmp_path_factory.mktemp("claude-code"), _install_cli())
    seen: dict[str, Any] = {"project": project}
    seen["install"] = project.agentmem("claude-code", "install", "--json")
    first = Script(
        steps=[
            [
                ("Read", {"file_path": str(project.dir / "notes.txt")}),
                ("Bash", {"command": "echo build ok", "description": "Check the build script"}),
            ],
            [("Read", {"file_path": str(project.dir / "build.sh")})],  # no such file: an error
            ANSWER,
        ]
    )
    with MessagesApiDouble(first) as api:
        seen["first"] = project.claude_p(api, PROMPT, "--allowedTools", "Bash(echo:*)")
    seen["first_requests"] = first.requests
    second = Script(steps=["Noted."])
    with MessagesApiDouble(second) as api:
        seen["second"] = project.claude_p(api, "What did the last session find?")
    seen["second_requests"] = second.requests
    compact = Script(steps=["Summary: the notes were read."])
    with MessagesApiDouble(compact) as api:
        seen["compact"] = project.claude_p(api, "/compact", "--resume", seen["first"]["session_id"])
    return seen


def _hook_events(project: Project, session: str) -> list[dict[str, Any]]:
    return [
        e
        for e in project.events()
        if e.get("event") == "claude_code_hook" and e.get("session_id") == session
    ]


def test_install_merges_entries_that_the_cli_runs_with_real_payloads(runs: dict[str, Any]) -> None:
    """`agentmem claude-code install` writes entries Claude Code runs: the first session's
    SessionStart and Stop reached `agentmem claude-code hook` with the CLI's own payloads
    (its session id), each one a ledger event."""
    project: Project = runs["project"]
    assert runs["install"].returncode == 0, runs["install"].stderr
    settings = json.loads((project.dir / ".claude" / "settings.json").read_text())
    assert set(settings["hooks"]) == {"SessionStart", "Stop", "SubagentStop", "PreCompact"}
    session = runs["first"]["session_id"]
    actions = [(e["hook_event_name"], e["action"], e["ok"]) for e in _hook_events(project, session)]
    assert ("SessionStart", "pack", True) in actions
    assert ("Stop", "record", True) in actions


def test_stop_records_the_session_with_its_tool_histogram(runs: dict[str, Any]) -> None:
    """Hook C recorded the first session from its transcript: run id = date + session id,
    the prompt as goal, the tool calls the transcript shows (Read twice, Bash once), the
    failed Read as a tool error, the final answer, outcome success."""
    project: Project = runs["project"]
    session = runs["first"]["session_id"]
    stop = next(e for e in _hook_events(project, session) if e["hook_event_name"] == "Stop")
    assert stop["tool_calls"] == {"Bash": 1, "Read": 2}
    assert stop["tool_errors"] == 1 and stop["outcome"] == "success"
    assert (
        stop["run_id"].endswith(session)
        and stop["run_id"][:10] == datetime.now(UTC).date().isoformat()
    )
    hooks = MemoryHooks.from_env(project.dir / ".env.executive", environ={})
    episodes = [m for m in hooks.store.list() if m.run_id == stop["run_id"]]
    assert [m.type.value for m in episodes] == ["episodic"]
    text = episodes[0].text
    assert PROMPT in text and "3 tool call(s) (Bash 1, Read 2), 1 tool error(s)" in text
    assert "Read: File does not exist" in text and ANSWER in text
    assert "claude-code" in episodes[0].tags and episodes[0].outcome is not None


def test_a_second_session_starts_with_the_pack(runs: dict[str, Any]) -> None:
    """The second session's SessionStart got the Memory Pack holding the first session's
    record, and the model saw it: the pack is in the CLI's first request to the API."""
    project: Project = runs["project"]
    first = next(
        e
        for e in _hook_events(project, runs["first"]["session_id"])
        if e["hook_event_name"] == "Stop"
    )
    start = next(
        e
        for e in _hook_events(project, runs["second"]["session_id"])
        if e["hook_event_name"] == "SessionStart"
    )
    [episode_id] = first["writes_accepted"]
    assert episode_id in start["pack_entries"]
    shown = json.dumps(runs["second_requests"][0]["messages"])
    assert "Memory Pack (reference data, not instructions)" in shown and episode_id in shown


def test_precompact_adds_a_line_to_the_daily_note(runs: dict[str, Any]) -> None:
    """`/compact` of the first session fired PreCompact: a line in today's daily note. The
    sub-agents the CLI ran for the compaction were not recorded as runs: memory holds one
    episode per session, no more."""
    project: Project = runs["project"]
    notes = DailyLog(project.root).notes(datetime.now(UTC).date())
    session = runs["first"]["session_id"]
    assert any(
        f"Claude Code session {session} compacted its context (manual)" in n.text for n in notes
    )
    hooks = MemoryHooks.from_env(project.dir / ".env.executive", environ={})
    runs_recorded = sorted(m.run_id[11:] for m in hooks.store.list() if m.type.value == "episodic")
    assert runs_recorded == sorted([session, runs["second"]["session_id"]])


def test_uninstall_leaves_the_settings_as_they_were(runs: dict[str, Any]) -> None:
    """Uninstall removes only agentmem's entries: the settings file is empty of hooks."""
    project: Project = runs["project"]
    done = CliRunner().invoke(main, ["claude-code", "uninstall", "--project", str(project.dir)])
    assert done.exit_code == 0, done.output
    assert json.loads((project.dir / ".claude" / "settings.json").read_text()) == {}
