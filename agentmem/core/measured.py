"""Two measures of one unit that measure two things: two slots, not one value told anew.

A measure often names what it measures right after its unit: "48 hours' notice", "ten
minutes of warm-up", "two days off", "a 30-second grace period". Two lessons of one
subject may each give such a measure in the same unit and still tell two rules: "loan
requests need 3 days' notice" and "every borrower gets at least 2 days off between two
loans" share their subject and their unit, yet the second gives no new notice period.
When every measure of a unit the two texts give differently names what it measures, the
two name no common thing, and neither text speaks of the other's thing at all, the
measures are of two things (`agentmem.core.countsof.counted_apart` reads bare counts the
same way). A draft that says it tells a change ("now", "instead") is read as before: a
writer may name one period two ways ("notice", "lead time"). A measure that names nothing
("within 24 hours", "after 3 days") may be of anything, and stays a new value as before.
"""

from __future__ import annotations

import re

from agentmem.core.counted import NUMBER
from agentmem.core.statement import NUMBER_WORDS, Terms, terms
from agentmem.core.values import UNITS
from agentmem.stores.bm25 import tokenize

_UNIT = "|".join(sorted((re.escape(u) for u in UNITS if u.isalpha()), key=len, reverse=True))
# "48 hours' notice", "10 minutes of warm-up", "two days off", "a 30-second grace period"
MEASURE = re.compile(
    rf"(?<![\w.:/,$=-])(?P<n>{NUMBER})(?:\s+|-)(?P<unit>{_UNIT})\b(?:['\u2019]s?)?"
    r"(?:\s+of)?\s+(?P<what>[A-Za-z][A-Za-z-]*)",
    re.IGNORECASE,
)
# "off" names time off duty ("two days off"), though a function word elsewhere
TIME_OFF = frozenset({"off"})


def _ties(text: str) -> dict[tuple[str, str], set[str]]:
    """Each measure of the text, by (unit kind, value), with the terms of what it names."""
    out: dict[tuple[str, str], set[str]] = {}
    for m in MEASURE.finditer(text):
        value = NUMBER_WORDS.get(m["n"].lower(), m["n"]).replace(",", "")
        word = m["what"].lower()
        said = {word} if word in TIME_OFF else set(terms(word).content)
        out.setdefault((UNITS[m["unit"].lower()], value), set()).update(said)
    return out


def measures_apart(draft: str, held: str) -> bool:
    """`measured_apart`, each text read on its own."""
    return measured_apart(draft, held, terms(draft), terms(held))


def measured_apart(draft: str, held: str, d: Terms, h: Terms) -> bool:
    """The two texts' measures that differ are each tied to what they measure, and the
    draft's things are none of the held text's, nor spoken of in it, nor the other way
    round (see the module docstring)."""
    if d.change:  # "now needs a 24-hour lead time": told as a change, whatever it is named
        return False
    kinds = {
        k for k, v in d.values.items() if k in h.values and v - h.values[k] and h.values[k] - v
    }
    if not kinds or any(k not in UNITS.values() for k in kinds):
        return False
    ours, theirs = _ties(draft), _ties(held)
    mine = [ours.get((k, n)) for k in kinds for n in d.values[k] - h.values[k]]
    yours = [theirs.get((k, n)) for k in kinds for n in h.values[k] - d.values[k]]
    if not all(mine) or not all(yours):
        return False
    named = {t for s in mine if s for t in s}
    held_named = {t for s in yours if s for t in s}
    return not (
        named & held_named
        or named & {*tokenize(held), *h.content}
        or held_named & {*tokenize(draft), *d.content}
    )
