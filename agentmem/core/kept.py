"""A value said to stay beside one that moved: "the late cutoff is now 06:00, moved from
Saturday night; the courier pickup stays at 11:00" after "orders close Saturday 22:00 and
the courier picks up at 11:00".

The clause that stays tells which held statement the draft speaks of: the held text states
the value that stays, of a word the clause shares with it ("pickup"), and a value the draft
no longer states beside it, of a kind the draft gives anew in its other clauses (22:00 gone,
06:00 new). The two may share few other words ("cutoff" for "orders close"), and the value
that stays is not the one that changed: it is the other one. `agentmem.core.counted` asks
`moved_beside` for `agentmem.core.restate`.
"""

from __future__ import annotations

import re

from agentmem.core.newvalue import CLAUSE
from agentmem.core.statement import Terms, terms
from agentmem.core.stays import STAY, STILL, any_word

# `agentmem.core.stays`, of the words of no change only "unchanged": the others unmeasured here
STAYS = any_word(STAY, STILL, ("unchanged",))
PART = re.compile(r"[.;,]\s+|\s+and\s+|\s+[—–]\s+")  # ... and the parts of one
KINDS = ("time", "day")  # when a cutoff or a hand-off happens
MIN_SHARED = 2  # content terms the two share (the value that stays anchors the rest)


def moved_beside(draft: str, held: str, d: Terms, h: Terms) -> bool:
    """The draft says something changed, one of its clauses says a value the held text
    states stays, and its other clauses give another value of a kind the held text states,
    whose held value the draft no longer gives (see the module docstring)."""
    if not d.change or len(d.content & h.content) < MIN_SHARED:
        return False
    clauses = [terms(c) for c in CLAUSE.split(draft) if c.strip()]
    kept = [t for c, t in zip(CLAUSE.split(draft), clauses, strict=False) if STAYS.search(c)]
    moved = [t for t in clauses if t not in kept]
    if not kept or not moved:
        return False
    if not any(
        t.content & h.content and t.values.get(k, frozenset()) & h.values.get(k, frozenset())
        for t in kept
        for k in KINDS
    ):
        return False  # nothing that stays is what the held text states
    if any(t.proper - h.tokens for t in moved):
        return False  # the moved value is another thing's, named in its clause
    # The held value the draft no longer gives is told in another part of the held text
    # than the one that stays ("closes Sunday 23:59 and the file goes out Monday 10:00"),
    # not beside it ("pickups are booked Friday 12:00" is all of the pickups' own slot), of
    # a word the moved clause holds too ("the bureau answers by 12:00" is no cutoff).
    staying = {v for t in kept for k in KINDS for v in t.values.get(k, frozenset())}
    parts = [terms(p) for p in PART.split(held) if p.strip()]
    return any(
        bool(t.values.get(k, frozenset()) - h.values.get(k, frozenset()))
        and any(
            p.values.get(k, frozenset()) - d.values.get(k, frozenset())
            and p.content & t.content
            and not staying & {v for k2 in KINDS for v in p.values.get(k2, frozenset())}
            for p in parts
        )
        for t in moved
        for k in KINDS
    )
