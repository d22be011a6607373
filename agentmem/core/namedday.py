"""The days a claim names by its month's name: "the 3 March note", "the lesson of March
3rd", "5th of Oct". A retraction naming the day of the lesson it withdraws
(`agentmem.core.retract.dated`) read only "03-03" or "2026-03-03"; a loop's writer names the
day as often by its month, and the lesson of that day was not told from another sharing
more of the claim's words. The month is capitalised ("may 5" is no day)."""

from __future__ import annotations

import re

from agentmem.core.spoken import MONTH_DAY, MONTH_ORDER, MONTHS

NAMED = re.compile(rf"\b(?:{MONTH_DAY})\b")
MONTH, NUMBER = re.compile(MONTHS), re.compile(r"\d{1,2}")


def month_days(text: str) -> set[str]:
    """The days `text` names by month name, as "MM-DD" ("3 March": "03-03")."""
    out = set()
    for m in NAMED.finditer(text):
        month, number = MONTH.findall(m[0])[0], int(NUMBER.findall(m[0])[0])
        if 1 <= number <= 31:
            out.add(f"{MONTH_ORDER.index(month[:3].lower()) + 1:02d}-{number:02d}")
    return out
