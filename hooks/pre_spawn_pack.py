"""Hook B, pre-spawn pack: a Memory Pack for the worker's goal.

The candidates are what a worker needs (`agentmem.retrieval.select`): lessons that bear on
the goal first, then a few failures on the same ground, at most one run that went well;
superseded memories never. The runtime writes the pack into the worker's CLAUDE.md when
the host gives a folder.
"""

from __future__ import annotations

from agentmem import Contribution, Goal, Tools, hookimpl
from agentmem.retrieval.select import for_worker


@hookimpl
def pre_spawn_pack(goal: Goal, tools: Tools) -> Contribution:
    floor = tools.settings.confidence_floor
    hits = for_worker(tools.search_memory, goal, tools.scope(goal.app_id), floor)
    pack = tools.build_pack(hits)
    return Contribution(text=pack.markdown, pack=pack, cited=[e.id for e in pack.entries])
