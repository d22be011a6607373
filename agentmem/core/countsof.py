"""What a bare number counts or sets, and whether two texts' numbers are of one thing.

A bare number is a new value of a held one only when both count or set the same thing.
"Four render jobs barely fit on the large pool" counts jobs; "jobs run on the large pool
with --max-workers=6" gives an option its value. The two share their subject, and a
different number each, yet neither number is a value of what the other's is: read as a
new value, the mention replaced the setting it never gave. A number followed by a word
counts that word (and the content word before it may name what it counts: "retry 3
times"); a number after `name=`, `name:` or `--name` is that name's value. When every
number in conflict is tied to a thing this way and the two texts tie theirs to no common
thing, the numbers are of two things. A number tied to nothing ("the limit is 5.") may be
of anything, and stays a new value as before (`agentmem.core.restate.new_value`).
"""

from __future__ import annotations

import re

from agentmem.core.counted import NUMBER
from agentmem.core.measured import measured_apart
from agentmem.core.statement import NUMBER_WORDS, Terms, terms
from agentmem.stores.bm25 import tokenize

# "--workers 6", "max_workers=6", "workers: 6"
SET = re.compile(
    rf"(?<![\w-])(--?[A-Za-z][\w-]*(?:\s+|\s*=\s*)|[A-Za-z][\w.-]*\s*[=:]\s*)({NUMBER})(?!\w|\.\d)",
    re.I,
)
# "four jobs", "6 workers", "two build agents", "a 45-minute cap": a number, the words after it
COUNT = re.compile(
    rf"(?<![\w.:/,$=-])({NUMBER})(?:\s+|-)([A-Za-z][A-Za-z-]+(?:\s+[A-Za-z][A-Za-z-]+)?)", re.I
)
# a number with its unit or name glued on: "18Z", "64G", "3x"
GLUED = re.compile(r"(?<![\w.:/,$=-])(\d+)([A-Za-z]+)\b")
# a number with a one-letter unit in capitals: "900 C", "40 F", "12 V"
LETTER = re.compile(rf"(?<![\w.:/,$=-])({NUMBER})\s?([A-Z])(?![\w-])")
# a number that ends its clause after the word naming it: "fires to cone 6.", "use slot 4;"
LABELLED = re.compile(rf"(?<![\w-])([A-Za-z][\w-]*)\s+({NUMBER})(?=\s*(?:[.,;:)]\s|[.;)]?$))", re.I)
BEFORE = re.compile(r"([A-Za-z][\w-]*)\s+$")
REACH = 30  # characters before a number that may name what it counts


def _value(number: str) -> str:
    return NUMBER_WORDS.get(number.lower(), number).replace(",", "")


def _ties(text: str) -> dict[str, set[str]]:
    """Each number of the text, with the terms of what it counts or sets."""
    out: dict[str, set[str]] = {}
    for pattern, number, name in ((SET, 2, 1), (COUNT, 1, 2), (GLUED, 1, 2)):
        for m in pattern.finditer(text):
            said = set(terms(m[name]).content) if pattern is COUNT else {*tokenize(m[name])}
            said = said or {m[name].lower()}
            # the word before may name what is counted: "GPU count: 8", "retry 3 times"
            before = BEFORE.search(text[max(0, m.start() - REACH) : m.start()])
            if before:
                said |= set(terms(before[1]).content)
            out.setdefault(_value(m[number]), set()).update(said)
    for m in LETTER.finditer(text):
        out.setdefault(_value(m[1]), set()).add(m[2].lower())
    for m in LABELLED.finditer(text):
        label = set(terms(m[1]).content)  # "is 5", "to 6": no word names what it is
        if label:
            out.setdefault(_value(m[2]), set()).update(label)
    return out


def counted_apart(draft: str, held: str, d: Terms, h: Terms) -> bool:
    """The two texts differ only in bare numbers, each tied to a thing, and the draft's
    are tied to no thing the held text's are (see the module docstring)."""
    kinds = {
        k
        for k, v in d.values.items()
        if k not in ("code", "date") and k in h.values and v - h.values[k] and h.values[k] - v
    }
    if kinds != {"number"}:  # measures in units: what each names (`agentmem.core.measured`)
        return measured_apart(draft, held, d, h)
    ours, theirs = _ties(draft), _ties(held)
    new = d.values["number"] - h.values["number"]
    old = h.values["number"] - d.values["number"]
    if any(not ours.get(n) for n in new) or any(not theirs.get(n) for n in old):
        return False  # a number tied to nothing may be of anything
    return not {t for n in new for t in ours[n]} & {t for n in old for t in theirs[n]}
