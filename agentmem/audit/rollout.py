"""Rollout advice: which flag the staged order C, B, A, D, E turns on next, and whether the
window's figures support turning it on now."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from agentmem.audit.stats import HookStats
from agentmem.core.model import HookName
from agentmem.settings import HOOK_FLAGS, Settings

STAGES: tuple[HookName, ...] = (
    HookName.POST_RUN_CLASSIFY,  # C
    HookName.PRE_SPAWN_PACK,  # B
    HookName.PRE_GOAL_SYNTHESIS,  # A
    HookName.POST_RETRO_DISTILL,  # D
    HookName.JUDGMENT_HARVEST,  # E
)
LETTERS = {
    HookName.PRE_GOAL_SYNTHESIS: "A",
    HookName.PRE_SPAWN_PACK: "B",
    HookName.POST_RUN_CLASSIFY: "C",
    HookName.POST_RETRO_DISTILL: "D",
    HookName.JUDGMENT_HARVEST: "E",
}
# Runs each enabled hook needs in the window, fitted to how often a loop fires it: C after
# every run and B before every spawn; A only when a bundle is queued; D once per retro
# (about one per ten runs); E when the host decides (daily). One number for all five made
# D need 200 runs and E 400.
DEFAULT_MIN_FIRES: dict[str, int] = {
    HookName.POST_RUN_CLASSIFY.value: 20,
    HookName.PRE_SPAWN_PACK.value: 20,
    HookName.PRE_GOAL_SYNTHESIS.value: 10,
    HookName.POST_RETRO_DISTILL.value: 3,
    HookName.JUDGMENT_HARVEST.value: 2,
}
DEFAULT_MIN_OK = 0.95


@dataclass
class Check:
    """One enabled hook held to the thresholds."""

    hook: str
    ran: int
    ok_rate: float
    all_rejected_fires: int
    problems: list[str] = field(default_factory=list)

    @property
    def passed(self) -> bool:
        return not self.problems


@dataclass
class Advice:
    """The next flag (None when all are on), whether to turn it on now, and why."""

    next_hook: str | None
    next_flag: str | None
    stage: int | None
    advance: bool
    summary: str
    checks: list[Check] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    @property
    def complete(self) -> bool:
        """All five hooks are on: the rollout is done, nothing to hold."""
        return self.next_hook is None

    def as_dict(self) -> dict[str, Any]:
        return {
            "complete": self.complete,
            "next_hook": self.next_hook,
            "next_flag": self.next_flag,
            "stage": self.stage,
            "advance": self.advance,
            "summary": self.summary,
            "checks": [
                {
                    "hook": c.hook,
                    "ran": c.ran,
                    "ok_rate": round(c.ok_rate, 4),
                    "all_rejected_fires": c.all_rejected_fires,
                    "passed": c.passed,
                    "problems": c.problems,
                }
                for c in self.checks
            ],
            "notes": self.notes,
        }


def check(stats: HookStats, min_fires: int, min_ok: float) -> Check:
    """Hold one hook's window to: ≥ min_fires runs, ≥ min_ok ok, no all-rejected harvest."""
    result = Check(stats.hook, stats.ran, stats.ok_rate, stats.all_rejected_fires)
    if stats.ran < min_fires:
        result.problems.append(f"ran {stats.ran} times, fewer than {min_fires}")
    if stats.ok_rate < min_ok:
        result.problems.append(
            f"{stats.ok_rate:.1%} ok ({stats.ok} of {stats.fires}), below {min_ok:.0%}"
        )
    if stats.all_rejected_fires:
        result.problems.append(f"{stats.all_rejected_fires} all-rejected harvest(s)")
    return result


def advise(
    settings: Settings,
    stats: dict[str, HookStats],
    min_fires: Mapping[str, int] | None = None,
    min_ok: float = DEFAULT_MIN_OK,
) -> Advice:
    """Every enabled hook must pass `check` before the next stage's flag goes on.

    `min_fires`: runs per hook (by hook name); hooks it leaves out keep their default.
    """
    needed = {**DEFAULT_MIN_FIRES, **(min_fires or {})}
    enabled = [h for h in STAGES if settings.enabled and settings.hook_enabled(h)]
    pending = [h for h in STAGES if h not in enabled]
    notes = []
    if pending and enabled and STAGES.index(pending[0]) < STAGES.index(enabled[-1]):
        notes.append(
            f"out of staged order: {pending[0].value} ({LETTERS[pending[0]]}) is off while "
            f"{enabled[-1].value} ({LETTERS[enabled[-1]]}) is on"
        )
    if not pending:
        return Advice(
            None, None, None, False, "rollout complete: all five hooks are on", notes=notes
        )
    nxt = pending[0]
    flag = HOOK_FLAGS[nxt]
    stage = STAGES.index(nxt) + 1
    name = f"{flag}=true (stage {stage}: {LETTERS[nxt]} {nxt.value})"
    if not settings.enabled:
        flag_text = f"AGENTMEM_ENABLED=true and {name}"
        return Advice(
            nxt.value, flag, stage, True, f"turn on {flag_text}: nothing runs yet", notes=notes
        )
    checks = [
        check(stats.get(h.value, HookStats(h.value)), needed[h.value], min_ok) for h in enabled
    ]
    failing = [c for c in checks if not c.passed]
    if not enabled:
        return Advice(
            nxt.value, flag, stage, True, f"turn on {name}: no hook is on yet", notes=notes
        )
    if failing:
        why = "; ".join(f"{c.hook}: {', '.join(c.problems)}" for c in failing)
        summary = f"do not turn on {name} yet; {why}"
        return Advice(nxt.value, flag, stage, False, summary, checks, notes)
    runs = ", ".join(f"{LETTERS[h]} {needed[h.value]}+" for h in enabled)
    summary = f"turn on {name}: every enabled hook passed (runs {runs}; {min_ok:.0%}+ ok; no all-rejected harvest)"
    return Advice(nxt.value, flag, stage, True, summary, checks, notes)
