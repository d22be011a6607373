"""The embedded `files` backend: the memory root itself plus a derived BM25 index.

Ranking (agentmem.ranking) is BM25 with neighbour context × confidence × temporal decay,
with decay = max(0.3, exp(-0.03 × days since last access)) (seed 004, pattern 4). A memory
another one supersedes stays searchable but is ranked down.
"""

from __future__ import annotations

import builtins
import shutil
from collections.abc import Sequence
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np

from agentmem import ranking
from agentmem.model import Hit, Memory
from agentmem.ranking import (
    DECAY_FLOOR,
    DECAY_RATE,
    DEFAULT_PARAMS,
    SECONDS_PER_DAY,
    SUPERSEDED_FACTOR,
    Floats,
    RankingParams,
    top_k,
    with_neighbours,
)
from agentmem.stores.access import AccessLog, utcnow
from agentmem.stores.base import Filters, RebuildReport
from agentmem.stores.catalog import Catalog
from agentmem.stores.files import BrokenFile, EntryFiles
from agentmem.stores.rankview import RankView as _View
from agentmem.stores.rankview import when as _when

# SUPERSEDED_FACTOR and _when stay importable from here: other backends rank the same way.
__all__ = ["DECAY_FLOOR", "DECAY_RATE", "SUPERSEDED_FACTOR", "FileStore", "_when", "decay"]


def decay(last: datetime, now: datetime) -> float:
    """max(0.3, exp(-0.03 × days since `last`)) for one memory."""
    days = (now - last).total_seconds() / SECONDS_PER_DAY
    return float(ranking.decay(np.array([days]))[0])


class FileStore:
    """Markdown files under `<root>/entries/`, searched through a cached BM25 index."""

    backend = "files"

    def __init__(
        self,
        root: Path,
        *,
        sweep_interval_s: float = 1.0,
        params: RankingParams = DEFAULT_PARAMS,
    ) -> None:
        self.root = root
        self.params = params
        self.files = EntryFiles(root)
        self.catalog = Catalog(self.files, sweep_interval_s=sweep_interval_s)
        self.access = AccessLog(self.files.cache / "access.sqlite")
        self._last_access = self.access.all()
        self._view: _View | None = None
        self._view_version = -1

    # -- the writer's surface -----------------------------------------------------------
    def put(self, memory: Memory) -> None:
        path = self.files.write(memory)
        self.catalog.note_written(memory, path)

    def find_duplicate(self, key: str) -> str | None:
        self.catalog.refresh()
        return self.catalog.id_for_key(key)

    def rebuild(self) -> RebuildReport:
        self.catalog.reset()
        shutil.rmtree(self.files.cache / "bm25", ignore_errors=True)
        self._view_version = -1
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
        ranked = self._ranked(query, filters or Filters())
        if ranked is None or k <= 0:
            return []
        view, bm25, context, score, age_decay = ranked
        hits = []
        for i in top_k(score, k).tolist():
            memory = view.memories[i]
            detail: dict[str, Any] = {}
            if explain:
                detail = {
                    "bm25": float(bm25[i]),
                    "terms": view.index.term_scores(query, i),
                    "neighbours": float(context[i] - bm25[i]),
                    "decay": float(age_decay[i]),
                    "confidence": memory.confidence,
                    "superseded": bool(view.superseded[i]),
                }
            hits.append(Hit(memory=memory, score=float(score[i]), explain=detail))
        if touch:
            self._touch([h.memory.id for h in hits])
        return hits

    # -- internals ----------------------------------------------------------------------
    def _ranked(
        self, query: str, filters: Filters
    ) -> tuple[_View, Floats, Floats, Floats, Floats] | None:
        """Every memory's score for the query, as vectors (zero where filters refuse it)."""
        view = self._ensure_index()
        if view is None:
            return None
        now = utcnow()
        bm25 = view.index.scores(query)
        # Neighbours lift a memory that matches the query itself, never one that does not.
        context = np.where(
            bm25 > 0, with_neighbours(bm25, view.neighbours, self.params.neighbours), 0.0
        )
        age_decay = ranking.decay((now.timestamp() - view.last_seen) / SECONDS_PER_DAY)
        score = context * view.static * age_decay
        score[~view.admitted(filters, now)] = 0.0
        return view, bm25, context, score, age_decay

    def _touch(self, ids: builtins.list[str]) -> None:
        now = utcnow()
        self.access.touch(ids, now)
        for memory_id in ids:
            count = self._last_access.get(memory_id, (now, 0))[1]
            self._last_access[memory_id] = (now, count + 1)
        if self._view is not None:
            self._view.seen(ids, now)

    def _ensure_index(self) -> _View | None:
        if self.catalog.refresh():
            self._last_access = self.access.all()
        if self._view_version != self.catalog.version:
            memories = self.catalog.memories
            self._view = (
                _View.build(memories, self._last_access, self.files.cache / "bm25", self.params)
                if memories
                else None
            )
            self._view_version = self.catalog.version
        return self._view

    def access_stats(self, memory_id: str) -> tuple[datetime, int] | None:
        return self._last_access.get(memory_id) or self.access.get(memory_id)

    def close(self) -> None:
        self.access.close()
