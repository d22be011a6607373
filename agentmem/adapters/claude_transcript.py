"""A Claude Code session's transcript (JSONL) read back as a `RunOutcome` for hook C.

The CLI writes one JSON object per line under `~/.claude/projects/<cwd-slug>/<session>.jsonl`:
`user` and `assistant` entries carry an API `message`; an assistant message's content
blocks may be spread over several lines that share its id; other entry types
(attachments, queue operations, request shapes) are bookkeeping and are skipped. What a
run record needs is read from the conversation alone: the first prompt (the goal), every
`tool_use` block (the histogram), every `tool_result` marked `is_error`, and the last
assistant text (the answer's tail). A torn or foreign line is skipped, never fatal: the
transcript is the CLI's file, written while we read it.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from agentmem.contexts import RunOutcome
from agentmem.core.model import Outcome
from agentmem.core.secrets import redact
from agentmem.results import TAIL_CHARS

GOAL_CHARS = 300
ERROR_CHARS = 160
ERRORS_SHOWN = 3
INTERRUPTED = "[Request interrupted by user"
TAG = "claude-code"


@dataclass
class Transcript:
    """What one session's transcript shows, before it becomes a run record."""

    session_id: str = ""
    started: datetime | None = None
    goal: str = ""
    tool_calls: Counter[str] = field(default_factory=Counter)
    tool_errors: list[str] = field(default_factory=list)  # "Tool: first line of the error"
    answer: str = ""  # the last assistant message's text
    last_stop: str | None = None  # the last assistant message's stop_reason
    api_error: bool = False  # the CLI ended on a synthetic API-error message
    interrupted: bool = False
    entries: int = 0

    @property
    def outcome(self) -> Outcome:
        """Success: it ended on an answer. Failure: on an API error. Partial: an answer cut
        short (max_tokens). Aborted: interrupted, or it never answered (it ended mid-tool)."""
        if self.api_error:
            return Outcome.FAILURE
        if self.interrupted or not self.answer or self.last_stop == "tool_use":
            return Outcome.ABORTED
        if self.last_stop in ("max_tokens", "refusal"):
            return Outcome.PARTIAL
        return Outcome.SUCCESS

    def to_run(
        self, session_id: str, app_id: str | None = None, tags: list[str] | None = None
    ) -> RunOutcome:
        """The run record: `session_id` dated by the first entry is the run id."""
        self.session_id = session_id
        return RunOutcome(
            run_id=run_id_for(session_id, self.started),
            goal=redact(self.goal) or f"Claude Code session {session_id}",
            outcome=self.outcome,
            summary=self.summary(),
            app_id=app_id,
            tags=[TAG, *(tags or [])],
        )

    def histogram(self) -> str:
        """`Bash 1, Read 2`: tool names alphabetically, with their counts."""
        return ", ".join(f"{name} {count}" for name, count in sorted(self.tool_calls.items()))

    def summary(self) -> str:
        """The episodic record's body: tool calls, tool errors, the answer's tail (redacted)."""
        calls = sum(self.tool_calls.values())
        parts = [f"Claude Code session {self.session_id}: {calls} tool call(s)"]
        if calls:
            parts[0] += f" ({self.histogram()})"
        parts[0] += f", {len(self.tool_errors)} tool error(s)"
        if self.tool_errors:
            shown = "; ".join(self.tool_errors[:ERRORS_SHOWN])
            more = len(self.tool_errors) - ERRORS_SHOWN
            parts[0] += f" ({shown}{f'; and {more} more' if more > 0 else ''})"
        parts[0] += "."
        if self.answer.strip():
            tail = " ".join(self.answer.split())[-TAIL_CHARS:]
            parts.append(f"Answer: {tail}")
        return redact(" ".join(parts))


