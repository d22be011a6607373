"""Hook A's latest word of the bundle's own app: the newest lesson under the bar.

A correction is often written in words of its own ("the old advice was wrong since the
first of the month: the cut-off is two days ahead, not one") and shares few words with the
bundle that needs it, while the older lessons it corrects repeat the bundle's names and
fill every place over the bar. Of the app's lessons under the bar (hook E's patterns
aside), the newest one is told when it still scores `LATEST_SHARE` of the app's best
lesson: the host queued the bundle under that app, so the app's newest word on the
bundle's ground is what a planner most lacks. On four tuning loop-benchmark scenarios:
synthesis need 0.897 -> 0.923 (one gains, none lose), stale lines a share lower; needs
unchanged on the repository's ten and two validation ones (0.1 and 0.2 gave the same).
"""

from __future__ import annotations

from collections.abc import Sequence

from agentmem.core.model import Hit, Kind
from agentmem.core.verdict import GLOBAL
from agentmem.stores.base import Filters

LATEST_SHARE = 0.1


def latest(below: Sequence[Hit], told: Sequence[Hit], scope: Filters) -> list[Hit]:
    """The newest of the app's lessons in `below` not yet `told`, when it scores
    `LATEST_SHARE` of the app's best lesson (see the module docstring); else nothing."""
    app = scope.app_ids[0] if scope.app_ids else GLOBAL
    if app == GLOBAL:
        return []
    held = {h.memory.id for h in told}
    mine = [
        h
        for h in below
        if h.memory.app_id == app
        and h.memory.kind is not Kind.ASSESSMENT
        and h.memory.id not in held
    ]
    if not mine:
        return []
    newest = max(mine, key=lambda h: h.memory.created_at)
    best = max((h.score for h in [*told, *below] if h.memory.app_id == app), default=0.0)
    return [newest] if newest.score >= LATEST_SHARE * best else []
