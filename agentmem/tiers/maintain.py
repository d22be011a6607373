"""Maintenance of the curated tier (seed 002): every few days, review the recent notes and
propose what MEMORY.md should gain and lose. Curation stays a decision: the proposal is a
diff, and MEMORY.md changes only when it is applied.

Additions are lessons (a note line starting `lesson:`, or a bullet under a `## Lessons`
heading) seen on at least two of the last five days and not yet in MEMORY.md. A line is
proposed for pruning when it cites a memory id that is gone from `entries/` (archived or
deleted), when it carries a past `(until YYYY-MM-DD)` or `(expires YYYY-MM-DD)`, or when a
recent note marks it `obsolete: <the line>`.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from typing import Any

from agentmem._exceptions import WriteRefused
from agentmem.core.locks import exclusive
from agentmem.core.model import CITED_ID, normalise_text
from agentmem.core.secrets import find_secrets
from agentmem.settings import Settings
from agentmem.stores.files import EntryFiles, atomic_write
from agentmem.tiers.daily import LINE, DailyLog
from agentmem.tiers.state import StateFiles

MEMORY_MD = "MEMORY.md"
WINDOW_DAYS = 5
REPEAT_DAYS = 2
HEADING = "## Lessons"
STATE_NAME = "maintenance"
STATE_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {"last_review": {"type": "string", "pattern": r"^\d{4}-\d{2}-\d{2}$"}},
    "required": ["last_review"],
}
LESSON = re.compile(r"^(?:lesson|learned)\s*:\s*(.+)$", re.IGNORECASE)
OBSOLETE = re.compile(r"^(?:obsolete|stale|no longer true)\s*:\s*(.+)$", re.IGNORECASE)
EXPIRY = re.compile(r"\((?:until|expires)\s+(\d{4}-\d{2}-\d{2})\)", re.IGNORECASE)


@dataclass(frozen=True)
class Addition:
    text: str
    days: list[str]


@dataclass(frozen=True)
class Prune:
    line_no: int
    line: str
    reason: str


@dataclass
class Proposal:
    """What a review found, as data and as a unified diff of MEMORY.md."""

    due: bool
    today: str
    last_review: str | None
    next_due: str
    reviewed_days: list[str] = field(default_factory=list)
    additions: list[Addition] = field(default_factory=list)
    prunes: list[Prune] = field(default_factory=list)
    diff: str = ""
    applied: bool = False


def _note_lines(raw: str) -> tuple[list[str], list[str]]:
    """(lessons, obsolete markers) in one day's note."""
    lessons: list[str] = []
    obsolete: list[str] = []
    in_lessons = False
    for line in raw.splitlines():
        if line.startswith("#"):
            in_lessons = line.lstrip("#").strip().lower().startswith("lesson")
            continue
        event = LINE.match(line)
        text = event.group(2) if event else line.strip().lstrip("-*+ ").strip()
        if not text:
            continue
        if m := LESSON.match(text):
            lessons.append(m.group(1).strip())
        elif m := OBSOLETE.match(text):
            obsolete.append(m.group(1).strip())
        elif in_lessons and not event and line.lstrip().startswith(("-", "*", "+")):
            lessons.append(text)
    return lessons, obsolete


def _date(text: str) -> date:
    try:
        return date.fromisoformat(text)
    except ValueError:
        return date.max  # not a real date: never counts as past


def _with_additions(lines: list[str], additions: list[Addition]) -> list[str]:
    if not additions:
        return lines
    new = [f"- {a.text}" for a in additions]
    starts = [i for i, line in enumerate(lines) if line.strip().lower() == HEADING.lower()]
    if not starts:
        tail = [""] if lines and lines[-1].strip() else []
        return [*lines, *tail, HEADING, *new]
    end = next(
        (i for i in range(starts[0] + 1, len(lines)) if lines[i].startswith("#")), len(lines)
    )
    while end > starts[0] + 1 and not lines[end - 1].strip():
        end -= 1
    return [*lines[:end], *new, *lines[end:]]


