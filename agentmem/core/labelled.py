"""A labelled retraction whose claim names the withdrawn practice in a word or two and
whose reason tells the thing's value as it is now: "Retracted: the midday aerator shutdown
is off. Aerators run 24 h in every pond from DOC 40; …" withdraws "Aerators can run 18 h a
day (off 10:00-16:00 …)". The reason shares the lesson's own words (it is a new value of
the lesson's thing), so `agentmem.core.picked.retracted`, which weighs the claim's words
against the reason's, cannot pick the lesson; this rule is asked only when no other rule
of `agentmem.core.retract.withdrawn` found one.

`relabelled` takes the held lesson as withdrawn when

- the text opens with a label (`LABEL`: "Retracted:", "Withdrawn:", "Scrap that:"), the
  claim the label stands before being said in words of its own;
- the lesson says a content word of the claim ("aerator");
- the lesson tells what the reason tells: the reason's first two head terms, its subject
  and what it does, are content terms of the lesson ("aerators", "run" of "Aerators run
  24 h …"), so "kilns need a 2 h soak" is no value of "kilns fire 20 h";
- the reason and the lesson give a value of one unit ("h"), and no value the reason gives
  of it is the lesson's: the lesson's value is the one taken back. A bare count or a time
  of day is no unit of a setting ("two dawn crashes", "at 05:00"), and a lesson that gives
  the reason's value too agrees with it and stays.
"""

from __future__ import annotations

import re

from agentmem.core.statement import terms
from agentmem.core.withdrawal import FRAMING

# the label a retraction opens with, before the claim it takes back
LABEL = re.compile(
    r"^\W*(?:retracted|retraction|withdrawn|scrap\s+that|scratch\s+that)\W*:\s*", re.IGNORECASE
)
# values that are no setting's unit: a bare count, a time of day, a date, a version
UNITLESS = frozenset({"number", "time", "date"})


def relabelled(text: str, said: tuple[str, str] | None, held: str) -> bool:
    """The labelled retraction `text` (its claim and reason `said`) takes back the value
    the held lesson gives of the reason's thing (see the module docstring)."""
    if said is None or LABEL.match(text) is None:
        return False
    claim, reason = said
    kept = terms(held)
    if not (terms(claim).content - FRAMING) & kept.content:
        return False
    told = terms(reason)
    if len(told.head) < 2 or not set(told.head[:2]) <= kept.content:
        return False
    for unit, values in told.values.items():
        if unit in UNITLESS or unit.startswith("version"):
            continue
        given = kept.values.get(unit)
        if given and values and not values & given:
            return True
    return False
