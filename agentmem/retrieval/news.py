"""A change the goal's app recorded, told to a worker though it shares few of the goal's words.

A lesson that says something changed ("the nightly export now writes to the archive
bucket", "builds run on the new runner instead of the old one", "the guest wifi key is
rotated monthly now") retires a habit any worker on that ground may still have. It names the thing that
changed, a word or two of the goal at most, so it scores far below a lesson that repeats
the goal's words and stayed under the pack's bar. The best `MAX_NEWS` such live
observations within `NEWS_REACH` of the best lesson's score that name a word of the goal's
subject (its title and tags: its description also says how and when, "before the long
weekend", words a change shares by chance; a function word names nothing) enter after
the chosen lessons, unless a chosen lesson says the same thing. A retraction says what no
longer holds, not how things are now: it is no news here.

A word of the goal's subject is not enough: one title word or tag is shared by every
change on the app's common ground ("the kiln now takes two carts a firing" for "glaze a
rush order"). A change is news to this worker when the pack already `held`
an entry written before it on the thing that changed (`ON_CHANGE` words of the change
beside the goal's): the worker reads that entry and would not know it changed. A change no
packed entry speaks of is another subject's; one only newer entries speak of is already
told as things are now by them.
"""

from __future__ import annotations

from collections.abc import Sequence
from collections.abc import Set as AbstractSet

from agentmem.core.model import Hit, Kind
from agentmem.core.restate import restated, retraction
from agentmem.core.words import function_words, tokenized
from agentmem.retrieval.conflict import says_change

NEWS_REACH = 0.2  # share of the best lesson's score a change needs
MAX_NEWS = 1  # a worker reads few; the lessons over the bar come first
ON_CHANGE = 2  # words of a change, beside the goal's, an older packed entry shares with it


def news(
    lessons: Sequence[Hit],
    chosen: Sequence[Hit],
    best: float,
    subject: AbstractSet[str],
    held: Sequence[Hit] = (),
    goal_words: AbstractSet[str] = frozenset(),
) -> list[Hit]:
    """The best lessons among `lessons` (best first) that say something changed, not
    chosen and not restating a chosen one, within `NEWS_REACH` of `best`, sharing a word
    with the goal's `subject`, and newer than an entry the pack `held` on the thing that
    changed (`updates`)."""
    have = {h.memory.id for h in chosen}
    named = subject - function_words()
    out: list[Hit] = []
    for hit in sorted(lessons, key=lambda h: -h.score):
        if len(out) >= MAX_NEWS or hit.score < NEWS_REACH * best:
            break
        memory = hit.memory
        if memory.id in have or memory.kind is not Kind.OBSERVATION:
            continue
        if retraction(memory.text) or not says_change(memory.text):
            continue
        if not named & set(tokenized(memory.text)):
            continue
        if any(restated(memory.text, c.memory.text) for c in chosen):
            continue
        if not updates(hit, held, goal_words):
            continue
        out.append(hit)
    return out


def updates(change: Hit, held: Sequence[Hit], goal_words: AbstractSet[str]) -> bool:
    """Whether an entry in `held`, written before `change`, speaks of what changed: it
    shares `ON_CHANGE` of the change's words that are not the goal's."""
    changed = words(change.memory.text) - goal_words
    return any(
        h.memory.created_at < change.memory.created_at
        and len(changed & words(h.memory.text)) >= ON_CHANGE
        for h in held
    )


def words(text: str) -> set[str]:
    """A text's words that can name a thing: no function word, no number, none short."""
    return {t for t in tokenized(text) if len(t) > 2 and not t.isdigit()} - function_words()
