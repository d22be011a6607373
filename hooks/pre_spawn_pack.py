"""Hook B, pre-spawn pack: a Memory Pack for the worker's goal.

The runtime writes the pack into the worker's CLAUDE.md when the host gives a folder.
Memories whose tags match the goal's kind or tags are preferred (seed 004, pattern 6).
"""

from __future__ import annotations

from agentmem import Contribution, Goal, Hit, Tools, hookimpl

TAG_BOOST = 1.25
CANDIDATES = 30


def _question(goal: Goal) -> str:
    detail = f" {goal.description.strip()}" if goal.description.strip() else ""
    return f"What should a worker know before working on {goal.title.strip()}?{detail}"


def _prefer(hits: list[Hit], goal: Goal) -> list[Hit]:
    wanted = {t.lower() for t in goal.tags} | ({goal.kind.lower()} if goal.kind else set())
    if not wanted:
        return hits
    return [
        h.model_copy(update={"score": h.score * TAG_BOOST})
        if wanted & {t.lower() for t in h.memory.tags}
        else h
        for h in hits
    ]


@hookimpl
def pre_spawn_pack(goal: Goal, tools: Tools) -> Contribution:
    answer = tools.ask_memory(_question(goal), k=CANDIDATES, filters=tools.scope(goal.app_id))
    pack = tools.build_pack(_prefer(answer.hits, goal))
    return Contribution(text=pack.markdown, pack=pack, cited=[e.id for e in pack.entries])
