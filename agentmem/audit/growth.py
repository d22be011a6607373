"""Memory growth: how many memories the canonical files held at the end of each day.

Read from the files under the memory root (the truth for every backend), by each memory's
`created_at`; nothing is opened for writing and no store is built.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path
from typing import Any

from agentmem._exceptions import StoreError
from agentmem.audit.window import Window
from agentmem.stores.files import EntryFiles


@dataclass
class Growth:
    """New memories per day in the window, the running total, and what could not be read."""

    before: int = 0  # memories created before the window
    new: dict[date, int] = field(default_factory=dict)
    unreadable: int = 0

    def totals(self) -> list[tuple[date, int]]:
        """(day, memories held at the end of that day) for every day of the window."""
        running, out = self.before, []
        for day, count in self.new.items():
            running += count
            out.append((day, running))
        return out

    @property
    def per_day(self) -> float:
        return sum(self.new.values()) / len(self.new) if self.new else 0.0

    @property
    def peak(self) -> tuple[date | None, int]:
        if not self.new:
            return None, 0
        day = max(self.new, key=lambda d: self.new[d])
        return day, self.new[day]

    def as_dict(self) -> dict[str, Any]:
        peak_day, peak = self.peak
        return {
            "before_window": self.before,
            "new_per_day": {d.isoformat(): n for d, n in self.new.items()},
            "total_per_day": {d.isoformat(): n for d, n in self.totals()},
            "mean_new_per_day": round(self.per_day, 2),
            "peak_day": peak_day.isoformat() if peak_day else None,
            "peak_new": peak,
            "unreadable_files": self.unreadable,
        }


def _created(stamp: str) -> datetime:
    when = datetime.fromisoformat(stamp)
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def measure(root: Path, window: Window) -> Growth:
    """Count the memory files under `root` by creation day, relative to the window."""
    files = EntryFiles(root)
    growth = Growth(new=dict.fromkeys(window.days(), 0))
    created: Counter[date] = Counter()
    for path in files.paths():
        try:
            when = _created(files.parse(path).created_at)
        except (StoreError, ValueError):
            growth.unreadable += 1
            continue
        if when < window.start:
            growth.before += 1
        elif when < window.end:
            created[when.date()] += 1
    for day, count in created.items():
        growth.new[day] = growth.new.get(day, 0) + count
    return growth
