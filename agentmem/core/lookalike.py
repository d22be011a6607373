"""A look-alike: the same wording of another instance of the held thing, whose lesson stays.

"The 2030 grant cap is $40k" held, then "2031 grant cap: $45k": another year's cap, not a
new value of the 2030 one. So too "plan 1 accounts keep 30 days of logs" against "plan 2
accounts keep 90 days", "kit KX-3 ships in 4 days" against "kit KX-5 ships in 9 days", and
"the RoboFair Oslo floor opens at 09:00" against "RoboFair Rome: the floor opens at 10:00".
`another_instance` tells such a draft apart by how it names its thing, not by its value;
`agentmem.core.held` asks it between two lessons before the older replacement rules, as
`agentmem.core.samething` already does for its own reading.

What it reads, each where both texts name their thing the same way and only the name
differs:

- a year each names, none shared ("2030" against "2031", "2030/31" against "2031/32");
- a thing named by a word and a short number or a single capital ("plan 1", "hall C"),
  the word a content word: a long number by a word ("port 8080") is a setting's value;
- a code of two or more letters and a number ("KX-3" against "KX-5");
- a name written with a capital right after one content word both texts put before it
  ("RoboFair Oslo" against "RoboFair Rome"), the held name nowhere in the draft;
- another channel, side of a place, group or holder (`agentmem.core.otherscope`).

A line of another record, alike only in its heading (`agentmem.core.otherrecord`), is a
look-alike even told as news: its news is of its own thing; so is a text opening on
another member of the thing the held one opens on, each giving a number the other does
not ("Line 2 filler now runs 220 bottles/min" beside "Line 1 filler runs at 240"):
another member's own value, not a move of the held one (`member_of_its_own`).
"""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.cues import says_changed
from agentmem.core.otherrecord import other_record
from agentmem.core.otherscope import numbers, other_scope
from agentmem.core.samething import CODED, NEWS, NUMBERED, YEAR
from agentmem.core.textcache import textcached
from agentmem.core.values import UNITS
from agentmem.core.words import function_words, tokenized

SHORT_ID = re.compile(r"\d{1,2}|[A-Z]")  # "plan 2", "hall C": no port, no count of 300
# A capitalised name right after a word: "RoboFair Oslo", "the Delta site".
AFTER_WORD = re.compile(r"\b([A-Za-z][\w-]*)\s+([A-Z][a-z]{2,})\b")


@textcached
def _content(word: str) -> bool:
    return bool(tokenized(word)) and word.lower() not in function_words()


DATE = re.compile(r"\b(?:19|20)\d\d-\d\d-\d\d\b")  # a day something happened, no instance


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def _years(text: str) -> frozenset[str]:
    return frozenset(m[1] for m in YEAR.finditer(DATE.sub(" ", text)))


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def _numbered(text: str) -> frozenset[tuple[str, str]]:
    """The things a text names by a content word and a short id, lower case."""
    return frozenset(
        (m[1].lower(), m[2].lower())
        for m in NUMBERED.finditer(text)
        if (m[3] or "").lower() not in UNITS and SHORT_ID.fullmatch(m[2]) and _content(m[1])
    )


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def _coded(text: str) -> frozenset[tuple[str, str]]:
    return frozenset((m[1], m[2]) for m in CODED.finditer(text) if len(m[1]) >= 2)


@textcached
def _renumbered(mine: frozenset[tuple[str, str]], theirs: frozenset[tuple[str, str]]) -> bool:
    """One label, another id, and the held id nowhere in the draft's."""
    return any(
        label == other and ident != was and (other, was) not in mine
        for label, ident in mine - theirs
        for other, was in theirs
    )


@textcached
def _named_after(text: str) -> dict[str, set[str]]:
    """The names a text puts right after a content word, by that word (lower case)."""
    out: dict[str, set[str]] = {}
    for m in AFTER_WORD.finditer(text):
        if _content(m[1]) and _content(m[2]):
            out.setdefault(m[1].lower(), set()).add(m[2].lower())
    return out


def renamed_in_place(draft: str, held: str) -> bool:
    """Both put a name after one word, the draft another name, the held one unmentioned."""
    mine, theirs = _named_after(draft), _named_after(held)
    low = draft.lower()
    for word, names in mine.items():
        had = theirs.get(word, set())
        if had and names - had and not any(n in low for n in had):
            return True
    return False


def another_instance(draft: str, held: str) -> bool:
    """The draft tells of another year, numbered or coded thing, or named place of the held
    thing (see the module docstring): a look-alike, no new value of the held lesson. A
    draft told as news ("since", "no longer", "raised to") is left to the rules: "since
    May, hall C is the overflow" moves the held thing to another instance."""
    if other_record(draft, held):  # news of another record's thing is no news of this one
        return True
    if member_of_its_own(draft, held):  # "Line 2 filler now runs 220/min": line 2's own
        return True
    if NEWS.search(draft) or says_changed(draft):
        return False
    return (
        another_of_its_kind(draft, held)
        or renamed_in_place(draft, held)
        or other_scope(draft, held)
    )


def another_of_its_kind(draft: str, held: str) -> bool:
    """The draft names another year, or another numbered or coded thing, than the held text."""
    years_d, years_h = _years(draft), _years(held)
    if years_d and years_h and not years_d & years_h:
        return True
    if _renumbered(_numbered(draft), _numbered(held)):
        return True
    return _renumbered(_coded(draft), _coded(held))


OPENING = 24  # characters before a numbered thing that still open on it ("The line 1 ...")


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def _opening_member(text: str) -> tuple[str, str] | None:
    """The numbered thing a text opens on ("Line 2 filler ...", "The kiln 3 ..."), lower
    case, when the words before it are function words only."""
    for m in NUMBERED.finditer(text[: OPENING + 40]):
        if m.start() > OPENING:
            return None
        before = tokenized(text[: m.start()])
        if any(_content(w) for w in before):
            return None
        if (m[3] or "").lower() not in UNITS and SHORT_ID.fullmatch(m[2]) and _content(m[1]):
            return (m[1].lower(), m[2].lower())
        return None
    return None


def member_of_its_own(draft: str, held: str) -> bool:
    """Both open on one word's numbered thing, each another one, the held one nowhere in
    the draft, and each gives a number the other does not: the draft tells another member's
    own value, though told as news ("Line 2 filler now runs 220 bottles/min" beside "Line 1
    filler runs at 240 bottles/min"). A draft giving no number of its own moves the held
    thing ("since May, hall C is the overflow"): left to the rules."""
    mine, theirs = _opening_member(draft), _opening_member(held)
    if mine is None or theirs is None or mine[0] != theirs[0] or mine[1] == theirs[1]:
        return False
    if re.search(rf"\b{re.escape(theirs[0])}\s+{re.escape(theirs[1])}\b", draft, re.I):
        return False
    ids = {mine[1], theirs[1]}
    own_d, own_h = _values(draft) - ids, _values(held) - ids
    return bool(own_d - own_h) and bool(own_h - own_d)


def _values(text: str) -> frozenset[str]:
    return frozenset(v.lower() for v in numbers(text))
