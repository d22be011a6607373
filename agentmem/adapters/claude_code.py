"""Claude Code hooks: the session's events mapped onto hooks B and C and the daily note.

Claude Code runs `agentmem claude-code hook` for each event it was given in
`.claude/settings.json`, with the event's JSON on stdin (`hook_event_name`, `session_id`,
`transcript_path`, `cwd`, and the event's own fields):

- `SessionStart` and, if installed, `UserPromptSubmit` fire hook B; the pack goes back as
  `additionalContext` (inside the pack's reference-data frame);
- `Stop` and `SubagentStop` fire hook C with the run read from the transcript;
- `PreCompact` adds a line to today's daily note.

A hook must never block or break the session: `handle` returns a value whatever happens,
and the CLI always exits 0, within `BUDGET_S`, under the `timeout` the installed entries
ask Claude Code for. A gated-off hook reads nothing: the gate is checked before the
transcript is opened or the store touched.
"""

from __future__ import annotations

import json
import shlex
import sys
import threading
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import structlog

from agentmem._exceptions import AgentMemError
from agentmem.adapters.claude_transcript import read_transcript
from agentmem.audit import ledger as auditlog
from agentmem.contexts import Goal
from agentmem.core.model import HookName
from agentmem.results import HookResult
from agentmem.runtime import MemoryHooks
from agentmem.stores.files import atomic_write
from agentmem.tiers.daily import DailyLog

PACK_EVENTS = ("SessionStart", "UserPromptSubmit")
RUN_EVENTS = ("Stop", "SubagentStop")
DEFAULT_EVENTS = ("SessionStart", "Stop", "SubagentStop", "PreCompact")
ALL_EVENTS = (*DEFAULT_EVENTS, "UserPromptSubmit")
ENTRY_TIMEOUT_S = 30  # what an installed entry asks Claude Code for (its default is longer)
BUDGET_S = 20.0  # what the handler allows itself: well inside ENTRY_TIMEOUT_S
MARKER = "claude-code hook"  # how install/uninstall recognise their own entries
PROMPT_CHARS = 300

log = structlog.get_logger("agentmem")


@dataclass
class Handled:
    """What one hook invocation did: a value, whatever happened."""

    event: str
    action: str  # pack, record, note, skip, error
    ok: bool = True
    reason: str = ""
    output: dict[str, Any] | None = None  # the JSON Claude Code reads on stdout
    result: HookResult | None = None
    details: dict[str, Any] = field(default_factory=dict)
    timed_out: bool = False  # past the budget: the work thread may still be running

    def ledger_event(self, payload: Mapping[str, Any], ts: float) -> dict[str, Any]:
        """The `claude_code_hook` line the ledger keeps for this invocation."""
        event: dict[str, Any] = {
            "event": "claude_code_hook",
            "ts": ts,
            "hook_event_name": self.event,
            "session_id": str(payload.get("session_id", "")),
            "action": self.action,
            "ok": self.ok,
            "reason": self.reason,
            **self.details,
        }
        if self.result is not None:
            event["hook"] = self.result.hook
            event["hook_ok"] = self.result.ok
            event["writes_accepted"] = list(self.result.writes.accepted)
        return event


def _gate(hooks: MemoryHooks, hook: HookName) -> str | None:
    """The reason a hook is off, or None when it may run."""
    settings = hooks.settings
    if not settings.enabled:
        return "AGENTMEM_ENABLED off"
    if not settings.hook_enabled(hook):
        return f"{hook.value} off"
    return None


def handle(payload: Mapping[str, Any], hooks: MemoryHooks) -> Handled:
    """Map one Claude Code hook event onto memory; never raises."""
    event = str(payload.get("hook_event_name") or "")
    try:
        if event in PACK_EVENTS:
            return _pack(event, payload, hooks)
        if event in RUN_EVENTS:
            return _record(event, payload, hooks)
        if event == "PreCompact":
            return _note(payload, hooks)
        return Handled(event or "?", "skip", reason=f"not an agentmem event: {event or '(none)'}")
    except (OSError, ValueError, AgentMemError) as exc:  # a value, never a broken session
        return Handled(event, "error", ok=False, reason=f"{type(exc).__name__}: {exc}")


