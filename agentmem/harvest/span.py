"""Hook E's window: the dates given, or since the day of the last harvest, or everything.

Shared by the built-in harvest rule and the model path (whose playbook context carries the
resolved window and the daily notes in it), so both harvest the same span.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, date, datetime
from pathlib import Path

from agentmem.audit import ledger as auditlog
from agentmem.contexts import HarvestWindow

DAILY = "daily"


@dataclass(frozen=True)
class Span:
    """The resolved window and how it was chosen."""

    since: date | None
    until: date | None
    basis: str

    def holds(self, day: date) -> bool:
        return (self.since is None or day >= self.since) and (
            self.until is None or day <= self.until
        )


def last_harvest(log_path: Path) -> date | None:
    """The day of the last judgment harvest that ran and was ok, from the audit ledger."""
    last: float | None = None
    for event in auditlog.read(log_path):
        if event.get("hook") == "judgment_harvest" and event.get("ran") and event.get("ok"):
            stamp = event.get("ts")
            if isinstance(stamp, int | float):
                last = stamp if last is None else max(last, stamp)
    return None if last is None else datetime.fromtimestamp(last, UTC).date()


def resolve(window: HarvestWindow, log_path: Path) -> Span:
    if window.since is not None:
        return Span(window.since, window.until, "dates given")
    previous = last_harvest(log_path)
    if previous is None:
        return Span(None, window.until, "no earlier harvest: everything")
    return Span(previous, window.until, f"since the last harvest on {previous}")


def daily_notes(root: Path, span: Span) -> list[tuple[date, Path]]:
    """The daily notes `<root>/daily/YYYY-MM-DD.md` whose day lies in the window."""
    folder = root / DAILY
    found = []
    for path in sorted(folder.glob("????-??-??.md")) if folder.is_dir() else []:
        try:
            day = date.fromisoformat(path.stem)
        except ValueError:
            continue
        if span.holds(day):
            found.append((day, path))
    return found
