"""A draft that names the held lesson's thing without the word the lesson opens on: "the
cellar door alarm arms at 22:00" held, then "door alarm now arms at 23:00" or "per the
new rota, alarm arming moves to 23:00". The lesson's first word only qualifies its thing
(which alarm: the cellar door's); leaving it out is no other thing, while putting another
word in its place is: "the loading bay door alarm arms at 23:00" is another door's.

`samething._subject` asks it when the draft lacks the held text's first content term: the
draft must name a later one of its opening terms, with no qualifier of its own right before
it (a content word the held text lacks: "loading bay door", "staging database"), and
not as a part of a path or dotted name the held text names and the draft does not.
"""

from __future__ import annotations

import re

from agentmem.core.statement import HEAD, Terms, terms
from agentmem.core.words import tokenized

WORD = re.compile(r"\S+")
TRAIL = ".,;:!?()'\""
PATH = re.compile(r"\w[/.]\w")  # "reports/daily.py", "cfg.yaml"


def unqualified(draft: str, held: str, d: Terms, h: Terms, head: list[str]) -> bool:
    """The draft names a term of the held text's opening (`head`, bounds left out) other
    than its first, and the word before the draft's first mention of it is no content word
    the held text lacks (see the module docstring)."""
    for term in head[1:HEAD]:
        if term not in d.content:
            continue
        words = WORD.findall(draft)
        for at, word in enumerate(words):
            if term not in tokenized(word):
                continue
            if _in_path(term, held) - {word.strip(TRAIL)}:
                return False  # "reports/daily.py" is one file, not any of "reports"
            before = terms(words[at - 1]).content if at else frozenset()
            return not before - h.tokens
    return False


def _in_path(term: str, text: str) -> set[str]:
    """The paths or dotted names of `text` that `term` is a part of."""
    return {
        w.strip(TRAIL)
        for w in WORD.findall(text)
        if PATH.search(w.strip(TRAIL)) and term in tokenized(w)
    }