def _pack(event: str, payload: Mapping[str, Any], hooks: MemoryHooks) -> Handled:
    off = _gate(hooks, HookName.PRE_SPAWN_PACK)
    if off is not None:
        return Handled(event, "skip", reason=off)
    prompt = payload.get("prompt")
    if event == "UserPromptSubmit" and isinstance(prompt, str) and prompt.strip():
        title = " ".join(prompt.split())[:PROMPT_CHARS]
    else:  # a session starts before its task is typed: the project is all there is
        title = f"a Claude Code session in {Path(str(payload.get('cwd') or '.')).name}"
    result = hooks.pre_spawn_pack(Goal(title=title))
    handled = Handled(event, "pack", ok=result.ok, reason=result.reason, result=result)
    if result.pack is not None and result.pack.entries:
        # A session never sees a key, even one a memory or a plugin put into the pack.
        text = auditlog.scrubber_for(hooks.settings).text(result.pack.markdown)
        handled.output = {"hookSpecificOutput": {"hookEventName": event, "additionalContext": text}}
        handled.details["pack_entries"] = [e.id for e in result.pack.entries]
    return handled


def _record(event: str, payload: Mapping[str, Any], hooks: MemoryHooks) -> Handled:
    off = _gate(hooks, HookName.POST_RUN_CLASSIFY)
    if off is not None:
        return Handled(event, "skip", reason=off)
    session = str(payload.get("session_id") or "")
    path = payload.get("transcript_path")
    if event == "SubagentStop":
        if not payload.get("agent_type"):
            # The CLI's own forks (a compaction's summariser) stop as nameless sub-agents.
            return Handled(event, "skip", reason="a sub-agent without a type (the CLI's own)")
        session = f"{session}-{payload.get('agent_id', 'agent')}"
        path = payload.get("agent_transcript_path") or path
    if not isinstance(path, str) or not path:
        return Handled(event, "error", ok=False, reason="transcript_path: missing from the event")
    seen = read_transcript(path)
    last = payload.get("last_assistant_message")
    if isinstance(last, str) and last.strip():  # the CLI's own word on the final answer
        seen.answer = last
    run = seen.to_run(session or seen.session_id or Path(path).stem)
    result = hooks.post_run_classify(run)
    return Handled(
        event,
        "record",
        ok=result.ok,
        reason=result.reason,
        result=result,
        details={
            "run_id": run.run_id,
            "outcome": run.outcome.value,
            "tool_calls": dict(sorted(seen.tool_calls.items())),
            "tool_errors": len(seen.tool_errors),
        },
    )


def _note(payload: Mapping[str, Any], hooks: MemoryHooks) -> Handled:
    settings = hooks.settings
    if not settings.enabled:
        return Handled("PreCompact", "skip", reason="AGENTMEM_ENABLED off")
    trigger = str(payload.get("trigger") or "unknown")
    session = str(payload.get("session_id") or "?")
    line = DailyLog(settings.root).append(
        f"Claude Code session {session} compacted its context ({trigger})", hooks.clock()
    )
    return Handled("PreCompact", "note", details={"line": line})


def respond(raw: str, open_hooks: Callable[[], MemoryHooks], budget_s: float = BUDGET_S) -> Handled:
    """Handle one event's stdin text within `budget_s`; a value whatever happens.

    The work runs on a daemon thread: past the budget the caller answers Claude Code and
    leaves (`Handled.reason` says so), rather than let the CLI's own timeout kill it."""
    box: list[Handled] = []

    def work() -> None:
        try:
            box.append(_respond(raw, open_hooks))
        except BaseException as exc:  # the session's edge: even a bug here is a value, exit 0
            box.append(Handled("?", "error", ok=False, reason=f"{type(exc).__name__}: {exc}"))

    thread = threading.Thread(target=work, name="agentmem-claude-code-hook", daemon=True)
    thread.start()
    thread.join(budget_s)
    if box:
        return box[0]
    reason = f"past the hook's {budget_s:g} s budget"
    return Handled("?", "error", ok=False, reason=reason, timed_out=True)


def _respond(raw: str, open_hooks: Callable[[], MemoryHooks]) -> Handled:
    try:
        payload = json.loads(raw)
    except ValueError as exc:
        return Handled("?", "error", ok=False, reason=f"stdin: not JSON ({exc})")
    if not isinstance(payload, dict):
        return Handled("?", "error", ok=False, reason="stdin: expected a JSON object")
    try:
        hooks = open_hooks()
    except (OSError, AgentMemError) as exc:  # settings that do not load: say so, carry on
        return Handled(
            str(payload.get("hook_event_name") or "?"), "error", ok=False, reason=str(exc)
        )
    handled = handle(payload, hooks)
    if handled.action != "skip":  # a gated-off hook leaves no trace: it costs nothing
        _record_in_ledger(hooks, payload, handled)
    return handled


