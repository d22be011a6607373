"""One audit: the window's events read from the ledger, folded into figures, alarms and advice."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

from agentmem.audit import ledger as auditlog
from agentmem.audit.alarms import DEFAULT_GROWTH_LIMIT, Alarm, find_alarms
from agentmem.audit.diff import MemoryDiff, compute
from agentmem.audit.growth import Growth, measure
from agentmem.audit.rollout import DEFAULT_MIN_OK, STAGES, Advice, advise
from agentmem.audit.stats import HookStats, aggregate
from agentmem.audit.tentative import TentativeSummary, summarize
from agentmem.audit.window import Window
from agentmem.core.model import HookName
from agentmem.settings import Settings


@dataclass
class Report:
    """What `agentmem audit` shows, in any of its forms (table, JSON, HTML)."""

    window: Window
    log_path: str
    events: int
    hooks: dict[str, HookStats]
    alarms: list[Alarm]
    growth: Growth
    advice: Advice
    flags: dict[str, bool]
    generated_at: datetime
    diff: MemoryDiff
    tentative: TentativeSummary = field(default_factory=TentativeSummary)

    def enabled(self) -> list[str]:
        """The hooks whose flag is on, in the staged rollout order."""
        return [h.value for h in STAGES if self.flags.get(h.value)]

    def shown(self, hook: str | None = None) -> list[HookStats]:
        """The hooks worth a row: the one asked for, else every hook with a fire or a flag on."""
        if hook is not None:
            return [self.hooks[hook]] if hook in self.hooks else []
        return [s for name, s in self.hooks.items() if s.fires or self.flags.get(name)]

    def as_dict(self) -> dict[str, Any]:
        return {
            "window": {
                "start": self.window.start.isoformat(),
                "end": self.window.end.isoformat(),
            },
            "log_file": self.log_path,
            "events": self.events,
            "flags": self.flags,
            "hooks": {name: s.as_dict() for name, s in self.hooks.items()},
            "alarms": [a.as_dict() for a in self.alarms],
            "memory": self.growth.as_dict(),
            "next": self.advice.as_dict(),
            "diff": self.diff.as_dict(),
            "tentative": self.tentative.as_dict(),
            "generated_at": self.generated_at.isoformat(timespec="seconds"),
        }


def window_lines(settings: Settings, window: Window) -> list[dict[str, Any]]:
    """Every ledger line stamped inside the window (fires, and archive/restore moves)."""
    lines = []
    for event in auditlog.read(settings.log_path):
        ts = event.get("ts")
        if isinstance(ts, int | float) and window.contains(float(ts)):
            lines.append(event)
    return lines


def window_events(
    settings: Settings,
    window: Window,
    hook: str | None = None,
    lines: list[dict[str, Any]] | None = None,
) -> list[dict[str, Any]]:
    """The ledger's `hook_run` events inside the window (of one hook, if given)."""
    found = window_lines(settings, window) if lines is None else lines
    return [
        e for e in found if e.get("event") == "hook_run" and (hook is None or e.get("hook") == hook)
    ]


def build(
    settings: Settings,
    window: Window,
    *,
    hook: str | None = None,
    min_fires: Mapping[str, int] | None = None,
    min_ok: float = DEFAULT_MIN_OK,
    growth_limit: int = DEFAULT_GROWTH_LIMIT,
    now: datetime | None = None,
) -> Report:
    """Read the ledger and the memory files once and compute every figure of the window."""
    lines = window_lines(settings, window)
    events = window_events(settings, window, hook, lines)
    stats = aggregate(events)
    growth = measure(settings.root, window)
    alarms = find_alarms(stats, growth, settings, growth_limit)
    if hook is not None:
        alarms = [a for a in alarms if a.hook in (hook, "memory")]
    # Rollout advice is about every enabled hook, so it always reads the whole window.
    everything = stats if hook is None else aggregate(window_events(settings, window, None, lines))
    flags = {h.value: settings.enabled and settings.hook_enabled(h) for h in HookName}
    return Report(
        window=window,
        log_path=str(settings.log_path),
        events=len(events),
        hooks=stats,
        alarms=alarms,
        growth=growth,
        advice=advise(settings, everything, min_fires, min_ok),
        flags=flags,
        generated_at=now or datetime.now(UTC),
        diff=compute(settings, window, hook=hook, events=lines),
        tentative=summarize(settings.root, now),
    )
