"""The postgres backend's semantic leg, stored: one MiniLM vector per memory, in pgvector.

The table (`embeddings`, schema step 2) holds a `vector(384)` per memory, keyed by the
memory's `seq` (deleted with its row) and stamped with the fingerprint of the version it
was computed from, so a changed memory's old vector is known to be stale. A vector is
computed once, client-side, by the loop that writes the memory (the files backend's
encoder and document: text and tags), and sent with the row's upsert; `rebuild` and
`sync` backfill every row that lacks a current vector (a memory written while the leg was
off, or by a loop without it). Until then such a memory is ranked by BM25 alone.

pgvector's type and operators live in the schema the extension was created in (`public`
when the migration created it; a managed service may keep them in `extensions`): every
statement here names that schema, so the store's own `search_path` needs nothing more.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray
from psycopg import Connection, sql

from agentmem._exceptions import StoreError
from agentmem.core.model import Memory
from agentmem.retrieval.semantic import Encoder, MiniLmEncoder, QueryVectors
from agentmem.stores.projection import fingerprint
from agentmem.stores.rankview import document

Conn = Connection[Any]
DIMENSIONS = 384  # all-MiniLM-L6-v2; another encoder needs another column
BACKFILL_BATCH = 256  # rows encoded per round trip by a backfill

# Schema step 2. A server without pgvector fails the migration with the fix in the message
# (psycopg shows the HINT); `extension` is a parameter so a test can ask for one that no
# server has. The extension goes to `public` when this step creates it (the fleet's own
# schemas come and go; an extension created inside one would go with it).
STEP = """
DO $step$
DECLARE ext text;
BEGIN
    SELECT n.nspname INTO ext FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace
    WHERE e.extname = '{extension}';
    IF ext IS NULL THEN
        IF NOT EXISTS (SELECT 1 FROM pg_available_extensions WHERE name = '{extension}') THEN
            RAISE EXCEPTION 'agentmem''s postgres backend needs the pgvector extension '
                '("{extension}"), and this server does not have it'
            USING HINT = 'install pgvector on the database server '
                '(https://github.com/pgvector/pgvector; on a managed PostgreSQL, allow or '
                'enable its "vector" extension), then open the store again';
        END IF;
        BEGIN
            CREATE EXTENSION {extension} SCHEMA public;
        EXCEPTION WHEN insufficient_privilege THEN
            RAISE EXCEPTION 'agentmem''s postgres backend needs the pgvector extension, and '
                'this role may not create it'
            USING HINT = 'ask the database owner to run: CREATE EXTENSION vector;';
        END;
        ext := 'public';
    END IF;
    EXECUTE format('CREATE TABLE embeddings (
        mem integer PRIMARY KEY REFERENCES memories (seq) ON DELETE CASCADE,
        fingerprint text NOT NULL,
        v %I.vector({dimensions}) NOT NULL)', ext);
    EXECUTE format('CREATE INDEX embeddings_ip ON embeddings USING hnsw (v %I.vector_ip_ops)', ext);
END
$step$;
"""


def step(extension: str = "vector") -> str:
    return STEP.format(extension=extension, dimensions=DIMENSIONS)


def literal(vector: NDArray[np.float32]) -> str:
    """pgvector's text form; nine significant digits give back the same float32."""
    return "[" + ",".join(f"{x:.9g}" for x in vector.tolist()) + "]"


@dataclass(frozen=True)
class Embedded:
    """One memory's vector, for the version whose fingerprint it carries."""

    memory_id: str
    fingerprint: str
    vector: str  # literal()


