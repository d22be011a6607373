"""Hook B, pre-spawn pack: a Memory Pack for the worker's goal.

The runtime writes the pack into the worker's CLAUDE.md when the host gives a folder.
Memories whose tags match the goal's kind or tags are preferred (seed 004, pattern 6).
"""

from __future__ import annotations

from agentmem import Contribution, Goal, Tools, hookimpl
from agentmem.retrieval.pack import CANDIDATES, goal_query, prefer_for_goal


@hookimpl
def pre_spawn_pack(goal: Goal, tools: Tools) -> Contribution:
    answer = tools.ask_memory(goal_query(goal), k=CANDIDATES, filters=tools.scope(goal.app_id))
    pack = tools.build_pack(prefer_for_goal(answer.hits, goal))
    return Contribution(text=pack.markdown, pack=pack, cited=[e.id for e in pack.entries])
