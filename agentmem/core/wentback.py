"""A remedy undone by going back to the value it changed: "A1 runs at 120 L/min again; the
extra air only blew alcohol out of the exhaust" after "Raise A1 aeration to 160 L/min: cycle
drops from 22 h to 19 h". The later text names neither the remedy nor its words; it says
the thing is at a value "again" ("back to", "back at"), which is saying the value a later
lesson set is given up.

`went_back` reads the draft alone: a clause saying "again" or "back to" beside a figure
with its unit ("120 L/min"). `returned` takes a held lesson as undone when

- it is a change itself: it says to raise, lower, set, try … a value (`CHANGED`): what is
  gone back from is a change, never the standing rule, which the draft restates;
- it names the thing the draft's clause names by a name of its own (a code or a proper
  name: "A1", never the unit's own spelling, "dBm"), or, where the clause names none, its
  subject ("interrogator" of "Interrogator is back at 59 dBm"), so another unit's lesson
  ("A2 runs at 150 L/min") stays;
- it gives a value of the clause's unit, and none equal to the clause's: a lesson that
  says the value gone back to merely repeats it and stays.
"""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.statement import terms
from agentmem.core.withdrawal import RETRACTED

AGAIN = re.compile(r"\bagain\b|\bback\s+(?:to|at|on)\b", re.IGNORECASE)
CLAUSE = re.compile(r"[;:]\s+|(?<=[.!?])\s+|\s+[—–-]+\s+")
# a figure and its unit ("120 L/min", "8.0 % v/v", "30 °C"): the unit a word after it
VALUE = re.compile(
    r"(?<![\w.])(?P<n>\d+(?:[.,]\d+)?)\s*(?P<u>%|°\s?[CF]\b|[A-Za-z]{1,6}(?:/[A-Za-z]{1,5})?\b)"
)
CHANGED = re.compile(
    r"\b(?:raise[sd]?|raising|lower(?:s|ed|ing)?|increase[sd]?|increasing|reduce[sd]?|"
    r"reducing|bump(?:s|ed)?|drop(?:s|ped)?\s+(?:it|\w+)\s+to|set\s+\w+(?:\s+\w+)?\s+to|"
    r"try|tried|trial(?:led)?|switch(?:ed)?\s+to|up(?:ped)?\s+to)\b",
    re.IGNORECASE,
)


def _values(text: str) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for m in VALUE.finditer(text):
        unit = re.sub(r"\s+", "", m["u"]).lower()
        out.setdefault(unit, set()).add(m["n"].replace(",", "."))
    return out


@lru_cache(maxsize=4096)  # a draft meets every held lesson of an add
def went_back(text: str) -> tuple[tuple[frozenset[str], str, frozenset[str]], ...]:
    """Each clause of the text that says a named thing is at a value again: (its names, the
    unit, the values)."""
    out = []
    for clause in CLAUSE.split(text):
        if not AGAIN.search(clause):
            continue
        told = terms(clause)
        for unit, values in _values(clause).items():
            # a unit spelled in capitals ("dBm") is no name of the thing; unnamed, the
            # thing is the clause's subject ("interrogator" of "Interrogator is back at …")
            names = told.proper - set(terms(unit).tokens) - {unit}
            subject = names or frozenset(told.head[:1])
            if subject:
                out.append((frozenset(subject), unit, frozenset(values)))
    return tuple(out)


def returned(text: str, held: str) -> bool:
    """Whether the text goes back to a value the held lesson changed (see the module
    docstring)."""
    back = went_back(text)  # the draft's, first: most drafts go back to nothing
    if not back or RETRACTED.match(held) or not CHANGED.search(held):
        return False
    given, kept_terms = _values(held), terms(held)
    for said, unit, values in back:
        kept = given.get(unit)
        if kept and said & (kept_terms.proper | kept_terms.content) and not kept & values:
            return True
    return False
