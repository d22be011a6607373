"""A new value told plainly: the same slot of the same thing, another value, no word of news.

A later lesson may state a held lesson's value anew with no change word at all: "the
kiln log must be uploaded by 05:00" held, then "kiln logs are uploaded by 04:30; the
foreman reads them at 05:15". `agentmem.core.samething.given_anew` wants a word of news,
because two plain facts on one subject are as often two rules as one rule changed.
`told_plainly` takes the draft without one only where no reading but "the value changed"
is left, clause against clause:

1. The draft passes `in_held_slot` (a value of one measure where the held one stood, the
   same slot and subject, nowhere else).
2. One clause of each states one value, of that measure, the two amounts apart: a clause
   with two values ("batches of 500, retried 3 times") tells more than one slot, and one
   opening on its value ("05:40 the van left") tells when a thing happened.
3. The two clauses open on the same thing (each one's first content term is in the other
   text), share `SHARED` content terms besides the values, and the words before the two
   values share one, as do the words after them when both say something: "refunds over
   $500 need a manager" and "refunds over $200 are flagged for review" are two rules.
4. The value is bounded the same way in both: "by", "at most", "limit" on both sides, or
   "at least", "above" on both, or neither ("holds 900 litres" is no "above 300 litres").
5. The draft says no other instance the held text does not name (`OTHER_INSTANCE`: "for
   the night shift only", "except", "separate", "their own", "unlike", an environment,
   tier or season), says no "not", and its value's clause says nothing stays ("still").

The same words guard the judge's other readings of a plain draft (`elsewhere_unsaid`):
the older rules take a value where the held one stood as new whether or not it is told as
news, and "in staging the queue takes 10 jobs a minute" is no new value of "the queue
takes 50 jobs a minute". With no word of news, a draft whose opening clause (or a clause
going on about its thing: "…; it is its own rule") names another instance the held text
does not replaces nothing but by a rule that reads its own voice of change.
"""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.cues import NEGATION, says_changed
from agentmem.core.measured import measures_apart
from agentmem.core.samething import BOUNDS, NEWS, STAYS, Value, in_held_slot, readings
from agentmem.core.statement import terms

SHARED = 2  # content terms two clauses on one slot share at least, values aside
# Where one clause ends and the next begins: a sentence's end, a semicolon, a dash aside.
CLAUSE = re.compile(r"[;!?](?:\s|$)|\.(?:\s|$)|\s[-–—]\s|\s\(")
# Words that put a fact on another instance of a thing, or set it apart from another: "for
# the night shift only", "except on pilot sites", "a separate limit", "their own cap",
# "unlike the old line", "in staging", "the premium tier". Not a bare "only" or "instead":
# "make the new engine the only one", "hourly instead of daily" tell a change.
OTHER_INSTANCE = re.compile(
    r"\b(?:except|excluding|separate(?:ly)?|unlike|whereas|apart\s+from|other\s+than|"
    r"outside|beyond|non-\w+|(?:its|their|our)\s+own|(?:for|in|on|at)\s+(?:\S+\s+){1,4}?only|"
    r"only\s+(?:for|in|on|at)|staging|sandbox|pilot|trial|legacy|dev|uat|tier|premium|"
    r"enterprise|weekends|weekdays|nights|holidays|peak|summer|winter)\b",
    re.IGNORECASE,
)
UPPER = re.compile(
    r"\b(?:by|before|until|within|under|below|max|maximum|most|cap|capped|limit|limited|"
    r"ceiling|up\s+to|less\s+than|fewer\s+than|no\s+later\s+than)\b",
    re.IGNORECASE,
)
LOWER = re.compile(
    r"\b(?:above|over|after|least|minimum|floor|more\s+than|no\s+earlier\s+than)\b",
    re.IGNORECASE,
)
BOUND_WORDS = 5  # words before a value that say how it bounds


def _clauses(text: str) -> list[str]:
    return [c for c in CLAUSE.split(text) if c.strip()]


def _one_value(clause: str) -> Value | None:
    """The clause's one value, when it states one amount only."""
    found = readings(clause)
    if not found or len({v.amount for v in found}) > 1 or not clause[: found[0].start].strip():
        return None  # "05:40 the van left": a note's time, not the value of a slot
    return found[0]


def _bound(clause: str, value: Value) -> str:
    """How the clause bounds its value: "upper", "lower" or "" (neither)."""
    before = " ".join(clause[: value.start].split()[-BOUND_WORDS:])
    if UPPER.search(before):
        return "upper"
    return "lower" if LOWER.search(before) else ""


def _head(text: str) -> str:
    head = [t for t in terms(text).head if t not in BOUNDS]
    return head[0] if head else ""


def _same_slot(draft: str, held: str, d: str, h: str) -> bool:
    """Tests 2 to 4 of one clause of each (see the module docstring)."""
    new, old = _one_value(d), _one_value(h)
    if new is None or old is None or new.measure != old.measure or new.amount == old.amount:
        return False
    if STAYS.search(d) or NEGATION.search(d) or _bound(d, new) != _bound(h, old):
        return False
    dh, hh = _head(d), _head(h)
    if not dh or not hh or dh not in terms(held).tokens or hh not in terms(draft).tokens:
        return False
    if len(terms(d).content & terms(h).content) < SHARED:
        return False
    return _framed_alike(d[: new.start], h[: old.start]) and _framed_alike(
        d[new.end :], h[old.end :]
    )


def _framed_alike(draft_side: str, held_side: str) -> bool:
    """The words on one side of the two values share a content term, or one side says
    nothing: "refunds over $500 need a manager" and "refunds over $200 are flagged for
    review" hang two rules on one subject, each value a condition of its own."""
    mine, theirs = terms(draft_side).content, terms(held_side).content
    return not mine or not theirs or bool(mine & theirs)


# A clause that goes on about the thing the one before it set: "…; it is its own rule".
BACK = re.compile(r"\s*(?:it|its|this|that|these|those|they|their|which)\b", re.IGNORECASE)


@lru_cache(maxsize=4096)  # a draft meets every held lesson of an add: each read once
def _markers(text: str) -> frozenset[str]:
    """The other-instance words of the clause a text opens on, and of the clauses that go
    on about its thing: "the kiln log is due by 04:30; the glaze log is separate" sets the
    glaze log apart, not the kiln log."""
    clauses = _clauses(text)
    told = clauses[:1] + [c for c in clauses[1:] if BACK.match(c)]
    return frozenset(m[0].lower() for c in told for m in OTHER_INSTANCE.finditer(c))


def elsewhere_unsaid(draft: str, held: str) -> bool:
    """The draft, told with no word of news, names another instance of the held thing
    (`OTHER_INSTANCE`) the held text does not: "in staging the queue takes 10 jobs a
    minute" is no new value of "the queue takes 50 jobs a minute", whatever else it shares."""
    if NEWS.search(draft) or says_changed(draft):
        return False
    return bool(_markers(draft) - _markers(held))


def told_plainly(draft: str, held: str) -> bool:
    """The draft states a new value of the held lesson's slot, told with no word of news
    and read so only where nothing else can be meant (see the module docstring)."""
    if NEGATION.search(draft) or not in_held_slot(draft, held):
        return False
    if measures_apart(draft, held):  # "2 days off" is no new "3 days' notice"
        return False
    if {m[0].lower() for m in OTHER_INSTANCE.finditer(draft)} - {
        m[0].lower() for m in OTHER_INSTANCE.finditer(held)
    }:
        return False
    return any(_same_slot(draft, held, d, h) for d in _clauses(draft) for h in _clauses(held))
