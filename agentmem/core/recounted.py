"""A measure told anew: a draft that says something changed and gives another count of a
unit the held lesson counts ("a crate takes 30 jars now; the old limit no longer
applies" after "crates over 20 jars tip on the kiln carts", or after "the 20-jar crate
of the kiln carts"), of the thing both speak of, replaces it however differently
each opens. The unit is the word after the number, singular or plural, joined by a hyphen
or not ("40 jars" is the "20 jar" measure); a score between 0 and 1 is a ratio ("the
regrade cut-off is now 0.75" after "samples scoring 0.6 or more are regraded").

Against false merges: the draft must say outright that something changed (a change word:
a count given beside another is no news of it), must give one count of the unit and not
the held one (a value added, or an old value told beside the new), the held count must be
in the held lesson's opening clause (not a reason behind its own advice), the two must share two content words besides the unit (the same
thing measured, not only the same unit), the clause giving the held count names no thing
the draft never mentions (the EU quota is not the US one), and the two must not tell one
frame of two things (`parallel`: the staging pods' memory is not production's).
"""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.newvalue import parallel
from agentmem.core.restate import agrees, substituted
from agentmem.core.statement import (
    CAPS,
    IDENTIFIER,
    LEAD,
    UNITS,
    function_words,
    terms,
    value_words,
)
from agentmem.core.together import read_together
from agentmem.stores.bm25 import tokenize

# A number and the word it counts: "80 characters", "48-character", "36 inches", "5 rps".
COUNT = re.compile(r"(?<![\w.:/,$-])(\d+(?:\.\d+)?)(?:\s+|-)([A-Za-z]{2,})\b(?![-/.]\w)")
# A score or a ratio between 0 and 1 with no unit ("a match score of 0.85", "now 0.90"):
# a measure of its own kind, not a release.
FRACTION = re.compile(r"(?<![\w.:/-])(0\.\d+)(?![\w.]|\s?%)")
RATIO = "ratio"
CLAUSE = re.compile(r"[;:]\s+|\.\s+|,\s+(?:and|but|so|while|which)\s+")
MIN_SHARED = 2  # content words besides the unit's that the two share: one thing measured


@lru_cache(maxsize=4096)
def counts(text: str) -> dict[str, dict[str, int]]:
    """Per unit (singular, lower case), each number the text counts of it, with the clause
    (its index) that gives it."""
    out: dict[str, dict[str, int]] = {}
    for i, clause in enumerate(CLAUSE.split(text)):
        for number, word in COUNT.findall(clause):
            unit = _unit(word)
            if unit:
                out.setdefault(unit, {}).setdefault(number, i)
        for number in FRACTION.findall(clause):
            out.setdefault(RATIO, {}).setdefault(number, i)
    return out


def _unit(word: str) -> str:
    """The unit a word names, singular: "inches" and "inch", "characters" and "character";
    "" for a word that counts nothing of its own ("in", "per", a weekday)."""
    low = word.lower()
    if low in UNITS:
        return UNITS[low]
    if low in function_words() or low in value_words() or len(low) < 3:
        return ""
    for ending in ("ches", "shes", "ses", "xes"):
        if low.endswith(ending):
            return low[: -len(ending) + 2]
    return low[:-1] if low.endswith("s") and not low.endswith("ss") else low


def recounted(draft: str, held: str) -> bool:
    """The draft tells a new count of a unit the held lesson counts, of the same thing (see
    the module docstring)."""
    d, h = read_together(draft, held)
    if not d.change or agrees(d, h):
        return False
    now, before = counts(draft), counts(held)
    for unit in now.keys() & before.keys():
        new = set(now[unit])
        old = {n for n, clause in before[unit].items() if clause == 0}
        if new & set(before[unit]) or len(new) != 1 or d.moved or not old:
            # the held count told again (a value added), the old value told beside the
            # new one (the rules of `agentmem.core.restate` read which it moved from), or
            # a held count only in a reason behind its own advice ("send a link: the 10 MB
            # cap bounced it"), not what the lesson tells
            continue
        unit_terms = set(tokenize(unit)) | {t for w in (unit, unit + "s") for t in tokenize(w)}
        if len((d.content & h.content) - unit_terms) < MIN_SHARED:
            continue
        clauses = CLAUSE.split(held)
        said = {clauses[0]}
        if any(_names(c) - d.tokens for c in said):
            continue  # the held count is of a thing the draft never names
        mine = {CLAUSE.split(draft)[i] for i in now[unit].values()}
        drop = unit_terms | value_words()
        if not any((terms(a).content & terms(b).content) - drop for a in mine for b in said):
            continue  # each count in a clause of its own thing
        if any(_swapped(a, b) for a in mine for b in said):
            continue  # "staging pods have 4 GB" is not "production pods have 8 GB"
        if parallel(draft, held, d.people | h.people) or substituted(draft, held):
            continue
        return True
    return False


def _swapped(a: str, b: str) -> bool:
    """Two clauses that open on one noun told of two things: another first word before the
    same second one ("staging pods" against "production pods")."""
    ta, tb = _opening(a), _opening(b)
    if len(ta) < 2 or len(tb) < 2 or ta[1] != tb[1] or ta[0] == tb[0]:
        return False
    return ta[0] not in tokenize(b) and tb[0] not in tokenize(a)


def _opening(clause: str) -> list[str]:
    """The clause's first content words, in order, after a lead saying when it took effect
    ("From the spring term on, evening classes …" opens on "evening classes")."""
    lead = LEAD.match(clause)
    clause = clause[lead.end() :] if lead else clause
    plain = terms(clause).content
    return [t for w in clause.split() for t in tokenize(w) if t in plain][:2]


def _names(clause: str) -> set[str]:
    """The things a clause names outright: identifiers and names in capitals (not a
    number, which a value's dot makes look like an identifier)."""
    found = {t for m in IDENTIFIER.findall(clause) for t in tokenize(m)}
    found |= {t for m in CAPS.findall(clause) for t in tokenize(m)}
    return {t for t in found if not t.isdigit()}
