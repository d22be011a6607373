"""Whose slot the shared words are: a new value and a held one linked only by the words of
a third value the draft states again.

`agentmem.core.samething` pairs a draft's new value with a held value of the same measure
when the words around the two share a term. In a draft that restates one held figure
and adds another ("the 2.0 MW contract is unchanged; the 1.4 MW plant limit sits 60 kW
under it"), the words around the added figure ("plant limit") may be the words of the
restated one, which the held text also gives beside its own other figures ("90 kW per
pump, plant limit 1.4 MW"). Paired by those words, the added 60 kW reads as a new value
of the held 90 kW, and the lesson that still holds is replaced. The link is the restated
value's: the words that join the two values all stand, in the draft, beside a number the
held text writes too, so the new value is of no slot the held one fills.
"""

from __future__ import annotations

import re
from bisect import bisect_left, bisect_right
from typing import Protocol

from agentmem.core.words import function_words, tokenized

# a number as written ("1.4", "2,000", "60"): the same digits in both texts are one figure
FIGURE = re.compile(r"(?<![\w.,])\d[\d,]*(?:\.\d+)?(?![\w,]|\.\d)")
BESIDE = 3  # words each side of a restated figure that are its own
WORD = re.compile(r"\S+")


class Placed(Protocol):
    """A value with its place in its text (`agentmem.core.valuereadings.Value`)."""

    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...


def _figures(text: str) -> dict[str, list[tuple[int, int]]]:
    out: dict[str, list[tuple[int, int]]] = {}
    for m in FIGURE.finditer(text):
        out.setdefault(m[0].replace(",", ""), []).append((m.start(), m.end()))
    return out


class _Words:
    """A text's whitespace-split words, found once: each question below is a bisection, so
    a text of many figures is read in about linear time (one `split()` a figure was
    quadratic, and a hostile 24 KB pair took a minute)."""

    def __init__(self, text: str) -> None:
        self.text = text
        found = list(WORD.finditer(text))
        self.starts = [m.start() for m in found]
        self.ends = [m.end() for m in found]

    def before(self, at: int, most: int) -> list[str]:
        """`text[:at].split()[-most:]`."""
        i = bisect_left(self.starts, at)  # words starting before `at`
        return [
            self.text[self.starts[j] : min(self.ends[j], at)] for j in range(max(0, i - most), i)
        ]

    def after(self, at: int, most: int) -> list[str]:
        """`text[at:].split()[:most]`."""
        i = bisect_right(self.ends, at)  # words ending at or before `at` are behind it
        last = min(i + most, len(self.starts))
        return [self.text[max(self.starts[j], at) : self.ends[j]] for j in range(i, last)]

    def tokens(self) -> list[set[str]]:
        """Each word's terms, in order (`text.split()`'s words)."""
        return [{*tokenized(self.text[s:e])} for s, e in zip(self.starts, self.ends, strict=True)]

    def index(self, at: int) -> int:
        """The index of the word the character at `at` falls in (as `_word_at` counted)."""
        return bisect_left(self.starts, at) - (0 if at == 0 or self.text[at - 1].isspace() else 1)


def _beside(words: _Words, start: int, end: int) -> set[str]:
    around = (*words.before(start, BESIDE), *words.after(end, BESIDE))
    return {t for w in around for t in tokenized(w)} - function_words()


def _nearest(sorted_at: list[int], i: int) -> int:
    """The distance from `i` to the nearest of `sorted_at` (not empty)."""
    j = bisect_left(sorted_at, i)
    return min(abs(i - sorted_at[k]) for k in (j - 1, j) if 0 <= k < len(sorted_at))


def _nearer_kept(held: str, old: Placed, kept: set[tuple[int, int]], link: frozenset[str]) -> bool:
    """Each link word stands, in the held text, nearer a restated figure than the old value."""
    placed = _Words(held)
    words = placed.tokens()
    here = placed.index(old.start)
    theirs = sorted({placed.index(s) for s, _ in kept})
    for term in link:
        at = [i for i, w in enumerate(words) if term in w]
        if not at or min(abs(i - here) for i in at) <= min(_nearest(theirs, i) for i in at):
            return False
    return True


def linked_by_kept(draft: str, value: Placed, held: str, old: Placed, link: frozenset[str]) -> bool:
    """The words `link` that join the draft's `value` to the held `old` value all stand
    beside another figure the draft and the held text both write (a value told again, not
    changed), and in the held text nearer that figure than `old`; and the draft never writes
    `old`'s figure (a value it says it moved away from pairs as it should)."""
    if not link:
        return False
    told, had = _figures(draft), _figures(held)
    olds = {f for f, places in had.items() for s, e in places if s < old.end and old.start < e}
    if olds & told.keys():
        return False
    words = _Words(draft)
    beside: set[str] = set()
    kept: set[tuple[int, int]] = set()
    for figure, places in told.items():
        if figure not in had or figure in olds:
            continue
        for s, e in places:
            if not (s < value.end and value.start < e):  # not the new value itself
                beside |= _beside(words, s, e)
                kept.update(had[figure])
    return bool(kept) and link <= beside and _nearer_kept(held, old, kept, link)
