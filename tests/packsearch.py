"""A word-count stand-in for the index, for tests of how a pack is chosen (`for_worker`).

A memory scores the query words it holds, times its confidence, within the read's scope:
enough to show which memories a pack's rules let in, with no store behind it."""

from __future__ import annotations

from agentmem.contexts import Goal
from agentmem.core.model import Hit, Memory
from agentmem.retrieval.select import Search, for_worker
from agentmem.stores.base import Filters
from agentmem.stores.bm25 import tokenize


def searcher(memories: list[Memory]) -> Search:
    """Search over `memories`: the query words each holds, in scope, best first."""

    def search(query: str, k: int, scope: Filters) -> list[Hit]:
        words = tokenize(query)
        hits = []
        for m in memories:
            if not scope.admits(m):
                continue
            held = set(tokenize(m.text))
            score = float(sum(1 for w in words if w in held))
            if score > 0:
                hits.append(Hit(memory=m, score=score * m.confidence))
        return sorted(hits, key=lambda h: -h.score)[:k]

    return search


def packed(memories: list[Memory], goal: Goal) -> list[str]:
    """The ids `for_worker` chooses for `goal` from `memories`, in the goal's app."""
    apps = None if goal.app_id is None else (goal.app_id,)
    hits = for_worker(searcher(memories), goal, Filters(user_id="u", app_ids=apps))
    return [h.memory.id for h in hits]
