"""The values a statement states, by kind (`agentmem.core.statement`): what can change
while its subject stays. Numbers with their unit (a count written as a word too: "two
approvals"), clock times (a cron line's, "2:30 pm"), weekdays, versions, dates, offsets,
addresses, sums of money, and commands and paths as code.
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from functools import lru_cache

from agentmem.core.addressed import addressed_before, listed_after, scaled_before
from agentmem.core.cues import old_values
from agentmem.core.spoken import DAY_NAMES, MONTH_NAMES, WEEKDAYS, spoken_values
from agentmem.core.textcache import textcached
from agentmem.core.words import CODE, function_words, tokenized
from agentmem.stores.bm25 import WORD

UNITS = {
    **{u: u for u in ("b", "kb", "mb", "gb", "tb", "kib", "mib", "gib", "tib")},
    **dict.fromkeys(("ms", "millisecond", "milliseconds"), "ms"),
    **dict.fromkeys(("s", "sec", "secs", "second", "seconds"), "s"),
    **dict.fromkeys(("min", "mins", "minute", "minutes"), "min"),
    **dict.fromkeys(("h", "hr", "hrs", "hour", "hours"), "h"),
    **dict.fromkeys(("day", "days"), "day"),
    **dict.fromkeys(("week", "weeks"), "week"),
    **dict.fromkeys(("month", "months"), "month"),
    **dict.fromkeys(("%", "percent", "pct"), "%"),
    **dict.fromkeys(("x", "times"), "x"),
    **dict.fromkeys(("rps", "qps"), "rps"),
}
# Counts written as words ("two approvals", "three stages"): the same value as the digit.
SMALL = ("zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten")
NUMBER_WORDS = {
    **{word: str(n) for n, word in enumerate(SMALL)},
    **{"eleven": "11", "twelve": "12", "fifteen": "15", "twenty": "20", "thirty": "30"},
}
# "one" is a count only before the word it counts ("one approval", not "the old one").
SPELLED = re.compile(rf"\b({'|'.join(NUMBER_WORDS)})\b(?:[\s-]+([A-Za-z%]+))?", re.IGNORECASE)
DATE = re.compile(r"\b\d{4}-\d{2}-\d{2}\b")  # when a statement took effect, not a measure
MARKUP = re.compile(r"(<[!/]?[A-Za-z[][^<>\n]{0,200}>)")  # an HTML tag in prose: code, not words
TIME = re.compile(r"\b\d{1,2}:\d{2}(?::\d{2})?\b")
# A timestamp (ISO 8601: a date, "T" and a time, or a time with its UTC offset) is an
# example of a moment, read as its date, and an offset ("+01:00 in summer") says which clock
# a time is on: neither is a time of day something is set to. Read as times, the "05:00" of
# "e.g. 2026-03-02T07:30:00+02:00" and the "+03:00" of "(+02:00 in winter, +03:00 in summer)" made
# two statements of one rule give each other new clock times.
STAMP = re.compile(
    r"\b(\d{4}-\d{2}-\d{2})(?:T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?"
    r"|[ ]\d{2}:\d{2}(?::\d{2})?(?:Z|[+-]\d{2}:?\d{2}))(?![\w:+-])"
)
# A log line's dateline ("2031-04-02 07:15 Night (Ames): …", opening the text or a
# sentence) dates the entry it opens: read as its date, like a timestamp, never as a time
# something is set to. Two shift logs of one week otherwise gave each other new times.
DATELINE = re.compile(r"(?:^|(?<=[.!?]\s)|(?<=\n))(\d{4}-\d{2}-\d{2})[ ]\d{1,2}:\d{2}\b(?!:\d)")
OFFSET = re.compile(r"(?<![\w:])[+\u2212-]\d{2}:\d{2}\b")
NAMED = re.compile(r"(?<![.!?:;]\s)(?<!^)\b([A-Z](?:[a-z]{2,}|[A-Z]{1,5}))[ \t]$")  # "Docusaurus "
# A clock time said other ways, read as the same HH:MM: "2:30 pm", "2am", and a daily or
# weekly cron line's minute and hour ("30 2 * * *" runs at 02:30).
MERIDIEM = re.compile(
    r"\b(?P<hour>1[0-2]|0?[1-9])(?::(?P<minute>[0-5]\d))?\s?(?P<half>[ap])\.?m\b\.?", re.I
)
CRON = re.compile(
    r"(?<![\w:*/-])(?P<minute>[0-5]?\d)\s+(?P<hour>2[0-3]|[01]?\d)\s+(?:\*|\d{1,2})\s+\*\s+"
    r"(?:\*|[0-7](?:[-,][0-7])*|[a-z]{3}(?:[-,][a-z]{3})*)(?![\w*])",
    re.I,
)
# A release named after its year keeps the year in front ("firmware bundle 2031v2.5"): one version.
# A host's address ("10.20.4.15"): where a thing is reached, not a release of it
IPV4 = re.compile(r"\b\d{1,3}(?:\.\d{1,3}){3}\b")
VERSION = re.compile(r"\b[vV]\d+(?:\.\d+)*\b|\b\d+\.\d+\.\d+\b|\b\d{4}[vV]\d+(?:\.\d+)+\b")
# A number with its unit; joined groups ("0-12", "03-01", "1,000") are one value. A unit
# hyphenated before its noun is the same measure: "a 30-minute window" is 30 minutes.
NUMBER = re.compile(r"(?<![\w.:/-])(\d[\d,]*(?:[.-]\d+)*)(?:(?:\s?|-(?=[A-Za-z]))(%|[A-Za-z]+\b))?")
# Each pattern `_figures` reads holds a digit: a text with none has no value in figures,
# and most texts a judge meets have none, or few (issue 17).
DIGIT = re.compile(r"\d")


@textcached
def raw_values(text: str) -> tuple[dict[str, set[str]], str]:
    """The values a (normalised) text states, by kind, and the text the values were read
    from (code and markup blanked)."""
    values: dict[str, set[str]] = {}
    for match in (*CODE.finditer(text), *MARKUP.finditer(text)):
        values.setdefault("code", set()).add(" ".join(match.group(1).lower().split()))
    # no version inside code, no count inside markup (`<table width="600">` counts nothing)
    rest0 = MARKUP.sub(" ", CODE.sub(lambda m: m.group(0).replace(".", " "), text))
    spoken, rest = spoken_values(_without_old_values(rest0))  # "Tue", "Oct 5"
    for kind, said in spoken.items():
        values.setdefault(kind, set()).update(said)
    if DIGIT.search(rest) is not None:  # each pattern `_figures` reads holds a digit
        rest = _figures(rest, values)
    for match in SPELLED.finditer(rest):
        word, unit = match.group(1).lower(), (match.group(2) or "").lower()
        if word == "one" and (not unit or unit in function_words() or not tokenized(unit)):
            continue  # "the old one", "one of them": a pronoun, not a count
        values.setdefault(UNITS.get(unit, "number"), set()).add(NUMBER_WORDS[word])
    for word in WORD.findall(_without_old_values(text).lower()):
        day = word.removesuffix("s")
        if day in DAY_NAMES:
            values.setdefault("day", set()).add(day)
    return values, rest0


def _figures(rest: str, values: dict[str, set[str]]) -> str:
    """`raw_values`'s values in figures (clock times, dates, offsets, addresses, versions,
    numbers with their unit) added to `values`, and `rest` with each blanked."""
    for match in (*CRON.finditer(rest), *MERIDIEM.finditer(rest)):
        hour = int(match["hour"])
        if "half" in match.groupdict():
            hour = hour % 12 + (12 if match["half"].lower() == "p" else 0)
        values.setdefault("time", set()).add(f"{hour:02d}:{int(match['minute'] or 0):02d}")
    rest = MERIDIEM.sub(" ", CRON.sub(" ", rest))
    for stamp in (STAMP, DATELINE):
        for match in stamp.finditer(rest):
            values.setdefault("date", set()).add(match.group(1))
        rest = stamp.sub(" ", rest)
    for match in OFFSET.finditer(rest):
        values.setdefault("offset", set()).add(match.group(0).replace("\u2212", "-"))
    rest = OFFSET.sub(" ", rest)
    for kind, pattern in (("date", DATE), ("time", TIME), ("address", IPV4), ("version", VERSION)):
        for match in pattern.finditer(rest):
            found = match.group(0).lower().lstrip("v")
            values.setdefault(kind, set()).add(found.zfill(5) if kind == "time" else found)
        rest = pattern.sub(" ", rest)
    head, since = "", 0  # the last number of an addressed list, and where it ended
    for match in NUMBER.finditer(rest):
        number, word = match.group(1).replace(",", ""), (match.group(2) or "").lower()
        # (NUMBER takes a comma after the digits along: "30001, combined")
        digits_end = match.start(1) + len(match.group(1).rstrip(","))
        after = rest[digits_end : digits_end + 1]
        if addressed_before(rest, match.start()) or (
            head and listed_after(rest[since : match.start()], head, number, after)
        ):
            # "register 40101", "slave id 3", "× 100": which one or a scale, of a kind of its
            # own: no value of a measure or a count (`agentmem.core.addressed`); so are the
            # next numbers of its list ("register 30001, combined chlorine 30003")
            values.setdefault("which", set()).add(number)
            listing = word not in UNITS and not scaled_before(rest, match.start())
            head, since = (number if listing else ""), digits_end
            continue
        head = ""
        # A decimal without a unit is a version (release 4.13, Airflow 2.9), not a measure;
        # a whole number right after a name is that thing's version ("Docusaurus 3").
        name = _named_before(rest, match.start())
        ranged = RANGED_AFTER.match(rest, digits_end) or RANGED_BEFORE.search(
            rest, max(0, match.start(1) - 12), match.start(1)
        )
        bare = ("range" if ranged else "version") if "." in match.group(1) else "number"
        bare = f"version of {name.group(1).lower()}" if name and bare == "number" else bare
        kind = UNITS.get((match.group(2) or "").lower(), bare)
        values.setdefault(kind, set()).add(match.group(1).replace(",", ""))
    return rest


# A decimal that bounds a range ("1.4–1.8 N·m") is a measure's bound, no release: a value
# of a kind of its own, "range", that differs only from another range's bound, and, as a
# bare count does, only on one subject (`agentmem.core.subjects.WEAK_KINDS`).
RANGED_AFTER = re.compile(r"\s?[–-]\s?\d")
RANGED_BEFORE = re.compile(r"\d\s?[–-]\s?\Z")


def _named_before(text: str, end: int) -> re.Match[str] | None:
    """`NAMED.search(text[:end])`, tried only on the last word before `end`: a match is that
    word and one blank, so searching the whole text before each number read it again and
    again (a text of many numbers cost their count times its length)."""
    start = end - 2 if text[end - 1 : end] == "\n" else end - 1  # the blank ("$" skips a last "\n")
    while start > 0 and text[start - 1] in LETTERS:
        start -= 1
    return NAMED.search(text, max(start, 0), end)


LETTERS = frozenset(string.ascii_letters)


def frozen_values(values: Mapping[str, set[str]]) -> dict[str, frozenset[str]]:
    return {k: frozenset(map(_release, v) if "version" in k else v) for k, v in values.items()}


AMOUNT = re.compile(r"[$€£¥]\s?(\d[\d,]*(?:\.\d+)?)(?![\d.,]*[kKmM%]?\w)")  # "$2,500"


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def _without_old_values(text: str) -> str:
    """The text with each value a change moved away from blanked ("cut retention from 7
    days to 3 days" states 3 days, "10°, not 5°" states 10°; see `old_values`)."""
    for start, end in old_values(text):
        text = text[:start] + " " * (end - start) + text[end:]
    return text


def _release(version: str) -> str:
    """A version without trailing zero parts: "6.1.0" is "6.1", "2.0" is "2"."""
    return re.sub(r"(?<=\d)(?:\.0+)+$", "", version)


@lru_cache(maxsize=1)
def value_words() -> frozenset[str]:
    """Weekdays, units and "am"/"pm" as search tokens: they say a value, not what it is of."""
    abbreviated = (*WEEKDAYS, "tues", "thur", "thurs")
    words = (*DAY_NAMES, *UNITS, *NUMBER_WORDS, *abbreviated, *MONTH_NAMES, "am", "pm")
    return frozenset(t for word in words for t in (word, *tokenized(word)))
