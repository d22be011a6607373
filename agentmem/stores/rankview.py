"""The catalog laid out as arrays for ranking: one row per memory, in (run, creation) order.

Built once per catalog version, so a search does no per-memory Python work: BM25, neighbour
context, decay, confidence and the filters are all vector operations over these rows. When
the catalog only gained memories, `add` slots them into their rows instead: every array
comes out as a fresh build would make it (tests/test_rank_incremental.py).
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from agentmem.core.model import Memory, MemoryType
from agentmem.retrieval.ranking import SUPERSEDED_FACTOR, RankingParams, run_neighbours
from agentmem.retrieval.semantic import SemanticIndex, VectorCache
from agentmem.stores.base import Filters
from agentmem.stores.bm25 import Bm25Index, TokenCache

Floats = NDArray[np.float64]
Bools = NDArray[np.bool_]
Ints = NDArray[np.int64]
NEVER = np.inf
MASK_CACHE = 32


def when(stamp: str) -> datetime:
    value = datetime.fromisoformat(stamp)
    return value if value.tzinfo is not None else value.replace(tzinfo=UTC)


def document(memory: Memory) -> str:
    """What the lexical index sees of a memory: its text and its tags."""
    return " ".join((memory.text, *memory.tags))


def sequence(memory: Memory) -> str:
    """The sequence a memory belongs to for neighbour context: episodic memories are the
    events of their run, in order; any other memory is a statement that stands alone."""
    if memory.type is MemoryType.EPISODIC:
        return f"run:{memory.run_id}"
    return f"own:{memory.id}"


def sort_key(memory: Memory) -> tuple[str, str, str]:
    return (sequence(memory), memory.created_at, memory.id)


def _seen(memory: Memory, last_access: Mapping[str, tuple[datetime, int]]) -> float:
    """Epoch seconds of the memory's last access (its creation when never read)."""
    seen = last_access.get(memory.id)
    return (seen[0] if seen is not None else when(memory.created_at)).timestamp()


def _expires(memory: Memory) -> float:
    return when(memory.expires_at).timestamp() if memory.expires_at else NEVER


