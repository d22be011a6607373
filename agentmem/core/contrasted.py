"""A draft that contrasts its own thing with another named one is no new value of that one.

Lessons of a plant, a fleet or a site often tell one member's value and, in the same
breath, that another member's differs on purpose: "Coater C2 runs the power-cell cathode at
18.4 mg/cm²; never copy C1's tighter limits into C2 recipes", "Wellfield Sur: 24 m³/h per
well at most; Sur is lower than Norte on both counts on purpose". The draft names the
other member only to keep it apart, so the held lesson that opens on that member (Coater
C1's coat weight, Norte's flow cap) keeps its value; read as a change, the writer withdrew
it and the pack lost what it told.

`contrasted_apart` reads two such voices, each naming the other member by a name (a word
with a capital or a digit, and a number after a word, "kiln 1"):

- a warning not to carry one member's values over ("never copy C1's limits into C2",
  "do not apply kiln 1 limits to kiln 2");
- a comparison with it ("lower than Norte", "tighter than Line 1").

Only a held text that opens on that member is set apart (every word of its name among the
held text's first words, and not among the draft's own): a held rule that only mentions it
is still what the draft may change. `agentmem.core.apart.set_apart` asks it.
"""

from __future__ import annotations

import re
from functools import lru_cache

# The member named: a word and a short number after it ("kiln 1", "bay 2"), or one word
# ("C1", "Norte"); a possessive "'s" is not part of it.
_MEMBER = r"(?:the\s+)?(?P<member>[A-Za-z][\w./-]*(?:\s+\d{1,3}[A-Za-z]?\b)?)"
NOT_CARRIED = re.compile(
    r"\b(?:never|do\s+not|don'?t|must\s+not|should\s+not)\s+"
    r"(?:copy|carry(?:\s+over)?|reuse|apply|transfer)\s+" + _MEMBER,
    re.IGNORECASE,
)
COMPARED = re.compile(
    r"\b(?:lower|higher|shorter|longer|tighter|looser|smaller|larger|bigger|slower|faster|"
    r"wider|narrower|hotter|colder|cooler|warmer|heavier|lighter|stricter)\s+than\s+" + _MEMBER,
    re.IGNORECASE,
)
WORD = re.compile(r"\w[\w.-]*\w|\w")
OPENING = 6  # a text's first words: what it is about
# Not another member: the old value ("lower than the old one"), a time ("than last week").
NOT_A_MEMBER = frozenset(
    {
        "old",
        "previous",
        "former",
        "earlier",
        "existing",
        "current",
        "new",
        "last",
        "before",
        "usual",
        "it",
        "its",
        "that",
        "this",
        "them",
        "those",
        "one",
        "ones",
        "we",
        "our",
        "they",
        "their",
        "you",
        "required",
        "allowed",
        "planned",
        "expected",
        "monday",
        "tuesday",
        "wednesday",
        "thursday",
        "friday",
        "saturday",
        "sunday",
        "yesterday",
        "today",
    }
)


@lru_cache(maxsize=4096)
def _opening(text: str) -> frozenset[str]:
    return frozenset(WORD.findall(text.lower())[:OPENING])


def _named(member: str) -> bool:
    """A name, not a common word: a capital or a digit in it ("C1", "Norte", "kiln 1")."""
    return any(c.isupper() or c.isdigit() for c in member)


@lru_cache(maxsize=4096)  # a draft meets many held texts per add: read once
def contrasted(draft: str) -> tuple[frozenset[str], ...]:
    """The words of each member the draft keeps apart from its own (module docstring)."""
    found = []
    for pattern in (NOT_CARRIED, COMPARED):
        for match in pattern.finditer(draft):
            member = re.sub(r"'s$", "", match["member"])
            words = frozenset(WORD.findall(member.lower()))
            if words and _named(member) and not words & NOT_A_MEMBER:
                found.append(words)
    return tuple(found)


def contrasted_apart(draft: str, held: str) -> bool:
    """The held text opens on a member the draft keeps apart from its own, which the draft
    does not open on: that member's value stands (module docstring)."""
    members = contrasted(draft)
    if not members:
        return False
    held_opening, own = _opening(held), _opening(draft)
    return any(words <= held_opening and not words <= own for words in members)
