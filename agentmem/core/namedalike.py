"""The words of a lesson a text names in other spellings: another form of the same word
("detector" of "detect", "misclassification" of "misclassifies": one stem a prefix of the
other, `KIN` letters at least), the initials of the lesson's words ("DAI" of "Dynamic ad
insertion", "FLO" of "Finds Liaison Officer"), and a letter with a number ("U3" of "unit
3"). A retraction names the lesson it withdraws in the words people use for it, which are
seldom the lesson's own; these are ways of naming read from the two texts' letters, no
list of phrases. `agentmem.core.namedverdict` counts what a text names of a lesson with
them.

Every pattern is bounded and each text's forms are read once (`lru_cache`), so a hostile
text of 100 KB is read in linear time.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import lru_cache
from itertools import pairwise

from agentmem.core.words import tokenized

KIN = 5  # letters the shorter of two stems of one word has at least
# an acronym: three to six capitals standing alone ("DAI", "FLO"); two say too little ("IT")
ACRONYM = re.compile(r"(?<![\w-])[A-Z]{3,6}(?![\w-])")
LETTERED = re.compile(r"(?<![\w-])([A-Z])-?(\d{1,4})(?![\w.,-]?\d)")  # "U3", "U-3"
WORD = re.compile(r"[A-Za-z][A-Za-z'-]{0,40}|\d{1,4}")
JOINT = re.compile(r"\s[-—–]+\s|[,;:()\[\]!?.\"]")  # marks between two clauses' words
BOUND = 20_000  # characters of a text read for its forms (as `namedverdict` reads verdicts)


def named(own: frozenset[str], text: str, told: frozenset[str], held: str) -> frozenset[str]:
    """The items of a lesson (`own`, of `held`) a text (whose items are `told`) names:
    the same, another form of the same word, or spelled by the text's initials or its
    lettered numbers."""
    forms = _prefixes(told)
    kin = {
        w
        for w in own
        if w in told or (len(w) >= KIN and (w in forms or any(w[:k] in told for k in _cuts(w))))
    }
    return frozenset(kin) | (own & spelled(text, held))


def stands_in(words: frozenset[str], text: str, kept: frozenset[str], held: str) -> frozenset[str]:
    """Which of a text's items (`words`, of `text`) stand in a lesson (whose items are
    `kept`, of `held`): the same, another form of the same word, or an acronym or lettered
    number of the text the lesson's words spell out."""
    found = set(named(words, held, kept, text))
    acronyms, lettered = _shorthand(text[:BOUND])
    if acronyms & words or any(f"{a}{n}" in words for a, n in lettered):
        letters = "".join(s[0] for s, _ in _words(held[:BOUND]))
        found |= {a for a in acronyms & words if a in letters}
        spelled_out = spelled(text, held)
        found |= {f"{a}{n}" for a, n in lettered if f"{a}{n}" in words and spelled_out}
    return frozenset(found)


def qualifies(text: str, inside: frozenset[str], outside: frozenset[str]) -> bool:
    """A word of `outside` stands right before one of `inside` in the text, no word nor
    mark between them: a word the lesson lacks that qualifies a thing it names ("west
    silo" of a lesson on the east silo) tells of another one; "… everybody quotes - that
    portal" qualifies nothing."""
    for part in JOINT.split(text[:BOUND]):
        stems = [_stem(w) for w in WORD.findall(part)]
        if any(a in outside and b in inside for a, b in pairwise(stems)):
            return True
    return False


def spelled(text: str, held: str) -> frozenset[str]:
    """The held text's word stems the text spells by initials ("DAI") or by a letter and a
    number ("U3" of "unit 3")."""
    acronyms, lettered = _shorthand(text[:BOUND])
    if not acronyms and not lettered:
        return frozenset()
    words = _words(held[:BOUND])
    found: set[str] = set()
    stems = [s for s, _ in words]
    letters = "".join(s[0] for s in stems)
    for acronym in acronyms:
        at = letters.find(acronym)
        while at != -1:
            found.update(stems[at : at + len(acronym)])
            at = letters.find(acronym, at + 1)
    for (stem, raw), (_, number) in pairwise(words):
        if number.isdigit() and (raw[0].lower(), number) in lettered:
            found.add(stem)
    return frozenset(found)


def _cuts(word: str) -> Iterable[int]:
    return range(KIN, len(word))


@lru_cache(maxsize=1024)
def _prefixes(told: frozenset[str]) -> frozenset[str]:
    """Every proper prefix of `KIN` letters or more of the text's items: a lesson's stem
    that is one names a longer form the text says."""
    return frozenset(w[:k] for w in told if not w[:1].isdigit() for k in _cuts(w))


@lru_cache(maxsize=1024)
def _shorthand(text: str) -> tuple[frozenset[str], frozenset[tuple[str, str]]]:
    """A text's acronyms (lower-cased) and lettered numbers, as (letter, number)."""
    acronyms = frozenset(a.lower() for a in ACRONYM.findall(text))
    lettered = frozenset((m[1].lower(), m[2]) for m in LETTERED.finditer(text))
    return acronyms, lettered


def _stem(word: str) -> str:
    stems = tokenized(word.lower())
    return stems[0] if stems else ""


@lru_cache(maxsize=1024)
def _words(text: str) -> tuple[tuple[str, str], ...]:
    """The text's words in order as (stem, word), function words left out; a number is its
    own stem."""
    out = []
    for raw in WORD.findall(text):
        if raw.isdigit():
            out.append((raw, raw))
            continue
        stems = tokenized(raw.lower())
        if stems:
            out.append((stems[0], raw))
    return tuple(out)
