"""A role among numbered units given to another unit: "K-2B is the lead kiln for glazes, K-2A
is down for relining" after "the glaze line fires K-2A as lead kiln with K-2B as spare". A
line of units (pumps, kilns, servers) names which one holds a role (duty, lead, primary,
default), and a newer text naming another unit in that role tells the role changed hands,
though both texts name both units and say no "now" (`agentmem.core.namedslot` reads one
name swapped for another the held text never gives).

The draft gives the role to another unit (`role_given`) when one of its clauses says a
unit named with a digit ("K-2B", "DB3") is the role ("is the lead kiln", "is our primary",
"becomes the duty pump", "as lead kiln"), the held text gives that role, the same words,
to another unit of the same line ("K-2A", "K-2B") the same way, no clause of the draft still gives it to the held unit, and
the two texts share a content word besides the role's and the units' (what the units
serve). A draft that says the new unit stands in for a while ("until", "while", "covers")
or beside the old one ("also", "backup"), or that retracts, gives no role away.
"""

from __future__ import annotations

import re

from agentmem.core.apart import set_apart
from agentmem.core.statement import terms
from agentmem.core.textcache import textcached
from agentmem.core.withdrawal import retraction
from agentmem.core.words import tokenized

# A unit named with a digit: "K-2B", "P-3A", "DB3", "VFD-3B".
UNIT = r"[A-Z][A-Za-z]*-?\d+[A-Za-z0-9]*(?:-[A-Za-z0-9]+)*"
# "<unit> is the <role>", "<unit> becomes our <role>", "<unit> as (the) <role>": the role
# is one to three lower-case words, up to a preposition or the clause's end.
GIVEN = re.compile(
    rf"(?<![\w-])(?P<unit>{UNIT})\s+(?:(?:is|becomes|became)\s+(?:now\s+)?(?:the|our)"
    r"|as(?:\s+(?:the|our))?)\s+(?P<role>[a-z][a-z-]*(?:\s+(?!on\b|in\b|at\b|for\b|of\b"
    r"|with\b|and\b|to\b|from\b)[a-z][a-z-]*){0,2})"
)
BESIDE = re.compile(
    r"\b(?:also|too|as well|alongside|backup|while|until|till|covers?|covering|temporar\w*"
    r"|for now|this week|today|tonight)\b",
    re.IGNORECASE,
)


@textcached
def _given(text: str) -> dict[frozenset[str], set[str]]:
    """Each role the text gives (its words' stems) and the units it gives it to."""
    out: dict[frozenset[str], set[str]] = {}
    for m in GIVEN.finditer(text):
        role = frozenset(tokenized(m["role"]))
        if role:
            out.setdefault(role, set()).add(m["unit"].lower())
    return out


def _line(unit: str) -> str:
    """The line a unit is of: its name but for its last letters or number ("k-2" of "k-2b",
    "db" of "db3"); units of two lines ("k-2b", "k-4a") serve two things."""
    return re.sub(r"(?:\d+|[a-z]+)$", "", unit)


def role_given(draft: str, held: str) -> bool:
    """The draft gives a role the held text gives one unit to another (module docstring)."""
    if BESIDE.search(draft) or retraction(draft) is not None or set_apart(draft, held):
        return False
    ours, theirs = _given(draft), _given(held)
    units = {u for found in (*ours.values(), *theirs.values()) for u in found}
    for role, new in ours.items():
        old = theirs.get(role, set())
        if len(new) != 1 or not old or new & old or len({_line(u) for u in new | old}) != 1:
            continue
        aside = role | {t for u in units for t in tokenized(u)}
        if (terms(draft).content & terms(held).content) - aside:
            return True
    return False
