"""Tier 2: daily notes, `<root>/daily/YYYY-MM-DD.md`, an append-only event log (seed 002).

Each event is one line, `- HH:MM:SSZ text`, added with one `write` on an `O_APPEND`
descriptor while holding an flock, so appends from any number of processes land whole and
in some order: never lost, never interleaved. Nothing here rewrites a note.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, timedelta
from pathlib import Path

from agentmem.core.locks import exclusive
from agentmem.core.secrets import find_secrets
from agentmem.stores.files import named
from agentmem.tiers._errors import TierInputError

DAILY = "daily"
LINE = re.compile(r"^- (\d\d:\d\d:\d\d)Z (.+)$")
MAX_CHARS = 16_000


@dataclass(frozen=True)
class Note:
    """One event line of a daily note."""

    day: date
    time: str
    text: str


def _clean(text: str) -> str:
    if not isinstance(text, str):
        raise TierInputError("text", repr(text), "expected a string")
    flat = " ".join(text.split())  # one event, one line: newlines cannot split an entry
    if not flat:
        raise TierInputError("text", text, "empty: a daily note line needs text")
    if len(flat) > MAX_CHARS:
        raise TierInputError("text", flat[:40] + "…", f"longer than {MAX_CHARS} characters")
    # The text as given too: a key split across its lines is joined again by the guard.
    secrets = find_secrets(text) or find_secrets(flat)
    if secrets:
        raise TierInputError("text", "[redacted]", f"looks like a secret ({', '.join(secrets)})")
    return flat


class DailyLog:
    """The daily notes of one memory root."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.folder = root / DAILY
        self._lock = root / ".agentmem" / "daily.lock"

    def path_for(self, day: date) -> Path:
        return self.folder / f"{day.isoformat()}.md"

    def append(self, text: str, when: datetime | None = None) -> str:
        """Add one timestamped line to the day's note; return the line as written."""
        stamp = (when or datetime.now(UTC)).astimezone(UTC)
        line = f"- {stamp:%H:%M:%S}Z {_clean(text)}\n"
        path = self.path_for(stamp.date())
        self.folder.mkdir(parents=True, exist_ok=True)
        with exclusive(self._lock):
            fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                head = f"# {stamp.date().isoformat()}\n\n" if os.fstat(fd).st_size == 0 else ""
                data = (head + line).encode("utf-8")
                try:
                    while data:  # a regular file takes it in one go; loop only for safety
                        data = data[os.write(fd, data) :]
                    os.fsync(fd)
                except OSError as exc:  # a full disk: say which note it could not take
                    raise named(exc, path) from exc
            finally:
                os.close(fd)
        return line.rstrip("\n")

    def read(self, day: date) -> str:
        """The note's text, or "" when nothing was logged that day."""
        path = self.path_for(day)
        return path.read_text(encoding="utf-8") if path.is_file() else ""

    def notes(self, day: date) -> list[Note]:
        """The event lines of one day (hand-written prose between them is skipped)."""
        found = []
        for raw in self.read(day).splitlines():
            match = LINE.match(raw)
            if match:
                found.append(Note(day, match.group(1), match.group(2)))
        return found

    def days(self, end: date, count: int) -> list[date]:
        """The `count` days ending at `end`, newest first, that have a note."""
        span = (end - timedelta(days=i) for i in range(count))
        return [d for d in span if self.path_for(d).is_file()]
