"""The goal's own app, heard in a short pack: its next lesson under the bar.

A goal names its work in its own words ("Offer weekend slots to the night crew"); the
lesson its app holds on the same component often names the component in others ("the
rota solver must check each driver's licence class before it scores a shift"). It shares
two of the goal's words, scores under the pack's bar, and the worker that builds on that
component never reads it. The host spawned the worker under that app, so the app's lessons
are on the goal's ground even in fewer words (as hook A's `own_ground` tells a bundle's).
When fewer than `FEW_LESSONS` lessons were chosen, the best live observation of the goal's
app down to `OWN_SHARE` of the best lesson's score that shares `OWN_WORDS` of the goal's
words, one of them of its subject (its title and tags: its description also says how and
when, words a lesson shares by chance), enters, a lesson that restates one chosen left out (`restated`), as is one a packed
change newer than it speaks of (`agentmem.retrieval.places.behind`: it may tell the way
things were). A `_global` note is on the goal's ground only by its words; hook E's pattern
counts runs and tells no rule.

On the 58 tuning loop-benchmark scenarios, of the app's lessons such a rule would add, half
were on the goal's topic: filling up to four lessons, down to a tenth of the best on any
words, found five needs for 165 entries (pack precision 0.909 -> 0.884); one lesson into a
pack of fewer than two, on two of the goal's words, two needs for 13 entries (-0.002), and
one of them a word of its subject, one need for 10 entries (-0.0013).
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet

from agentmem.core.model import Hit, Kind, MemoryType
from agentmem.core.restate import restated
from agentmem.core.verdict import GLOBAL
from agentmem.retrieval.places import behind
from agentmem.stores.bm25 import tokenize

FEW_LESSONS = 2  # lessons a pack holds before the app's weaker ones stay out
OWN_SHARE = 0.1  # share of the best lesson's score the app's lesson still needs
OWN_WORDS = 2  # distinct goal words it shares (one is shared by chance)


def own_app(
    lessons: Sequence[Hit],
    chosen: Sequence[Hit],
    app: str | None,
    goal_words: AbstractSet[str],
    subject: AbstractSet[str],
) -> list[Hit]:
    """The lesson of `app` among `lessons` that joins a short pack (module docstring), or
    none; `chosen` is what the pack holds so far, run records included, `goal_words` the
    query's tokens and `subject` those of the goal's title and tags."""
    taught = [h for h in chosen if h.memory.type is not MemoryType.EPISODIC]
    if not app or app == GLOBAL or len(taught) >= FEW_LESSONS:
        return []
    best = max((h.score for h in lessons), default=0.0)
    held = {h.memory.id for h in chosen}
    changes = [h.memory for h in taught if h.memory.supersedes]
    for hit in sorted(lessons, key=lambda h: -h.score):
        memory = hit.memory
        if hit.score < OWN_SHARE * best:
            break
        if memory.id in held or memory.app_id != app or memory.kind is not Kind.OBSERVATION:
            continue
        if behind(memory, changes) or any(restated(memory.text, h.memory.text) for h in taught):
            continue
        words = set(tokenize(memory.text))
        if len(goal_words & words) >= OWN_WORDS and subject & words:
            return [hit]
    return []
