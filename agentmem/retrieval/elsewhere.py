"""Lessons a sibling app learned about the goal's own subject.

A loop's apps share components, tools and data: a lesson one app learned while fixing its
own side ("sensor readings from the old gateway firmware carry local time without an
offset") is what a worker of another app needs when its goal names the same thing ("fit the
demand model on the gateway readings"). A pack that searches only the goal's app (and
`_global`) never sees it.

So a pack also searches every app of the user with the same question, and a live lesson
of another app among the best `CANDIDATES` of that search enters the candidates when it
shares at least `SHARED_WORDS` distinct words with the goal and scores at least `REACH` of
the best lesson of the goal's own app; it competes for a place at `DISCOUNT` of its score,
so a lesson of the goal's own app wins a tie. Hook E's accounts of runs stay with their
apps (they count one app's runs). A name the goal's title writes as a code with a number
("TR-6", "QA2") counts as one word more when the lesson names it whole: the goal's search
reads it without its number (`agentmem.retrieval.pack.goal_query`), so the lab's spec of
the product a production goal names shared only the code's letters and one word with it.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from collections.abc import Set as AbstractSet
from dataclasses import replace

from agentmem.core.model import Hit, Kind
from agentmem.core.names import CODED
from agentmem.stores.base import Filters
from agentmem.stores.bm25 import tokenize

Search = Callable[[str, int, Filters], list[Hit]]

# Distinct goal words another app's lesson names: one is chance, and two were too often
# words every lesson of the domain holds. On twenty-two loop-benchmark scenarios two let in
# 47 lessons, 22 on topic (pack precision -0.02 on the repository's ten); three, among the
# every-app search's best `CANDIDATES`, kept every need gained and the precision.
SHARED_WORDS = 3
REACH = 0.5  # share of the own app's best lesson score another app's lesson needs
DISCOUNT = 0.85  # what another app's lesson counts for, against one of the goal's app
MAX_ELSEWHERE = 2  # places at most: the goal's own app comes first
CANDIDATES = 3  # the every-app search's best: a lesson further down is no sibling's word


def coded(text: str) -> set[str]:
    """The names written as a code with a number in `text` ("TR-6", "QA2"), lowercased."""
    return {m.lower() for m in CODED.findall(text) if re.search(r"\d", m)}


def from_siblings(
    search: Search,
    query: str,
    scope: Filters,
    lessons: Sequence[Hit],
    types: tuple[str, ...],
    codes: AbstractSet[str] = frozenset(),
) -> list[Hit]:
    """Other apps' live lessons on the query, over the bar above, at `DISCOUNT` of their
    score (`lessons` are the own app's candidates, scored the same way, without
    confidence); none when the read has no app (it already searched every app)."""
    if scope.app_ids is None:
        return []
    best = max((h.score for h in lessons), default=0.0)
    if best <= 0:
        return []
    every_app = replace(scope, app_ids=None, include_superseded=False, types=types)
    words = {t for t in tokenize(query) if not t.isdigit()}
    have = {h.memory.id for h in lessons}
    out: list[Hit] = []
    for hit in search(query, CANDIDATES, every_app):
        memory = hit.memory
        if memory.app_id in scope.app_ids or memory.id in have:
            continue
        if memory.kind is Kind.ASSESSMENT:
            continue
        score = hit.score / memory.confidence if memory.confidence > 0 else hit.score
        shared = len(words & set(tokenize(memory.text))) + len(codes & coded(memory.text))
        if score < REACH * best or shared < SHARED_WORDS:
            continue
        explain = {**hit.explain, "elsewhere": DISCOUNT}
        out.append(hit.model_copy(update={"score": score * DISCOUNT, "explain": explain}))
        if len(out) >= MAX_ELSEWHERE:
            break
    return out
