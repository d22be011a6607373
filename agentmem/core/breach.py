"""A value past a held limit: the limit broken, not a new limit.

A retro's finding often tells where a run went past a limit a held lesson sets: "wash
still 1 foamed over at 16,200 L charge" of a lesson that says the charge "must not exceed
15,000 L", "the kiln ran at 1,290 C" of one that keeps it "under 1,250 C". The finding
gives the limit's thing a value in its unit, so it was read as the limit told anew and the
lesson that held it was withdrawn. A draft whose every value in a held limit's unit lies
past that limit (above a ceiling, below a floor), which sets no limit itself and says no
change ("now", "instead", "raised to"), tells the limit broken, not a new one (`breaks`).
"""

from __future__ import annotations

import re

from agentmem.core.cues import CHANGE

NUM = r"\d{1,3}(?:[, ]\d{3})+(?!\d)|\d+(?:\.\d+)?"
UNIT = r"(?P<unit>°\s?[CF]\b|%|[A-Za-z]{1,12}\b)"
VALUE = re.compile(rf"(?<![\w.,])(?P<n>{NUM})\s?{UNIT}")
# "must not exceed 15,000 L", "never over 40 C", "at most 3 h", "under 15 000 litres", "max 8 %"
CEILING = re.compile(
    r"\b(?:(?:must|should|may|can)\s+not\s+(?:exceed|go\s+(?:over|above))|(?:must|should)n't\s+"
    r"exceed|never\s+(?:exceed|above|over|more\s+than)|(?:not|no)\s+(?:more|higher|over)\s+than|"
    r"at\s+most|up\s+to|under|below|max(?:imum)?|cap(?:ped)?\s+at|limit(?:ed)?\s+(?:of|to|at))"
    rf"\s+(?:of\s+)?(?P<n>{NUM})\s?{UNIT}|(?:≤|<=)\s?(?P<m>{NUM})\s?(?P<u2>°\s?[CF]\b|%|[A-Za-z]{{1,12}}\b)",
    re.IGNORECASE,
)
# "at least 30 min", "not below 88 %", "min 20 min", "no less than 4 h"
FLOOR = re.compile(
    r"\b(?:at\s+least|not\s+(?:below|under|less\s+than)|no\s+(?:less|lower|fewer)\s+than|"
    r"min(?:imum)?|never\s+(?:below|under|less\s+than))"
    rf"\s+(?:of\s+)?(?P<n>{NUM})\s?{UNIT}|(?:≥|>=)\s?(?P<m>{NUM})\s?(?P<u2>°\s?[CF]\b|%|[A-Za-z]{{1,12}}\b)",
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
        n, unit = (match["n"], match["unit"]) if match["n"] else (match["m"], match["u2"])
        found[_unit(unit)] = _number(n)
    return found


def breaks(draft: str, held: str) -> bool:
    """The draft tells a held limit broken, not told anew (module docstring)."""
    if CHANGE.search(draft) or CEILING.search(draft) or FLOOR.search(draft):
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
