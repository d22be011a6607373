"""One member of a compound held lesson told anew: "Rink A public-skate capacity is 300
since the inspection; Rink B stays at 120" after "Public-skate capacity is 350 on Rink A
and 120 on Rink B"; "T-2 maximum operating fill is now 90.5 % (was 92.0 %)" after "T-1
at 93.5 %, T-2 at 92.0 %". The held text is stale as a whole once one member's value moved:
a read of it still finds the old value. So the draft replaces it, and what it told of the
members the draft leaves unsaid is written again (`member_renewed` returns that rest).

The reading is by structure, not wording (`_values`): a text is cut into clauses (at ";",
",", "and", brackets, sentence ends), and a clause naming exactly one numbered or lettered
member ("Rink A", "T-2", "Line 1") gives that member the numbers it states, each with its
unit (a "%", a unit word, or none). The draft renews the held lesson when:

- the held lesson names two members or more, each with a value (a compound);
- the draft gives one of them a value of a kind (unit) the held lesson gave it, none of
  them equal to the held one (a new value), in a clause that shares a content word with the
  held lesson (the same measure: "capacity", "setpoint", "fill");
- the draft tells it as news: it quotes the held value ("raised from -5.5", "was 92.0 %")
  or says a change (`agentmem.core.cues.says_changed`, "now", "since").

Near misses stay apart: a member the held lesson does not name ("Rink C"), the same values
told again, another measure of the member (another unit, no shared word), a lesson of one
member (left to the other readings). Every pattern is bounded; a 100 KB text reads in
linear time.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache

from agentmem.core.cues import says_changed
from agentmem.core.spoken import MONTH_NAMES
from agentmem.core.textcache import textcached
from agentmem.core.values import UNITS
from agentmem.core.words import function_words, tokenized

# A member named by a word and a short id ("Rink A", "Line 2"), or a code ("T-2", "F4").
MEMBER = re.compile(
    r"\b([A-Z][a-z]{2,12})\s([A-Z]|\d{1,2})\b(?![.,:]\d|\s?%)|(?<![\w-])([A-Z]{1,3})-?(\d{1,2})\b(?![.:]\d)"
)
CLAUSE = re.compile(r";|,\s|:\s|\(|\)|\.\s|\band\b|\bbut\b|\bwhile\b", re.I)
NUMBER = re.compile(r"(?<![\w.:/-])([-+\u2212]?\d+(?:\.\d+)?)(?:\s?(%|[A-Za-z\u00b0]{1,12}))?")
MONTHS = frozenset({*MONTH_NAMES, "may"})  # a day of a month is no value of a member
NEWS = re.compile(r"\b(?:now|since|from|raised|lowered|was|were|previously|instead)\b", re.I)
Values = dict[str, set[tuple[float, str]]]


def _unit(word: str | None) -> str | None:
    """The unit a number is told in ("" none, None: a date's day, no value)."""
    if not word:
        return ""
    low = word.lower()
    if low in MONTHS:
        return None
    if low == "%" or low in UNITS:
        return UNITS.get(low, low)
    if len(low) == 1 and low in "cfk":
        return low  # degrees
    return ""


@lru_cache(maxsize=4096)
def _clauses(text: str) -> tuple[tuple[str, str, tuple[tuple[float, str], ...]], ...]:
    """Each member's stretch of a clause (from its name to the next member's; the first
    takes what comes before it too: "350 on Rink A"): its key, its text and its values."""
    out = []
    for clause in CLAUSE.split(text[:20_000]):
        spots = list(MEMBER.finditer(clause))
        for i, m in enumerate(spots):
            start = 0 if i == 0 else m.start()
            end = spots[i + 1].start() if i + 1 < len(spots) else len(clause)
            part = clause[start:end]
            out.append((_key(m), part, _numbers(MEMBER.sub(" ", part))))
    return tuple(out)


def _numbers(text: str) -> tuple[tuple[float, str], ...]:
    found = []
    for m in NUMBER.finditer(text):
        unit = _unit(m[2])
        if unit is not None and text[m.end(1) : m.end(1) + 1] not in (":", "/"):
            found.append((float(m[1].replace("\u2212", "-")), unit))  # no clock time, no date
    return tuple(found)


def _key(m: re.Match[str]) -> str:
    return f"{m[1]} {m[2]}".lower() if m[1] else f"{m[3]}-{m[4]}".lower()


@textcached
def _values(text: str) -> Values:
    out: Values = {}
    for key, _, found in _clauses(text):
        if found:
            out.setdefault(key, set()).update(found)
    return out


def _words(text: str) -> set[str]:
    small = function_words()
    return {w[:6] for w in tokenized(MEMBER.sub(" ", text)) if len(w) > 3 and w not in small}


def _quoted(draft: str, old: set[tuple[float, str]]) -> bool:
    said = {v for m in NUMBER.finditer(draft) for v in (float(m[1].replace("\u2212", "-")),)}
    return any(v in said for v, _ in old)


def member_renewed(draft: str, held: str) -> str | None:
    """None when the draft renews no member of a compound held lesson; else what the
    held lesson told of the members the draft leaves unsaid ("" when it tells them all)."""
    theirs = _values(held)
    if len(theirs) < 2:
        return None
    mine = _values(draft)
    frame = _words(held)
    news = says_changed(draft) or bool(NEWS.search(draft))
    renewed = set()
    for key, told in mine.items():
        had = theirs.get(key)
        if not had:
            continue
        units = {u for _, u in had}
        new = {(v, u) for v, u in told if u in units}
        if not new or new & had or not (news or _quoted(draft, had)):
            continue
        if any(_words(c) & frame for k, c, _ in _clauses(draft) if k == key):
            renewed.add(key)
    if not renewed:
        return None
    unsaid = [k for k in theirs if k not in mine and k not in renewed]
    if not unsaid:
        return ""
    kept = [c.strip() for k, c, _ in _clauses(held) if k in unsaid]
    if not kept:
        return None
    lead = held.split(":", 1)[0] + ": " if ":" in held[:100] else ""
    return (lead + "; ".join(kept)).strip().rstrip(".;,") + "."


def renewed_members(draft: str, held: Sequence[tuple[str, str]]) -> dict[str, str]:
    """Of `held` (live lessons as id and text), those the draft renews a member of, each
    with what it told of the others ("" when the draft tells them all)."""
    out: dict[str, str] = {}
    for memory_id, text in held:
        rest = member_renewed(draft, text)
        if rest is not None:
            out[memory_id] = rest
    return out
