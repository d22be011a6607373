"""The embedded `files` backend: the memory root itself plus a derived BM25 index.

Ranking (agentmem.retrieval.ranking) is BM25 with neighbour context × confidence × temporal decay,
with decay = max(0.3, exp(-0.03 × days since last access)) (seed 004, pattern 4). A memory
another one supersedes stays searchable but is ranked down.
"""

from __future__ import annotations

import builtins
import shutil
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import numpy as np

from agentmem.core.locks import exclusive
from agentmem.core.model import Hit, Memory
from agentmem.retrieval import ranking
from agentmem.retrieval.ranking import (
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
from agentmem.retrieval.semantic import Encoder, MiniLmEncoder, VectorCache, fuse
from agentmem.stores.base import Filters, Progress, RebuildReport
from agentmem.stores.bm25 import TokenCache, Weighed
from agentmem.stores.canonical import CanonicalFiles
from agentmem.stores.rankview import RankView as _View

# SUPERSEDED_FACTOR stays importable from here: other backends rank the same way.
__all__ = ["DECAY_FLOOR", "DECAY_RATE", "SUPERSEDED_FACTOR", "FileStore", "decay"]


@dataclass(frozen=True)
class _Scored:
    """One query's score vectors, kept so a hit can say how its score was made."""

    view: _View
    bm25: Floats
    context: Floats  # bm25 plus neighbour context
    cosine: Floats | None  # the semantic leg, when it ran
    fused: Floats
    decay: Floats
    score: Floats
    weighed: Weighed  # the query's terms and their weights, for the explanation

    def explain(self, i: int, query: str, weights: Any = None) -> dict[str, Any]:
        """How hit `i`'s score was made (`weights`: the query's `term_weights`, read once
        for all its hits)."""
        memory = self.view.memories[i]
        detail: dict[str, Any] = {
            "bm25": float(self.bm25[i]),
            "terms": self.view.index.term_scores(query, i, weights),
            "neighbours": float(self.context[i] - self.bm25[i]),
            "decay": float(self.decay[i]),
            "confidence": memory.confidence,
            "superseded": bool(self.view.superseded[i]),
        }
        if self.cosine is not None:
            detail["fusion"] = {"cosine": float(self.cosine[i]), "fused": float(self.fused[i])}
        return detail


def decay(last: datetime, now: datetime) -> float:
    """max(0.3, exp(-0.03 × days since `last`)) for one memory."""
    days = (now - last).total_seconds() / SECONDS_PER_DAY
    return float(ranking.decay(np.array([days]))[0])


class FileStore(CanonicalFiles):
    """Markdown files under `<root>/entries/`, searched through a cached BM25 index."""

    backend = "files"

    def __init__(
        self,
        root: Path,
        *,
        sweep_interval_s: float = 1.0,
        params: RankingParams = DEFAULT_PARAMS,
        semantic: Encoder | bool = False,
    ) -> None:
        """`semantic=True` fuses the MiniLM leg in (needs `agentmem-loop[semantic]`); an
        `Encoder` brings another model; False (the default) is BM25 alone."""
        super().__init__(root, sweep_interval_s=sweep_interval_s)
        self.params = params
        self._semantic = semantic
        self._vectors: VectorCache | None = None
        self._tokens = TokenCache()
        self._view: _View | None = None
        self._view_version = -1

    # -- the writer's surface -----------------------------------------------------------
    def put(self, memory: Memory) -> None:
        path = self.files.write(memory)
        with self.lock:
            self.catalog.note_written(memory, path)

    def rebuild(self, progress: Progress | None = None) -> RebuildReport:
        """Read every file again and index it anew; `progress(1)` after each file."""
        # Under the writer's lock no write is in flight, so a stale temp file is an orphan.
        # (Taken before self.lock, never under it: see CanonicalFiles.lock.)
        with exclusive(self.files.cache / "write.lock"):
            for orphan in self.files.orphans():
                orphan.unlink(missing_ok=True)
        with self.lock:
            self.catalog.reset(progress)
            shutil.rmtree(self.files.cache / "bm25", ignore_errors=True)
            self._view_version = -1
            self._ensure_index()
            return RebuildReport(len(self.catalog.memories), list(self.catalog.broken.values()))

    # -- the reader's surface -----------------------------------------------------------
    def search(
        self,
        query: str,
        k: int = 10,
        filters: Filters | None = None,
        *,
        touch: bool = True,
        explain: bool = False,
    ) -> builtins.list[Hit]:
        return self._search(query, k, filters, touch=touch, explain=explain, semantic=True)

    def lexical_search(self, query: str, k: int, filters: Filters) -> builtins.list[Hit]:
        """BM25 alone, explained, touching nothing: what the writer compares a draft with
        (agentmem.core.restate). It encodes nothing, so a lesson costs one encoding."""
        return self._search(query, k, filters, touch=False, explain=True, semantic=False)

    def _search(
        self,
        query: str,
        k: int,
        filters: Filters | None,
        *,
        touch: bool,
        explain: bool,
        semantic: bool,
    ) -> builtins.list[Hit]:
        with self.lock:  # the view is extended in place by the next search after a write
            scored = self._scored(query, filters or Filters(), semantic=semantic)
            if scored is None or k <= 0:
                return []
            view = scored.view
            hits = []
            top = top_k(scored.score, k).tolist()
            weights = view.index.term_weights(query, top, scored.weighed) if explain else None
            for i in top:
                memory = view.memories[i]
                detail = scored.explain(i, query, weights) if explain else {}
                hits.append(Hit(memory=memory, score=float(scored.score[i]), explain=detail))
        if touch:
            self._touch([h.memory.id for h in hits])
        return hits

    # -- internals ----------------------------------------------------------------------
    def _scored(self, query: str, filters: Filters, *, semantic: bool = True) -> _Scored | None:
        """Every memory's score for the query, as vectors (zero where filters refuse it)."""
        view = self._ensure_index()
        if view is None:
            return None
        now = self.clock()
        weighed = view.index.weigh(query)
        bm25 = view.index.scores(query, weighed)
        # Neighbours lift a memory that matches the query itself, never one that does not.
        context = np.where(
            bm25 > 0, with_neighbours(bm25, view.neighbours, self.params.neighbours), 0.0
        )
        cosine = view.semantic.scores(query) if semantic and view.semantic is not None else None
        fused = context if cosine is None else fuse(context, cosine)
        age_decay = ranking.decay((now.timestamp() - view.last_seen) / SECONDS_PER_DAY)
        score = fused * view.static * age_decay
        score[~view.admitted(filters, now)] = 0.0
        return _Scored(view, bm25, context, cosine, fused, age_decay, score, weighed)

    def _touch(self, ids: builtins.list[str]) -> datetime:
        now = super()._touch(ids)
        with self.lock:
            if self._view is not None:
                self._view.seen(ids, now)  # decay follows the read without a rebuild
        return now

    def _ensure_index(self) -> _View | None:
        reread = self.catalog.refresh()
        if reread:
            self._last_access = self.access.all()
        if self._view_version != self.catalog.version:
            memories = self.catalog.memories
            arrived = self.catalog.added_since(self._view_version)
            if self._view is not None and arrived is not None and self._view.can_add(len(arrived)):
                # Only new memories since the last search: slot them in, rebuild nothing.
                self._view.add(
                    [memories[i] for i in arrived],
                    self._last_access,
                    self._vector_cache(),
                    self._tokens,
                )
                if reread:
                    self._view.reseen(self._last_access)
                self._view_version = self.catalog.version
                return self._view
            self._view = (
                _View.build(
                    memories,
                    self._last_access,
                    self.files.cache / "bm25",
                    self.params,
                    self._vector_cache(),
                    self._tokens,
                )
                if memories
                else None
            )
            self._view_version = self.catalog.version
        return self._view

    def _vector_cache(self) -> VectorCache | None:
        if self._semantic is False:
            return None
        if self._vectors is None:
            encoder = MiniLmEncoder() if self._semantic is True else self._semantic
            self._vectors = VectorCache(self.files.cache / "semantic", encoder)
        return self._vectors

    @property
    def legs(self) -> builtins.list[str]:
        """The retrieval legs a search runs, in order."""
        legs = ["bm25"] + (["neighbours"] if self.params.neighbours else [])
        return legs + (["semantic"] if self._semantic is not False else [])
