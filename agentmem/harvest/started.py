"""A plans list's item that tells what holds from a day already named: "Since 3 May the
loading dock opens at 06:30", "Since 2031-04-02, refunds over 40 EUR need a second
approver". A report lists what the team did about an incident under "Actions" or "Follow-up",
which hook D reads as work still to do; an item that opens on the day a new value took
effect and states it in the present is done already, and the lesson it replaces stays live
without it.

An item that tells how long something has held ("Since 3 May we have had no misses"), what
happened on the day ("Since 3 May, 14 orders were lost"), or what will hold ("Since 3 May
the gate will open at 06:30") sets nothing; nor does one that states no value.
"""

from __future__ import annotations

import re

from agentmem.core.spoken import MONTHS

# "Since 3 May", "Since May 3rd", "Since 2031-05-03", "Since 3/5", opening the item.
SINCE_DAY = re.compile(
    rf"^\W{{0,3}}since\s+(?:(?:{MONTHS})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?"
    rf"|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{MONTHS})\.?"
    r"|\d{4}-\d{2}-\d{2}|\d{1,2}/\d{1,2}(?:/\d{2,4})?)(?:\s+\d{4})?\b,?\s+",
    re.IGNORECASE,
)
# A clause told of the past, of a span up to now, or of what is to come: no value in force.
NOT_PRESENT = re.compile(
    r"\b(?:has|have|had|been|was|were|will|would|should|shall|to be|going to|planned)\b",
    re.IGNORECASE,
)
VALUE = re.compile(r"\d")


def started(item: str) -> bool:
    """The item opens on the day a value took effect and states that value in the present
    (see the module docstring)."""
    opening = SINCE_DAY.match(item)
    if opening is None:
        return False
    rest = item[opening.end() :]
    return VALUE.search(rest) is not None and NOT_PRESENT.search(rest) is None
