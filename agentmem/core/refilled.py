"""The held lesson's sentence told again with other fillers: a replacement in no voice.

"Deck time requests go to the bosun, Ivan Petrov, by 18:00 the day before" held, then
"Deck time requests go to the bosun, Kalani Mahoe, by 16:00 the day before, on the deck
board": no change word, no record, the person and the hour both new. The value readings
(`agentmem.core.samething`) refuse it: a second rule on one subject reads like that too
("refunds over $500 need a manager" against "refunds over $200 get a fraud check"), and a
name in the held text's place may be another place. What tells the two apart is the frame:
a second rule says something else of its subject; a refilled sentence says the same thing,
word for word, of other values.

`refilled` asks, of the held text's opening clause and the draft's:
1. The frame: the clause's content words (fillers aside) number `FRAME` or more, and the
   draft's clause opens on every one of them in their order, adding at most `EXTRA` of its
   own after them ("sample jars from the pilot line are kept 7 days" puts words inside the
   frame of "sample jars are kept 14 days": which jars, so another thing).
2. The fillers: a person's name (two or more capitalised words inside the clause), a clock
   time, a number a unit or "%" follows; not a label ("Line 2", "No. 4", "T-1", "F2", a
   capital letter alone, a number at a clause's end belong to the frame, so another line or
   bay keeps the texts apart). The held clause has at least one,
   the draft's clause too, and the draft names none of the held clause's again.
3. Nothing said of it: no negation in the draft's clause (a withdrawal is read elsewhere).

Linear in the texts' lengths; texts over `LONGEST` characters are not read.
"""

from __future__ import annotations

import re
from functools import lru_cache

from agentmem.core.cues import NEGATION
from agentmem.core.values import UNITS
from agentmem.core.words import function_words

FRAME = 4  # content words a held clause's frame needs at least
EXTRA = 3  # words of its own the draft's clause may add to the frame
LONGEST = 4_000  # characters; a longer text is no one sentence told again

CLAUSE_END = re.compile(r"[;:]\s|\.\s|\.$|\n|\s[-–—]\s")
TOKEN = re.compile(r"[A-Za-z][A-Za-z0-9'’-]*|[-+]?\d[\d.,:]*")
NAME = re.compile(r"(?<![.!?]\s)(?<!^)\b[A-Z][a-z]+(?:\s+[A-Z][a-z]+)+")
# A number that names which one ("Line 2", "No. 4", "T-1", "F2", "cast031"): frame, not filler.
LABEL = re.compile(r"\b[A-Za-z]+-?#?\d+[A-Za-z]?\b|(?:\b[A-Z][A-Za-z]*\.?|#)\s?\d+")
# A number standing alone: a value when a clock time or followed by a unit (`_value`).
NUMBER = re.compile(r"(?<![\w.-])[-+]?\d[\d,]*(?::\d\d|\.\d+)?(?![\w-])")
AFTER = re.compile(r"\s?(%|°|[A-Za-z]+)")
MEASURES = frozenset(
    "knots litres liters metres meters degrees inches feet miles".split()  # noqa: SIM905
)
STOP = frozenset(
    "a an the to of in on at by for and or is are be was it as with that this".split()  # noqa: SIM905
)


def _clause(text: str) -> str:
    m = CLAUSE_END.search(text)
    return text[: m.start()] if m else text


def _fillers(clause: str) -> tuple[set[str], str]:
    """The clause's fillers (names and free numbers, lower case) and the clause with them
    blanked out, each label written in its place as one word ("Line 2" as "line2")."""
    found: set[str] = set()
    spans: list[tuple[int, int, str]] = []
    for m in NAME.finditer(clause):
        found.add(m[0].lower())
        spans.append((m.start(), m.end(), " "))
    labels = [m.span() for m in LABEL.finditer(clause)]
    for m in NUMBER.finditer(clause):
        if any(a <= m.start() < b for a, b in labels) or not _value(clause, m):
            continue
        found.add(m[0].rstrip(".,"))
        spans.append((m.start(), m.end(), " "))
    spans += [(a, b, " " + re.sub(r"[\s#.-]", "", clause[a:b]).lower() + " ") for a, b in labels]
    out, at = [], 0
    for a, b, put in sorted(spans):
        if a >= at:  # a label inside a name, or a name over a label: the first one read
            out += [clause[at:a], put]
            at = b
    return found, "".join([*out, clause[at:]])


def _value(clause: str, m: re.Match[str]) -> bool:
    """A clock time, or a number a unit follows ("30 minutes", "4 m", "93.5 %", "35 knots");
    a number some other word follows ("bay 4 door") says which one, not how much."""
    if ":" in m[0]:
        return True
    unit = AFTER.match(clause, m.end())
    if unit is None:
        return False
    word = unit[1].lower()
    return word in "%°" or word in UNITS or word in MEASURES or len(word) <= 2


def _frame(blanked: str) -> list[str]:
    """Content words in their order, once each, and a capital letter standing alone ("Rink
    A") or a word with digits: which one it is."""
    skip = function_words() | STOP
    words = (w.strip("'’-") for w in TOKEN.findall(blanked))
    kept = (
        w.lower() if len(w) > 1 else f"{w}."
        for w in words
        if (len(w) > 2 and w.lower() not in skip)
        or (len(w) == 1 and w.isupper())
        or any(c.isdigit() for c in w)
    )
    return list(dict.fromkeys(kept))


def refilled(draft: str, held: str) -> bool:
    """The draft's opening clause is the held text's opening clause with new fillers (see
    the module docstring)."""
    if len(draft) > LONGEST or len(held) > LONGEST:
        return False
    denied, d_fill, d_frame = _read(draft)
    _, h_fill, h_frame = _read(held)
    if denied or not h_fill or not d_fill or h_fill & d_fill:
        return False
    # the held frame word for word, in its order, before anything the draft adds: a word
    # put inside it ("sample jars from the pilot line are kept …") tells which ones
    n = len(h_frame)
    return n >= FRAME and d_frame[:n] == h_frame and len(d_frame) - n <= EXTRA


@lru_cache(maxsize=4096)
def _read(text: str) -> tuple[bool, frozenset[str], tuple[str, ...]]:
    """A text's opening clause read once (the judge asks of one draft against every held
    memory, and of one held memory for every draft): whether it says no, its fillers,
    its frame."""
    clause = _clause(text)
    fillers, blanked = _fillers(clause)
    return bool(NEGATION.search(clause)), frozenset(fillers), tuple(_frame(blanked))
