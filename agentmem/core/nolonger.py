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
thing beside it) or most of the clause holding the cue (`_clause_told`: what replaced it
told after a colon), or the draft opens a clause on the doer and the held lesson names the doer
and the deed that stopped ("Kiosks no longer print receipts: …" of "12 kiosk terminals
each printing receipts jam the spooler", `_practice_stopped`)."""

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
    if len(shared) < MIN_SHARED:
        return False
    return (
        len(shared) >= MOST * len(d.content)
        or _clause_told(draft, h.content)
        or _practice_stopped(draft, held)
    )


# The clause a cue stands in ends at a colon, a semicolon or a sentence's end: "Parcels no
# longer leave from the east dock: they leave from bay 4" tells what stopped before the
# colon and what replaced it after. It opens after one, or after a comma joining it to the
# clause before ("… now come by courier, and we no longer fetch them from the depot").
CLAUSE = re.compile(
    r"(?:[^.;:!?,]|,(?!\s+(?:and|but|so)\s))*\bno\s+longer\b[^.;:!?]*", re.IGNORECASE
)


def _clause_told(draft: str, held: set[str] | frozenset[str]) -> bool:
    """The clause saying what stopped is mostly the held lesson's words (`MIN_SHARED` and
    `MOST` of its own), the deed and what it was done to among them ("print receipts" is
    not a lesson on printing labels): the rest of the draft may tell what replaced it."""
    for match in CLAUSE.finditer(draft):
        stopped = NO_MORE.search(match[0])
        if stopped is None or not set(terms(stopped[0]).head[:2]) <= held:
            continue  # what stopped and what it was done to ("print receipts") unsaid
        said = terms(match[0]).content
        shared = said & held
        if len(shared) >= MIN_SHARED and len(shared) >= MOST * len(said):
            return True
    return False


# A clause that opens on what does a thing and says it no longer does it: "Kiosks no
# longer print receipts: …", "the overlays no longer poll the scores service".
DOER = re.compile(
    r"(?:^|[.;:!?]\s+)(?:the\s+|our\s+|all\s+)?(?P<doer>[\w-]+(?:\s+[\w-]+)?)\s+no\s+longer\s+"
    r"(?P<deed>[\w-]+)",
    re.IGNORECASE,
)


def _practice_stopped(draft: str, held: str) -> bool:
    """The draft says a doer no longer does a deed (DOER), and the held lesson names both
    ("12 kiosk terminals each printing receipts jam the spooler"), the deed on nothing the
    draft does not name ("print shelf labels" is another deed than "print receipts"): the
    practice it tells stopped, however much else the draft says of what replaced it."""
    h, d = terms(held), terms(draft)
    for match in DOER.finditer(draft):
        doer, deed = terms(match["doer"]).content, _first(match["deed"])
        if not doer or not doer <= h.content or deed not in h.content:
            continue
        if any(not done or done in d.content for done in _objects(held, deed)):
            return True
    return False


WORD = re.compile(r"[\w-]+|[^\w\s]")


def _objects(text: str, deed: str) -> list[str]:
    """For each `deed` in `text`, the first content word right after it (within two words,
    before any punctuation; "" when none): what the deed is done to there."""
    out: list[str] = []
    pieces = WORD.findall(text)
    for i, piece in enumerate(pieces):
        if _first(piece) != deed:
            continue
        found = ""
        for nxt in pieces[i + 1 : i + 3]:
            if not nxt[0].isalnum() or (found := _first(nxt)):
                break
        out.append(found)
    return out


def _first(words: str) -> str:
    """The first content word of what the cue negates: what stopped ("compresses")."""
    found = terms(words).head
    return found[0] if found else ""
