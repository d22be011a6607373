"""A held lesson's value told anew with a new supplier of what it runs on, no change word.

When a plant changes the supplier of a material, the lesson that gave a setting for the old
supplier's material is written again for the new one, naming the new supplier beside the
same material and stating the new setting plainly: "With Vestra Chemicals' 93 % acid the
leach has to run at 85 °C" after "The NMC leach runs at 80 °C with Norchem 96 % acid", or
"From 09-23 (Borneo Agri Oils palm olein) the fryer oil setpoint is 146 °C" after "Fryer oil
setpoint is 150 °C with the Sawit Prima palm olein". Neither says "now" or "changed", and
the rules that read a slot want the held clause's words around a value; these two share
the material and the setting's subject, and nothing else tells the change but the names.

`resupplied` reads a supply in each text (`SUPPLY`: a name, an optional grade, one or two
lower-case words of what it supplies, after "with", "using", "from", "on" or a bracket:
"with Norchem 96 % acid", "with the Sawit Prima palm olein")
and takes the draft as the held lesson's new value when

- both name a supply of one material (a material word in common), by two names: the draft
  never says the held supplier's name, nor the held text the draft's;
- both state one value of one unit outside the supply (the grade is the material's, not the
  setting's: "96 %" of "Norchem 96 % acid"), the two values apart, the held value nowhere
  in the draft;
- the words before the two values share `SHARED` content terms ("leach", "run"; "fryer",
  "oil", "setpoint"): one setting of one thing;
- the draft says the new supply is no addition nor a case of its own (`BESIDE`: "also", "as
  a backup", "only", "separate") and negates nothing.

Asked between two lessons behind the judge's guards (another thing, kind, instance, side or
year: `agentmem.core.held`), which keep "line 2 runs at 85 °C with Vestra acid" from
replacing line 1's setting.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from agentmem.core.cues import NEGATION
from agentmem.core.statement import terms
from agentmem.core.swapped import BESIDE
from agentmem.core.values import UNITS
from agentmem.core.words import function_words
from agentmem.stores.bm25 import tokenize

# A supply: after "with", "using", "from", "on" or a bracket (what a thing runs on, not
# where: "in the UK marketplace"), a name of capitalised words (a possessive allowed), an
# optional grade, then one or two lower-case words of what is supplied ("Vestra
# Chemicals' 93 % acid").
SUPPLY = re.compile(
    r"(?:\b(?:[Ww]ith|[Uu]sing|[Ff]rom|[Oo]n)\s+(?:the\s+|our\s+)?|\()"
    r"(?P<name>(?:[A-Z][\w&.-]*\s+){0,2}[A-Z][\w&.-]*?)(?:['\u2019]s?)?\s+"
    r"(?:(?P<grade>\d+(?:[.,]\d+)?\s?(?:%|[A-Za-z]{1,3}\b))\s+)?"
    r"(?P<what>[a-z][a-z-]+(?:\s+[a-z][a-z-]+)?)"
)
# A value and its unit: "85 °C", "146 °C", "2.5 bar", "40 %", "12 min".
MEASURE = re.compile(
    r"(?<![\w.:/-])(?P<n>\d+(?:[.,]\d+)?)\s?(?P<unit>°\s?[CF]\b|%|[A-Za-z]{1,7}\b(?:/[A-Za-z]+)?)"
)
CLAUSE = re.compile(r"[;!?]\s|\.\s|\.$|\n")
BEFORE = 6  # content words before a value that tell what it is the value of
SHARED = 2  # of those, the terms two values of one setting share at least


@dataclass(frozen=True)
class Supply:
    """A named supply of a material, and where it stands in its text."""

    name: frozenset[str]  # the name's stemmed tokens
    what: frozenset[str]  # the material's stemmed tokens
    span: tuple[int, int]


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def _supplies(text: str) -> tuple[Supply, ...]:
    proper = terms(text).proper
    small = function_words()
    out = []
    for m in SUPPLY.finditer(text):
        words = [w for w in m["name"].split() if w.lower() not in small]
        name = frozenset(t for w in words for t in tokenize(w))
        what = frozenset(t for w in m["what"].split() if w not in small for t in tokenize(w))
        if name and what and name <= proper and not what & name:
            out.append(Supply(name, what, m.span()))
    return tuple(out)


def _measures(text: str) -> dict[str, list[tuple[str, frozenset[str]]]]:
    """Each unit's values outside the text's supplies (a grade is the material's), as
    `setting_values` reads them, no names of a supply among the words before them."""
    supplies = _supplies(text)
    names = frozenset(t for s in supplies for t in s.name)
    return setting_values(text, tuple(s.span for s in supplies), names)


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def setting_values(
    text: str, outside: tuple[tuple[int, int], ...], names: frozenset[str]
) -> dict[str, list[tuple[str, frozenset[str]]]]:
    """Each setting unit's values (`SETTING_UNITS`, a temperature or a share) not within the
    spans `outside` (a supply's grade, a product's code), each with the content terms of the
    words before it in its clause (`BEFORE`), none of `names` among them."""
    out: dict[str, list[tuple[str, frozenset[str]]]] = {}
    for m in MEASURE.finditer(text):
        unit = re.sub(r"\s", "", m["unit"]).lower()
        unit = UNITS.get(unit, unit)  # "4 hours" is "4 h"
        if (unit.isalpha() and unit not in SETTING_UNITS) or any(
            a <= m.start() < b for a, b in outside
        ):
            continue
        start = max((c.end() for c in CLAUSE.finditer(text, 0, m.start())), default=0)
        words = [t for t in tokenize(text[start : m.start()]) if t.isalpha() and t not in names]
        out.setdefault(unit, []).append((m["n"].replace(",", "."), frozenset(words[-BEFORE:])))
    return out


# Units of a setting or a rate: a temperature, a pressure, a share, a time, a speed.
SETTING_UNITS = frozenset(
    ("bar", "mbar", "kpa", "mpa", "psi", "rpm", "hz", "m", "mm", "cm", "kg", "g", "mg", "l"),
) | frozenset(("ml", "ppm", "ph", "kv", "kw", "s", "min", "h", "day"))


def _named(supply: Supply, text: str) -> bool:
    """The text names the supplier (as a name: "oil" of "Borneo Agri Oils" is no name in
    "fryer oil")."""
    return bool(supply.name & terms(text).proper)


def resupplied(draft: str, held: str) -> bool:
    """The draft names a new supplier of the held lesson's material and states the held
    setting's value anew beside it, with no change word (see the module's docstring)."""
    mine = _supplies(draft)
    if not mine or BESIDE.search(draft) or NEGATION.search(draft):
        return False
    theirs = _supplies(held)
    if not any(
        d.what & h.what and not _named(h, draft) and not _named(d, held)
        for d in mine
        for h in theirs
    ):
        return False
    told, before = _measures(draft), _measures(held)
    for unit, values in told.items():
        if len(values) != 1:
            continue
        new, near = values[0]
        same = [was for was, far in before.get(unit, []) if len(near & far) >= SHARED]
        if len(same) == 1 and same[0] != new and not says_value(draft, same[0]):
            return True
    return False


def says_value(text: str, value: str) -> bool:
    """Whether `text` measures `value` (a number as `MEASURE` reads it, a decimal comma as a point)."""
    return any(m["n"].replace(",", ".") == value for m in MEASURE.finditer(text))