def _text_of(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "\n".join(
            str(b.get("text", ""))
            for b in content
            if isinstance(b, dict) and b.get("type") == "text"
        )
    return ""


def _first_line(content: Any) -> str:
    text = content if isinstance(content, str) else _text_of(content)
    for marker in ("<tool_use_error>", "</tool_use_error>"):
        text = text.replace(marker, "")
    line = next((x.strip() for x in text.splitlines() if x.strip()), "error")
    return line[:ERROR_CHARS]


def _is_prompt(entry: dict[str, Any], text: str) -> bool:
    # Meta entries (caveats, command output) and slash-command markup are not the task.
    stripped = text.strip()
    return bool(stripped) and not entry.get("isMeta") and not stripped.startswith("<")


def _timestamp(entry: dict[str, Any]) -> datetime | None:
    raw = entry.get("timestamp")
    if not isinstance(raw, str):
        return None
    try:
        return datetime.fromisoformat(raw.replace("Z", "+00:00")).astimezone(UTC)
    except ValueError:
        return None


def read_transcript(path: str | os.PathLike[str]) -> Transcript:
    """Read a transcript; raises OSError if the file cannot be read (lines may be torn)."""
    seen: Transcript = Transcript()
    tool_names: dict[str, str] = {}  # tool_use id → tool name, for naming an error
    answer_id: str | None = None
    with Path(path).open(encoding="utf-8", errors="replace") as handle:
        for line in handle:
            try:
                entry = json.loads(line)
            except ValueError:
                continue
            if not isinstance(entry, dict):
                continue
            seen.entries += 1
            if not seen.session_id and isinstance(entry.get("sessionId"), str):
                seen.session_id = entry["sessionId"]
            if seen.started is None:
                seen.started = _timestamp(entry)
            message = entry.get("message")
            if entry.get("isSidechain") or not isinstance(message, dict):
                continue
            content = message.get("content")
            if entry.get("type") == "user":
                _read_user(seen, entry, content, tool_names)
            elif entry.get("type") == "assistant":
                answer_id = _read_assistant(seen, entry, message, tool_names, answer_id)
    return seen


def _read_user(
    seen: Transcript, entry: dict[str, Any], content: Any, tool_names: dict[str, str]
) -> None:
    text = _text_of(content)
    if not seen.goal and _is_prompt(entry, text):
        seen.goal = " ".join(text.split())[:GOAL_CHARS]
    if text.lstrip().startswith(INTERRUPTED):
        seen.interrupted = True
    elif _is_prompt(entry, text):
        seen.interrupted = False  # a later prompt carried on
    for block in content if isinstance(content, list) else []:
        if isinstance(block, dict) and block.get("type") == "tool_result" and block.get("is_error"):
            name = tool_names.get(str(block.get("tool_use_id")), "tool")
            seen.tool_errors.append(f"{name}: {_first_line(block.get('content'))}")


def _read_assistant(
    seen: Transcript,
    entry: dict[str, Any],
    message: dict[str, Any],
    tool_names: dict[str, str],
    answer_id: str | None,
) -> str | None:
    content = message.get("content")
    for block in content if isinstance(content, list) else []:
        if isinstance(block, dict) and block.get("type") == "tool_use":
            block_id = str(block.get("id"))
            if block_id not in tool_names:  # a block re-logged under the same id counts once
                tool_names[block_id] = str(block.get("name") or "unknown")
                seen.tool_calls[tool_names[block_id]] += 1
    seen.api_error = bool(entry.get("isApiErrorMessage"))
    seen.last_stop = message.get("stop_reason") or seen.last_stop
    text = _text_of(content)
    if text.strip():
        message_id = message.get("id")
        # A message's text may come in several lines with the same id: join them.
        seen.answer = f"{seen.answer}\n{text}" if message_id and message_id == answer_id else text
        return str(message_id) if message_id else None
    if any(isinstance(b, dict) and b.get("type") == "tool_use" for b in content or []):
        seen.answer = ""  # work went on after that text: it was not the final answer
    return answer_id


def run_id_for(session_id: str, started: datetime | None) -> str:
    """A dated run id (`YYYY-MM-DD-<session id>`): the validator needs the date first."""
    day = (started or datetime.now(UTC)).date().isoformat()
    return f"{day}-{session_id}"


def run_from_transcript(
    path: str | os.PathLike[str],
    *,
    session_id: str | None = None,
    app_id: str | None = None,
    answer: str | None = None,
    tags: list[str] | None = None,
) -> RunOutcome:
    """The run record hook C classifies, from a Claude Code transcript JSONL.

    The session id (from the transcript, or given) dated by the session's first entry is
    the run id; the first prompt is the goal; the summary carries the tool-call histogram,
    the tool errors and the answer's tail (`answer` replaces the transcript's last text:
    the Stop event's `last_assistant_message`). Raises OSError if the file cannot be read.
    """
    seen = read_transcript(path)
    if answer is not None and answer.strip():
        seen.answer = answer
    return seen.to_run(session_id or seen.session_id or Path(path).stem, app_id, tags)
