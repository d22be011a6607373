"""The postgres backend with the semantic leg on (`AGENTMEM_SEMANTIC=true`).

The same store, plus one vector per memory on the server (agentmem.stores.pg_vector) and
searches that fuse it with BM25 as the files backend does (agentmem.stores.pg_vector_rank):

- a write computes its memory's vector once, here, and stores it right after the row; if
  the server fails in between, the id is owed in the outbox like a row, and the replay
  writes both;
- `rebuild` and `agentmem sync` then backfill every row of the fleet that lacks a vector
  for its current version (memories written before the leg was on, or by a loop without
  it); until then such a memory is found by BM25 alone;
- the writer's restatement check (`lexical_search`) stays lexical, as on the files backend,
  and so does the fallback to this root's files while the server is down.
"""

from __future__ import annotations

import builtins
from pathlib import Path
from typing import Any

from agentmem.core.model import Memory
from agentmem.retrieval.semantic import Encoder
from agentmem.stores import pg_vector_prune
from agentmem.stores.base import Progress, RebuildReport
from agentmem.stores.pg_rank import Ranked, RankRequest
from agentmem.stores.pg_vector import VectorLeg
from agentmem.stores.pg_vector_rank import EXACT_MAX, fused_sql, run
from agentmem.stores.pg_write import Conn
from agentmem.stores.postgres import PostgresStore
from agentmem.stores.projection import ProjectionError


class SemanticPostgresStore(PostgresStore):
    """PostgresStore whose searches fuse MiniLM cosine (pgvector) with BM25."""

    def __init__(
        self, root: Path, url: str, *, semantic: Encoder | bool = True, **options: Any
    ) -> None:
        """`semantic=True` loads the offline MiniLM model at first use (the `semantic`
        extra); an `Encoder` of 384 dimensions brings it already loaded."""
        super().__init__(root, url, **options)
        self.vectors = VectorLeg(None if isinstance(semantic, bool) else semantic)
        self.semantic_exact_max = EXACT_MAX  # see pg_vector_rank
        self.semantic_prune_min = pg_vector_prune.PRUNE_MIN  # see pg_vector_prune
        self.fuse = self._fused

    def project(self, memory: Memory, *, force: bool = False) -> bool:
        """The row (PostgresStore.project), then the memory's vector; a vector the server
        could not take leaves the id owed, as a row would."""
        if not super().project(memory, force=force):
            return False
        embedded = self.vectors.embed([memory])
        try:
            self.call(lambda conn: self.vectors.write(conn, embedded))
        except ProjectionError as exc:
            owed = self.outbox.add(memory.id, str(exc))
            self._failed("projection_queued", exc, id=memory.id, attempts=owed.attempts)
            return False
        return True

    def rebuild(self, progress: Progress | None = None) -> RebuildReport:
        """PostgresStore.rebuild, then a vector for every row lacking one."""
        report = super().rebuild(progress)
        self.backfill()
        return report

    def backfill(self) -> int:
        """Encode and store the vectors the fleet's rows lack; return how many."""
        return self.vectors.backfill(self.call)

    def _fused(self, conn: Conn, query: str, request: RankRequest) -> builtins.list[Ranked]:
        """The search's ranking (PostgresStore calls it through `fuse`)."""
        vector, negated = self.vectors.query(query)
        vectors = (vector, negated, self.vectors.ext(conn))
        exact_max = self.semantic_exact_max
        pruned = pg_vector_prune.rank(
            conn, request, vectors, exact_max=exact_max, prune_min=self.semantic_prune_min
        )
        if pruned is not None:
            return pruned
        statement, args = fused_sql(request, vectors, exact_max=exact_max)
        return run(conn, statement, args)

    @property
    def legs(self) -> builtins.list[str]:
        return [*super().legs, "semantic"]
