"""New values `agentmem.core.statement` reads only as bare numbers, or not at all: a count
of a unit both texts name after the number, the value of a command's option, and how long
before an event something happens.

- A number followed by the same word in both texts is a count of that unit, a value of one
  kind: "a truck takes at most 26 pallets" after "each truck holds up to 22 pallets per
  run", "the boiler is serviced every 1,200 OH" after "inspected every 900 OH (operating
  hours)". A bare number is a new value only when the two share most of their words (three
  backfills are no new lookback), so a new count told with other details went unseen.
- A command's option with a number ("`render --dpi 150`") has a new value when the other
  text gives the same option another number ("raised to `--dpi 300`").
- A lead time, however it is told: "30 days before the audit", "six weeks ahead", "T-45"
  (in the unit the text, or else the other text, counts its lead in), "T-2 h". "Quotes go
  out at T-45" after "the quote run starts 30 days before renewal" is a new lead.

`revalued` is the rule `agentmem.core.restate` asks. Against a false merge: the clause that
gives each value names no thing the other text never mentions (the EU quota is not the US
one: "the EU quota is 500 parcels" against "the US quota is 2,000 parcels"), the two do not
open on two things (`apart`) nor tell one frame of two (`parallel`), and the draft gives
none of the held text's values of that kind ("jets now every 1,000 FH; turboprops stay at
500 FH" replaces nothing said of the turboprops' 500 FH).
"""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.frames import naming
from agentmem.core.kept import moved_beside
from agentmem.core.newvalue import CLAUSE, apart, parallel
from agentmem.core.statement import NUMBER_WORDS, Terms, terms, value_words
from agentmem.stores.bm25 import tokenize

MIN_SHARED = 3  # content terms the two share, the unit's or the option's word among them
SAME_SUBJECT = 0.5  # share of the shorter text's terms that is one subject on its own
LEAD = "lead"  # the kind of a lead time, in minutes
SPELLED = "|".join(w for w in NUMBER_WORDS if w != "one")  # "one" is as often a pronoun
NUMBER = rf"\d{{1,3}}(?:,\d{{3}})+|\d+(?:\.\d+)?|{SPELLED}"
# A number and the word after it: "2,000 pallets", "750 OH", "three approvals", a level
# below zero ("-18 dB", "-40 degrees"): a sign after a space, not a range's "2-3 days".
COUNT = re.compile(rf"(?<![\w.:/,$-])(-?(?:{NUMBER}))\s+([A-Za-z][A-Za-z]+)\b(?![-/.]\w)", re.I)
# An option with a number: "--dpi 300", "-j 8", "--threads=24"
OPTION = re.compile(r"(?<![\w-])(--?[A-Za-z][\w-]*)(?:\s+|=)(\d[\d.]*)(?![\w.-])")
MINUTES = {"min": 1, "hour": 60, "h": 60, "day": 1440, "week": 10080, "month": 43200}
UNIT = r"(?:(?:business|working|calendar)\s+)?(?P<unit>min(?:ute)?s?|hours?|h|days?|weeks?|months?)"
# "30 days before", "six weeks ahead", "12 weeks out", "two hours prior to"
BEFORE = re.compile(
    rf"(?<![\w.:/-])(?P<n>{NUMBER})[\s-]+{UNIT}\s+(?:before|ahead|prior|out\b|in advance)",
    re.IGNORECASE,
)
T_MINUS = re.compile(rf"\bT\s?(?:-|minus\s)\s?(?P<n>\d+)(?:\s?{UNIT}\b)?(?![\w.-])")


def _number(said: str) -> str:
    """A count's value as one spelling: "2,000" is 2000, "-16.0" is -16."""
    return re.sub(r"\.0+$", "", said.replace(",", ""))


def _unit_of(said: str) -> str:
    """A unit of time as MINUTES names it ("minutes", "mins": min)."""
    unit = said.lower().rstrip("s")
    return "min" if unit.startswith("min") else unit


def _minutes(n: str, unit: str) -> str:
    """A lead in minutes, as a value ("4 months" and "120 days" are one lead)."""
    return f"{float(NUMBER_WORDS.get(n.lower(), n).replace(',', '')) * MINUTES[unit]:g}"


def lead_units(text: str) -> set[str]:
    """The units a text counts its leads in ("30 days before": day)."""
    return set(_lead_units(text))


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def _lead_units(text: str) -> frozenset[str]:
    return frozenset(
        _unit_of(m["unit"]) for p in (BEFORE, T_MINUS) for m in p.finditer(text) if m["unit"]
    )


