"""What lingers from before a recorded change: older live memories that still state what it
retired.

The writer marks a replaced lesson superseded, so the lesson itself never reaches a reader.
Other memories written before the change may say the same thing in their own words and
nobody replaced them: a review's reminder of the old rule, a how-to quoting the old
setting, hook E's account of failures under the old limit. Each is live, and each tells
how things were.

A change is read from its pair, the replaced lesson and its replacement: what the old text
stated and the new one no longer does (`Retired`: a time, a version, a count with its unit,
a command or code span, where the replacement gives another of the same kind; a command may
simply be gone). A value counts only when the replacement speaks of what it described: the
clause that holds it in the old text shares a word with the clause holding the new value of
its kind (`said_of`). A runbook section that listed two banks' feed times ("Northgate
(Arrives: 06:00 CT); Lakeside (Arrives: 09:00 ET)"), replaced by "Northgate moved its drop
to 07:30 CT", retired no arrival time: the lesson "the Lakeside file lands at 09:00" still
holds. On thirty-three loop-benchmark scenarios that lesson kind had cost a private one a
need its packs and hook A's synthesis had to carry.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import NamedTuple

from agentmem.core.apart import set_apart
from agentmem.core.model import Hit, Kind, Memory
from agentmem.core.removal import mentions
from agentmem.core.restate import says_changed
from agentmem.core.statement import terms
from agentmem.stores.bm25 import tokenize

COMMON_KINDS = ("day", "number")  # a bare number or a weekday tells no rule from another
RESTATED = 0.4  # share of a lesson's words an older statement of the same rule holds


class Retired(NamedTuple):
    """One replaced lesson, when its replacement was written and the values it retired."""

    old: Memory
    when: str
    values: frozenset[str]


def retirements(every: Sequence[Hit]) -> list[Retired]:
    """Each replaced lesson on the query with what its replacement retired (see the module
    docstring). Only observations count: hook E's updated pattern counts more runs."""
    hits = [h for h in every if h.memory.kind is Kind.OBSERVATION]
    held = {h.memory.id: h.memory for h in hits}
    out = []
    for hit in hits:
        new_text = hit.memory.text
        new = terms(new_text).values
        for old in (held[i] for i in hit.memory.supersedes if i in held):
            values = frozenset(
                v
                for kind, said in terms(old.text).values.items()
                if kind not in COMMON_KINDS and (kind == "code" or kind in new)
                for v in said - new.get(kind, frozenset())
                if v.lower() not in new_text.lower()
                and (kind not in new or said_of(old.text, v) & said_of(new_text, *new[kind]))
            )
            if values:
                out.append(Retired(old, hit.memory.created_at, values))
    return out


def restates_old(lesson: Memory, olds: Sequence[Retired]) -> bool:
    """A live lesson written before a change that says again, in its own words, what the
    change replaced: it gives the retired value and shares the replaced lesson's subject (a
    review's reminder of the rule a run lesson stated first, kept apart by the writer as
    no duplicate)."""
    if lesson.kind is not Kind.OBSERVATION or lesson.supersedes or says_changed(lesson.text):
        return False  # a change itself tells the new value, whatever old one it names
    words = set(tokenize(lesson.text))
    for old, when, values in olds:
        if lesson.created_at >= when or (old.source and old.source == lesson.source):
            continue  # newer, or a sibling of one document (another section of it)
        if set_apart(lesson.text, old.text):
            continue  # "the EU cluster keeps its own nightly run": another thing's value
        if not any(mentions(lesson.text, v.lower()) for v in values):
            continue
        shared = words & set(tokenize(old.text))
        if len(shared) >= 3 and len(shared) >= RESTATED * len(words):
            return True
    return False


CLAUSE = re.compile(r"[;()\[\]\n]|[.!?](?=\s|$)")


def said_of(text: str, *values: str) -> set[str]:
    """The words of the clauses where `text` writes any of `values`: what each is said of
    ("arrives ... weekdays" for a time in "Arrives: 09:00 ET, weekdays; Import job: ...").
    Words of three letters or more, no number (a time zone or a unit tells nothing)."""
    out: set[str] = set()
    for clause in CLAUSE.split(text):
        if any(v.lower() in clause.lower() for v in values):
            out |= {t for t in tokenize(clause) if len(t) >= 3 and not t.isdigit()}
    return out
