"""A held lesson that says its thing is kept apart from another ("the night shift has its
own 30-minute break, separate from the day-shift rule"): a draft about that other thing
("the day-shift break is now 45 minutes") tells a value of its own, and the held lesson
stays.

The held text names the other thing after "separate from", "apart from", "distinct from",
"independent of" or "not the same as"; the draft says every content word of that other
thing, and not the word the held text opens on (night, of "the night shift …"): it is
about the other thing alone.
"""

from __future__ import annotations

import re

from agentmem.core.samething import BOUNDS
from agentmem.core.statement import terms
from agentmem.core.words import tokenized

SEPARATE = re.compile(
    r"\b(?:separate|apart|distinct|independent|different)\s+(?:from|of)\s+"
    r"|\bnot\s+the\s+same\s+as\s+",
    re.IGNORECASE,
)
OTHER = re.compile(r"[^.;:,()]{2,60}")  # the other thing: to its clause's end
# Words that say the other thing is a rule or a bound, not which thing it is.
RULES = BOUNDS | frozenset(tokenized("rule rules policy policies setting settings value"))


def of_the_other(draft: str, held: str) -> bool:
    """The draft is about the thing the held lesson says its own is apart from (see the
    module docstring)."""
    told = terms(draft)
    own = terms(held).head
    if not own or own[0] in told.tokens:
        return False
    for m in SEPARATE.finditer(held):
        other = OTHER.match(held, m.end())
        if other is None:
            continue
        words = terms(other[0]).content - RULES  # "the day-shift limit": day, shift
        if words and words <= told.tokens:
            return True
    return False
