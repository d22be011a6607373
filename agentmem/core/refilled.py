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
1. The frame: the clause's lower-case content words (fillers aside) number `FRAME` or more,
   and the draft's clause holds every one of them, adding at most `EXTRA` of its own.
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
    blanked out (labels stay in it as frame words)."""
    found: set[str] = set()
    spans: list[tuple[int, int]] = []
    for m in NAME.finditer(clause):
        found.add(m[0].lower())
        spans.append(m.span())
    labels = [m.span() for m in LABEL.finditer(clause)]
    for m in NUMBER.finditer(clause):
        if any(a <= m.start() < b for a, b in labels) or not _value(clause, m):
            continue
        found.add(m[0].rstrip(".,"))
        spans.append(m.span())
    frame_labels = {re.sub(r"[\s#.-]", "", clause[a:b]).lower() for a, b in labels}
    out = list(clause)
    for a, b in [*spans, *labels]:
        out[a:b] = " " * (b - a)
    return found, "".join(out) + " " + " ".join(sorted(frame_labels))


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


def _frame(blanked: str) -> set[str]:
    """Content words, and a capital letter standing alone ("Rink A"): which one it is."""
    skip = function_words() | STOP
    words = (w.strip("'’-") for w in TOKEN.findall(blanked))
    return {
        w.lower() if len(w) > 1 else f"{w}."
        for w in words
        if (len(w) > 2 and w.lower() not in skip)
        or (len(w) == 1 and w.isupper())
        or any(c.isdigit() for c in w)
    }


def refilled(draft: str, held: str) -> bool:
    """The draft's opening clause is the held text's opening clause with new fillers (see
    the module docstring)."""
    if len(draft) > LONGEST or len(held) > LONGEST:
        return False
    d_clause, h_clause = _clause(draft), _clause(held)
    if NEGATION.search(d_clause):
        return False
    h_fill, h_blank = _fillers(h_clause)
    d_fill, d_blank = _fillers(d_clause)
    if not h_fill or not d_fill or h_fill & d_fill:
        return False
    h_frame, d_frame = _frame(h_blank), _frame(d_blank)
    return len(h_frame) >= FRAME and h_frame <= d_frame and len(d_frame - h_frame) <= EXTRA
