"""A measure told in another unit than the held lesson's: "the kiln cools for 6 hours" then
"the kiln now cools for 90 min"; "the upload cap is 2 GB" then "uploads are capped at 512
MB". The statement readers (`agentmem.core.statement`) keep each unit a kind of its own,
so the two values never meet: no rule sees a new value of the same measure.

`in_units_of` writes the draft's measures of a time or a size in the unit the held lesson
uses for that measure ("90 min" as "1.5 hours"), and the judge (`agentmem.core.held`) asks
its rules again of the text so written. A measure that comes to a value the held lesson
states ("300 s" of "5 minutes", "2048 MB" of "2 GB") is the same value told otherwise: the
draft is left as it is (no new value, and no restatement read from a conversion either).
A size in KB, MB, GB or TB is taken in either convention (1000 or 1024 to the next unit).

Only where the held lesson gives that measure in one unit, and only values that come out
plain (at most two decimals): "7 days" of a held "hours" is 168, "100 ms" of a held
"minutes" is nothing worth writing. And only a text whose measure, so written, stands in
the held measure's frame (`agentmem.core.slots.shared`): "the kiln now cools for 90 min"
of "the kiln cools for 6 hours", not "the glaze run now takes 90 min" (another thing
timed), which the judge's rules would read as they read any new value.
"""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.cadence import SECONDS
from agentmem.core.slots import LOOSE, SENTENCE, shared, slots
from agentmem.core.subjects import same_subject
from agentmem.core.together import read_together
from agentmem.core.values import NUMBER_WORDS, UNITS

# Each unit's size in its measure's base (a time's in seconds, `SECONDS`; a size's in
# bytes); a size written in a decimal unit may mean the binary one as well.
SIZE = {"b": 1.0, "kib": 2.0**10, "mib": 2.0**20, "gib": 2.0**30, "tib": 2.0**40}
DECIMAL = {"kb": 1, "mb": 2, "gb": 3, "tb": 4}  # the power of 1000 (or of 1024) each is
# A number and its unit, glued, spaced or hyphenated: "24h", "15 minutes", "a 2-GB cap".
MEASURE = re.compile(r"(?<![\w.:/,$-])(\d+(?:\.\d+)?)(?:\s?|-)([A-Za-z]+)\b(?![-/]\w)")
PLAIN = 2  # decimals a converted value may have


def _measure(unit: str) -> str:
    return "time" if unit in SECONDS else "size" if unit in SIZE or unit in DECIMAL else ""


def _sizes(unit: str) -> tuple[float, ...]:
    """The unit's size in its measure's base: two for a decimal size unit."""
    if unit in SECONDS:
        return (SECONDS[unit],)
    if unit in DECIMAL:
        return (1000.0 ** DECIMAL[unit], 1024.0 ** DECIMAL[unit])
    return (SIZE[unit],)


@lru_cache(maxsize=4096)
def measures(text: str) -> tuple[tuple[int, int, float, str, str], ...]:
    """Each measure of a time or a size: its span, its number, its unit (as `UNITS` reads
    it) and the unit as written."""
    out = []
    for m in MEASURE.finditer(text):
        unit = UNITS.get(m[2].lower(), "")
        if _measure(unit):
            out.append((m.start(), m.end(), float(m[1]), unit, m[2]))
    return tuple(out)


def _plain(value: float) -> str | None:
    """The value written with at most `PLAIN` decimals, if it comes out exact."""
    rounded = round(value, PLAIN)
    if rounded <= 0 or abs(rounded - value) > 1e-9 * max(1.0, value):
        return None
    return f"{rounded:g}" if rounded < 1e15 else None


def in_units_of(held: str, draft: str) -> str | None:
    """The draft with its measures of a time or a size written in the unit the held text
    gives that measure in (see the module docstring), or None when none is rewritten, or
    when one comes to a value the held text states."""
    told = measures(held)
    out, end, rewritten = [], 0, False
    for start, stop, number, unit, _written in measures(draft):
        mine = [m for m in told if _measure(m[3]) == _measure(unit)]
        units = {m[3] for m in mine}
        if len(units) != 1 or unit in units:
            continue  # no such measure held, or in several units, or in the draft's own
        target, word = mine[0][3], mine[0][4]
        held_values = {m[2] for m in mine}
        values = [number * a / b for a in _sizes(unit) for b in _sizes(target)]
        if any(abs(v - h) <= 1e-9 * max(1.0, h) for v in values for h in held_values):
            return None  # the held value told in another unit: nothing new
        plain = next((p for p in map(_plain, values) if p is not None), None)
        if plain is None:
            continue
        out += [draft[end:start], f"{plain} {word}"]
        end, rewritten = stop, True
    return "".join([*out, draft[end:]]) if rewritten else None


def told_in_units(held: str, draft: str) -> list[str]:
    """The draft written in the held text's units (`in_units_of`), whole and each sentence
    giving a measure alone (a note's other sentences, why it changed or who asked, hide
    its subject), those that put a measure so written in the held measure's frame; none
    when the draft tells a held value in another unit."""
    whole = in_units_of(held, draft)
    if whole is None:
        return []
    said = [t for s in SENTENCE.split(draft) if (t := in_units_of(held, s)) is not None]
    return [t for t in dict.fromkeys((whole, *said)) if _in_frame(t, held)]


def _in_frame(told: str, held: str) -> bool:
    """A measure of the text stands where one of the held text's does, with another value."""
    return any(
        n.unit == o.unit and n.value != o.value and shared(n, o) >= LOOSE
        for n in slots(told)
        for o in slots(held)
        if _measure(n.unit)
    )


# How often, as a count in a unit of time: "twice a minute", "4 times an hour", "three
# times per second". Its period (a minute over two: 30 s) is a length of time too.
RATE = re.compile(
    rf"\b(?P<n>once|twice|(?:\d+|{'|'.join(NUMBER_WORDS)})\s+times)\s+(?:a|an|per|each|every)\s+"
    r"(?P<unit>second|minute|hour|day)\b",
    re.IGNORECASE,
)


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def periods(text: str) -> frozenset[float]:
    """The period, in seconds, of each rate the text tells (see RATE)."""
    found = set()
    for m in RATE.finditer(text):
        said = m["n"].lower()
        n = (
            1
            if said == "once"
            else 2
            if said == "twice"
            else int(NUMBER_WORDS.get(said.split()[0], said.split()[0]))
        )
        if n:
            found.add(SECONDS[UNITS[m["unit"].lower()]] / n)
    return frozenset(found)


def rate_retold(held: str, draft: str) -> bool:
    """The draft tells as a rate a length of time the held text states, on the same
    subject, and no value the held text lacks: "the feed now refreshes twice a minute" of
    "the feed is cached for 30 s" says the same 30 s, not a new one."""
    period = periods(draft)
    if not period:
        return False
    lengths = {m[2] * SECONDS[m[3]] for m in measures(held) if m[3] in SECONDS}
    if not any(abs(p - h) <= 1e-9 * max(1.0, h) for p in period for h in lengths):
        return False
    d, h = read_together(draft, held)
    told = all(v <= h.values.get(kind, frozenset()) for kind, v in d.values.items())
    return told and same_subject(d, h)
