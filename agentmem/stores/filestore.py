"""The embedded `files` backend: the memory root itself plus a derived BM25 index.

Ranking is BM25 × temporal decay × confidence, with decay = max(0.3, exp(-0.03 × days
since last access)) (seed 004, pattern 4). A memory another one supersedes stays
searchable but is ranked down.
"""

from __future__ import annotations

import builtins
import math
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

import numpy as np

from agentmem.model import Hit, Memory
from agentmem.stores.access import AccessLog, utcnow
from agentmem.stores.base import Filters, RebuildReport
from agentmem.stores.bm25 import Bm25Index
from agentmem.stores.catalog import Catalog
from agentmem.stores.files import BrokenFile, EntryFiles

DECAY_RATE = 0.03
DECAY_FLOOR = 0.3
SUPERSEDED_FACTOR = 0.5
CANDIDATES = 2000


def decay(last: datetime, now: datetime) -> float:
    days = max(0.0, (now - last).total_seconds() / 86400.0)
    return max(DECAY_FLOOR, math.exp(-DECAY_RATE * days))


def _when(stamp: str) -> datetime:
    value = datetime.fromisoformat(stamp)
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


class FileStore:
    """Markdown files under `<root>/entries/`, searched through a cached BM25 index."""

    backend = "files"

    def __init__(self, root: Path, *, sweep_interval_s: float = 1.0) -> None:
        self.root = root
        self.files = EntryFiles(root)
        self.catalog = Catalog(self.files, sweep_interval_s=sweep_interval_s)
        self.access = AccessLog(self.files.cache / "access.sqlite")
        self._last_access = self.access.all()
        self._index: Bm25Index | None = None
        self._index_version = -1
        self._ids: builtins.list[str] = []
        self._static: np.ndarray = np.zeros(0, dtype=np.float32)

    # -- the writer's surface -----------------------------------------------------------
    def put(self, memory: Memory) -> None:
        path = self.files.write(memory)
        self.catalog.note_written(memory, path)

    def find_duplicate(self, key: str) -> str | None:
        self.catalog.refresh()
        return self.catalog.id_for_key(key)

    def rebuild(self) -> RebuildReport:
        self.catalog.reset()
        self._index_version = -1
        self._ensure_index()
        return RebuildReport(len(self.catalog.memories), list(self.catalog.broken.values()))

    def broken(self) -> Sequence[BrokenFile]:
        self.catalog.refresh()
        return list(self.catalog.broken.values())

    def count(self) -> int:
        self.catalog.refresh()
        return len(self.catalog.memories)

    # -- the reader's surface -----------------------------------------------------------
    def get(self, memory_id: str, *, touch: bool = True) -> Memory:
        memory = self.files.read(memory_id)
        if touch:
            self._touch([memory.id])
        return memory

    def list(self, filters: Filters | None = None) -> builtins.list[Memory]:
        self.catalog.refresh()
        now = utcnow()
        admits = (filters or Filters()).admits
        return sorted(
            (m for m in self.catalog.memories.values() if admits(m, now)),
            key=lambda m: (m.created_at, m.id),
        )

    def search(
        self,
        query: str,
        k: int = 10,
        filters: Filters | None = None,
        *,
        touch: bool = True,
        explain: bool = False,
    ) -> builtins.list[Hit]:
        index = self._ensure_index()
        if index is None or k <= 0:
            return []
        bm25 = index.scores(query)
        weighted = bm25 * self._static
        nonzero = np.flatnonzero(weighted)
        if len(nonzero) > CANDIDATES:
            nonzero = nonzero[np.argpartition(-weighted[nonzero], CANDIDATES)[:CANDIDATES]]
        now = utcnow()
        admits = (filters or Filters()).admits
        ranked: builtins.list[tuple[float, int, float]] = []
        for i in nonzero.tolist():
            memory = self.catalog.memories[self._ids[i]]
            if not admits(memory, now):
                continue
            d = decay(self._last_seen(memory), now)
            ranked.append((float(weighted[i]) * d, i, d))
        ranked.sort(key=lambda row: (-row[0], self._ids[row[1]]))
        hits = []
        for score, i, d in ranked[:k]:
            memory = self.catalog.memories[self._ids[i]]
            detail = {}
            if explain:
                detail = {
                    "bm25": float(bm25[i]),
                    "terms": index.term_scores(query, i),
                    "decay": d,
                    "confidence": memory.confidence,
                    "superseded": float(self._static[i]) < memory.confidence,
                }
            hits.append(Hit(memory=memory, score=score, explain=detail))
        if touch:
            self._touch([h.memory.id for h in hits])
        return hits

    # -- internals ----------------------------------------------------------------------
    def _last_seen(self, memory: Memory) -> datetime:
        seen = self._last_access.get(memory.id)
        return seen[0] if seen is not None else _when(memory.created_at)

    def _touch(self, ids: builtins.list[str]) -> None:
        now = utcnow()
        self.access.touch(ids, now)
        for memory_id in ids:
            count = self._last_access.get(memory_id, (now, 0))[1]
            self._last_access[memory_id] = (now, count + 1)

    def _ensure_index(self) -> Bm25Index | None:
        if self.catalog.refresh():
            self._last_access = self.access.all()
        if self._index_version != self.catalog.version:
            memories = self.catalog.memories
            self._ids = sorted(memories)
            superseded = {old for m in memories.values() for old in m.supersedes}
            self._static = np.array(
                [
                    memories[i].confidence * (SUPERSEDED_FACTOR if i in superseded else 1.0)
                    for i in self._ids
                ],
                dtype=np.float32,
            )
            self._index = (
                Bm25Index([_document(memories[i]) for i in self._ids]) if self._ids else None
            )
            self._index_version = self.catalog.version
        return self._index

    def access_stats(self, memory_id: str) -> tuple[datetime, int] | None:
        return self._last_access.get(memory_id) or self.access.get(memory_id)

    def close(self) -> None:
        self.access.close()


def _document(memory: Memory) -> str:
    return " ".join((memory.text, *memory.tags))
