"""Tentative records as the audit sees them: counts by status, and the damaged files.

Read from `<root>/tentative/` as hook C reads it (`harvest/tentfiles.py`): a damaged file
(not JSON of a record, a link, oversized, text memory cannot hold) is named with its reason
and counted apart, never as a record, and never as memory.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from agentmem.harvest.tentfiles import FOLDER, STATUSES, Damaged, expires, scan


@dataclass
class TentativeSummary:
    """How many records hold each status, pending ones past their expiry, damaged files."""

    by_status: dict[str, int] = field(default_factory=dict)
    overdue: int = 0  # pending past their 30 days: the next run of their app expires them
    damaged: list[Damaged] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return {
            "by_status": self.by_status,
            "overdue": self.overdue,
            "damaged": [d.as_dict() for d in self.damaged],
        }

    def line(self) -> str | None:
        """One line for the table, or None when there is nothing to say."""
        if not any(self.by_status.values()) and not self.damaged:
            return None
        counts = ", ".join(f"{n} {s}" for s, n in self.by_status.items() if n) or "none"
        late = f" ({self.overdue} pending past expiry)" if self.overdue else ""
        return f"tentative records: {counts}{late}; {len(self.damaged)} damaged files"


def _aware(when: datetime) -> datetime:
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def summarize(root: Path, now: datetime | None = None) -> TentativeSummary:
    """Count the records under `<root>/tentative/` and name the files that are not records."""
    records, damaged = scan(root / FOLDER)
    now = now or datetime.now(UTC)
    counted = Counter(r.status for r in records)
    late = sum(1 for r in records if r.status == "pending" and now > _aware(expires(r)))
    return TentativeSummary({s: counted.get(s, 0) for s in STATUSES}, late, damaged)
