"""A change the goal's app recorded, told to a worker though it shares few of the goal's words.

A lesson that says something changed ("the nightly export now writes to the archive
bucket", "builds run on the new runner instead of the old one", "the guest wifi key is
rotated monthly now") retires a habit any worker on that ground may still have. It names the thing that
changed, a word or two of the goal at most, so it scores far below a lesson that repeats
the goal's words and stayed under the pack's bar. The best `MAX_NEWS` such live
observations within `NEWS_REACH` of the best lesson's score that name a word of the goal's
subject (its title and tags: its description also says how and when, "before the long
weekend", words a change shares by chance) enter after the chosen lessons, unless a
chosen lesson says the same thing. A retraction says what no longer
holds, not how things are now: it is no news here.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet

from agentmem.core.model import Hit, Kind
from agentmem.core.restate import restated, retraction
from agentmem.retrieval.conflict import says_change
from agentmem.stores.bm25 import tokenize

NEWS_REACH = 0.2  # share of the best lesson's score a change needs
MAX_NEWS = 1  # a worker reads few; the lessons over the bar come first


def news(
    lessons: Sequence[Hit], chosen: Sequence[Hit], best: float, subject: AbstractSet[str]
) -> list[Hit]:
    """The best lessons among `lessons` (best first) that say something changed, not
    chosen and not restating a chosen one, within `NEWS_REACH` of `best`, sharing a word
    with the goal's `subject`."""
    have = {h.memory.id for h in chosen}
    out: list[Hit] = []
    for hit in sorted(lessons, key=lambda h: -h.score):
        if len(out) >= MAX_NEWS or hit.score < NEWS_REACH * best:
            break
        memory = hit.memory
        if memory.id in have or memory.kind is not Kind.OBSERVATION:
            continue
        if retraction(memory.text) or not says_change(memory.text):
            continue
        if not subject & set(tokenize(memory.text)):
            continue
        if any(restated(memory.text, c.memory.text) for c in chosen):
            continue
        out.append(hit)
    return out
