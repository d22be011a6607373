"""A value past a held limit: the limit broken, not a new limit.

A retro's finding often tells where a run went past a limit a held lesson sets: "wash
still 1 foamed over at 16,200 L charge" of a lesson that says the charge "must not exceed
15,000 L", "the kiln ran at 1,290 C" of one that keeps it "under 1,250 C". The finding
gives the limit's thing a value in its unit, so it was read as the limit told anew and the
lesson that held it was withdrawn. A draft whose every value in the unit of a limit said
as a prohibition ("must not exceed", "never go below", "no more than") lies past it, which
sets no such limit itself and says no change ("now", "instead"), tells the limit broken,
not a new one (`breaks`). A limit said as a setting ("under 35 PU", "capped at 9 kg/min",
"below 0.05 mg/L") may be told anew in a later value, and is read as before.
"""

from __future__ import annotations

import re

from agentmem.core.cues import CHANGE

NUM = r"\d{1,3}(?:[, ]\d{3})+(?!\d)|\d+(?:\.\d+)?"
UNIT = r"(?P<unit>°\s?[CF]\b|%|[A-Za-z]{1,12}\b)"
VALUE = re.compile(rf"(?<![\w.,])(?P<n>{NUM})\s?{UNIT}")
# "must not exceed 15,000 L", "never go over 40 C", "no more than 3 h": a limit said as a
# prohibition (a setting's "under", "max", "capped at" may be told anew)
CEILING = re.compile(
    r"\b(?:(?:must|should|may|can)\s*(?:not|n't)\s+(?:exceed|go\s+(?:over|above))"
    r"|never\s+(?:exceed|go\s+(?:over|above))|(?:not|no)\s+more\s+than)"
    rf"\s+(?P<n>{NUM})\s?{UNIT}",
    re.IGNORECASE,
)
# "must not drop below 20 min", "never fall below 88 %", "no less than 4 h"
FLOOR = re.compile(
    r"\b(?:(?:must|should|may|can)\s*(?:not|n't)\s+(?:fall|drop|go)\s+below"
    r"|never\s+(?:fall|drop|go)\s+below|(?:not|no)\s+(?:less|fewer)\s+than)"
    rf"\s+(?P<n>{NUM})\s?{UNIT}",
    re.IGNORECASE,
)
# A draft that gives a limit of its own, in any words, sets one: read as before.
SETS_LIMIT = re.compile(
    r"\b(?:exceed|at\s+(?:most|least)|up\s+to|under|below|above|max(?:imum)?|minimum"
    r"|caps?|capped|limits?|thresholds?|more\s+than|less\s+than|fewer\s+than)\b",
    re.IGNORECASE,
)
SAME_UNIT = {"litre": "l", "litres": "l", "liter": "l", "liters": "l", "percent": "%"}


def _number(text: str) -> float:
    return float(re.sub(r"[, ]", "", text))


def _unit(text: str) -> str:
    unit = re.sub(r"\s", "", text).lower()
    return SAME_UNIT.get(unit, unit)


def _bounds(pattern: re.Pattern[str], text: str) -> dict[str, float]:
    found: dict[str, float] = {}
    for match in pattern.finditer(text):
        found[_unit(match["unit"])] = _number(match["n"])
    return found


def breaks(draft: str, held: str) -> bool:
    """The draft tells a held limit broken, not told anew (module docstring)."""
    if CHANGE.search(draft) or SETS_LIMIT.search(draft):
        return False
    ceilings, floors = _bounds(CEILING, held), _bounds(FLOOR, held)
    if not ceilings and not floors:
        return False
    values: dict[str, list[float]] = {}
    for match in VALUE.finditer(draft):
        values.setdefault(_unit(match["unit"]), []).append(_number(match["n"]))
    past = False
    for unit, numbers in values.items():
        if unit in ceilings:
            if any(n <= ceilings[unit] for n in numbers):
                return False
            past = True
        elif unit in floors:
            if any(n >= floors[unit] for n in numbers):
                return False
            past = True
    return past
