"""The Claude Code adapter's parts without the CLI: the settings merge, the transcript
reader (on a transcript the real CLI wrote, `tests/data/claude_code_transcript.jsonl`),
and the hook command's promise to exit 0 whatever it is given."""

from __future__ import annotations

import json
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

from click.testing import CliRunner

from agentmem import MemoryHooks, Outcome, RunOutcome
from agentmem.adapters import claude_code as cc
from agentmem.adapters.claude_transcript import read_transcript
from agentmem.audit import ledger
from agentmem.cli import main
from tests.conftest import HooksFactory

TRANSCRIPT = Path(__file__).parent / "data" / "claude_code_transcript.jsonl"
THEIRS = {
    "model": "opus",
    "permissions": {"allow": ["Bash(make:*)"]},
    "hooks": {
        "Stop": [{"hooks": [{"type": "command", "command": "notify-send done"}]}],
        "PreToolUse": [
            {"matcher": "Bash", "hooks": [{"type": "command", "command": "./guard.sh"}]}
        ],
    },
}


def _ours(settings: dict[str, Any]) -> dict[str, list[str]]:
    return {
        event: [h["command"] for g in groups for h in g["hooks"] if cc.is_ours(h)]
        for event, groups in settings.get("hooks", {}).items()
    }


def test_install_keeps_every_other_key_and_hook_and_is_idempotent(tmp_path: Path) -> None:
    """Install adds one entry per event beside the user's own keys and hooks; a second
    install changes nothing (not a byte); uninstall gives back exactly what was there."""
    path = tmp_path / ".claude" / "settings.json"
    path.parent.mkdir()
    path.write_text(json.dumps(THEIRS))
    command = cc.hook_command()
    assert cc.install(path, command) is True
    installed = json.loads(path.read_text())
    assert installed["model"] == "opus" and installed["permissions"] == THEIRS["permissions"]
    assert installed["hooks"]["PreToolUse"] == THEIRS["hooks"]["PreToolUse"]
    assert installed["hooks"]["Stop"][0] == THEIRS["hooks"]["Stop"][0]
    assert _ours(installed) == {
        "Stop": [command],
        "PreToolUse": [],
        "SessionStart": [command],
        "SubagentStop": [command],
        "PreCompact": [command],
    }
    first = path.read_bytes()
    assert cc.install(path, command) is False and path.read_bytes() == first
    assert cc.install(path, command, (*cc.DEFAULT_EVENTS, "UserPromptSubmit")) is True
    assert _ours(json.loads(path.read_text()))["UserPromptSubmit"] == [command]
    assert cc.uninstall(path) is True
    assert json.loads(path.read_text()) == THEIRS
    assert cc.uninstall(path) is False


def test_install_cli_refuses_a_settings_file_that_is_not_json(tmp_path: Path) -> None:
    """A settings file that does not parse is left alone: exit 2 naming the file."""
    path = tmp_path / ".claude" / "settings.json"
    path.parent.mkdir()
    path.write_text('{"hooks": {')
    result = CliRunner().invoke(main, ["claude-code", "install", "--project", str(tmp_path)])
    assert result.exit_code == 2 and "not valid JSON" in result.output
    assert path.read_text() == '{"hooks": {'


def test_install_cli_writes_the_project_settings(tmp_path: Path) -> None:
    """`agentmem claude-code install --project DIR` writes DIR/.claude/settings.json with
    this interpreter's `-m agentmem … claude-code hook`; `--env-file` is baked in."""
    env = tmp_path / "team.env"
    env.write_text("AGENTMEM_USER_ID=me\n")
    result = CliRunner().invoke(
        main, ["--env-file", str(env), "claude-code", "install", "--project", str(tmp_path)]
    )
    assert result.exit_code == 0, result.output
    settings = json.loads((tmp_path / ".claude" / "settings.json").read_text())
    command = settings["hooks"]["SessionStart"][0]["hooks"][0]["command"]
    assert command == cc.hook_command(env)
    assert sys.executable in command and str(env.resolve()) in command


def test_transcript_of_a_real_session_reads_as_its_run() -> None:
    """From the transcript the real CLI wrote for a scripted session (Read, Bash, a Read of
    a missing file, then an answer): the prompt, the histogram, the error, the answer."""
    seen = read_transcript(TRANSCRIPT)
    assert dict(seen.tool_calls) == {"Read": 2, "Bash": 1}
    assert len(seen.tool_errors) == 1 and seen.tool_errors[0].startswith(
        "Read: File does not exist"
    )
    assert seen.goal.startswith("Read notes.txt")
    assert seen.outcome is Outcome.SUCCESS
    run = RunOutcome.from_claude_transcript(TRANSCRIPT)
    assert run.run_id == f"{seen.started:%Y-%m-%d}-{seen.session_id}"
    assert run.goal == seen.goal and run.outcome is Outcome.SUCCESS
    assert "(Bash 1, Read 2)" in run.summary and seen.answer.strip() in run.summary


