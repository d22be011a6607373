"""The catalog laid out as arrays for ranking: one row per memory, in (run, creation) order.

Built once per catalog version, so a search does no per-memory Python work: BM25, neighbour
context, decay, confidence and the filters are all vector operations over these rows.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
from numpy.typing import NDArray

from agentmem.model import Memory, MemoryType
from agentmem.ranking import SUPERSEDED_FACTOR, RankingParams, neighbour_table
from agentmem.semantic import SemanticIndex, VectorCache
from agentmem.stores.base import Filters
from agentmem.stores.bm25 import Bm25Index, TokenCache

Floats = NDArray[np.float64]
Bools = NDArray[np.bool_]
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


@dataclass
class RankView:
    """Aligned arrays over every memory; row i is `memories[i]`."""

    memories: list[Memory]
    index: Bm25Index
    neighbours: NDArray[np.int64]
    static: Floats  # confidence × supersession
    superseded: Bools
    last_seen: Floats  # epoch seconds of the last access (creation when never read)
    expires: Floats  # epoch seconds, inf when the memory never expires
    rows: dict[str, int]
    semantic: SemanticIndex | None = None
    _masks: dict[Filters, Bools] = field(default_factory=dict)

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
        memories = sorted(catalog.values(), key=lambda m: (sequence(m), m.created_at, m.id))
        ids = [m.id for m in memories]
        replaced = {old for m in memories for old in m.supersedes}
        superseded = np.array([m.id in replaced for m in memories], dtype=bool)
        confidence = np.array([m.confidence for m in memories], dtype=np.float64)
        seen = [
            last_access[m.id][0] if m.id in last_access else when(m.created_at) for m in memories
        ]
        documents = [document(m) for m in memories]
        semantic = (
            None if vectors is None else SemanticIndex(vectors.matrix(documents), vectors.encoder)
        )
        return cls(
            memories=memories,
            index=Bm25Index.cached(index_dir, ids, documents, params, tokens),
            neighbours=neighbour_table([sequence(m) for m in memories], len(params.neighbours)),
            static=confidence * np.where(superseded, SUPERSEDED_FACTOR, 1.0),
            superseded=superseded,
            last_seen=np.array([s.timestamp() for s in seen], dtype=np.float64),
            expires=np.array(
                [when(m.expires_at).timestamp() if m.expires_at else NEVER for m in memories],
                dtype=np.float64,
            ),
            rows={memory_id: row for row, memory_id in enumerate(ids)},
            semantic=semantic,
        )

    def seen(self, ids: Iterable[str], now: datetime) -> None:
        """Record reads so decay sees them without a rebuild."""
        stamp = now.timestamp()
        for memory_id in ids:
            row = self.rows.get(memory_id)
            if row is not None:
                self.last_seen[row] = stamp

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
        if filters.include_expired:
            return mask
        return mask & (self.expires > now.timestamp())


def _tuple(values: Iterable[str] | None) -> tuple[str, ...] | None:
    return None if values is None else tuple(values)
