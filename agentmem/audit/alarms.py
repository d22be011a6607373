"""Alarms: what in a window a person must look at before turning on the next hook."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from agentmem.audit.growth import Growth
from agentmem.audit.stats import HookStats
from agentmem.core.model import HookName
from agentmem.settings import HOOK_FLAGS, Settings

READ_HOOKS = (HookName.PRE_GOAL_SYNTHESIS.value, HookName.PRE_SPAWN_PACK.value)
DEFAULT_GROWTH_LIMIT = 200  # new memories in one day past which growth is an alarm


@dataclass
class Alarm:
    """One finding: which hook (or `memory`), what kind, a sentence, and the figures."""

    kind: str
    hook: str
    message: str
    figures: dict[str, Any] = field(default_factory=dict)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _top(stats: HookStats, n: int = 3) -> str:
    return "; ".join(f"{f}: {r} (×{c})" for (f, r), c in stats.reasons.most_common(n))


def all_rejected(stats: HookStats) -> Alarm | None:
    """A hook with fires whose every write was rejected: a harvest that stored nothing."""
    if not stats.all_rejected_fires:
        return None
    scope = (
        "every write in the window was rejected"
        if stats.accepted == 0 and stats.duplicates == 0
        else f"{stats.accepted} of {stats.attempted} writes were accepted in other fires"
    )
    return Alarm(
        "all_rejected",
        stats.hook,
        f"{stats.hook}: {stats.all_rejected_fires} of {stats.fires} fires had all their writes "
        f"rejected ({scope}); by field: "
        + ", ".join(f"{f} ×{c}" for f, c in stats.rejected_fields.most_common())
        + f"; top reasons: {_top(stats)}",
        {
            "all_rejected_fires": stats.all_rejected_fires,
            "fires": stats.fires,
            "attempted": stats.attempted,
            "rejected": stats.rejected,
            "rejected_by_field": dict(stats.rejected_fields.most_common()),
            "top_reasons": [
                {"field": f, "reason": r, "count": c} for (f, r), c in stats.reasons.most_common(3)
            ],
        },
    )


def read_without_queue(stats: HookStats) -> Alarm | None:
    """A read hook that retrieved while nothing was queued: paying for a read about nothing."""
    if stats.hook not in READ_HOOKS or not stats.retrieved_with_nothing_queued:
        return None
    return Alarm(
        "read_with_nothing_queued",
        stats.hook,
        f"{stats.hook}: {stats.retrieved_with_nothing_queued} fires retrieved memory with "
        "nothing queued (a read hook must skip when there is nothing to read for)",
        {"fires": stats.retrieved_with_nothing_queued},
    )


def answered_from_files(stats: HookStats) -> Alarm | None:
    """Searches the files' BM25 answered because the remote backend (mem0) could not: the
    window's reads were not what the backend promises, and the remote needs looking at."""
    if not stats.fallbacks:
        return None
    reason, count = stats.fallback_reasons.most_common(1)[0]
    return Alarm(
        "answered_from_files",
        stats.hook,
        f"{stats.hook}: {stats.fallbacks} searches in {stats.fallback_fires} of {stats.fires} "
        f"fires were answered from the files' BM25, not the remote backend; most often "
        f"(×{count}): {reason}",
        {
            "searches": stats.fallbacks,
            "fires": stats.fallback_fires,
            "reasons": dict(stats.fallback_reasons.most_common(5)),
        },
    )


def ran_while_off(stats: HookStats, settings: Settings) -> Alarm | None:
    """A hook that ran although the settings say its flag (or the master switch) is off."""
    if not stats.ran:
        return None
    try:
        hook = HookName(stats.hook)
    except ValueError:
        return None
    if settings.enabled and settings.hook_enabled(hook):
        return None
    flag = HOOK_FLAGS[hook] if settings.enabled else "AGENTMEM_ENABLED"
    return Alarm(
        "ran_while_off",
        stats.hook,
        f"{stats.hook}: ran {stats.ran} times in the window while the settings say {flag}=false "
        "(flipped off mid-window, or another process runs with other settings)",
        {"ran": stats.ran, "flag": flag},
    )


def growth_alarm(growth: Growth, limit: int) -> Alarm | None:
    """A day on which more memories were created than the limit allows."""
    day, peak = growth.peak
    if day is None or peak <= limit:
        return None
    return Alarm(
        "memory_growth",
        "memory",
        f"memory grew by {peak} on {day.isoformat()} (limit {limit}/day; "
        f"mean {growth.per_day:.1f}/day over the window)",
        {"peak_day": day.isoformat(), "peak_new": peak, "limit": limit},
    )


def rejected_fields(stats: HookStats) -> Alarm | None:
    """Rejected writes, counted by the field that failed (a note even without an all-rejected fire)."""
    if not stats.rejected or stats.all_rejected_fires:
        return None  # the all-rejected alarm already names the fields
    return Alarm(
        "rejected_writes",
        stats.hook,
        f"{stats.hook}: {stats.rejected} of {stats.attempted} writes rejected; by field: "
        + ", ".join(f"{f} ×{c}" for f, c in stats.rejected_fields.most_common()),
        {"rejected_by_field": dict(stats.rejected_fields.most_common())},
    )


def quarantined_plugins(stats: HookStats) -> Alarm | None:
    """Plugins skipped because their calls hung past the budget (a stuck network call)."""
    if not stats.quarantined:
        return None
    plugins = dict(stats.quarantined.most_common())
    return Alarm(
        "plugin_quarantined",
        stats.hook,
        f"{stats.hook}: plugins skipped while their calls hung past the budget: "
        + ", ".join(f"{p} ({n} fires)" for p, n in plugins.items()),
        {"plugins": plugins},
    )


def find_alarms(
    stats: dict[str, HookStats],
    growth: Growth | None,
    settings: Settings,
    growth_limit: int = DEFAULT_GROWTH_LIMIT,
) -> list[Alarm]:
    """Every alarm the window raises, hook by hook, then memory growth."""
    alarms: list[Alarm] = []
    for hook_stats in stats.values():
        for found in (
            all_rejected(hook_stats),
            read_without_queue(hook_stats),
            answered_from_files(hook_stats),
            ran_while_off(hook_stats, settings),
            rejected_fields(hook_stats),
            quarantined_plugins(hook_stats),
        ):
            if found is not None:
                alarms.append(found)
    if growth is not None:
        found = growth_alarm(growth, growth_limit)
        if found is not None:
            alarms.append(found)
    return alarms
