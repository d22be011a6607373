"""The search side of a remote backend: a projection of the canonical files into mem0.

A projection holds, per memory, one remote record keyed by the memory's id in metadata
(`agentmem_id`), plus a fingerprint of the file it was made from, so writing the same
memory twice is a no-op and a hand-edited file shows up as stale. The text and envelope a
reader sees always come from the files; the projection only finds and scores.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from agentmem._exceptions import StoreError
from agentmem.core.model import Memory
from agentmem.stores.base import Filters

ID_KEY = "agentmem_id"
HASH_KEY = "agentmem_hash"
TYPE_KEY = "memory_type"  # mem0 reserves neither; "type" reads too much like mem0's own fields


class ProjectionError(StoreError):
    """Raised when a remote store refuses or fails a call; `transient` says a retry may pass."""

    def __init__(self, message: str, *, transient: bool, status: int | None = None) -> None:
        self.transient = transient
        self.status = status
        super().__init__(message)


@dataclass(frozen=True)
class RemoteRecord:
    """One record in the remote store: its own id, the memory it projects, its fingerprint."""

    remote_id: str
    memory_id: str | None
    fingerprint: str | None

    @classmethod
    def from_item(cls, item: dict[str, Any]) -> RemoteRecord:
        """Read one mem0 record (OSS and Platform share the shape: id plus metadata)."""
        meta = item.get("metadata") or {}
        return cls(str(item["id"]), meta.get(ID_KEY), meta.get(HASH_KEY))


@dataclass(frozen=True)
class Scored:
    """A search result from the remote store: which memory and how similar."""

    memory_id: str
    score: float


def fingerprint(memory: Memory) -> str:
    """A short digest of everything in the file, so a stale projection can be told apart."""
    raw = json.dumps(memory.record(), sort_keys=True, ensure_ascii=False)
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()[:16]


def metadata(memory: Memory) -> dict[str, Any]:
    """What the remote record carries besides the text: the key, the digest, the filters."""
    data: dict[str, Any] = {
        ID_KEY: memory.id,
        HASH_KEY: fingerprint(memory),
        "app_id": memory.app_id,
        TYPE_KEY: memory.type.value,
        "confidence": memory.confidence,
    }
    if memory.cohort is not None:
        data["cohort"] = memory.cohort
    if memory.tags:
        data["tags"] = list(memory.tags)
    return data


class Projection(Protocol):
    """What a remote backend must do for `ProjectedStore`; every call may raise ProjectionError."""

    name: str

    def add(self, memory: Memory) -> str:
        """Create one remote record for the memory; return its remote id."""
        ...

    def find(self, memory_id: str) -> list[RemoteRecord]:
        """The remote records that project this memory id (normally zero or one)."""
        ...

    def delete(self, remote_id: str) -> None:
        """Remove one remote record (gone already counts as done)."""
        ...

    def search(self, query: str, k: int, filters: Filters) -> list[Scored]:
        """The k most similar records the filters admit, best first."""
        ...

    def records(self) -> Iterator[RemoteRecord]:
        """Every record in the store that belongs to this projection, paging through all."""
        ...


def upsert(projection: Projection, memory: Memory, *, absent: bool = False) -> bool:
    """Make exactly one up-to-date record for the memory; return whether anything changed.

    Safe to repeat after any partial failure: a record with the current fingerprint is
    kept, a fresh one is added only when none exists, and every other copy is removed.
    `absent=True` skips the look-up when the caller knows the store is empty (rebuild).
    """
    found: Sequence[RemoteRecord] = () if absent else projection.find(memory.id)
    digest = fingerprint(memory)
    keep = next((r.remote_id for r in found if r.fingerprint == digest), None)
    changed = False
    if keep is None:
        keep = projection.add(memory)
        changed = True
    for record in found:
        if record.remote_id != keep:
            projection.delete(record.remote_id)
            changed = True
    return changed


def remove(projection: Projection, memory_id: str) -> int:
    """Remove every record of a memory id; return how many there were."""
    found = projection.find(memory_id)
    for record in found:
        projection.delete(record.remote_id)
    return len(found)
