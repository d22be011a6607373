"""A value moved to another numbered thing, the old one said out of service: "F2 is out
of service; samples go to F4" after "samples go in freezer F2", "Destination 90 retired;
no-reads now go to PB-1" after "no-reads go to destination 90". The draft names the held
lesson's thing only to say it is gone, and puts the lesson's work on another thing of the
same kind, so the two share little but the work's words, and the look-alike rule (another
numbered thing, `agentmem.core.lookalike`) had kept them apart.

The draft replaces the held lesson when (`put_elsewhere`):

- it says a named thing is out of service (retired, withdrawn, closed, decommissioned,
  offline, in the works, ...), in a clause right after the name ("F2 is out of service",
  "Destination 90 retired") or right before it ("with F2 out", "since F2's withdrawal");
- the held lesson names that thing as where its work goes or who does it: after a
  preposition ("go in freezer F2", "diagrammed for No. 4"), never as what it is about
  ("No. 4's boiler ticket runs to March" stays: the thing's own facts outlive its service);
- the held lesson does not itself say the thing is out, and the draft names a successor:
  another named thing the held lesson does not name and the draft does not say is out;
- the two share a content word besides the names (the work: "samples", "no-reads").

Near misses stay apart: another numbered thing told without the old one said out ("samples
go to F4" alone is a look-alike), a thing said out that the held lesson does not name, a
draft that names no successor.

Every pattern is bounded and anchored where it is tried, so a 100 KB text reads in
linear time.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from agentmem.core.words import function_words, tokenized

# A thing named by a number: "No. 4", "#3", "F2", "PB-1", "freezer 2", "Rink B".
NAME = re.compile(
    r"\b(?:No\.?|Number|#)\s?\d{1,4}\b"
    r"|(?<![\w-])[A-Z]{1,4}-?\d{1,4}[A-Za-z]?\b(?![.:,]\d)"
    r"|\b[A-Za-z][a-z]{2,12}\s(?:\d{1,4}|[A-Z])\b(?![.:,%]\d|\s?%)"
    r"|\b[A-Z][a-z]{1,15}(?:\s[A-Z][a-z]{1,15}){1,2}\b"  # "Sir Gareth", "Cold Room East"
)
_OUT_WORDS = (
    r"out\s+of\s+(?:service|use|commission|action|order)|withdrawn|retired|decommissioned|"
    r"closed|shut(?:\s+down)?|offline|off-line|in\s+the\s+(?:works|shop)|"
    r"(?:in|down)\s+for\s+(?:repairs?|maintenance|overhaul)|under\s+repair|"
    r"taken\s+out(?:\s+of\s+service)?|mothballed|scrapped|condemned|no\s+longer\s+in\s+use"
)
# Right after the name: "is out of service", "retired", "has been withdrawn".
OUT_AFTER = re.compile(
    r"(?:'s)?\s*(?:\([^()]{0,30}\)\s*)?,?\s*"
    r"(?:(?:is|are|was|were|has\s+been|have\s+been|got|went|goes|now|being|been|is\s+now|"
    r"was\s+now|will\s+be|stays?|remains?)\s+){0,2}"
    rf"(?:{_OUT_WORDS})\b",
    re.I,
)
# Right before the name: "with F2 out of service" is read by OUT_AFTER; these put the
# end first: "since the withdrawal of No. 4", "retired freezer F2", "closing Dock 3".
OUT_BEFORE = re.compile(
    r"(?:withdrawal|retirement|closure|closing|decommissioning|loss)\s+of\s+(?:the\s+)?"
    r"(?:\w+\s+)?$|(?:retired|decommissioned|withdrawn|closed|retire|decommission|close)"
    r"\s+(?:the\s+)?(?:\w+\s+)?$",
    re.I,
)
# A noun of the thing's end after its name: "since No. 4's withdrawal".
OUT_NOUN = re.compile(r"'s\s+(?:withdrawal|retirement|closure|decommissioning|failure)\b", re.I)
# The held lesson names the thing as where its work goes or who does it.
PLACE_BEFORE = re.compile(
    r"\b(?:to|in|into|for|by|at|on|onto|via|through|from|under|with|using|use)\s+"
    r"(?:the\s+|a\s+)?(?:[\w.'-]{1,30}\s+){0,3}$",
    re.I,
)
READ = 20_000  # characters of a text read for names: a lesson is far shorter
LOOK = 40  # characters either side of a name that the readings of its end look at


@dataclass(frozen=True)
class Named:
    key: str  # the name, lower case, no spaces, dots or hyphens: "no4", "f2", "pb1"
    start: int
    out: bool  # the text says the thing is out of service


def _key(name: str) -> str:
    return re.sub(r"[\s.#-]+", "", name.lower()).replace("number", "no")


@lru_cache(maxsize=4096)
def _names(text: str) -> tuple[Named, ...]:
    out: list[Named] = []
    text = text[:READ]
    for m in NAME.finditer(text):
        before = text[max(0, m.start() - LOOK) : m.start()]
        gone = bool(
            OUT_AFTER.match(text, m.end(), m.end() + 2 * LOOK)
            or OUT_NOUN.match(text, m.end(), m.end() + LOOK)
            or OUT_BEFORE.search(before)
        )
        words = m[0].split()
        while len(words) > 1 and words[0].lower() in function_words():
            words = words[1:]  # "While Sir Gareth", "the 3", "in 2"
        if len(words) == 1 and not any(c.isdigit() for c in words[0]):
            continue  # one capitalised word: a sentence's opening, no thing's name
        start = m.end() - len(" ".join(words)) if words != m[0].split() else m.start()
        out.append(Named(_key(" ".join(words)), start, gone))
    return tuple(out)


def _keys(text: str) -> set[str]:
    return {n.key for n in _names(text)}


def _content(text: str, drop: set[str]) -> set[str]:
    small = function_words()
    return {w for w in tokenized(text) if len(w) > 2 and w not in small and w not in drop}


def _as_place(held: str, key: str) -> bool:
    """The held text names the thing after a preposition, as where or by whom its work is
    done, at least once, and never opens on it."""
    spots = [n.start for n in _names(held) if n.key == key]
    if not spots or not held[: min(spots[0], READ)].strip(" -*#>\t\n"):
        return False
    return any(PLACE_BEFORE.search(held[max(0, s - LOOK) : s]) for s in spots)


def put_elsewhere(draft: str, held: str) -> bool:
    """The draft says a thing the held lesson sends its work to is out of service and
    names another (see the module docstring)."""
    mine = _names(draft)
    gone = {n.key for n in mine if n.out}
    if not gone:
        return False
    theirs = _names(held)
    if any(n.out for n in theirs):
        return False  # the held text tells of a thing's end itself
    held_keys = {n.key for n in theirs}
    successors = {n.key for n in mine if not n.out} - gone - held_keys
    if not successors:
        return False
    named = gone & held_keys
    if not named or not any(_as_place(held, k) for k in named):
        return False
    drop = {w for n in (*mine, *theirs) for w in tokenized(n.key)}
    drop |= set(tokenized(_OUT_WORDS))
    return bool(_content(draft, drop) & _content(held, drop))