def _record_in_ledger(hooks: MemoryHooks, payload: Mapping[str, Any], handled: Handled) -> None:
    """Keep the invocation in the ledger; a ledger that cannot be written is only logged."""
    try:
        event = handled.ledger_event(payload, hooks.clock().timestamp())
        auditlog.record(hooks.settings, event)
    except (OSError, AgentMemError) as exc:
        log.warning("claude_code_ledger_unwritable", error=str(exc))


# -- settings.json: install and uninstall ----------------------------------------------


def hook_command(env_file: Path | None = None, python: str | None = None) -> str:
    """The command an entry runs: this interpreter, so the hook finds this install."""
    parts = [python or sys.executable, "-m", "agentmem"]
    if env_file is not None:
        parts += ["--env-file", str(env_file.resolve())]
    return " ".join(shlex.quote(p) for p in [*parts, "claude-code", "hook"])


def is_ours(entry: Any) -> bool:
    command = entry.get("command") if isinstance(entry, dict) else None
    return isinstance(command, str) and "agentmem" in command and command.endswith(MARKER)


def load_settings_file(path: Path) -> dict[str, Any]:
    """The settings file's JSON object ({} when absent); refuses one that is not JSON."""
    if not path.exists():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8") or "{}")
    except ValueError as exc:
        raise ValueError(f"{path}: not valid JSON ({exc}); fix it by hand first") from exc
    if not isinstance(data, dict):
        raise ValueError(f"{path}: expected a JSON object, found {type(data).__name__}")
    if not isinstance(data.get("hooks", {}), dict):
        raise ValueError(f"{path}: 'hooks' is not an object; fix it by hand first")
    return data


def _without_ours(groups: Any) -> list[Any]:
    kept = []
    for group in groups if isinstance(groups, list) else []:
        if isinstance(group, dict) and isinstance(group.get("hooks"), list):
            rest = [h for h in group["hooks"] if not is_ours(h)]
            if not rest and len(rest) != len(group["hooks"]):
                continue  # a group that held only our entry goes with it
            group = {**group, "hooks": rest}
        kept.append(group)
    return kept


def install(path: Path, command: str, events: tuple[str, ...] = DEFAULT_EVENTS) -> bool:
    """Merge our entries into a settings file; every other key and hook is kept.

    Idempotent: our old entries are replaced, never added twice. Returns whether the file
    changed."""
    data = load_settings_file(path)
    hooks = dict(data.get("hooks", {}))
    for event in ALL_EVENTS:
        groups = _without_ours(hooks.get(event, []))
        if event in events:
            entry = {"type": "command", "command": command, "timeout": ENTRY_TIMEOUT_S}
            groups.append({"hooks": [entry]})
        if groups:
            hooks[event] = groups
        else:
            hooks.pop(event, None)
    return _save(path, data, hooks)


def uninstall(path: Path) -> bool:
    """Remove our entries (and only ours) from a settings file; returns whether it changed."""
    if not path.exists():
        return False
    data = load_settings_file(path)
    hooks = dict(data.get("hooks", {}))
    for event in list(hooks):
        if isinstance(hooks[event], list):
            groups = _without_ours(hooks[event])
            if groups:
                hooks[event] = groups
            else:
                del hooks[event]
    return _save(path, data, hooks)


def _save(path: Path, data: dict[str, Any], hooks: dict[str, Any]) -> bool:
    new = dict(data)
    if hooks:
        new["hooks"] = hooks
    else:
        new.pop("hooks", None)
    if new == data and path.exists():
        return False
    atomic_write(path, json.dumps(new, indent=2, ensure_ascii=False) + "\n")
    return True


def installed_events(path: Path) -> list[str]:
    """The events whose entries run our command in this settings file."""
    hooks = load_settings_file(path).get("hooks", {})
    return [
        event
        for event, groups in hooks.items()
        if any(
            is_ours(h)
            for g in (groups if isinstance(groups, list) else [])
            if isinstance(g, dict)
            for h in (g.get("hooks") or [])
        )
    ]