class Maintenance:
    """Reviews the notes of one memory root against its MEMORY.md."""

    def __init__(self, settings: Settings, today: date | None = None) -> None:
        self.settings = settings
        self.today = today or datetime.now(UTC).date()
        self.path = settings.root / MEMORY_MD
        self.state = StateFiles(settings.root)
        self._lock = settings.root / ".agentmem" / "memory-md.lock"
        self._proposed: list[str] = []

    def last_review(self) -> date | None:
        if not self.state.path_for(STATE_NAME).is_file():
            return None
        return date.fromisoformat(self.state.read(STATE_NAME)["last_review"])

    def review(self, *, force: bool = False) -> Proposal:
        """The proposal (empty when maintenance is not due, unless forced)."""
        last = self.last_review()
        interval = timedelta(days=self.settings.maintain_days)
        due = last is None or self.today - last >= interval
        proposal = Proposal(
            due=due,
            today=self.today.isoformat(),
            last_review=last.isoformat() if last else None,
            next_due=(self.today if last is None else last + interval).isoformat(),
        )
        if not (due or force):
            return proposal
        seen: dict[str, tuple[str, set[str]]] = {}
        obsolete: list[str] = []
        daily = DailyLog(self.settings.root)
        for day in daily.days(self.today, WINDOW_DAYS):
            proposal.reviewed_days.append(day.isoformat())
            lessons, marked = _note_lines(daily.read(day))
            obsolete += [normalise_text(m) for m in marked]
            for lesson in lessons:
                key = normalise_text(lesson)
                text, days = seen.get(key, (lesson, set()))
                seen[key] = (text, days | {day.isoformat()})
        lines = self.path.read_text("utf-8").splitlines() if self.path.is_file() else []
        have = {normalise_text(line.strip().lstrip("-*+ ")) for line in lines}
        proposal.additions = [
            Addition(text, sorted(days))
            for key, (text, days) in sorted(seen.items(), key=lambda kv: min(kv[1][1]))
            if len(days) >= REPEAT_DAYS and key not in have
            and not find_secrets(text)  # a hand-written note can hold a key; MEMORY.md never
        ]  # fmt: skip
        proposal.prunes = [
            p for n, line in enumerate(lines, 1) if (p := self._stale(n, line, obsolete))
        ]
        pruned = {p.line_no for p in proposal.prunes}
        kept = [line for n, line in enumerate(lines, 1) if n not in pruned]
        proposed = _with_additions(kept, proposal.additions)
        proposal.diff = "".join(
            difflib.unified_diff(
                [f"{line}\n" for line in lines],
                [f"{line}\n" for line in proposed],
                MEMORY_MD,
                f"{MEMORY_MD} (proposed)",
            )
        )
        self._proposed = proposed
        return proposal

    def apply(self, *, force: bool = False) -> Proposal:
        """Review, write the proposed MEMORY.md, and record today as the last review."""
        if self.settings.role == "worker":
            raise WriteRefused("AGENTMEM_ROLE=worker: workers cannot curate MEMORY.md")
        with exclusive(self._lock):
            proposal = self.review(force=force)
            if not (proposal.due or force):
                return proposal
            if proposal.additions or proposal.prunes:
                atomic_write(self.path, "\n".join(self._proposed) + "\n")
            if not self.state.schema_path(STATE_NAME).is_file():
                self.state.define(STATE_NAME, STATE_SCHEMA)
            self.state.write(STATE_NAME, {"last_review": self.today.isoformat()})
            proposal.applied = True
            proposal.last_review = self.today.isoformat()
            proposal.next_due = (
                self.today + timedelta(days=self.settings.maintain_days)
            ).isoformat()
        return proposal

    def _stale(self, n: int, line: str, obsolete: list[str]) -> Prune | None:
        content = line.strip().lstrip("-*+ ").strip()
        if not content or line.startswith("#"):
            return None
        files = EntryFiles(self.settings.root)
        for memory_id in CITED_ID.findall(content):
            if not files.exists(memory_id):
                where = (
                    "archived by GC" if (files.archive / f"{memory_id}.md").is_file() else "gone"
                )
                return Prune(n, line, f"cites {memory_id}, which is {where}")
        expiry = EXPIRY.search(content)
        if expiry and _date(expiry.group(1)) < self.today:
            return Prune(n, line, f"expired on {expiry.group(1)}")
        normal = normalise_text(EXPIRY.sub("", content))
        for marked in obsolete:
            if marked and (marked in normal or normal in marked):
                return Prune(n, line, "marked obsolete in a recent note")
        return None
