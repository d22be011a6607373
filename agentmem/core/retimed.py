"""A job's new time told in a later clause (`retimed_within`): "…, so the glaze kiln cron
moved to 06:45" after "the glaze kiln cron runs at 04:30", whatever each text opens on.
`agentmem.core.newvalue.retimed` asks it when the two do not open alike."""

from __future__ import annotations

import re

from agentmem.core.cues import CHANGE
from agentmem.core.statement import TIME, terms
from agentmem.core.textcache import textcached
from agentmem.stores.bm25 import tokenize

SCHEDULE = ("time", "day")  # when a job runs (see `agentmem.core.newvalue.retimed`)


# Where one clause of a statement ends and the next begins: a sentence's end, a semicolon,
# a comma before "so", "and" or "but".
AFTER_OPENING = re.compile(r"[.;]\s+|,\s+(?=(?:so|and|but)\b)", re.IGNORECASE)
NAMED_BY = 2  # content terms before a change that name the job it is of, at least
# where the phrase naming the job starts: after its article, or the clause's conjunction
DETERMINER = re.compile(r"\b(?:the|a|an|our|its|their|this|that|so|and|but)\s+", re.IGNORECASE)


@textcached
def _clauses(text: str) -> list[str]:
    return [c for c in AFTER_OPENING.split(text) if c.strip()]


@textcached
def _schedule(text: str) -> dict[str, frozenset[str]]:
    values = terms(text).values
    return {k: values[k] for k in SCHEDULE if k in values}


def retimed_within(draft: str, held: str) -> bool:
    """A clause of the draft says the job it names changed to another time ("…, so the
    glaze kiln cron moved to 06:45"), and a clause of the held text names that job and
    gives it another time or weekday ("the glaze kiln cron runs at 04:30"), however little
    else the two share and whatever each opens on. The job is named by the content terms
    after its article and before the change word or the first time, all of them in the
    held clause: "the bisque kiln cron now runs at 03:00" is no new time of "the glaze
    kiln cron runs at 01:00"."""
    held_clauses = [(set(tokenize(c)), _schedule(c)) for c in _clauses(held)]
    for clause in _clauses(draft):
        change = CHANGE.search(clause)
        now = _schedule(clause)
        if change is None or not now:
            continue
        first = min([change.start(), *(m.start() for m in TIME.finditer(clause))])
        phrase = DETERMINER.split(clause[:first])[-1]  # "the glaze kiln cron"
        content = terms(clause).content
        named = [t for t in tokenize(phrase) if t in content]
        if len(named) < NAMED_BY:
            continue
        for words, before in held_clauses:
            if set(named) <= words and any(
                kind in before and bool(v - before[kind]) and not v & before[kind]
                for kind, v in now.items()
            ):
                return True
    return False
