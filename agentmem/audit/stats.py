"""Per-hook figures over a window, folded from the ledger's `hook_run` events."""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from typing import Any

from agentmem.core.model import HookName

ALL_REJECTED = "AllWritesRejected"  # a fire that failed only because no write was held


def percentile(values: list[float], pct: float) -> float:
    """Nearest-rank percentile (0 for no values): the smallest value ≥ pct% of them."""
    if not values:
        return 0.0
    ordered = sorted(values)
    rank = max(1, math.ceil(pct / 100 * len(ordered)))
    return ordered[rank - 1]


def _count(value: Any) -> float:
    """A number from a ledger field; anything else (a foreign or damaged line) counts 0."""
    return value if isinstance(value, int | float) and not isinstance(value, bool) else 0


def _items(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


@dataclass
class DayStats:
    """One hook on one UTC day."""

    fires: int = 0
    accepted: int = 0
    rejected: int = 0


@dataclass
class HookStats:
    """Everything the audit says about one hook in the window."""

    hook: str
    fires: int = 0
    ran: int = 0
    ok: int = 0
    skipped: Counter[str] = field(default_factory=Counter)  # reason → fires
    failed: Counter[str] = field(default_factory=Counter)  # error type → fires
    attempted: int = 0
    accepted: int = 0
    duplicates: int = 0
    rejected: int = 0
    reasons: Counter[tuple[str, str]] = field(default_factory=Counter)  # (field, reason)
    rejected_fields: Counter[str] = field(default_factory=Counter)
    all_rejected_fires: int = 0
    retrievals: int = 0
    retrieved_with_nothing_queued: int = 0
    fallbacks: int = 0  # searches the files answered because the remote backend could not
    fallback_fires: int = 0
    fallback_reasons: Counter[str] = field(default_factory=Counter)
    durations: list[float] = field(default_factory=list)
    pack_tokens: list[int] = field(default_factory=list)
    days: dict[date, DayStats] = field(default_factory=dict)
    quarantined: Counter[str] = field(default_factory=Counter)  # plugin → fires it was skipped

    @property
    def ok_rate(self) -> float:
        return self.ok / self.fires if self.fires else 0.0

    @property
    def retrievals_per_fire(self) -> float:
        return self.retrievals / self.ran if self.ran else 0.0

    @property
    def mean_ms(self) -> float:
        return sum(self.durations) / len(self.durations) if self.durations else 0.0

    @property
    def p50_ms(self) -> float:
        return percentile(self.durations, 50)

    @property
    def p95_ms(self) -> float:
        return percentile(self.durations, 95)

    @property
    def max_ms(self) -> float:
        return max(self.durations, default=0.0)

    def add(self, event: Mapping[str, Any]) -> None:
        """Fold one `hook_run` event into the figures."""
        day = datetime.fromtimestamp(float(event["ts"]), UTC).date()
        per_day = self.days.setdefault(day, DayStats())
        self.fires += 1
        per_day.fires += 1
        ran = bool(event.get("ran"))
        self.ran += ran
        if event.get("skipped"):
            self.skipped[str(event.get("reason") or "unknown")] += 1
        if event.get("ok"):
            self.ok += 1
        else:
            error = event.get("error")
            kind = error.get("type") if isinstance(error, Mapping) else None
            self.failed[str(kind or ALL_REJECTED)] += 1
        self._writes(event, per_day)
        self.quarantined.update(str(p) for p in _items(event.get("quarantined")))
        retrievals = int(_count(event.get("retrievals")))
        self.retrievals += retrievals
        if retrievals and (event.get("skipped") or event.get("queued") == 0):
            self.retrieved_with_nothing_queued += 1
        self._fallbacks(event)
        self.durations.append(float(_count(event.get("duration_ms"))))
        pack = event.get("pack")
        if isinstance(pack, Mapping) and "tokens" in pack:
            self.pack_tokens.append(int(_count(pack["tokens"])))

    def _writes(self, event: Mapping[str, Any], per_day: DayStats) -> None:
        writes = event.get("writes")
        if not isinstance(writes, Mapping):
            return
        attempted = int(_count(writes.get("attempted")))
        accepted = len(_items(writes.get("accepted")))
        duplicates = len(_items(writes.get("duplicates")))
        rejected = _items(writes.get("rejected"))
        # A result keeps the first rejected drafts and counts the rest in rejected_more.
        rejected_count = len(rejected) + int(_count(writes.get("rejected_more")))
        self.attempted += attempted
        self.accepted += accepted
        self.duplicates += duplicates
        self.rejected += rejected_count
        per_day.accepted += accepted
        per_day.rejected += rejected_count
        if attempted and not accepted and not duplicates:
            self.all_rejected_fires += 1
        for item in rejected:
            problems = item.get("problems") if isinstance(item, Mapping) else None
            for problem in _items(problems):
                if not isinstance(problem, Mapping):
                    continue
                name = str(problem.get("field", "?"))
                self.reasons[(name, str(problem.get("reason", "?")))] += 1
                self.rejected_fields[name] += 1

    def _fallbacks(self, event: Mapping[str, Any]) -> None:
        reads = event.get("reads")
        found = _items(reads.get("fallbacks")) if isinstance(reads, Mapping) else []
        self.fallbacks += len(found)
        self.fallback_fires += bool(found)
        for item in found:
            reason = item.get("reason") if isinstance(item, Mapping) else None
            self.fallback_reasons[str(reason or "?")] += 1

    def as_dict(self) -> dict[str, Any]:
        """The figures as JSON-able data (what `--json` prints)."""
        return {
            "hook": self.hook,
            "fires": self.fires,
            "ran": self.ran,
            "ok": self.ok,
            "ok_rate": round(self.ok_rate, 4),
            "skipped": dict(self.skipped.most_common()),
            "failed": dict(self.failed.most_common()),
            "writes": {
                "attempted": self.attempted,
                "accepted": self.accepted,
                "duplicates": self.duplicates,
                "rejected": self.rejected,
                "all_rejected_fires": self.all_rejected_fires,
                "top_rejection_reasons": [
                    {"field": f, "reason": r, "count": n}
                    for (f, r), n in self.reasons.most_common(5)
                ],
                "rejected_by_field": dict(self.rejected_fields.most_common()),
            },
            "retrievals": self.retrievals,
            "retrievals_per_fire": round(self.retrievals_per_fire, 3),
            "retrieved_with_nothing_queued": self.retrieved_with_nothing_queued,
            "fallbacks": {
                "searches": self.fallbacks,
                "fires": self.fallback_fires,
                "reasons": dict(self.fallback_reasons.most_common(5)),
            },
            "duration_ms": {
                "mean": round(self.mean_ms, 3),
                "p50": round(self.p50_ms, 3),
                "p95": round(self.p95_ms, 3),
                "max": round(self.max_ms, 3),
            },
            "pack_tokens": {
                "packs": len(self.pack_tokens),
                "mean": round(sum(self.pack_tokens) / len(self.pack_tokens), 1)
                if self.pack_tokens
                else 0,
                "max": max(self.pack_tokens, default=0),
            },
            "per_day": {
                d.isoformat(): {"fires": s.fires, "accepted": s.accepted, "rejected": s.rejected}
                for d, s in sorted(self.days.items())
            },
        }


def aggregate(events: Iterable[Mapping[str, Any]]) -> dict[str, HookStats]:
    """Stats per hook, the five hooks always present (in their A–E order), others after."""
    stats = {hook.value: HookStats(hook.value) for hook in HookName}
    for event in events:
        name = str(event.get("hook", "?"))
        stats.setdefault(name, HookStats(name)).add(event)
    return stats
