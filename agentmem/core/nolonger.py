"""A statement said to hold no more: "The nightly export job no longer compresses the
archives", "the backup script doesn't rotate the logs any more". Its words are the held
lesson's ("the nightly export job compresses the archives with zstd …"), so it reads as a
restatement of it, and was dropped as a duplicate while the lesson it ends stayed; it
tells no new value either, so nothing replaced the lesson. It is neither: the held lesson
is retired by it.

Against a false merge: the first content word the cue negates (after "no longer", or
between "not" and "any more": what stopped) is a word of the held lesson's, the held lesson says no
such thing itself (two tellings of one stop are one), and the two share `MIN_SHARED`
content words, most of the draft's (what stopped is what the held lesson tells, not a
thing beside it)."""

from __future__ import annotations

import re

from agentmem.core.statement import terms

NO_MORE = re.compile(
    r"\bno\s+longer\s+(?P<after>(?:[\w-]+\s*){1,4})"
    r"|\b(?:not|n't|never)\s+(?P<between>(?:[\w-]+\s+){1,5}?)any\s*more\b",
    re.IGNORECASE,
)
MIN_SHARED = 3  # content words the draft and the held lesson share
MOST = 0.6  # share of the draft's content words the held lesson says


def no_longer_of(draft: str, held: str) -> bool:
    """The draft says what the held lesson tells holds no more (see the module docstring)."""
    negated = [m["after"] or m["between"] for m in NO_MORE.finditer(draft)]
    if not negated or NO_MORE.search(held):
        return False
    d, h = terms(draft), terms(held)
    if not any(_first(words) in h.content for words in negated):
        return False  # what stopped ("compresses") is not what the held lesson does
    shared = d.content & h.content
    return len(shared) >= MIN_SHARED and len(shared) >= MOST * len(d.content)


def _first(words: str) -> str:
    """The first content word of what the cue negates: what stopped ("compresses")."""
    found = terms(words).head
    return found[0] if found else ""