class VectorLeg:
    """The encoder (built at first use: loading the model costs seconds), the query vectors,
    and where pgvector lives on this server."""

    def __init__(self, encoder: Encoder | None = None) -> None:
        self._encoder = encoder
        self._queries: QueryVectors | None = None
        self._ext: str | None = None

    @property
    def encoder(self) -> Encoder:
        if self._encoder is None:
            self._encoder = MiniLmEncoder()
        return self._encoder

    def query(self, text: str) -> tuple[str, str]:
        """The query's vector and its negation (the nearest to it is the least similar)."""
        if self._queries is None:
            self._queries = QueryVectors(self.encoder)
        vector = self._checked(self._queries(text)[None, :])[0]
        return literal(vector), literal(-vector)

    def embed(
        self, memories: Sequence[Memory], prints: Sequence[str] | None = None
    ) -> list[Embedded]:
        """Each memory's vector (one batch), for the versions `prints` names (by default
        the memories' own)."""
        if not memories:
            return []
        documents = [document(m) for m in memories]
        # One encoding per text, as the files backend's cache keeps them: equal texts get
        # the very same vector, so their scores tie exactly (row order decides) there too.
        unique = list(dict.fromkeys(documents))
        vectors = self._checked(self.encoder.encode(unique))
        row = {d: i for i, d in enumerate(unique)}
        prints = prints if prints is not None else [fingerprint(m) for m in memories]
        return [
            Embedded(m.id, p, literal(vectors[row[d]]))
            for m, p, d in zip(memories, prints, documents, strict=True)
        ]

    def _checked(self, vectors: NDArray[np.float32]) -> NDArray[np.float32]:
        if vectors.ndim != 2 or vectors.shape[1] != DIMENSIONS:
            raise StoreError(
                f"the semantic leg's encoder {self.encoder.name!r} gives vectors of shape "
                f"{vectors.shape}; the postgres backend stores {DIMENSIONS} dimensions "
                "(all-MiniLM-L6-v2): use that model"
            )
        return vectors

    def ext(self, conn: Conn) -> sql.Identifier:
        """The schema pgvector's type and operators are in."""
        if self._ext is None:
            row = conn.execute(
                "SELECT n.nspname FROM pg_extension e JOIN pg_namespace n "
                "ON n.oid = e.extnamespace WHERE e.extname = 'vector'"
            ).fetchone()
            if row is None:
                raise StoreError(
                    "pgvector is not installed in this database: CREATE EXTENSION vector"
                )
            self._ext = str(row[0])
        return sql.Identifier(self._ext)

    def write(self, conn: Conn, embedded: Iterable[Embedded]) -> int:
        """Store vectors, each only if its memory's row is still the version it was
        computed from (another loop may have changed it since); return how many."""
        rows = list(embedded)
        if not rows:
            return 0
        statement = sql.SQL(
            "INSERT INTO embeddings (mem, fingerprint, v) "
            "SELECT m.seq, m.fingerprint, u.v::{ext}.vector FROM unnest(%s::text[], "
            "%s::text[], %s::text[]) AS u(id, fp, v) JOIN memories m "
            "ON m.id = u.id AND m.fingerprint = u.fp ORDER BY m.seq "
            "ON CONFLICT (mem) DO UPDATE SET fingerprint = excluded.fingerprint, v = excluded.v"
        ).format(ext=self.ext(conn))
        args = (
            [r.memory_id for r in rows],
            [r.fingerprint for r in rows],
            [r.vector for r in rows],
        )
        return conn.execute(statement, args).rowcount

    def backfill(
        self, call: Callable[[Callable[[Conn], object]], object], batch: int = BACKFILL_BATCH
    ) -> int:
        """Encode and store a vector for every row that lacks one for its current version
        (written while the leg was off, by a loop without it, or changed since); `call`
        runs a function on a connection (the store's retrying `call`). Return how many."""
        after, done = -1, 0
        while True:
            found: list[tuple[int, str, Memory]] = []

            def fetch(conn: Conn, since: int = after, into: list[Any] = found) -> None:
                into.extend(
                    (int(seq), str(print_), Memory.model_validate(record))
                    for seq, print_, record in conn.execute(
                        "SELECT m.seq, m.fingerprint, m.record FROM memories m "
                        "LEFT JOIN embeddings e "
                        "ON e.mem = m.seq WHERE m.seq > %s "
                        "AND (e.mem IS NULL OR e.fingerprint <> m.fingerprint) "
                        "ORDER BY m.seq LIMIT %s",
                        (since, batch),
                    ).fetchall()
                )

            call(fetch)
            if not found:
                return done
            embedded = self.embed([m for *_, m in found], [p for _, p, _ in found])
            call(lambda conn, e=embedded: self.write(conn, e))  # type: ignore[misc]
            done += len(found)
            after = found[-1][0]
