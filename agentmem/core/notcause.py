"""A cause told anew, the old one named as not it: "Glaze crawling comes from glaze applied
too thick, not from dust; keep coats under 0.5 mm" after "Glaze crawling comes from dust
on the bisque; wipe each piece". The two tell one failure and give no value that differs,
so the correction read as a second lesson beside the one it corrects.

The draft denies a thing the held lesson says ("not from dust", "rather than the heap":
every content word of it is the held lesson's), both open on the same two words (one
failure: glaze crawling; "glaze pinholes" is another), they share `MIN_SHARED` content
words, and the held lesson does not itself deny it."""

from __future__ import annotations

import re

from agentmem.core.statement import terms

DENIED = re.compile(
    r"(?:,|;|\band)\s+(?:not|never|rather than)\s+(?:(?:from|by|due to|because of|in|on)\s+)?"
    r"(?P<thing>(?:[\w.-]+\s*){1,4}?)(?=[,;:.)]|$)",
    re.IGNORECASE,
)
MIN_SHARED = 3
OPENING = 2  # first content words both open on


def not_the_cause(draft: str, held: str) -> bool:
    """The draft tells a new cause of the held lesson's failure, denying the one it gave
    (see the module docstring)."""
    d, h = terms(draft), terms(held)
    if len(d.head) < OPENING or d.head[:OPENING] != h.head[:OPENING]:
        return False
    if len(d.content & h.content) < MIN_SHARED:
        return False
    for match in DENIED.finditer(draft):
        denied = terms(match["thing"]).content
        if denied and denied <= h.content and not _denies(held, denied):
            return True
    return False


def _denies(text: str, words: frozenset[str]) -> bool:
    """The text itself denies those words ("… not from dust")."""
    return any(terms(m["thing"]).content & words for m in DENIED.finditer(text))
