"""A per-process memo of what a text reads as, for the writer's judge (issue 17).

The judge's rules each read both texts of a pair again on every call: a held lesson is
weighed against many drafts over a writer's life, and a draft against every candidate of
its add, by dozens of rules that ask the same few readings of it (its settings, addresses,
rates, names, the values it gives by kind). `textcached` keeps a pure reading's answer by
its arguments: the text itself is the key, so an updated memory is a new key and no entry
can go stale. Each memo is bounded (`maxsize` entries, the oldest dropped first).

Unlike `functools.lru_cache`, a memo's entries can be listed, so that `changed` can ask
each kept answer again of the function and say whether a caller changed one it was given
(a reading returned as a dict or a list is shared by every caller of that text).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from functools import update_wrapper
from threading import Lock
from typing import Any, Generic, ParamSpec, TypeVar, cast, overload

P = ParamSpec("P")
R = TypeVar("R")

MAXSIZE = 4096  # entries a memo of one text keeps: about the drafts and held texts of 500 adds
# entries a memo of two texts keeps: a pair is asked again within its add, by several rules,
# and seldom after; its answer may hold both texts' readings (`restate._comparable`)
PAIRS = 1024
KEYWORDS = object()  # marks a key made with keyword arguments: (args, KEYWORDS, items)


@dataclass
class Memo(Generic[R]):
    """One function's answers by its arguments, at most `maxsize` of them."""

    function: Callable[..., R]
    maxsize: int
    entries: dict[Hashable, R] = field(default_factory=dict)

    @property
    def name(self) -> str:
        return f"{self.function.__module__}.{self.function.__qualname__}"

    def changed(self) -> list[Hashable]:
        """The keys whose kept answer is no longer what the function answers: a caller
        changed what it was given."""
        out = []
        for key, kept in list(self.entries.items()):
            if isinstance(key, tuple) and len(key) == 3 and key[1] is KEYWORDS:
                fresh = self.function(*key[0], **dict(key[2]))
            else:
                fresh = self.function(*cast(tuple[Any, ...], key))
            if fresh != kept:
                out.append(key)
        return out


MEMOS: list[Memo[Any]] = []  # every memo of the process, for `sizes` and `changed`


def _memoised(function: Callable[P, R], maxsize: int) -> Callable[P, R]:
    memo: Memo[R] = Memo(function, maxsize)
    MEMOS.append(memo)
    entries, lock = memo.entries, Lock()

    def call(*args: P.args, **kwargs: P.kwargs) -> R:
        key: Hashable = (args, KEYWORDS, tuple(kwargs.items())) if kwargs else args
        try:
            return entries[key]
        except KeyError:
            pass
        answer = function(*args, **kwargs)
        with lock:  # a miss only: writers of one process may share a memo
            while len(entries) >= maxsize:
                del entries[next(iter(entries))]
            entries[key] = answer
        return answer

    wrapper = update_wrapper(call, function)
    wrapper.memo = memo  # type: ignore[attr-defined]
    wrapper.cache_clear = entries.clear  # type: ignore[attr-defined]
    return wrapper


@overload
def textcached(function: Callable[P, R]) -> Callable[P, R]: ...
@overload
def textcached(*, maxsize: int = MAXSIZE) -> Callable[[Callable[P, R]], Callable[P, R]]: ...
def textcached(
    function: Callable[P, R] | None = None, *, maxsize: int = MAXSIZE
) -> Callable[P, R] | Callable[[Callable[P, R]], Callable[P, R]]:
    """Memoise a pure reading of texts (`@textcached` or `@textcached(maxsize=N)`)."""
    if function is not None:
        return _memoised(function, maxsize)

    def wrap(fn: Callable[P, R]) -> Callable[P, R]:
        return _memoised(fn, maxsize)

    return wrap


def sizes() -> dict[str, int]:
    """Entries each memo holds now, by the function's module and name."""
    return {memo.name: len(memo.entries) for memo in MEMOS}


def clear() -> None:
    """Forget every memo's entries (a test's fresh start)."""
    for memo in MEMOS:
        memo.entries.clear()


def changed() -> dict[str, int]:
    """The memos holding an answer a caller changed since it was kept, and how many (empty
    when every kept answer is still the function's)."""
    return {memo.name: len(moved) for memo in MEMOS if (moved := memo.changed())}
