"""A new value of a tagged thing: both texts name one tag, and beside it the value changed.

A plant, a fleet or a form names its things by tags ("reboiler E-105", "schema CP-ePR",
"gateway GW-2"), and a tag names one thing wherever it is told. A later text that gives a
new value beside the tag the held lesson gives its value beside tells of that thing, even
when everything around it is told otherwise: "With CESAR1 the reboiler E-105 setpoint is
124 °C; Solvaris' limit is 126 °C" against "Reboiler E-105 outlet temperature setpoint is
120 °C with 30 wt% MEA". The general reading (`agentmem.core.samething.given_anew`) takes
the new names around the new value (the solvent, its supplier) for another place's fact,
and so does its guard against look-alikes; a shared tag is the better witness of what the
value is of.

`tagged_anew` reads such a draft, with or without a word of news (two current values of
one tag's slot cannot both hold), when:

1. A tag (`TAG`: capitals and digits, or a capitalised code joined by a hyphen) is named in
   both texts, and the draft names no other tag of the held tag's family (the draft's
   "GR-2" is another thing than the held "GR-1", whatever it shares).
2. A value of one measure (`valuereadings.readings`) is told beside the shared tag in the
   draft (of the tags of its clause, the nearest, within `NEAR` words), and a value of that
   measure but another amount beside the same tag in the held text, the words around the
   two sharing a content term besides the tag: the slot is the tag's.
3. Every held value of that measure the draft says again is marked as the old one ("from
   120 to 124"): a second value beside the first is a second slot, not a new value.
4. Nothing sets the draft elsewhere: another year, a clause saying no of the held thing,
   a "no" or a "still" in the value's clause, another instance told with no word of news
   ("on the pilot skid": `agentmem.core.plainnews.OTHER_INSTANCE`), a retraction (left to
   the withdrawal rules).
"""

from __future__ import annotations

import re
from bisect import bisect_right
from functools import lru_cache

from agentmem.core.cues import NEGATION
from agentmem.core.plainnews import OTHER_INSTANCE
from agentmem.core.property import other_property
from agentmem.core.samething import (
    STAYS,
    YEAR,
    Value,
    _around,
    _as_news,
    _denied_of,
    _marked_old,
    readings,
)
from agentmem.core.textcache import textcached
from agentmem.core.withdrawal import retraction
from agentmem.core.words import tokenized

# A tag: capitals (at most five) and digits, hyphen or not ("E-105", "FIC-106", "GC01",
# "T7"), or capitals and a word joined by a hyphen ("CP-ePR"). A version ("v2"), a year
# or a record's dated id ("DR-2026-011") is no tag.
TAG = re.compile(
    r"(?<![\w-])(?:([A-Z]{1,5})-?(\d{1,4})[A-Za-z]?|([A-Z]{2,5})-([A-Za-z]{2,8}))(?![\w-])"
)
NEAR = 6  # words between a value and the tag it is the value of, at most
LONGEST = 4_000  # characters of a text read for a tag's value, at most
GAP = 120  # characters between them, at most (a longer gap is never `NEAR` words)
STOP = re.compile(r"[;!?](?:\s|$)|\.(?:\s|$)")  # where a clause ends


@lru_cache(maxsize=4096)  # a draft meets every held lesson of an add: each read once
def _tags(text: str) -> tuple[tuple[str, str, int, int], ...]:
    """The tags of a text: family, code (upper case), start and end."""
    out = []
    for m in TAG.finditer(text):
        family = (m[1] or m[3] or "").upper()
        out.append((family, m[0].upper(), m.start(), m.end()))
    return tuple(out)


@textcached
def _codes(text: str) -> frozenset[str]:
    return frozenset(code for _, code, _, _ in _tags(text))


def _clause(text: str, value: Value) -> str:
    """The clause of the text the value stands in."""
    start = max((m.end() for m in STOP.finditer(text, 0, value.start)), default=0)
    end = STOP.search(text, value.end)
    return text[start : end.start() if end else len(text)]


def _tag_of(text: str, value: Value) -> str | None:
    """The tag the value is told beside: the nearer of the last tag before it and the
    first after it in its clause (the one before on a tie), within `NEAR` words."""
    found = _tags(text)
    ends = [end for _, _, _, end in found]
    at = bisect_right(ends, value.start)
    around = [(found[at - 1], text[found[at - 1][3] : value.start], 0)] if at else []
    if at < len(found) and found[at][2] >= value.end:
        around.append((found[at], text[value.end : found[at][2]], 1))
    best: tuple[int, int, str] | None = None
    for (_, code, _, _), gap, side in around:
        if len(gap) > GAP or STOP.search(gap):
            continue  # too far, or another clause's tag
        rank = (len(gap.split()), side, code)
        if rank[0] <= NEAR and (best is None or rank < best):
            best = rank
    return best[2] if best else None


def _elsewhere_told(draft: str, held: str) -> bool:
    """The draft, told with no word of news, names another instance of the thing the held
    text does not ("on the pilot skid", "in staging": `plainnews.OTHER_INSTANCE`)."""
    if _as_news(draft, held):
        return False
    marks = {m[0].lower() for m in OTHER_INSTANCE.finditer(draft)}
    return bool(marks - {m[0].lower() for m in OTHER_INSTANCE.finditer(held)})


def _other_member(draft: str, held: str) -> bool:
    """The draft names a tag of a family the held text names, that the held text does
    not: "GR-2" beside a held "GR-1" is another member of the family."""
    had = _tags(held)
    families = {family for family, _, _, _ in had}
    codes = {code for _, code, _, _ in had}
    return any(f in families and c not in codes for f, c, _, _ in _tags(draft))


def tagged_anew(draft: str, held: str) -> bool:
    """The draft gives a new value beside a tag the held lesson gives its value beside
    (see the module docstring)."""
    if len(draft) > LONGEST or len(held) > LONGEST:
        return False  # no one tag's value: and reading values is not linear in the text
    shared = _codes(draft) & _codes(held)
    if not shared or retraction(draft) is not None or _elsewhere_told(draft, held):
        return False
    if _other_member(draft, held) or _denied_of(draft, held):
        return False
    years_d, years_h = {m[1] for m in YEAR.finditer(draft)}, {m[1] for m in YEAR.finditer(held)}
    if years_d and years_h and not years_d & years_h:
        return False
    told, had = readings(draft), readings(held)
    for new in told:
        clause = _clause(draft, new)
        if _marked_old(draft, new) or STAYS.search(clause) or NEGATION.search(clause):
            continue
        if new.amount in {o.amount for o in had if o.measure == new.measure}:
            continue  # a held value told again: no new one
        code = _tag_of(draft, new)
        if code in shared:
            near = _around(draft, new) - set(tokenized(code))
            olds = [
                o
                for o in had
                if o.measure == new.measure
                and _tag_of(held, o) == code
                and near & _around(held, o)
                and not other_property(draft, new, held, o)  # the tag's other limit
            ]
            if not olds:
                continue
            amounts = {o.amount for o in olds}
            same = [v for v in told if v.measure == new.measure and v.amount in amounts]
            if all(_marked_old(draft, v) for v in same):
                return True
    return False
