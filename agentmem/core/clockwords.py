"""A clock time told in words read as the HH:MM every other reader compares
(`agentmem.core.values.TIME`): "half past two", "quarter to seven", "ten past eight",
"nine o'clock", "at seven in the evening", "at noon", "by midnight" are the same clock
value as "02:30", "06:45", "08:10", "09:00", "19:00", "12:00", "00:00". A note that moves
a job "to half past two" then tells its held lesson's "23:00" a new value. A zone after a
clock value ("04:15 UK", "8pm Pacific") is left out (see ZONE).

`agentmem.core.spoken.normalised` asks it.
"""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.numberwords import VALUE

HOURS = {word: n for word, n in VALUE.items() if 1 <= n <= 12}  # "one" … "twelve"
MINUTES = {"five": 5, "ten": 10, "quarter": 15, "twenty": 20, "twenty-five": 25, "half": 30}
HOUR = rf"(?P<hour>{'|'.join(HOURS)}|1[0-2]|0?[1-9])"
# "half past two", "quarter to seven", "twenty-five past ten": a clock's hand, never a
# count; "to" only after "quarter" or "at" ("from five to ten workers" is a range)
PAST_TO = re.compile(
    rf"\b(?P<at>at\s+)?(?:a\s+)?(?P<minute>twenty[\s-]five|{'|'.join(MINUTES)})\s+"
    rf"(?P<way>past|to)\s+{HOUR}(?![\w:-]|\.\d|\s+(?:of|per|percent|%)\b)"
    r"(?:\s+(?P<part>in\s+the\s+(?:morning|afternoon|evening)|at\s+night))?",
    re.IGNORECASE,
)
# "nine o'clock", "at seven in the evening", "by 6 in the morning", "until eleven at night"
# (without "o'clock", only after a word that sets a time: "the one in the evening" is no time)
OCLOCK = re.compile(
    r"\b(?P<at>(?:at|by|until|till|before|after|from|around|about|to)\s+)?"
    rf"{HOUR}(?:\s*(?P<oclock>o['\u2019]clock)|(?=\s+(?:in\s+the|at\s+night)\b))"
    r"(?:\s+(?P<part>in\s+the\s+(?:morning|afternoon|evening)|at\s+night))?\b",
    re.IGNORECASE,
)
# "at noon", "by midnight"; not a moment passed ("after midnight", "across
# midnight") nor a part of the day ("midday readings"). The word stays beside its value: a
# denial ("the pumps do not stop at midnight") still names what the held lesson said.
NOON = re.compile(
    r"\b(?P<at>(?:at|by|until|till|from|to)\s+)(?P<word>noon|midday|midnight)(?![\w-])",
    re.IGNORECASE,
)
# A zone after a clock value that `agentmem.core.names.ZONES` does not already keep out of
# a text's names ("04:15 UK", "8pm Pacific", "10:00 local time"): it says which clock the
# value is on, and read as a name it made a note that moves a job "to 04:15 UK" look
# like one about another thing. A zone of ZONES stays: it is a word the texts share.
MERIDIEM = r"\s?[aApP]\.?[mM]\b\.?"
CLOCK = rf"(?:\b\d{{1,2}}:\d{{2}}(?::\d{{2}})?(?:{MERIDIEM})?|\b(?:1[0-2]|0?[1-9]){MERIDIEM})"
ZONE = re.compile(
    rf"(?P<clock>{CLOCK})\s*(?P<open>\()?(?:(?:UK|US|ET|CT|PT|MT)\b"
    r"|(?:Eastern|Central|Pacific|Mountain|Atlantic)(?:\s+(?:[Ss]tandard|[Dd]aylight))?\b"
    r"|[Ll]ocal(?=\s+[Tt]ime\b))(?:\s+[Tt]ime\b)?(?(open)\))"
)


def _hour(hour: str) -> int:
    return HOURS.get(hour.lower()) or int(hour)


def _on_clock(hour: int, part: str | None) -> int:
    """The hour on a 24-hour clock, given the part of the day said after it, if any."""
    part = " ".join((part or "").lower().split())
    if part.endswith(("afternoon", "evening")) or (part == "at night" and 6 <= hour < 12):
        return hour % 12 + 12
    if part.endswith("morning") or part == "at night":
        return hour % 12
    return hour


def _past_to(m: re.Match[str]) -> str:
    minute = MINUTES.get(m["minute"].lower(), 25)
    if m["way"].lower() == "to" and minute != 15 and not m["at"] and not m["part"]:
        return m[0]
    hour = _on_clock(_hour(m["hour"]), m["part"])
    if m["way"].lower() == "to":
        hour, minute = (hour - 1) % 24, 60 - minute
    return f"{m['at'] or ''}{hour:02d}:{minute:02d}"


def _oclock(m: re.Match[str]) -> str:
    if not m["oclock"] and not (m["at"] and m["part"]):
        return m[0]
    return f"{m['at'] or ''}{_on_clock(_hour(m['hour']), m['part']):02d}:00"


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def clock_said(text: str) -> str:
    """The text with each clock time told in words written as HH:MM (see the module
    docstring)."""
    text = PAST_TO.sub(_past_to, text)
    text = OCLOCK.sub(_oclock, text)
    text = NOON.sub(
        lambda m: f"{m['at']}{'00:00' if m['word'].lower() == 'midnight' else '12:00'} {m['word']}",
        text,
    )
    return ZONE.sub(lambda m: m["clock"], text)
