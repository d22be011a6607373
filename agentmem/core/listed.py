"""A list of values is one slot's value: a new list for the same slot replaces the old one.

"The kiln is vented at hours 2, 5 and 9 of a firing" held, then "DECISION: kiln venting
at hours 3, 6 and 8 of each firing" or "vent_hours = [3, 6, 8]": the held lesson's three
values are not three facts, one of which a value of the draft would have to replace (the
general reading, `agentmem.core.samething`, reads one value of a measure in each text and
found none that stood in the other's place); the list is the value, and the draft gives
another. `relisted` reads it so:

1. A list in each text: two numbers or more joined by commas, slashes, "and" or "or", or
   written in brackets ("[3, 6, 8]"), each named by its unit, the word it follows or
   precedes ("hours 2, 5 and 9", "2, 5 and 9 hours", a key's parts: "vent_hours").
2. The same unit, and the same slot: the words around the two lists share a term besides
   the unit ("vented", "venting": vent), and the draft opens on a term of the held text,
   or the held text on one of the draft ("night staff get lockers 4, 6 and 8" is no new
   list of "day staff have lockers 4 and 6").
3. Another list: the draft states no list of the held values (a restatement), and tells
   its own as news (a change word, a decision, a release: `agentmem.core.samething`'s
   voices) or as a setting's value ("vent_hours = [3, 6, 8]", "vent hours: 3, 6, 8").

`agentmem.core.held` asks it among the rules that read their own voice of change: a list's
numbers would read as numbered things ("day 1" against "day 3", another day), so the rules
that keep a look-alike apart (another year, site or instance) are asked here, of the two
texts with their lists left out.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from agentmem.core.lookalike import another_instance
from agentmem.core.plainnews import elsewhere_unsaid
from agentmem.core.samething import _as_news, _elsewhere
from agentmem.core.statement import terms
from agentmem.core.words import function_words, tokenized

NUM = r"\d+(?:\.\d+)?"
# between two values: a comma (not a thousands separator: "18,412"), a spaced slash, a
# semicolon, "and", "or", "&", "then"
SEP = r"(?:\s*,\s*(?:(?:and|or|then)\s+)?(?!\d{3}\b)|\s*;\s*|\s+/\s+|/(?=\d{1,2}\b)|\s+(?:and|or|&|then)\s+)"
LIST = re.compile(
    rf"(?<![\w.:/$€£-])(?P<open>\[\s*)?(?P<items>{NUM}(?:{SEP}{NUM})+)(?(open)\s*\])"
    r"(?![\w.:/%-]*\d)(?!\s*%)"
)
ITEM = re.compile(NUM)
# what may stand between a list and the word naming it: "days 3, 6", "day = [3", "day: 3"
LEAD = re.compile(r"([A-Za-z][\w-]*)\W{0,2}\s*(?:(?:=|:|on|at|in|of|every|is|are)\s*)*\[?\s*$")
TRAIL = re.compile(r"^\s*\]?\s*([A-Za-z][\w-]*)")
SETTING = re.compile(r"[\w-]+\s*(?:=|:)\s*\[?\s*$")  # "vent_hours = [", "vent hours: "
DECIDED = re.compile(r"\b(?:decision|decided|agreed|ruling)\b", re.IGNORECASE)
AROUND = 6  # words each side of a list that tell what it is of


class Listed(NamedTuple):
    """A list a text states: its values, the words naming its unit, the words around."""

    values: frozenset[str]
    unit: frozenset[str]
    around: frozenset[str]
    setting: bool  # told as a key's value ("vent_hours = [3, 6, 8]")


def _parts(word: str) -> set[str]:
    """A word's terms, a key's parts apart ("vent_hours": vent, hour)."""
    return {t for part in re.split(r"[_\-.]", word) for t in tokenized(part)} | set(tokenized(word))


def _words(text: str) -> set[str]:
    found = {t for w in re.findall(r"[A-Za-z][\w-]*", text) for t in _parts(w)}
    return found - function_words()


@lru_cache(maxsize=4096)
def lists(text: str) -> tuple[Listed, ...]:
    """The lists of values a text states, each with its unit (see the module docstring)."""
    out = []
    for m in LIST.finditer(text):
        items = ITEM.findall(m["items"])
        if len(items) < 2:
            continue
        before, after = text[: m.start()], text[m.end() :]
        unit: set[str] = set()
        key: set[str] = set()  # a key's other parts ("vent_hours": vent) say what it is of
        if (lead := LEAD.search(before)) is not None:
            *rest, last = re.split(r"[_\-.]", lead[1])
            unit |= set(tokenized(last))
            key = {t for part in rest for t in tokenized(part)}
        if (trail := TRAIL.match(after)) is not None and trail[1].lower() not in (
            "and",
            "or",
            "the",
            "a",
        ):
            unit |= _parts(trail[1])
        unit -= function_words()
        if not unit:
            continue
        near = " ".join(before.split()[-AROUND:] + after.split()[:AROUND])
        values = frozenset(f"{float(i):g}" for i in items)
        setting = SETTING.search(before) is not None
        around = frozenset((_words(near) | key) - unit)
        out.append(Listed(values, frozenset(unit), around, setting))
    return tuple(out)


def _opens_on_other(draft: str, held: str) -> bool:
    """Test 2's last part: the draft opens on a term the held text never uses, and the
    held text on one the draft never uses (two things of one kind, each its own list)."""
    d, h = terms(draft), terms(held)
    dw, hw = _words(draft), _words(held)
    mine = [t for t in (d.inner or d.head)[:2] if t not in BOUNDS]
    theirs = [t for t in (h.inner or h.head)[:1] if t not in BOUNDS]
    return not any(_parts(t) & (hw | h.tokens) for t in mine) and not any(
        _parts(t) & (dw | d.tokens) for t in theirs
    )


BOUNDS = frozenset(tokenized("decision decided agreed new now current"))


def _masked(text: str) -> str:
    """The text with its lists left out: "day 1, 3 and 7" names no numbered day 1, which
    a draft's "day 3, 6 and 10" would be another of."""
    return LIST.sub(" ", text)


def relisted(draft: str, held: str) -> bool:
    """The draft gives another list of values in a list slot of the held text (see the
    module docstring)."""
    told, had = lists(draft), lists(held)
    if not told or not had:
        return False
    if {lst.values for lst in told} & {lst.values for lst in had}:
        return False  # the held list told again
    if _opens_on_other(draft, held):
        return False
    bare, kept = _masked(draft), _masked(held)
    if _elsewhere(bare, kept) or another_instance(bare, kept) or elsewhere_unsaid(bare, kept):
        return False  # another year's, site's, instance's list
    news = _as_news(draft, held) or DECIDED.search(draft) is not None
    for new in told:
        for old in had:
            if not new.unit & old.unit or not new.around & old.around:
                continue
            if news or new.setting:
                return True
    return False
