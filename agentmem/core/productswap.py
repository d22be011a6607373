"""A held lesson's setting told anew for another named product, a word saying the old went.

When a plant changes the product it runs on (a stabiliser, a latex compound, a dosing
chemical), the lesson that gave a setting for the old product is written again for the
new one, naming the new product by its maker's name and model code, and the setting's new
value: "CreamLine CL-72 mix (Nordic Gums AB, dosed at 0.40 %) ages at least 8 h at 2-5 °C
before freezing … The 48 h maximum is unchanged" after "Mix made with Stabilex SE-30
(Hartmann Ingredients, 0.35 % of the mix) must age at least 4 h at 2-5 °C …", or
"Correction: with Rovene 4042 the add-on target is 860 g/m² …; the figure posted above
belonged to the previous compound" after "With the Synthomer SBR 7340 compound the latex
add-on target is 920 g/m²". `agentmem.core.resupplied` reads a supplier named before the
material it supplies ("with Vestra Chemicals' 93 % acid"); a product named by its code
names no material, and may open the sentence.

`product_swapped` takes the draft as the held lesson's new value when

- each text names one product, a capitalised name of up to three words and a model code
  holding a digit ("Stabilex SE-30", "Synthomer SBR 7340"), no unit noun among the name's
  words ("Line 2", "Zone 3" name which one of many: `INSTANCES`);
- neither text says a word of the other's product: two products, not one named more fully;
- the draft names no unit the held text does not ("line 2", "zone C": `NUMBERED`), whose
  product and setting are its own;
- the draft, not the held text, says that something before it went or stays (`GONE`:
  "correction", "previous", "former", "old", "unchanged", "replaced", "switched"). Two
  products each with a setting are as often two products run side by side, each with its
  own; only such a word tells that the draft's product took the held one's place;
- a value of the draft (a setting's unit, read as `agentmem.core.resupplied` reads them)
  finds among the held text's values of its unit one whose words before it share the most
  content terms with the draft's, at least `SHARED` (one slot of one thing), the two values
  apart and the held value nowhere in the draft;
- the draft states a value of every unit the held text sets: a held lesson that sets
  more ("the oven runs 148 °C at 14 m/min, and the add-on target is 920 g/m²") still tells
  what the draft does not, and is kept;
- the draft says its product is no addition nor a case of its own (`BESIDE`: "also",
  "only", "separate") and negates nothing.

Asked between two lessons behind the judge's guards (another thing, kind, instance, side or
year: `agentmem.core.held`), which keep "line 2 runs Rovene 4042 at 860 g/m²" from
replacing line 1's setting.
"""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.cues import NEGATION
from agentmem.core.resupplied import SHARED, says_value, setting_values
from agentmem.core.samething import NUMBERED
from agentmem.core.successorrole import INSTANCES
from agentmem.core.swapped import BESIDE
from agentmem.core.words import function_words
from agentmem.stores.bm25 import tokenize

# A product: up to three capitalised words, then a model code holding a digit ("Stabilex
# SE-30", "Synthomer SBR 7340", "CreamLine CL-72").
PRODUCT = re.compile(
    r"\b(?P<name>(?:[A-Z][\w&]*\s+){0,2}[A-Z][A-Za-z&]+)\s+"
    r"(?P<code>(?=[\w-]*\d)[A-Z]{0,4}-?\d[\w.-]*)(?![\w-])"
)
# A word that something before the draft's news went, or stayed as it was.
GONE = re.compile(
    r"\b(?:correction|corrected|previous|former|old|unchanged|replac\w*|switch\w*)\b",
    re.IGNORECASE,
)


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def _products(text: str) -> tuple[tuple[frozenset[str], tuple[int, int]], ...]:
    """Each product the text names: its name's and code's tokens, and its span."""
    out = []
    for m in PRODUCT.finditer(text):
        words = [w for w in m["name"].split() if tokenize(w) and w.lower() not in function_words()]
        if not words or any(w.lower() in INSTANCES or w.lower()[:-1] in INSTANCES for w in words):
            continue  # a sentence's "The 48 h", or which one of many ("Line 2", "Tanks 3")
        name = frozenset(t for w in words for t in tokenize(w))
        out.append((name | {m["code"].lower()}, m.span()))
    return tuple(out)


def _measures(text: str) -> dict[str, list[tuple[str, frozenset[str]]]]:
    """Each setting unit's values outside the text's products, as
    `agentmem.core.resupplied.setting_values` reads them, the products' names not among the
    words before them."""
    products = _products(text)
    names = frozenset(t for name, _ in products for t in name)
    return setting_values(text, tuple(span for _, span in products), names)


def _members(text: str) -> set[tuple[str, str]]:
    """The units the text names by a unit noun and a number or letter ("line 2", "Zone C")."""
    return {
        (m[1].lower(), m[2].lower()) for m in NUMBERED.finditer(text) if m[1].lower() in INSTANCES
    }


def product_swapped(draft: str, held: str) -> bool:
    """The draft states the held lesson's setting anew for another named product, and says
    the earlier one went (see the module's docstring)."""
    mine = _products(draft)
    if len(mine) != 1 or not GONE.search(draft) or BESIDE.search(draft):
        return False
    theirs = _products(held)
    if len(theirs) != 1 or GONE.search(held) or NEGATION.search(draft):
        return False
    said, told = set(tokenize(draft)), set(tokenize(held))
    if mine[0][0] & told or theirs[0][0] & said or _members(draft) - _members(held):
        return False
    before, after = _measures(held), _measures(draft)
    if set(before) - set(after):
        return False  # the held lesson sets more than the draft tells anew: it keeps that
    for unit, values in after.items():
        for new, near in values:
            shared = [(len(near & far), was) for was, far in before.get(unit, [])]
            most = max((n for n, _ in shared), default=0)
            same = [was for n, was in shared if n == most]
            if (
                most >= SHARED
                and len(same) == 1
                and same[0] != new
                and not says_value(draft, same[0])
            ):
                return True
    return False
