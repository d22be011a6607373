"""A fire's view of a store that can answer from the files when its remote backend fails.

`ProjectedStore.answer` (mem0) and `PostgresStore.answer` say when the files answered a
search in place of the remote backend, and why;
the runtime reads memory through `watch(store)` so each such search lands in the fire's
`reads.fallbacks` (and from there in its ledger line and the audit's alarm). Kept apart
from `projected` so the files backend never imports the remote machinery.
"""

from __future__ import annotations

import builtins
from pathlib import Path
from typing import Protocol, runtime_checkable

from agentmem.core.model import Hit, Memory
from agentmem.results import Fallback
from agentmem.stores.base import Filters, ReadableStore


@runtime_checkable
class Answering(ReadableStore, Protocol):
    """A store whose searches may be answered by a fallback, and say so."""

    def answer(
        self,
        query: str,
        k: int = 10,
        filters: Filters | None = None,
        *,
        touch: bool = True,
        explain: bool = False,
    ) -> tuple[list[Hit], Fallback | None]: ...


class Watched:
    """One fire's view of an `Answering` store: each search goes through `answer`, and
    every one the files answered is noted in `fallbacks`."""

    def __init__(self, store: Answering, fallbacks: builtins.list[Fallback]) -> None:
        self._store = store
        self.root: Path = store.root
        self.fallbacks = fallbacks

    def search(
        self,
        query: str,
        k: int = 10,
        filters: Filters | None = None,
        *,
        touch: bool = True,
        explain: bool = False,
    ) -> builtins.list[Hit]:
        hits, fallback = self._store.answer(query, k, filters, touch=touch, explain=explain)
        if fallback is not None:
            self.fallbacks.append(fallback)
        return hits

    def get(self, memory_id: str, *, touch: bool = True) -> Memory:
        return self._store.get(memory_id, touch=touch)

    def list(self, filters: Filters | None = None) -> builtins.list[Memory]:
        return self._store.list(filters)


def watch(store: ReadableStore) -> tuple[ReadableStore, builtins.list[Fallback]]:
    """`store` as one fire's reader should see it, and the list its fallbacks go to (a
    store that cannot fall back is returned as it is: the files backend pays nothing)."""
    fallbacks: builtins.list[Fallback] = []
    if isinstance(store, Answering):
        return Watched(store, fallbacks), fallbacks
    return store, fallbacks
