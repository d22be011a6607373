"""A new value in the held lesson's own words: the same subject and verb, another value.

A later lesson may tell a held one's value anew with no change word and no measure the
other rules read: "kiln batches fire in oven-02 under the night crew" held, then "kiln
batches fire in oven-05 (the big one); glaze is stored in bay C"; or "on the glaze rota
the kiln shelves are scraped every 10 days" held, then "since 2030-04-01 (wet months)
the kiln shelves are scraped weekly". `reframed` takes such a draft as a replacement only
where the clause that gives the value opens exactly as the held one does:

1. A clause of each gives one value right after the same words, read from the clause's
   start (after a comma, a semicolon or a bracket): at least `FRAME` words, `CONTENT`
   of them content terms ("kiln batches fire in"). A subject told of another group
   ("kiln batches of team B fire in", "test batches fire in") is another frame. A
   bracketed aside in the held subject is a second name of it: "the kiln feed syncs"
   opens as "the kiln log (the FK-3 feed) syncs" does, each of its words the held
   clause's or the aside's, the first and the last the same.
2. The value is of one kind in both: a place named by a numbered name of one family
   after "in", "on", "at", "to", "via" or "into" ("oven-02" against "oven-05": the
   digits alone differ), or how often it is done (`agentmem.core.cadence`).
3. The held value is nowhere in the draft ("oven-05 as well as oven-02" adds a place),
   the clause says no "not", nothing stays, nothing is "also", and what follows the new
   value in its clause names nothing the held text does not ("… in oven-05 for the test
   batches" is another thing's place).
4. What the draft's sentence says before that clause names nothing the held text does not,
   unless it opens on a dated start ("since 2030-04-01", "as of 3 May") or is a record's
   dated label ("Decision K-4 (review, 2030-04-01):"): "during the wet months the
   shelves are scraped weekly" is a period's rule beside the standing one.

`agentmem.core.held.judge` asks it between two lessons, with the guards of the other plain
readings (another instance, another scope named) already passed.
"""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.cadence import ADVERB, CYCLE, EVERY, TIMES, cadences
from agentmem.core.cues import NEGATION
from agentmem.core.names import ASIDE
from agentmem.core.samething import STAYS
from agentmem.core.spoken import MONTH_NAMES
from agentmem.core.statement import terms
from agentmem.core.textcache import textcached

FRAME = 3  # words the two clauses open on alike before their values, at least
CONTENT = 2  # content terms among them, at least
# Where a clause starts: a sentence's end, a semicolon, a comma, a colon, a bracket.
BOUNDARY = re.compile(r"[;,:()\[\]]|\.(?:\s|$)")
# A numbered name of a family: "oven-02", "node7", "rack-b-12" (letters, then digits).
NUMBERED_NAME = re.compile(r"(?<![\w./-])([A-Za-z][A-Za-z-]*-?\d{1,4})(?![\w./-])")
PLACE = ("in", "on", "at", "to", "via", "into", "onto")  # the frame's last word, for a place
ARTICLES = frozenset(("the", "a", "an"))
ALSO = re.compile(r"\b(?:also|too|as\s+well|additionally|in\s+addition|either)\b", re.I)
DATED_START = re.compile(
    r"^\s*(?:since|as\s+of|from|starting|beginning|effective)\s+(?:on\s+)?"
    r"(?:\d{4}-\d\d-\d\d|\d{1,2}\s+(?:"
    + "|".join(MONTH_NAMES)
    + r")|(?:"
    + "|".join(MONTH_NAMES)
    + r")\s+\d{1,2})",
    re.IGNORECASE,
)
SENTENCE = re.compile(r"[.!?](?:\s|$)")
# A bracketed aside inside a clause: "the kiln log (the FK-3 feed) syncs …".
# A date a record's label gives: "Decision K-4 (review, 2030-04-01):", "Update 3 May:".
DATE = re.compile(
    r"\b\d{4}-\d\d-\d\d\b|\b\d{1,2}\s+(?:"
    + "|".join(MONTH_NAMES)
    + r")\b|\b(?:"
    + "|".join(MONTH_NAMES)
    + r")\s+\d{1,2}\b",
    re.IGNORECASE,
)


