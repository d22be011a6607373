"""The store contract every backend keeps, and the filters a search may carry."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Protocol, runtime_checkable

from agentmem.core.model import Hit, Memory
from agentmem.stores.files import BrokenFile

Progress = Callable[[int], None]
"""Told how many more items a long operation has done (a progress bar's `update`)."""


@dataclass(frozen=True)
class Filters:
    """Which memories a read may return. None means "any"."""

    user_id: str | None = None
    app_ids: tuple[str, ...] | None = None
    types: tuple[str, ...] | None = None
    cohort: str | None = None
    tags_any: tuple[str, ...] | None = None
    include_expired: bool = False
    # False: leave out memories another memory supersedes (packs and synthesis do). Which
    # memories are superseded is the store's to know, so `admits` cannot judge it.
    include_superseded: bool = True

    def admits(self, memory: Memory, now: datetime | None = None) -> bool:
        if self.user_id is not None and memory.user_id != self.user_id:
            return False
        if self.app_ids is not None and memory.app_id not in self.app_ids:
            return False
        if self.types is not None and memory.type.value not in self.types:
            return False
        if self.cohort is not None and memory.cohort != self.cohort:
            return False
        if self.tags_any is not None and not set(self.tags_any) & set(memory.tags):
            return False
        return self.include_expired or not expired(memory, now)


def expired(memory: Memory, now: datetime | None = None) -> bool:
    if memory.expires_at is None:
        return False
    when = datetime.fromisoformat(memory.expires_at)
    if when.tzinfo is None:
        when = when.replace(tzinfo=UTC)
    return when <= (now or datetime.now(UTC))


@dataclass
class RebuildReport:
    """What a rebuild read back from the files."""

    memories: int
    broken: list[BrokenFile] = field(default_factory=list)


@runtime_checkable
class ReadableStore(Protocol):
    """What a reader may do: search, get and list. There is no write method here."""

    root: Path

    def search(
        self,
        query: str,
        k: int = 10,
        filters: Filters | None = None,
        *,
        touch: bool = True,
        explain: bool = False,
    ) -> list[Hit]: ...

    def get(self, memory_id: str, *, touch: bool = True) -> Memory: ...

    def list(self, filters: Filters | None = None) -> list[Memory]: ...


@runtime_checkable
class Store(ReadableStore, Protocol):
    """A backend: the reader's surface plus what only the one writer calls."""

    def put(self, memory: Memory) -> None: ...

    def find_duplicate(self, key: str) -> str | None: ...

    def rebuild(self, progress: Progress | None = None) -> RebuildReport: ...

    def broken(self) -> Sequence[BrokenFile]: ...

    def count(self) -> int: ...


@runtime_checkable
class DuplicateAhead(Protocol):
    """A store that looks up a draft's duplicate and, in the same round trip, what the
    writer's restatement check of its text asks next (postgres: `pg_ahead`)."""

    def find_duplicate_of(self, key: str, text: str) -> str | None: ...


@runtime_checkable
class Remote(Protocol):
    """A store with a server (postgres): the writer lets it connect before taking the
    root's write lock, so no other process on the root waits for a connect timeout."""

    def reached(self) -> AbstractContextManager[bool]: ...


@runtime_checkable
class Batching(Protocol):
    """A store that makes a batch of writes durable together: within `batch()`, each write
    is visible at once (the writer's next check sees it) and whole or absent after a crash;
    its durability is paid once, when the block ends (agentmem.stores.pg_batch)."""

    def batch(self) -> AbstractContextManager[None]: ...


@runtime_checkable
class Rewriting(Protocol):
    """A store where a held memory written again (the same id and content, its links
    changed: `agentmem.core.dupelink`) must win over another loop's row of it (postgres:
    the upsert's `force`); any other store writes it with `put`."""

    def rewrite(self, memory: Memory) -> None: ...