def test_transcript_that_ends_mid_tool_or_on_an_api_error(tmp_path: Path) -> None:
    """The outcome follows what the transcript shows: cut off after a tool call is
    aborted, a final API error message is a failure; torn lines are skipped, and a tool
    use written twice (same block id) counts once."""
    lines = TRANSCRIPT.read_text().splitlines()
    twice = tmp_path / "twice.jsonl"
    twice.write_text("\n".join([*lines[:2], lines[1], *lines[2:]]) + "\n")
    assert dict(read_transcript(twice).tool_calls) == {"Read": 2, "Bash": 1}
    last_tool = max(i for i, line in enumerate(lines) if '"tool_result"' in line)
    cut = tmp_path / "cut.jsonl"
    cut.write_text("\n".join([*lines[: last_tool + 1], '{"type": "assist']) + "\n")
    assert read_transcript(cut).outcome is Outcome.ABORTED
    error = json.loads(next(line for line in reversed(lines) if '"assistant"' in line))
    error["isApiErrorMessage"] = True
    failed = tmp_path / "failed.jsonl"
    failed.write_text("\n".join([*lines, json.dumps(error)]) + "\n")
    assert read_transcript(failed).outcome is Outcome.FAILURE


def _hook(tmp_path: Path, stdin: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "agentmem", "claude-code", "hook"],
        input=stdin,
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=env,
        timeout=60,
    )


def test_hook_exits_0_on_anything_and_gated_off_touches_nothing(tmp_path: Path, root: Path) -> None:
    """`agentmem claude-code hook` exits 0 with stdin that is not JSON (saying why on
    stderr), and with every hook gated off it reads no transcript (this one does not
    exist), prints nothing and writes no ledger."""
    import os

    base = {k: v for k, v in os.environ.items() if not k.startswith("AGENTMEM_")}
    env = {**base, "AGENTMEM_ROOT": str(root), "AGENTMEM_USER_ID": "tester"}
    bad = _hook(tmp_path, "{not json", env)
    assert bad.returncode == 0 and "not JSON" in bad.stderr and bad.stdout == ""
    payload = {
        "session_id": "s1",
        "transcript_path": str(tmp_path / "nowhere.jsonl"),
        "cwd": str(tmp_path),
        "hook_event_name": "Stop",
    }
    off = _hook(tmp_path, json.dumps(payload), env)
    assert off.returncode == 0 and off.stdout == "" and off.stderr == ""
    assert not (root / ".agentmem" / "log.jsonl").exists()


def test_a_missing_transcript_is_a_logged_value(make_hooks: HooksFactory, root: Path) -> None:
    """A Stop whose transcript cannot be read is an error value naming the file, kept in
    the ledger as a `claude_code_hook` event with ok false; nothing raises."""
    payload = {"session_id": "s1", "transcript_path": "/nowhere.jsonl", "hook_event_name": "Stop"}
    handled = cc.respond(json.dumps(payload), make_hooks)
    assert handled.action == "error" and "nowhere.jsonl" in handled.reason
    [event] = [
        e for e in ledger.read(root / ".agentmem" / "log.jsonl") if e["event"] == "claude_code_hook"
    ]
    assert event["ok"] is False and "nowhere.jsonl" in event["reason"]


def test_hook_answers_within_its_budget(make_hooks: HooksFactory) -> None:
    """A hook whose work outlasts the budget answers at the budget, as a value that says
    so, instead of letting Claude Code's own timeout kill it."""
    release = threading.Event()

    def slow_hooks() -> MemoryHooks:
        release.wait(10)
        return make_hooks()

    started = time.monotonic()
    handled = cc.respond('{"hook_event_name": "SessionStart"}', slow_hooks, budget_s=0.3)
    elapsed = time.monotonic() - started
    release.set()
    assert handled.timed_out and not handled.ok and "budget" in handled.reason
    assert elapsed < 5


def test_session_start_packs_and_stop_records(make_hooks: HooksFactory) -> None:
    """In process: a Stop on the real transcript records its run through hook C; then a
    SessionStart answers with the pack holding it as additionalContext, and a
    UserPromptSubmit packs for the prompt itself."""
    hooks = make_hooks()
    stop = {
        "session_id": "0f9c",
        "transcript_path": str(TRANSCRIPT),
        "hook_event_name": "Stop",
        "last_assistant_message": "Final words.",
    }
    recorded = cc.handle(stop, hooks)
    assert recorded.action == "record" and recorded.ok, recorded.reason
    assert recorded.details["tool_calls"] == {"Bash": 1, "Read": 2}
    start = cc.handle({"hook_event_name": "SessionStart", "cwd": "/work/proj"}, hooks)
    assert start.action == "pack" and start.output is not None
    context = start.output["hookSpecificOutput"]["additionalContext"]
    assert recorded.result is not None and recorded.result.writes.accepted[0] in context
    assert "Final words." in context
    prompt = {"hook_event_name": "UserPromptSubmit", "prompt": "Check the notes again."}
    on_prompt = cc.handle(prompt, hooks)
    assert on_prompt.output is not None
    assert on_prompt.output["hookSpecificOutput"]["hookEventName"] == "UserPromptSubmit"
    assert on_prompt.result is not None
    assert "Check the notes again." in on_prompt.result.reads.queries[0]


def test_a_fault_in_the_handler_is_a_value() -> None:
    """Even an unexpected exception while handling is a value that names it (the hook
    still exits 0), not a traceback in the session or a false "past the budget"."""

    def broken() -> MemoryHooks:
        raise RuntimeError("the host's disk vanished")

    handled = cc.respond('{"hook_event_name": "Stop"}', broken, budget_s=10)
    assert not handled.ok and not handled.timed_out
    assert handled.reason == "RuntimeError: the host's disk vanished"
