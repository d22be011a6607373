"""The values a text states, each by its measure (`readings`): a length of time, a size, a
share, a sum of money, a clock time, a weekday, a count of one named unit, a host, a bare
number of the word it follows or of the value an arrow leads from, each told by what it
comes to ("90 min" is "1.5 h"). The general reading of a replacement
(`agentmem.core.samething`) and the rules beside it compare texts by these.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from agentmem.core.cadence import SECONDS
from agentmem.core.spoken import DAY_NAMES
from agentmem.core.values import AMOUNT, UNITS
from agentmem.core.words import function_words, tokenized

__all__ = ["CLOCK", "DAY", "HOST", "NUMBER", "SIZES", "YEAR", "Value", "content_word", "readings"]

SIZES = {"b": 1.0, "kb": 1e3, "mb": 1e6, "gb": 1e9, "tb": 1e12}
SIZES |= {"kib": 2.0**10, "mib": 2.0**20, "gib": 2.0**30, "tib": 2.0**40}
# A number and what follows it: a unit, a symbol, or the noun it counts ("12 matches").
NUMBER = re.compile(
    r"(?<![\w.:/,-])(\d[\d,]*(?:\.\d+)?)(?:\s?(%)|(?:\s?|-)([A-Za-z][A-Za-z-]*)\b)?(?![\w.:/-]*\d)"
)
CLOCK = re.compile(r"(?<![\w:.])([01]?\d|2[0-3]):([0-5]\d)(?![\w:])")
DAY = re.compile(rf"\b({'|'.join(DAY_NAMES)})s?\b", re.I)
# A host, with or without its port: "db2.corp.internal:5432", "ledger-gw.example.com". A
# label is at most 63 characters and a name at most 12 labels (DNS allows 127, no one
# writes them), so a run of "x.y-x.y-…" costs each start a bounded read, not the rest.
HOST = re.compile(
    r"\b((?:[a-z][a-z0-9-]{0,62}\.){1,12}(?:internal|local|lan|corp|io|com|net|org))(?::\d+)?\b",
    re.I,
)
# A year that names which thing a fact is of: "2024", "2024/25", "2023-24".
YEAR = re.compile(r"(?<![\w.:/$-])((?:19|20)\d\d)(?:[/-]\d\d)?(?![\w.:%,])")


class Value(NamedTuple):
    """One value a text states: its measure, what it comes to, and where it stands."""

    measure: str
    amount: str
    start: int
    end: int


def _number(text: str) -> float:
    return float(text.replace(",", ""))


def _amount(value: float) -> str:
    return f"{value:.6g}"


@lru_cache(maxsize=4096)
def readings(text: str) -> tuple[Value, ...]:
    """The values of a text, each by its measure (see the module docstring, test 1)."""
    out: list[Value] = []
    money = {m.start(1) for m in AMOUNT.finditer(text)}
    for m in AMOUNT.finditer(text):
        out.append(Value("money", _amount(_number(m[1])), m.start(), m.end()))
    for m in NUMBER.finditer(text):
        if m.start(1) in money or YEAR.fullmatch(m[0].strip()):
            continue
        n, unit = _number(m[1]), (m[2] or m[3] or "").lower()
        # "set to 5 for all": no unit; "12 m" a unit of one letter, "12m" (metres? minutes?)
        # none; "12 UTC" a zone, no thing counted
        spaced = m[3] is not None and text[m.end(1) : m.start(3)] == " "
        known = unit in UNITS or unit in SIZES or unit == "%"
        unit = unit if known or (len(unit) == 1 and spaced) or content_word(unit) else ""
        unit = "" if not known and m[3] and not m[3][:1].islower() else unit
        measure = UNITS.get(unit, "")
        if measure in SECONDS:
            out.append(Value("time", _amount(n * SECONDS[measure]), m.start(), m.end()))
        elif measure in SIZES or unit in SIZES:
            out.append(Value("size", _amount(n * SIZES[measure or unit]), m.start(), m.end()))
        elif measure == "%":
            out.append(Value("share", _amount(n), m.start(), m.end()))
        elif unit:
            counted = tokenized(unit)[0] if tokenized(unit) else unit
            out.append(Value(f"count of {counted}", _amount(n), m.start(), m.end()))
        elif not unit and (label := _label(text, m.start(), out)):
            out.append(Value(label, _amount(n), m.start(), m.end()))
    for m in CLOCK.finditer(text):
        out.append(Value("clock", f"{int(m[1]):02d}:{m[2]}", m.start(), m.end()))
    for m in DAY.finditer(text):
        out.append(Value("weekday", m[1].lower(), m.start(), m.end()))
    for m in HOST.finditer(text):
        out.append(Value("host", m[0].lower(), m.start(), m.end()))
    return tuple(out)


# A bare number after the word it sets: "ratio 3.5", "RETRY_MAX=4", "retry_max is set to 4".
SETTING = re.compile(
    r"\b([A-Za-z][\w-]*)(?:\s*=\s*|\s+(?:(?:is|are|was|now|set|to|at|of)\s+){0,3}|\s)$"
)
ARROWS = ("->", "→", "=>")
LABEL_REACH = 400  # characters read back from a bare number for the word it follows


def content_word(word: str) -> bool:
    """A word that says what a thing is: neither a stopword nor a function word."""
    return bool(tokenized(word)) and word not in function_words()


def _unspaced(text: str, end: int) -> int:
    """Where the whitespace that ends `text[:end]` starts."""
    while end > 0 and text[end - 1].isspace():
        end -= 1
    return end


def _label(text: str, end: int, found: list[Value]) -> str:
    """What the bare number at `end` is the value of: the value before an arrow ("3.5 ->
    4.2": the same measure as 3.5), or the word it follows (SETTING), not a function word.
    Read back from the number only (LABEL_REACH), so a text of many numbers is read in
    linear time."""
    spaced = _unspaced(text, end)
    arrow = next((a for a in ARROWS if text.endswith(a, 0, spaced)), None)
    if arrow is not None:
        bare = _unspaced(text, spaced - len(arrow))
        left = [v for v in found if v.end >= bare]
        return left[-1].measure if left else ""
    m = SETTING.search(text, max(0, end - LABEL_REACH), end)
    if not m or not content_word(m[1].lower()) or m[1].lower() in UNITS:
        return ""
    return f"value of {m[1].lower()}"
