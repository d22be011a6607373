"""The audit window: a span of time, given as `--since 7d` or `--from DATE --to DATE`."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta

from agentmem._exceptions import AgentMemError

UNITS = {
    "m": timedelta(minutes=1),
    "h": timedelta(hours=1),
    "d": timedelta(days=1),
    "w": timedelta(weeks=1),
}
SINCE = re.compile(r"^\s*(\d+)\s*([mhdw])\s*$")


class WindowError(AgentMemError):
    """Raised when an audit window option cannot be read; names the option and the value."""

    def __init__(self, option: str, value: str, reason: str) -> None:
        self.option = option
        self.value = value
        self.reason = reason
        super().__init__(f"{option} {value!r}: {reason}")


@dataclass(frozen=True)
class Window:
    """From `start` (inclusive) to `end` (exclusive), both in UTC."""

    start: datetime
    end: datetime

    def contains(self, ts: float) -> bool:
        return self.start.timestamp() <= ts < self.end.timestamp()

    def days(self) -> list[date]:
        """Every calendar day (UTC) the window touches, in order."""
        first, last = self.start.date(), (self.end - timedelta(microseconds=1)).date()
        return [first + timedelta(days=i) for i in range((last - first).days + 1)]

    @property
    def label(self) -> str:
        fmt = "%Y-%m-%d %H:%M"
        return f"{self.start.strftime(fmt)} → {self.end.strftime(fmt)} UTC"


def since(text: str, now: datetime) -> Window:
    """`7d`, `24h`, `2w`, `90m`: the span up to `now`."""
    match = SINCE.match(text)
    if match is None or int(match.group(1)) == 0:
        raise WindowError("--since", text, "expected a positive count and a unit: 90m, 24h, 7d, 2w")
    return Window(now - int(match.group(1)) * UNITS[match.group(2)], now)


def _day(option: str, text: str) -> date:
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise WindowError(option, text, "expected a date YYYY-MM-DD") from None


def between(start: str | None, end: str | None, now: datetime) -> Window:
    """`--from` and `--to` as whole UTC days, both included; an open end means up to now."""
    if start is None:
        raise WindowError("--from", "", "required with --to (or use --since)")
    first = datetime.combine(_day("--from", start), time(), UTC)
    if end is None:
        stop = now
    else:
        stop = datetime.combine(_day("--to", end) + timedelta(days=1), time(), UTC)
    if stop <= first:
        raise WindowError("--to", end or now.date().isoformat(), f"is before --from {start}")
    return Window(first, stop)


def resolve(
    since_text: str | None, start: str | None, end: str | None, now: datetime | None = None
) -> Window:
    """The window the CLI options describe; the default is the last 7 days."""
    now = now or datetime.now(UTC)
    if since_text is not None and (start is not None or end is not None):
        raise WindowError("--since", since_text, "give either --since or --from/--to, not both")
    if start is not None or end is not None:
        return between(start, end, now)
    return since(since_text or "7d", now)
