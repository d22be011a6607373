"""Values said in the short ways engineers write them, read as the values they are:

- an abbreviated weekday ("Tue/Thu", "Wed"), as the weekday;
- a day of a month ("Oct 5", "5 October", "the 14th"), as a date: when something holds,
  never a measure of it;
- a day of every month ("the 18th of the month", or "the 20th" in a text that says it
  recurs monthly: a cutoff, a close), as a value of its own kind that a newer text may change.

A name in capitals with a plural "s" ("PEs", "APIs", "VMs") is that name, and a few
abbreviations every engineer reads as the word ("prod", "repo", "config") are read as
it, so two texts that write one thing two ways share it (`normalised`).

`agentmem.core.statement` asks it."""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.clockwords import clock_said
from agentmem.core.textcache import textcached

# Capitalised, so "sat", "sun" and "wed" as words are not days; "Tues", "Thur(s)" too.
WEEKDAY = re.compile(r"\b(Mon|Tues?|Wed|Thu(?:rs?)?|Fri|Sat|Sun)\b(?!-\w|\.\w)")
WEEKDAYS = {
    "mon": "monday",
    "tue": "tuesday",
    "wed": "wednesday",
    "thu": "thursday",
    "fri": "friday",
    "sat": "saturday",
    "sun": "sunday",
}
# a weekday's whole name ("monday", "Thursday" where compiled to ignore case), and the names
WEEKDAY_NAME = r"(?:mon|tues|wednes|thurs|fri|satur|sun)day"
DAY_NAMES = tuple(WEEKDAYS.values())
# their names and short names ("may" is a stopword)
MONTH_NAMES = (
    *"january february march april june july august september october november december".split(),  # noqa: SIM905
    *"jan feb mar apr jun jul aug sep sept oct nov dec".split(),  # noqa: SIM905
)
MONTH_ORDER = ("jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec")
MONTHS = (
    "Jan(?:uary)?|Feb(?:ruary)?|Mar(?:ch)?|Apr(?:il)?|May|June?|July?|Aug(?:ust)?"
    "|Sep(?:t(?:ember)?)?|Oct(?:ober)?|Nov(?:ember)?|Dec(?:ember)?"
)
# A day by its month's name: "Oct 5", "October 5th", "5 Oct", "5th of October".
MONTH_DAY = (
    rf"(?:{MONTHS})\.?\s+\d{{1,2}}(?:st|nd|rd|th)?"
    rf"|\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{MONTHS})"
)
# "Oct 5", "October 5th", "5 Oct", "5th of October", "the 14th": a day (the month
# capitalised: "may 5" is no date).
DAY_OF_MONTH = re.compile(  # a range of days is one date too: "25-31 May", "May 4-10"
    rf"\b(?:(?:{MONTHS})\.?\s+(?:\d{{1,2}}\s*[-–]\s*)?\d{{1,2}}(?:st|nd|rd|th)?"
    rf"|(?:\d{{1,2}}(?:st|nd|rd|th)?\s*[-–]\s*)?\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{MONTHS})"
    r"|[Tt]he\s+\d{1,2}(?:st|nd|rd|th))\b"
)
# A day of every month: "the 18th of the month", "the 1st of each month" ...
OF_THE_MONTH = re.compile(
    r"\b[Tt]he\s+(?P<nth>\d{1,2}(?:st|nd|rd|th))\s+of\s+(?:the|each|every)\s+month\b"
)
# ... and "the 20th" alone, in a text that says what it tells recurs every month
MONTHLY = re.compile(
    r"\b[Tt]he\s+(?P<nth>\d{1,2}(?:st|nd|rd|th))\b(?:\s+of\s+(?:the|each|every)\s+month\b)?"
    rf"(?!\s+(?:of\s+)?(?:{MONTHS})\b)"
)
RECURS = re.compile(r"\b(?:monthly|(?:each|every|of the) month)\b", re.IGNORECASE)
PLURAL_NAME = re.compile(r"\b([A-Z][A-Z0-9]*[A-Z])s\b")  # "PEs", "APIs": the name in capitals
ABBREVIATIONS = {
    "prod": "production",
    "repo": "repository",
    "repos": "repositories",
    "config": "configuration",
    "env": "environment",
    "envs": "environments",
    "db": "database",
    "dbs": "databases",
    "deps": "dependencies",
}
# a word alone: not part of a path, a file name, an identifier or a flag
ABBREVIATED = re.compile(
    rf"(?<![\w./@#-])({'|'.join(ABBREVIATIONS)})(?![\w/-]|\.\w)", re.IGNORECASE
)


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def normalised(text: str) -> str:
    """The text with plural names in capitals as the name, and common abbreviations
    written out (see the module docstring)."""
    text = clock_said(PLURAL_NAME.sub(r"\1", text))  # "half past one" as "01:30"
    return ABBREVIATED.sub(lambda m: ABBREVIATIONS[m.group(1).lower()], text)


@textcached
def spoken_values(text: str) -> tuple[dict[str, set[str]], str]:
    """The values said the ways this module reads, by kind, and the text with each
    blanked (so no number of them is read again as a bare count)."""
    found: dict[str, set[str]] = {}

    def take(kind: str, value: str) -> None:
        found.setdefault(kind, set()).add(value)

    def day(m: re.Match[str]) -> str:
        take("date", " ".join(m.group(0).lower().split()))
        return " " * len(m.group(0))

    def monthly(m: re.Match[str]) -> str:
        take("day of month", m["nth"].lower())
        return " " * len(m.group(0))

    # "the 18th of the month", or "the 20th" in a text that says it recurs monthly: a
    # day of every month (a cutoff, a close), a value that can change, not a date
    text = (MONTHLY if RECURS.search(text) else OF_THE_MONTH).sub(monthly, text)
    text = DAY_OF_MONTH.sub(day, text)
    for match in WEEKDAY.finditer(text):
        take("day", WEEKDAYS[match.group(1)[:3].lower()])
    return found, text