# A count that is a setting, not a tally ("failed in 3 runs"): a bound or a copula before it
# ("at most", "up to", "every", "is", "capped at", "service: 400 OH"), or "per" a thing after.
BOUND = re.compile(
    r"(?:\b(?:at most|up to|no more than|at least|max(?:imum)?|min(?:imum)?|limit(?:ed)?(?: to| at)?"
    r"|cap(?:ped)?(?: at)?|targets?|every|each|is|are|to|at)|[:=])\s*$",
    re.IGNORECASE,
)
PER = re.compile(r"\s+(?:per|a|an|each|every)\s+[A-Za-z]", re.IGNORECASE)
REACH = 24  # characters before a count that may bound it


@lru_cache(maxsize=8192)  # a text meets many others per add: read once per unit
def _found(text: str, unit: str) -> tuple[tuple[str, str, int], ...]:
    """Each count the text gives: (what it counts, the value, where it stands)."""
    out = []
    for m in COUNT.finditer(text):
        number, word = m.groups()
        term = tokenize(word)[:1]
        if not term or not naming(word.lower()) or {word.lower(), *term} & value_words():
            continue
        if not BOUND.search(text[max(0, m.start() - REACH) : m.start()]) and not PER.match(
            text, m.end()
        ):
            continue  # a tally ("in 3 runs"), not a setting
        out.append((term[0], _number(NUMBER_WORDS.get(number.lower(), number)), m.start()))
    out += [
        (o.lower(), n.rstrip("."), m.start())
        for m in OPTION.finditer(text)
        for o, n in [m.groups()]
    ]
    for pattern in (BEFORE, T_MINUS):
        for m in pattern.finditer(text):
            if m["unit"] or unit:
                said = _unit_of(m["unit"]) if m["unit"] else unit
                out.append((LEAD, _minutes(m["n"], said), m.start()))
    return tuple(out)


def counts(text: str, unit: str = "") -> dict[str, set[str]]:
    """The counts a text gives, by the unit after the number (a search term), the option
    they are the value of ("--dpi"), or LEAD: a unit the statement reads already (days, GB,
    %) is left to it, and so is a weekday or a month ("3 August" is a date). A lead "T-45"
    with no unit is in `unit` (none: no lead)."""
    out: dict[str, set[str]] = {}
    for key, value, _ in _found(text, unit):
        out.setdefault(key, set()).add(value)
    return out


def _key_terms(key: str) -> set[str]:
    return set(tokenize(key)) if key != LEAD else set()


def _said_of(text: str, key: str, values: set[str], unit: str) -> list[Terms]:
    """What each of `values` of `key` is said of: the words of its clause before it ("the
    EU quota is 500 parcels": the EU quota)."""
    out = []
    for clause in CLAUSE.split(text):
        for k, value, at in _found(clause, unit):
            if k == key and value in values:
                out.append(terms(clause[:at]))
    return out


def _unit(own: str, other: str) -> str:
    """The unit a text's bare "T-45" is in: its own leads' one unit, else the other's."""
    for units in (_lead_units(own), _lead_units(other)):
        if len(units) == 1:
            return next(iter(units))
    return ""


def _same_thing(key: str, new: list[Terms], old: list[Terms], d: Terms, h: Terms) -> bool:
    """A new value is said of what an old one is said of (a word in common before each),
    and each names no thing the other text never mentions: "the EU quota is 500" is not
    the US quota, nor is "the gate is 30 minutes before" the batch "at T-45"."""
    if any(t.proper - h.tokens - _key_terms(key) for t in new):
        return False
    if any(t.proper - d.tokens - _key_terms(key) for t in old):
        return False
    return any(bool((a.content & b.content) - _key_terms(key)) for a in new for b in old)


def revalued(draft: str, held: str, d: Terms, h: Terms) -> bool:
    """The draft gives another count of a unit, another value of an option or another
    lead that the held text gives, of the same subject (see the module docstring)."""
    if moved_beside(draft, held, d, h):
        return True  # a value moved beside one that stays (`agentmem.core.kept`)
    if not d.head or not h.head or apart(d, h):
        return False
    shared = d.content & h.content
    if len(shared) < MIN_SHARED:
        return False
    shorter = min(len(d.content), len(h.content))
    if not (d.head[0] in h.head or h.head[0] in d.head or len(shared) >= SAME_SUBJECT * shorter):
        return False
    d_unit, h_unit = _unit(draft, held), _unit(held, draft)
    now, before = counts(draft, d_unit), counts(held, h_unit)
    for key in now.keys() & before.keys():
        new, old = now[key], before[key]
        if new & old or (_key_terms(key) and not _key_terms(key) & shared):
            continue
        said_new, said_old = _said_of(draft, key, new, d_unit), _said_of(held, key, old, h_unit)
        if not _same_thing(key, said_new, said_old, d, h):
            continue  # the value of another thing, named in its own clause
        return not parallel(draft, held, d.people | h.people)  # one frame told of two things
    return False
