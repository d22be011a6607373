"""Live lessons that still count a thing the way a replaced lesson did.

A replacement often gives a new count of one thing ("attachments up to 40 MB now" where
the replaced fact said 10 MB), while an older lesson nobody replaced still quotes the old
count in passing ("send big reports as a link: the 10 MB attachment cap bounces them").
That lesson is live, and it tells how things were: hook A must not hand it to the planner
as if it held.

Only counts are read here, not every value a replacement dropped (`retired`): a name or a
version the replacement does not repeat is often just not its subject (a handover section
naming the new owner, a release named as the start of a change), and an older lesson naming
it still holds. A count is retired when the replacement counts the same thing anew
(`agentmem.core.retiredvalues.counted`: "10 mb" against "40 mb", both counting "mb"). An older
lesson is judged by it only when it counts that thing with the old count in the same words:
a word next to its count (`WINDOW` words either side) is one next to the count in the
replaced lesson or in its replacement ("attachment cap" by both), so "the log rotates at
10 MB" stays beside "attachments are capped at 10 MB".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

from agentmem.core.model import Hit, Kind, Memory
from agentmem.core.retiredvalues import counted
from agentmem.stores.bm25 import tokenize

WINDOW = 5  # words either side of a count that say what it counts


@dataclass(frozen=True)
class Recount:
    """One thing a replacement counts anew: the counted word, the old count as written,
    the words around the old and the new counts, and when the replacement was written."""

    word: str
    old: str
    frame: frozenset[str]
    when: str
    new_id: str


def recounts(every: Sequence[Hit]) -> list[Recount]:
    """What replacements on the query count anew, from every lesson on it (replaced ones
    included). Only observations: hook E's updated pattern counts more of the same runs."""
    held = {h.memory.id: h.memory for h in every if h.memory.kind is Kind.OBSERVATION}
    out: list[Recount] = []
    for new in held.values():
        now = counted(new.text)
        for old_id in new.supersedes:
            if old_id not in held:
                continue
            old = held[old_id]
            for word, counts in counted(old.text).items():
                if word not in now:
                    continue
                near_new = set().union(*(_around(new.text, c, word) for c in now[word]))
                for count in sorted(counts - now[word]):
                    frame = frozenset(_around(old.text, count, word) | near_new)
                    out.append(Recount(word, count, frame, new.created_at, new.id))
    return out


def recounted(lesson: Memory, changes: Sequence[Recount]) -> bool:
    """Whether `lesson`, written before a replacement, counts its thing with the count the
    replacement retired, in the same words (see the module docstring)."""
    if not changes:
        return False
    mine = counted(lesson.text)
    return any(
        lesson.id != change.new_id
        and lesson.created_at < change.when
        and change.old in mine.get(change.word, set())
        and _around(lesson.text, change.old, change.word) & change.frame
        for change in changes
    )


def _around(text: str, count: str, word: str) -> set[str]:
    """The search terms of the words next to each place `text` writes `count`, without
    numbers and the counted word itself."""
    spelled = r"\s+".join(re.escape(part) for part in count.split())
    out: set[str] = set()
    for match in re.finditer(rf"(?<![\w.]){spelled}(?![\w%])", text, re.IGNORECASE):
        before = text[: match.start()].split()[-WINDOW:]
        after = text[match.end() :].split()[:WINDOW]
        out |= set(tokenize(" ".join([*before, *after])))
    unit = set(tokenize(word))
    return {t for t in out if not t.isdigit() and t not in unit}