@textcached
def _words(text: str) -> tuple[str, ...]:
    return tuple(w for w in re.findall(r"[\w'-]+", text.lower()) if w not in ARTICLES)


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def _values(text: str) -> tuple[tuple[str, str, int, int], ...]:
    """Each value a text gives as (kind, what it comes to, start, end): a numbered name of
    a family ("oven-#") or a cadence ("1/week")."""
    out = [
        (re.sub(r"\d+", "#", m[1].lower()), m[1].lower(), m.start(1), m.end(1))
        for m in NUMBERED_NAME.finditer(text)
        if re.search(r"[A-Za-z]{2}", m[1])
    ]
    for pattern in (TIMES, EVERY, CYCLE, ADVERB):
        for m in pattern.finditer(text):
            for said in cadences(m[0]):
                out.append(("cadence", said, m.start(), m.end()))
    return tuple(out)


@textcached
def _frame(text: str, start: int) -> tuple[int, tuple[str, ...]]:
    """Where the clause holding a value at `start` begins, and its words before it."""
    cut = max((m.end() for m in BOUNDARY.finditer(text, 0, start)), default=0)
    return cut, _words(text[cut:start])


def _tail(text: str, end: int) -> str:
    """The rest of the clause after a value."""
    m = BOUNDARY.search(text, end)
    return text[end : m.start() if m else len(text)]


def _lead(text: str, cut: int) -> str:
    """What the sentence says before the clause that begins at `cut`."""
    starts = [m.end() for m in SENTENCE.finditer(text, 0, cut)]
    return text[starts[-1] if starts else 0 : cut]


def _plain_frame(text: str, start: int) -> tuple[tuple[str, ...], frozenset[str]]:
    """The words before a value read across a bracketed aside in its clause, and the
    aside's words: "the kiln log (the FK-3 feed) syncs" gives "kiln log syncs" and
    "fk-3 feed", a second name of the subject the clause opens on."""
    plain = ASIDE.sub(lambda m: " " * len(m[0]), text)
    cut, words = _frame(plain, start)
    aside = {w for m in ASIDE.finditer(text, cut, start) for w in _words(m[0])}
    return words, frozenset(aside)


def _aliased(draft: str, d_start: int, held: str, h_start: int) -> bool:
    """The two clauses open alike once a bracketed aside is read as a second name of the
    subject: as many words, the same first and last, each of the draft's among the held
    clause's or its aside's ("the kiln feed syncs" of "the
    kiln log (the FK-3 feed) syncs"). A word neither holds ("kiln batches of team B")
    is another subject."""
    d_words, d_aside = _plain_frame(draft, d_start)
    h_words, h_aside = _plain_frame(held, h_start)
    aside = d_aside | h_aside
    if len(d_words) != len(h_words) or len(d_words) < FRAME:
        return False
    if d_words[0] != h_words[0] or d_words[-1] != h_words[-1]:
        return False
    if len(terms(" ".join(d_words)).content) < CONTENT:
        return False
    return set(d_words) - set(h_words) <= aside


def _dated_label(lead: str) -> bool:
    """The lead is a record's label that dates it ("Decision K-4 (review, 2030-04-01):"):
    what follows is the record's news of that day, as after a dated start."""
    return lead.rstrip().endswith(":") and DATE.search(lead) is not None


def _new_terms(part: str, held: str) -> bool:
    return bool(terms(part).content - terms(held).content)


def reframed(draft: str, held: str) -> bool:
    """The draft gives the held lesson's value anew in the held clause's own words (see
    the module docstring)."""
    had = _values(held)
    if not had:
        return False
    told = _values(draft)
    told_amounts = {v[1] for v in told}
    for kind, old, h_start, _ in had:
        if old in told_amounts:
            continue  # the held value told again: a second value, not a new one
        _, h_frame = _frame(held, h_start)
        exact = len(h_frame) >= FRAME and len(terms(" ".join(h_frame)).content) >= CONTENT
        plain = _plain_frame(held, h_start)[0]
        if not exact and len(plain) < FRAME:
            continue
        if kind != "cadence" and (not plain or plain[-1] not in PLACE):
            continue  # "under plan PX-7": a name of the thing, not where it is; a clause
            # wholly inside brackets ("(… on DK-117 to DK-132.)") has no place word left
        for d_kind, new, d_start, d_end in told:
            if d_kind != kind or new == old:
                continue
            cut, d_frame = _frame(draft, d_start)
            if not (exact and d_frame == h_frame) and not _aliased(draft, d_start, held, h_start):
                continue
            clause = draft[cut:d_end] + _tail(draft, d_end)
            if NEGATION.search(clause) or STAYS.search(clause) or ALSO.search(clause):
                continue
            if _new_terms(_tail(draft, d_end), held):
                continue  # "… in oven-05 for the test batches": another thing's place
            lead = _lead(draft, cut)
            if _new_terms(lead, held) and not (DATED_START.match(lead) or _dated_label(lead)):
                continue  # "during the wet months …": a period's rule beside the standing one
            return True
    return False
