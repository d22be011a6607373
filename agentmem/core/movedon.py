"""A person the held lesson sends its work to said to have left the post, another named in
the same text: "Priya moved over to the oncology satellite, so alarm pages go to Marcus
now" after "alarm pages go to Priya Nandakumar first". The draft names the old holder by
her first name only, and the new one by his alone, so no reading of roles linked them.

The draft replaces the held lesson when (`moved_on`):

- it says a person left (moved over to, left, transferred, retired, went on leave, stepped
  down: `LEFT`), a person the held lesson names by a capitalised name that is not its
  opening word and that the held lesson does not say left;
- after that clause it names another person (a capitalised word, not a sentence's first,
  that the held lesson never says), and says nothing of the leaver still doing the work;
- the two share a content word besides the names (the work: "pages", "alarms").

Near misses stay: a leaver the held lesson does not name, a draft naming no one after the
leave, a leaver who "still" keeps the work, a denial ("has not left").
"""

from __future__ import annotations

import re

from agentmem.core.textcache import textcached
from agentmem.core.words import function_words, tokenized

LEFT = re.compile(
    r"\b(?P<who>[A-Z][a-z]{2,20})(?:\s[A-Z][a-z]{1,20})?\s+(?:has\s+|have\s+|is\s+|was\s+)?"
    r"(?:moved\s+(?:over\s+|across\s+)?(?:to|on)|left|leaves|is\s+leaving|retired|"
    r"transferred|went\s+(?:over\s+)?to|rotated\s+(?:off|out|over)|stepped\s+down|"
    r"(?:is\s+|went\s+)?on\s+(?:parental\s+|long\s+|sick\s+)?leave)\b"
)
BOUND = re.compile(r"[,;.:!?]|\bso\b|\bthen\b")
CAPITAL = re.compile(r"(?<![\w.])[A-Z][a-z]{2,20}\b")
SENTENCE_END = re.compile(r"[.!?]\s*$")
TRIES = 8  # leaves of named people read in one draft
STILL = re.compile(r"\b(?:still|not|never|n't|also|too)\b", re.I)


@textcached
def _names(text: str) -> set[str]:
    small = function_words()
    return {m[0].lower() for m in CAPITAL.finditer(text) if m[0].lower() not in small}


def _content(text: str, drop: set[str]) -> set[str]:
    small = function_words()
    return {w for w in tokenized(text) if len(w) > 3 and w not in small and w not in drop}


def moved_on(draft: str, held: str) -> bool:
    """The draft says a person the held lesson names left and names another (see the
    module docstring)."""
    if LEFT.search(held[:20_000]):
        return False
    named = _names(held[:20_000])
    opening = held.lstrip()[:1].isupper() and held.split(maxsplit=1)[0].lower()
    words = None
    tried = 0
    for m in LEFT.finditer(draft[:20_000]):
        who = m["who"].lower()
        if who not in named or who == opening or STILL.search(m[0]):
            continue
        tried += 1
        if tried > TRIES:
            break  # a text repeating a leave over and over says nothing more on the tenth
        stop = BOUND.search(draft, m.end(), m.end() + 300)
        after = draft[stop.start() : stop.start() + 300] if stop else ""
        if not after or STILL.search(after):
            continue
        others = {
            c[0].lower()
            for c in CAPITAL.finditer(after)
            if c.start() > 0 and not SENTENCE_END.search(after, max(0, c.start() - 4), c.start())
        }
        others -= named | function_words() | {who}
        if not others:
            continue
        drop = named | others
        words = _content(draft[:20_000], drop) if words is None else words - others
        if words & _content(held[:20_000], drop):
            return True
    return False
