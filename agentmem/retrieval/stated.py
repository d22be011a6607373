"""What a text states, by kind, and what each value is said of: the readings a recorded
change is compared by (`agentmem.retrieval.lingering`).

A value is one kind of thing (a time, a size, a count by its unit or option, a rate, a
length of time however written, a labelled number) with the content words of the clause
that holds it: "the press takes 80 sheets a minute" holds a count of sheets said of the
press. Two texts state the same value of the same thing when both the value and some of
those words agree; a value told in another text's words of another thing is not the same
rule's.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Mapping
from functools import lru_cache

from agentmem.core.clauses import ASIDES
from agentmem.core.counted import counts, lead_units
from agentmem.core.statement import content_and_values
from agentmem.stores.bm25 import tokenize

COMMON_KINDS = ("day", "number")  # a bare number or a weekday tells no rule from another


CLAUSE = ASIDES


def said_of(text: str, *values: str) -> set[str]:
    """The words of the clauses where `text` writes any of `values`: what each is said of
    ("sails ... weekdays" for a time in "Sails: 08:15, weekdays; Loading: 07:30 ...").
    Words of three letters or more, no number (a time zone or a unit tells nothing)."""
    out: set[str] = set()
    for clause in CLAUSE.split(text):
        if any(v.lower() in clause.lower() for v in values):
            out |= {t for t in tokenize(clause) if len(t) >= 3 and not t.isdigit()}
    return out


# A number under a letter label: "T-50" (minutes before a deadline), "rev-3", "ADR-0007".
LABELLED = re.compile(r"(?<![\w-])([a-z]+)-(\d[\w.]*?)(?=[.,;:)]?(?:\s|$))", re.IGNORECASE)


def labelled(text: str) -> dict[str, set[str]]:
    """The text's labelled numbers by label ("t": {"t-75"}, "rev": {"rev-3"}), lower case:
    a value like a time or a version, retired when the replacement gives another number
    under the same label."""
    out: dict[str, set[str]] = {}
    for m in LABELLED.finditer(text):
        out.setdefault(m.group(1).lower(), set()).add(m.group(0).lower())
    return out


def valued(text: str) -> dict[tuple[str, str], frozenset[str]]:
    """Each value the text states, by (kind, value), with the content words of the clauses
    that hold it (what it is said of, as in `said_of`): the statement's kinds (weekdays and
    bare numbers aside), a count by its unit or its option ("--workers 8"), a lead time in
    minutes (`agentmem.core.counted`), a labelled number. A copy: a read asks it of one
    text several times (`agentmem.retrieval.conflict.slot_values`, `lingering.readings`)."""
    return dict(_valued(text))


@lru_cache(maxsize=4096)
def _valued(text: str) -> dict[tuple[str, str], frozenset[str]]:
    unit = next(iter(units)) if len(units := lead_units(text)) == 1 else ""
    out: dict[tuple[str, str], set[str]] = {}
    before: set[str] = set()
    for clause in CLAUSE.split(text):
        read = content_and_values(clause)
        words = {t for t in read.content if len(t) >= 3 and not t.isdigit()}
        # A value in brackets of its own is said of what precedes them: "over the
        # dryer's limit (80 kg)".
        words, before = words or before, words or before
        found = {(k, v) for k, vs in read.values.items() for v in vs}
        found |= {(f"count {k}", v) for k, vs in counts(clause, unit).items() for v in vs}
        found |= {("label " + k, v) for k, vs in labelled(clause).items() for v in vs}
        found |= {(DURATION, v) for v in durations(clause, read.values)}
        rates = {("rate " + u.lower(), n.replace(",", "")) for n, u in RATE.findall(clause)}
        found = {k for k in found if k[0] != "version" or k[1] not in {n for _, n in rates}}
        found |= rates  # "4.5 m/s" is a speed, no version
        for key in found:
            if key[0] not in COMMON_KINDS:
                out.setdefault(key, set()).update(words)
    return {k: frozenset(v) for k, v in out.items()}


# An amount of money, its currency before or after it: "$120", "€ 12.50", "1,200 EUR".
MONEY = re.compile(
    r"(?<![\w.])(?:(?P<sign>[$€£¥])\s?(?P<n1>\d[\d,]*(?:\.\d+)?)"
    r"|(?P<n2>\d[\d,]*(?:\.\d+)?)\s?(?P<code>USD|EUR|GBP|CHF|JPY|CAD|AUD|NZD|SEK|NOK|DKK))(?![\w])"
)


def priced(text: str) -> dict[tuple[str, str], frozenset[str]]:
    """Each amount of money the text states, by ("money " currency, amount), with the
    content words of its clause: a fee, a price or a budget is a value of its own kind,
    which `valued` reads as a bare number ("$120" and "$125" are two fees, "120" a count
    of anything). "$120.00" is "$120"."""
    out: dict[tuple[str, str], set[str]] = {}
    for clause in CLAUSE.split(text):
        words = {t for t in content_and_values(clause).content if len(t) >= 3 and not t.isdigit()}
        for m in MONEY.finditer(clause):
            amount = (m["n1"] or m["n2"]).replace(",", "")
            amount = amount[:-3] if amount.endswith(".00") else amount
            out.setdefault((f"money {m['sign'] or m['code'].upper()}", amount), set()).update(words)
    return {k: frozenset(v) for k, v in out.items()}


# A number with a unit per another: "12 kg/h", "300 req/s", "2.5 mg/L", "40 m³/h".
RATE = re.compile(r"(?<![\w.,/-])(\d[\d,]*(?:\.\d+)?)\s?([a-zµ]+[23²³]?/[a-z]+)(?![\w/])", re.I)
DURATION = "duration"  # a length of time in seconds, however its units are written
SECONDS = {"s": 1, "min": 60, "h": 3600}
# A length of time in two units run together, as logs and timers print it: "2m30s", "1h 15m".
COMPOUND = re.compile(
    r"(?<![\w.:/-])(?:(?P<h>\d+)\s?h\s?(?P<hm>\d+)\s?m(?:in)?|(?P<m>\d+)\s?m\s?(?P<s>\d+)\s?s)"
    r"(?![\w-]|\.\d)",
    re.IGNORECASE,
)


def durations(clause: str, values: Mapping[str, Collection[str]]) -> set[str]:
    """The lengths of time a clause states, in seconds: a number with its unit ("3 minutes",
    "90 s", "2 h") or two units run together ("2m30s", "1h 15m"). One firing hold told as
    "20 minutes" in a rule and as "20m00s" in a kiln controller's log is one value, and
    "12m30s" is another of its kind."""
    out = set()
    for m in COMPOUND.finditer(clause):
        if m["h"]:
            out.add(str(int(m["h"]) * 3600 + int(m["hm"]) * 60))
        else:
            out.add(str(int(m["m"]) * 60 + int(m["s"])))
    if out:  # "1h 15m" is no hour of its own
        values = content_and_values(COMPOUND.sub(" ", clause)).values
    for unit, factor in SECONDS.items():
        for value in values.get(unit, ()):
            if re.fullmatch(r"\d+(?:\.\d+)?", value):
                out.add(f"{float(value) * factor:g}")
    return out