@dataclass
class RankView:
    """Aligned arrays over every memory; row i is `memories[i]`."""

    memories: list[Memory]
    keys: list[tuple[str, str, str]]  # each row's sort key, ascending
    index: Bm25Index
    runs: Ints  # a code per row, equal within a sequence (what neighbour context follows)
    neighbours: Ints
    confidence: Floats
    static: Floats  # confidence × supersession
    superseded: Bools
    replaced: set[str]  # every id some memory supersedes
    last_seen: Floats  # epoch seconds of the last access (creation when never read)
    expires: Floats  # epoch seconds, inf when the memory never expires
    depth: int  # neighbour distances looked at
    semantic: SemanticIndex | None = None
    _masks: dict[Filters, Bools] = field(default_factory=dict)
    _run_codes: dict[str, int] = field(default_factory=dict)

    @classmethod
    def build(
        cls,
        catalog: Mapping[str, Memory],
        last_access: Mapping[str, tuple[datetime, int]],
        index_dir: Path,
        params: RankingParams,
        vectors: VectorCache | None = None,
        tokens: TokenCache | None = None,
    ) -> RankView:
        unsorted = list(catalog.values())
        unsorted_keys = [sort_key(m) for m in unsorted]
        order = sorted(range(len(unsorted)), key=unsorted_keys.__getitem__)
        memories = [unsorted[i] for i in order]
        keys = [unsorted_keys[i] for i in order]
        ids = [m.id for m in memories]
        replaced = {old for m in memories for old in m.supersedes}
        superseded = np.array([m.id in replaced for m in memories], dtype=bool)
        confidence = np.array([m.confidence for m in memories], dtype=np.float64)
        documents = [document(m) for m in memories]
        semantic = (
            None if vectors is None else SemanticIndex(vectors.matrix(documents), vectors.encoder)
        )
        codes: dict[str, int] = {}
        runs = np.array([codes.setdefault(k[0], len(codes)) for k in keys], np.int64)
        depth = len(params.neighbours)
        return cls(
            memories=memories,
            keys=keys,
            index=Bm25Index.cached(index_dir, ids, documents, params, tokens),
            runs=runs,
            neighbours=run_neighbours(runs, depth),
            confidence=confidence,
            static=confidence * np.where(superseded, SUPERSEDED_FACTOR, 1.0),
            superseded=superseded,
            replaced=replaced,
            last_seen=np.array([_seen(m, last_access) for m in memories], dtype=np.float64),
            expires=np.array([_expires(m) for m in memories], dtype=np.float64),
            depth=depth,
            semantic=semantic,
            _run_codes=codes,
        )

    def can_add(self, count: int) -> bool:
        """Whether inserting `count` memories beats building afresh."""
        return count <= max(64, len(self.memories) // 10)

    def add(
        self,
        memories: Sequence[Memory],
        last_access: Mapping[str, tuple[datetime, int]],
        vectors: VectorCache | None = None,
        tokens: TokenCache | None = None,
    ) -> None:
        """Slot memories new to the view into their rows (ids must not be in it yet)."""
        fresh = sorted(memories, key=sort_key)
        keys = [sort_key(m) for m in fresh]
        at = np.array([bisect_left(self.keys, k) for k in keys], dtype=np.int64)
        for row, memory, key in zip(at[::-1].tolist(), fresh[::-1], keys[::-1], strict=True):
            self.memories.insert(row, memory)  # back to front: equal rows keep their order
            self.keys.insert(row, key)
        documents = [document(m) for m in fresh]
        self.index.add(at.tolist(), [m.id for m in fresh], documents, tokens)
        if self.semantic is not None and vectors is not None:
            self.semantic.vectors = np.insert(
                self.semantic.vectors, at, vectors.matrix(documents), axis=0
            )
        codes = self._run_codes
        runs = [codes.setdefault(sequence(m), len(codes)) for m in fresh]
        self.runs = np.insert(self.runs, at, runs)
        self.neighbours = run_neighbours(self.runs, self.depth)
        self.confidence = np.insert(self.confidence, at, [m.confidence for m in fresh])
        self.last_seen = np.insert(self.last_seen, at, [_seen(m, last_access) for m in fresh])
        self.expires = np.insert(self.expires, at, [_expires(m) for m in fresh])
        self.replaced.update(old for m in fresh for old in m.supersedes)
        self.superseded = np.insert(self.superseded, at, [m.id in self.replaced for m in fresh])
        for old in (old for m in fresh for old in m.supersedes):
            row = self.row(old)
            if row is not None:
                self.superseded[row] = True
        self.static = self.confidence * np.where(self.superseded, SUPERSEDED_FACTOR, 1.0)
        for scope, mask in self._masks.items():
            self._masks[scope] = np.insert(mask, at, [scope.admits(m) for m in fresh])

    def row(self, memory_id: str) -> int | None:
        return self.index.row(memory_id)

    def reseen(self, last_access: Mapping[str, tuple[datetime, int]]) -> None:
        """Take every last access from `last_access` (the sidecar was read again)."""
        self.last_seen = np.array([_seen(m, last_access) for m in self.memories], np.float64)

    def seen(self, ids: Iterable[str], now: datetime) -> None:
        """Record reads so decay sees them without a rebuild."""
        stamp = now.timestamp()
        for memory_id in ids:
            row = self.row(memory_id)
            if row is not None:  # a racing reader's earlier time never moves it back
                self.last_seen[row] = max(self.last_seen[row], stamp)

    def admitted(self, filters: Filters, now: datetime) -> Bools:
        """Which rows the filters admit: the scope part is cached, expiry checked per call."""
        scope = Filters(  # tuples, so a host's lists still make a cache key
            user_id=filters.user_id,
            app_ids=_tuple(filters.app_ids),
            types=_tuple(filters.types),
            cohort=filters.cohort,
            tags_any=_tuple(filters.tags_any),
            include_expired=True,
        )
        mask = self._masks.get(scope)
        if mask is None:
            mask = np.array([scope.admits(m) for m in self.memories], dtype=bool)
            if len(self._masks) >= MASK_CACHE:
                self._masks.pop(next(iter(self._masks)))
            self._masks[scope] = mask
        if not filters.include_superseded:
            mask = mask & ~self.superseded
        if filters.include_expired:
            return mask
        return mask & (self.expires > now.timestamp())


def _tuple(values: Iterable[str] | None) -> tuple[str, ...] | None:
    return None if values is None else tuple(values)
