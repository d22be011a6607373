"""A page's title that names a thing's new holder of a place a held lesson gives another.

A wiki keeps one page per thing, and its title says where the thing is: "Mixer page: VORTEX
on line 3" and, under it, the mixer's settings. Each lesson drawn from the page opens on
that title (`agentmem.harvest.standing`). When a held lesson puts another named thing in
that place ("line 3 runs the TEMPEST mixer; clean it after every batch"), the page tells
the place's new holder with no change word: the title is the news, and the old holder,
named nowhere on the page, is gone from its place (`page_holder`).

What it reads: a title opening the draft, before a dash or a colon, "<name> on|at|in the
<place>", led or not by "<kind> page:"; without that lead the name must be written as a
name is and a word is not (capitals, a digit, inner capitals: "VORTEX", "Mix3r"), since
"Outage on the east line" opens on a plain word. The held lesson names the place in one
clause, every content word of it, beside a name of its own (capitals, or a capital inside
the sentence) that the draft never gives; the draft's name is nowhere in the held text.
A title that sets its name beside another ("also", "backup", "only") tells no swap.
`agentmem.core.held` asks it among the changes told in other words.
"""

from __future__ import annotations

import re

from agentmem.core.retract import retraction
from agentmem.core.swapped import BESIDE
from agentmem.core.words import function_words, tokenized

NAME = r"[A-Z][\w.+-]*(?:\s+[A-Z][\w.+-]*){0,2}"
TITLE = re.compile(
    r"^\W{0,3}(?P<page>[A-Za-z][\w-]*(?:\s+[\w-]+)?\s+page\s*[:—–]\s*)?"
    rf"(?:the\s+)?(?P<name>{NAME})\s+(?:is\s+|now\s+)*(?:on|at|in)\s+(?:the\s+)?"
    r"(?P<place>[A-Za-z0-9][\w-]*(?:\s+[A-Za-z0-9][\w-]*){0,3}?)\s*(?:\s[—–-]\s|:\s|$)"
)
# A word written as a name is and a plain word is not: capitals, a digit, inner capitals.
NAMELIKE = re.compile(r"^(?:[A-Z0-9][A-Z0-9.+-]{2,}|\w*\d\w*|[A-Z][a-z]+[A-Z]\w*)$")
CLAUSE = re.compile(r"[.;!?](?:\s|$)|\s[—–-]\s")
# The held lesson's own names: a word in capitals, or one with a capital inside a sentence.
HELD_NAME = re.compile(r"\b[A-Z][A-Z0-9-]{2,}\b|(?<=[a-z0-9,] )[A-Z][a-z]{2,}\b")


def _terms(text: str) -> set[str]:
    """The text's content terms, and its numbers however short ("line 4": line, 4)."""
    return (set(tokenized(text)) - function_words()) | set(re.findall(r"\b\d+\b", text))


def page_holder(draft: str, held: str) -> bool:
    """The draft's title puts a new name in a place where the held lesson has another
    (see the module docstring)."""
    title = TITLE.match(draft)
    if title is None or retraction(draft) is not None or BESIDE.search(title[0]):
        return False
    name = title["name"]
    if title["page"] is None and not all(NAMELIKE.match(w) for w in name.split()):
        return False
    if name.lower() in held.lower():
        return False  # the held lesson names it already: no new holder
    place = _terms(title["place"])
    if not place:
        return False
    for clause in CLAUSE.split(held):
        if not place <= _terms(clause):
            continue
        olds = {m[0] for m in HELD_NAME.finditer(clause)} - {name}
        olds = {o for o in olds if not set(tokenized(o)) <= place}
        if olds and not any(o.lower() in draft.lower() for o in olds):
            return True
    return False
