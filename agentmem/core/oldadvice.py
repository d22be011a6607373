"""A correction told as a retraction of "the old advice": "The old advice was wrong since the
1st: returns are accepted for 60 days, not 30", "The old 3-coat rule is wrong after the
switch: two coats of the new primer are enough". The claim names no lesson by its words,
only as the older word ("the old advice", "our previous number"), so `agentmem.core.retract`
finds nothing it withdraws; and a retraction replaces nothing by `agentmem.core.restate`.
What follows the claim is the new statement: the held lesson it gives a new value of
(`replaces`) is the one the claim calls old.

Against a false merge: the claim's own words and values, beyond its framing, must be the
held lesson's ("the old 3-coat rule" is not a lesson on two-coat varnish), and a claim
that names a lesson by its subject ("the longer timeout was wrong") is left to
`agentmem.core.retract`."""

from __future__ import annotations

import re

from agentmem.core.restate import replaces
from agentmem.core.retract import FRAMING, RETRACTED
from agentmem.core.statement import terms

# The words by which a claim calls a lesson the older word (stems, as `terms` gives them).
OLDER = re.compile(r"\b(?:old|older|previous|earlier|former|original|prior)\b", re.IGNORECASE)
OLDER_TERMS = frozenset(
    ("old", "older", "previous", "previou", "earlier", "former", "origin", "prior")
)


def corrected(draft: str, held: str) -> bool:
    """The draft calls an older lesson wrong and tells the new value of what `held` says
    (see the module docstring)."""
    match = RETRACTED.match(draft)
    if match is None or not match["claim"] or not OLDER.search(match["claim"]):
        return False
    claim, told = terms(match["claim"]), terms(held)
    if (claim.content - FRAMING - OLDER_TERMS) - told.content:
        return False  # the claim names what the held lesson never says
    if any(v - told.values.get(kind, frozenset()) for kind, v in claim.values.items()):
        return False  # a value the claim calls old that the held lesson never states
    rest = draft[match.end() :].strip()
    return bool(rest) and replaces(rest, held)
