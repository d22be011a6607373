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
from typing import Protocol

from agentmem.core.words import function_words, tokenized

# a number as written ("1.4", "2,000", "60"): the same digits in both texts are one figure
FIGURE = re.compile(r"(?<![\w.,])\d[\d,]*(?:\.\d+)?(?![\w,]|\.\d)")
BESIDE = 3  # words each side of a restated figure that are its own


class Placed(Protocol):
    """A value with its place in its text (`agentmem.core.samething.Value`)."""

    @property
    def start(self) -> int: ...
    @property
    def end(self) -> int: ...


def _figures(text: str) -> dict[str, list[tuple[int, int]]]:
    out: dict[str, list[tuple[int, int]]] = {}
    for m in FIGURE.finditer(text):
        out.setdefault(m[0].replace(",", ""), []).append((m.start(), m.end()))
    return out


def _beside(text: str, start: int, end: int) -> set[str]:
    before = text[:start].split()[-BESIDE:]
    after = text[end:].split()[:BESIDE]
    return {t for w in (*before, *after) for t in tokenized(w)} - function_words()


def _word_at(text: str, at: int) -> int:
    """The index of the whitespace-split word the character at `at` falls in."""
    return len(text[:at].split()) - (0 if at == 0 or text[at - 1].isspace() else 1)


def _nearer_kept(held: str, old: Placed, kept: list[tuple[int, int]], link: frozenset[str]) -> bool:
    """Each link word stands, in the held text, nearer a restated figure than the old value."""
    words = [{*tokenized(w)} for w in held.split()]
    here = _word_at(held, old.start)
    theirs = [_word_at(held, s) for s, _ in kept]
    for term in link:
        at = [i for i, w in enumerate(words) if term in w]
        if not at or min(abs(i - here) for i in at) <= min(abs(i - k) for i in at for k in theirs):
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
    beside: set[str] = set()
    kept: list[tuple[int, int]] = []
    for figure, places in told.items():
        if figure not in had or figure in olds:
            continue
        for s, e in places:
            if not (s < value.end and value.start < e):  # not the new value itself
                beside |= _beside(draft, s, e)
                kept += had[figure]
    return bool(kept) and link <= beside and _nearer_kept(held, old, kept, link)
