"""Older live lessons a newer change turned around: the same thing now goes the other way.

A change of a place or a switch carries no value to compare ("the allergen card sits at
the top of the menu" against "the allergen card now goes at the bottom, under the
desserts"), so neither the writer's replacement check nor the reader's value slots
(`agentmem.retrieval.conflict`, `agentmem.retrieval.lingering`) link the pair, and a read
that holds both tells the old way beside the new. The newer lesson retires the older when
it says it changed (`says_changed`: "now", "moved", "since 09-28"), one of its clauses
says the opposite word of a pair (`OPPOSITES`) to one of the older's, and the two clauses
open on the same thing (a word of their heads: "allergen card", not "wine list" on the
same printed menu) and share `SAME_THING` content words besides the opposites (or the
older says a verb never happens, "vouchers never combine with …", and a newer clause says
it does, with no negation: "since RFC-22 a voucher combines with …"), neither
text setting itself apart from the other (`set_apart`: "the children's menu now puts its
card at the bottom, unlike the printed menu"). On the repository's ten, four tuning and
four validation loop-benchmark scenarios it fired in one, on two lessons: four stale
synthesis lines fewer, no need lost.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from agentmem.core.apart import set_apart
from agentmem.core.cues import NEGATION, says_changed
from agentmem.core.model import Hit, Kind, Memory
from agentmem.core.statement import terms
from agentmem.retrieval.stated import CLAUSE
from agentmem.stores.bm25 import tokenize

# Words that say where a thing goes or whether it is on, each with its opposite. Words
# of time ("before", "after", "first") are left out: they order steps as often as they
# place a thing.
OPPOSITES = (
    ("top", "bottom"),
    ("above", "below"),
    ("enabled", "disabled"),
    ("enable", "disable"),
    ("ascending", "descending"),
)
SAME_THING = 2  # content words the two clauses share besides the opposite words
# A verb said not to happen ("coupons never stack with …", "must not combine"): a newer
# clause that says the same verb of the same thing without a negation turns it around.
NEGATED = re.compile(
    r"\b(?:never|(?:must|may|should|do|does|can|will)\s+not|(?:must|should|do|does|ca|wo)n't|"
    r"cannot)\s+(?P<verb>[a-z]{4,})\b",
    re.IGNORECASE,
)
_WORD = re.compile(r"[a-z]+")


def flipped(old: Memory, newer: Sequence[Memory]) -> bool:
    """Whether a lesson among `newer` (live lessons on the same read) written after `old`
    turned it around (see the module docstring). Observations only: hook E's pattern
    counts runs, it changes nothing."""
    if old.kind is not Kind.OBSERVATION:
        return False
    mine = _placed(old.text)
    if not mine:
        return False
    for new in newer:
        if (
            new.id == old.id
            or new.kind is not Kind.OBSERVATION
            or new.created_at <= old.created_at
            or not says_changed(new.text)
            or set_apart(new.text, old.text)
        ):
            continue
        for word, words, head in _placed(new.text):
            if any(
                _opposite(word, said) and head & held_head and len(words & held) >= SAME_THING
                for said, held, held_head in mine
            ):
                return True
        for said, held, held_head in mine:
            if said.startswith("-") and any(
                head & held_head and len(words & held) >= SAME_THING
                for words, head in _affirmed(said[1:], new.text)
            ):
                return True
    return False


def _affirmed(word: str, text: str) -> list[tuple[frozenset[str], frozenset[str]]]:
    """(content words, head) of each clause of `text` that says the verb stem `word`
    without a negation: "the trial credit now combines with a coupon" of "combine"."""
    out = []
    for clause in CLAUSE.split(text):
        if NEGATION.search(clause) or word not in tokenize(clause):
            continue
        words = frozenset(t for t in tokenize(clause) if len(t) >= 3 and not t.isdigit())
        out.append((words - {word}, frozenset(terms(clause).head[:2])))
    return out


def outturned(hits: Sequence[Hit], every: Sequence[Hit]) -> list[Hit]:
    """`hits` without the lessons a newer live lesson among `every` turned around."""
    replaced = {i for h in every for i in h.memory.supersedes}
    live = [h.memory for h in every if h.memory.id not in replaced]
    return [h for h in hits if not flipped(h.memory, live)]


_PAIRED = frozenset(t for pair in OPPOSITES for w in pair for t in tokenize(w))


@lru_cache(maxsize=4096)
def _placed(text: str) -> tuple[tuple[str, frozenset[str], frozenset[str]], ...]:
    """Each opposite word a clause of `text` says, with the clause's content words besides
    the opposites and the first two words of its head: what it places ("allergen card", not
    "wine list", on the same printed menu). A clause that says both words of a pair tells
    a range, not a place. Read once per text: a read meets each lesson in many pairs."""
    out = []
    for clause in CLAUSE.split(text):
        said = set(_WORD.findall(clause.lower()))
        found = [a if a in said else b for a, b in OPPOSITES if (a in said) != (b in said)]
        found += [f"-{v}" for m in NEGATED.finditer(clause) for v in tokenize(m["verb"])]
        if not found:
            continue  # most clauses place nothing: their words and head go unread
        words = frozenset(
            t for t in tokenize(clause) if len(t) >= 3 and not t.isdigit() and t not in _PAIRED
        )
        head = frozenset(terms(clause).head[:2])
        out += [(word, words, head) for word in found]
    return tuple(out)


def _opposite(a: str, b: str) -> bool:
    return (a, b) in OPPOSITES or (b, a) in OPPOSITES
