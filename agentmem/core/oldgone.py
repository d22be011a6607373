"""An old way said to be over: "The old hand-copy step is gone", "the old per-batch rinse
no longer applies", "our previous weekly audit was dropped". The draft names the way by
a few of its words, as the older one, and says it holds no more: every held lesson that
tells that way (all its words but the generic ones: "step", "rule", "process") and is on
the draft's subject (two content words in common besides them) is withdrawn: "copy the
glaze sheets to the kiln laptop by hand before a firing" goes with "Glaze sheets now come
from the studio wiki; the old hand-copy step is gone".

Against false merges: the way must be called old (or previous, former, legacy: a way
that is new or still kept is no news of an end), named by a word at least besides the
generic ones, each of them in the held lesson; a held lesson that itself calls the way old
or says it ended (another report of the same change) stays."""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.statement import function_words, terms
from agentmem.stores.bm25 import tokenize

GONE = re.compile(
    r"\b(?:the|our|that|this)\s+(?:old|previous|former|legacy|original)\s+"
    r"(?P<way>[^.;:,()]{2,60}?)\s+(?:"
    r"no\s+longer\s+(?:applies|apply|holds?|exists?|runs?|is\s+(?:needed|used|done)|"
    r"are\s+(?:needed|used|done))"
    r"|(?:is|are|was|were|has\s+been|have\s+been)\s+(?:now\s+)?(?:gone|removed|retired|"
    r"dropped|switched\s+off|turned\s+off|shut\s+down|decommissioned|obsolete|abandoned|"
    r"no\s+longer\s+(?:needed|used|done))"
    r")\b",
    re.IGNORECASE,
)
GENERIC = frozenset(
    tokenize(
        "step steps process rule rules way ways setup procedure method practice approach "
        "routine policy workflow flow thing part"
    )
)
MIN_SHARED = 2  # content words a withdrawn lesson shares with the draft: on its subject


@lru_cache(maxsize=4096)
def old_ways(text: str) -> tuple[frozenset[str], ...]:
    """The ways a text says are over, each by its words (search terms, generic ones out)."""
    out = []
    for m in GONE.finditer(text):
        words = frozenset(
            t for t in tokenize(m["way"]) if t not in GENERIC and t not in function_words()
        )
        if words:
            out.append(words)
    return tuple(out)


def way_gone(draft: str, held: str) -> bool:
    """The held lesson tells a way the draft says is over (see the module docstring)."""
    ways = old_ways(draft)
    if not ways or old_ways(held):
        return False
    h = terms(held)
    told = h.tokens | {p for t in h.tokens for p in tokenize(t)}
    shared = terms(draft).content & h.content
    return any(way <= told and len(shared - way) >= MIN_SHARED for way in ways)
