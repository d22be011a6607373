"""Two things kept apart, then said to apply together: a rule turned around with no value
to compare and, often, not its verb. "A resident voucher and a group fare: one or the
other, never both" is turned around by "since RFC-9 the resident voucher stacks on top of
the group fare", however each names the rule: "never both", "must not stack", "one or the
other", "mutually exclusive" keep two things apart; "stacks", "combines", "both apply",
"together" join them.

The newer text says something changed (`says_changed`), one of its clauses joins two
things without a negation, says every word of the older clause's head (what the rule is
about: "crew pass", not "resident voucher", when the newer one stacks the resident
voucher), and shares `SAME_THING` content words with the older clause besides the
joining words. The writer (`agentmem.core.verdict`) asks it when the newer one is
written (`agentmem.retrieval.flipped` reads a verb turned around in its own words)."""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.apart import set_apart
from agentmem.core.clauses import ASIDES
from agentmem.core.cues import NEGATION, says_changed
from agentmem.core.statement import terms
from agentmem.stores.bm25 import tokenize

# Verbs of two things applying together: people name one rule with any of them.
JOINED = frozenset(tokenize("stack combine both together cumulative"))
# A joining verb negated ("never both", "must not stack", "cannot be combined").
NEGATED = re.compile(
    r"\b(?:never|(?:must|may|should|do|does|can|will)\s+not|(?:must|should|do|does|ca|wo)n't|"
    r"cannot)\s+(?:be\s+)?(?P<verb>[a-z]{4,})\b",
    re.IGNORECASE,
)
# Two things kept apart without a negated verb.
APART = re.compile(r"\bone\s+or\s+the\s+other\b|\bmutually\s+exclusive\b", re.IGNORECASE)
CLAUSE = ASIDES
SAME_THING = 2  # content words the two clauses share besides the joining words
HEAD = 2  # first content words of the older clause that name what it keeps apart


def _words(clause: str) -> frozenset[str]:
    return frozenset(t for t in tokenize(clause) if len(t) >= 3 and not t.isdigit()) - JOINED


@lru_cache(maxsize=4096)
def kept_apart(text: str) -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
    """(content words, head) of each clause of `text` that keeps two things apart."""
    out = []
    for clause in CLAUSE.split(text):
        negated = {v for m in NEGATED.finditer(clause) for v in tokenize(m["verb"])}
        if negated & JOINED or APART.search(clause):
            out.append((_words(clause), frozenset(terms(clause).head[:HEAD])))
    return tuple(out)


@lru_cache(maxsize=4096)
def joined(text: str) -> tuple[frozenset[str], ...]:
    """The content words of each clause of `text` that joins two things, no negation."""
    out = []
    for clause in CLAUSE.split(text):
        if NEGATION.search(clause) or not JOINED & set(tokenize(clause)):
            continue
        out.append(_words(clause))
    return tuple(out)


def joins_apart(newer: str, older: str) -> bool:
    """Whether `newer` turns around what `older` kept apart (see the module docstring)."""
    apart = kept_apart(older)
    if not apart or not says_changed(newer) or set_apart(newer, older):
        return False
    said = frozenset(tokenize(newer))
    return any(
        head <= said and len(words & held) >= SAME_THING
        for held, head in apart
        if head
        for words in joined(newer)
    )
