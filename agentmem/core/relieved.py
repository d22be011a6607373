"""A role said to be left by the one who held it: "Dana Whitfield no longer signs off glaze
recipes; since the 3rd the approver is Omar Reyes", "Dana Whitfield no longer signs off
glaze recipes" with no one named after her. The held lesson that gives her that role
("a new glaze recipe needs sign-off from Dana Whitfield") is replaced, though the draft
names her too: `agentmem.core.newvalue.reassigned` reads a role handed to others only when
the two name no holder in common.

Against a false merge: the draft says the holder no longer does it (the words right before
"no longer" name a holder of the held lesson), both give one role (owns, signs off, who to
ask, on call), and they share a word of what the role is over besides the role's own words
and the holders' names (Dana's sign-off of glaze recipes is not her sign-off of the kiln
budget)."""

from __future__ import annotations

import re

from agentmem.core.holders import ROLE, same_holder
from agentmem.core.statement import terms
from agentmem.stores.bm25 import tokenize

NO_LONGER = re.compile(r"\bno\s+longer\b", re.IGNORECASE)
REACH = 4  # words before "no longer" that name who left the role


def relieved(draft: str, held: str) -> bool:
    """The draft says a holder of the held lesson's role no longer holds it, of the same
    thing (see the module docstring)."""
    d, h = terms(draft), terms(held)
    if not d.roles & h.roles or not h.people:
        return False
    who = [
        frozenset(re.split(r"[.;:!?]\s", draft[: m.start()])[-1].split()[-REACH:])
        for m in NO_LONGER.finditer(draft)
    ]
    left = {p for p in h.people for words in who if same_holder(frozenset([p]), _names(words))}
    if not left:
        return False
    role = {t for text in (draft, held) for m in ROLE.finditer(text) for t in tokenize(m[0])}
    names = {t for p in d.people | h.people for t in tokenize(p)}
    return bool((d.content & h.content) - role - names)


def _names(words: frozenset[str]) -> frozenset[str]:
    """The words before "no longer" read as one holder's name ("Dana Whitfield")."""
    return frozenset([" ".join(sorted(w.strip(",;:()") for w in words))])
