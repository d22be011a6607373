"""A compound lesson: one that states two things of one kind, each in a clause of its own
("the east kiln fires at 1,200 C; the west kiln, at 1,080 C").

A replacement that gives a new value of one of them ("from Monday the east kiln fires at
1,240 C") retires that value only. A clause sharing one word with the new one ("fires")
is not enough to tell which: both do. So each new value retires the old value (or values,
on a tie) whose clause shares most words with the clause that gives it (`nearest`); the
other clauses' values still hold. Two old values in one clause share their words, so
both go.

A lesson that says one clause of it again ("the west kiln runs at 1,080 C") is no
duplicate of it (`part_told`): merged, it would go with the compound lesson when a change
of the other clause replaced that, and it is written as a lesson of its own. Said after
such a change, it is no old word either when the clause it tells is not the one the
change spoke of (`kept_part`).
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import TypeVar

from agentmem.core.statement import terms
from agentmem.core.unchanged import CLAUSE, told_changed
from agentmem.stores.bm25 import tokenize

K = TypeVar("K")


def nearest(olds: Mapping[K, Collection[str]], news: Collection[Collection[str]]) -> set[K]:
    """Of `olds` (each old value's key, with the words of the clause that says it), those
    some new value's clause (`news`: the words of each) shares most words with, at least
    one. With no new clause to compare (a command simply gone), every one of them."""
    if not news:
        return set(olds)
    out: set[K] = set()
    for words in news:
        shares = {key: len(set(said) & set(words)) for key, said in olds.items()}
        top = max(shares.values(), default=0)
        if top:
            out |= {key for key, share in shares.items() if share == top}
    return out


def _values(text: str) -> frozenset[str]:
    return frozenset(v for found in terms(text).values.values() for v in found)


def _clauses(text: str) -> list[tuple[str, frozenset[str]]]:
    """The clauses of `text` that state a value, each with its values."""
    parts = (p for p in CLAUSE.split(text.strip()) if p and p.strip())
    return [(p, v) for p in parts if (v := _values(p))]


def part_told(draft: str, held: str) -> int | None:
    """The index (among its valued clauses) of the one clause of a compound `held` lesson
    that states every value `draft` states, when no other clause states any of them and
    the held lesson has another valued clause; else None."""
    told = _values(draft)
    clauses = _clauses(held)
    if not told or len(clauses) < 2:
        return None
    holding = [i for i, (_, values) in enumerate(clauses) if values & told]
    if len(holding) != 1 or not told <= clauses[holding[0]][1]:
        return None
    return holding[0]


def kept_part(draft: str, held: str, replacement: str) -> bool:
    """`draft` tells again one clause of the compound `held` lesson (`part_told`) and
    `replacement`, which replaced it, speaks of another of its clauses: the told clause
    still holds."""
    at = part_told(draft, held)
    if at is None:
        return False
    clauses = {i: set(tokenize(text)) for i, (text, _) in enumerate(_clauses(held))}
    return at not in nearest(clauses, [set(tokenize(told_changed(replacement)))])
