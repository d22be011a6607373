"""A postgres schema whose postings an earlier tokenizer made has them made again by the
next process that opens it (agentmem.stores.pg_terms)."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from structlog.testing import capture_logs

from agentmem.stores.bm25 import INDEX_FORMAT
from agentmem.stores.filestore import FileStore
from agentmem.stores.pg_local import LocalServer
from agentmem.stores.pg_terms import KEY
from agentmem.stores.postgres import PostgresStore
from tests.backends import pg_store
from tests.test_stem_folding import _memory, _write

TEXTS = [
    "the fee was deduced from the invoice",
    "a deduction on the invoice",
    "the clerk resolved the backlog",
    "the backlog's resolution",
    "the duct tape",
]


def test_a_schema_whose_postings_an_earlier_tokenizer_made_has_them_made_again(
    pg_server: LocalServer, tmp_path: Path
) -> None:
    """Postings the previous tokenizer wrote (no `tokenizer` in meta, unfolded terms, their
    lengths) are made again by the next process that opens the schema: it then ranks as the
    files backend does, and a second opener finds nothing to redo."""
    root = tmp_path / "memory"
    _write(root, [_memory(i, t) for i, t in enumerate(TEXTS)])
    first = pg_store(root, pg_server, schema="earlier")
    first.rebuild()
    assert isinstance(first, PostgresStore)
    with first.connection() as conn:  # as the previous release left it
        conn.execute("DELETE FROM meta WHERE key = 'tokenizer'")
        conn.execute("UPDATE postings SET term = term || 't' WHERE term IN ('deduc', 'olv')")
        conn.execute("UPDATE postings SET dl = dl + 1")
        conn.execute("UPDATE memories SET doc_len = doc_len + 1")
        conn.execute("UPDATE stats SET total = total + 7")
    first.close()
    files = FileStore(root)
    with capture_logs() as logs:
        server = pg_store(root, pg_server, schema="earlier")
        assert isinstance(server, PostgresStore)
        server.search("fee", 1, touch=False)  # connects: the remake starts in its thread
        assert server.behind.wait(60)
        for question in ["deduced fee", "the resolutions", "duct"]:
            want = files.search(question, 10, touch=False)
            got = server.search(question, 10, touch=False)
            assert [h.memory.id for h in got] == [h.memory.id for h in want], question
            assert [h.score for h in got] == pytest.approx([h.score for h in want], rel=1e-7)
    remade = [e for e in logs if e["event"] == "postgres_postings_remade"]
    assert [e["rows"] for e in remade] == [len(TEXTS)]
    server.close()
    with capture_logs() as logs:
        again = pg_store(root, pg_server, schema="earlier")
        assert again.search("deduced fee", 10, touch=False)
    assert not [e for e in logs if e["event"] == "postgres_postings_remade"]
    again.close()
    files.close()


def _state(conn: Any) -> tuple[list[Any], ...]:
    return (  # catalog rows in no order: sorted (a swapped-in table lists them otherwise)
        conn.execute(
            "SELECT term, mem, tf, dl, run, conf, born FROM postings ORDER BY term, mem"
        ).fetchall(),
        conn.execute("SELECT seq, doc_len FROM memories ORDER BY seq").fetchall(),
        conn.execute("SELECT slot, n, total FROM stats ORDER BY slot").fetchall(),
        sorted(
            conn.execute(
                "SELECT c.conname, pg_get_constraintdef(c.oid) FROM pg_constraint c "
                "JOIN pg_class t ON t.oid = c.conrelid "
                "WHERE t.relname = 'postings' AND t.relnamespace = current_schema()::regnamespace"
            ).fetchall()
        ),
        conn.execute(
            "SELECT column_name, data_type, collation_name, is_nullable "
            "FROM information_schema.columns WHERE table_name = 'postings' "
            "AND table_schema = current_schema() ORDER BY ordinal_position"
        ).fetchall(),
        sorted(
            conn.execute(
                "SELECT indexname, indexdef FROM pg_indexes "
                "WHERE tablename = 'postings' AND schemaname = current_schema()"
            ).fetchall()
        ),
    )


def test_remade_postings_equal_a_fresh_loads(pg_server: LocalServer, tmp_path: Path) -> None:
    """The remake writes exactly what a fresh load of the same files wrote: every posting
    with its count, length and bound columns (run, confidence, creation), every row's
    length and the total lengths, whatever the stale schema held in their place; and the
    postings' key it drops while it copies is made again as the schema made it."""
    root = tmp_path / "memory"
    start = datetime(2026, 1, 1, tzinfo=UTC)
    memories = [
        _memory(i, f"{text} {('', 'again', 'once more')[i // len(TEXTS)]}").model_copy(
            update={
                "confidence": 0.7 + i / 80,
                "created_at": (start + timedelta(hours=7 * i)).isoformat(),
                "run_id": f"2026-01-02-run-{i // 3}",
            }
        )
        for i, text in enumerate(TEXTS * 3)
    ]
    _write(root, memories)
    store = pg_store(root, pg_server, schema="fresh")
    store.rebuild()
    assert isinstance(store, PostgresStore)
    with store.connection() as conn:
        fresh = _state(conn)
        conn.execute("UPDATE meta SET value = %s WHERE key = %s", (str(INDEX_FORMAT - 1), KEY))
        conn.execute("UPDATE postings SET tf = tf + 1, dl = 0, run = 0, conf = 0, born = 0")
        conn.execute("DELETE FROM postings WHERE term = 'invoic'")
        conn.execute("UPDATE memories SET doc_len = doc_len + 2")
        conn.execute("UPDATE stats SET total = total + 7")
    store.close()
    assert len(fresh[0]) > 3 * len(TEXTS) and len(fresh[1]) == len(memories)
    assert "postings_pkey" in [name for name, _ in fresh[3]]
    again = pg_store(root, pg_server, schema="fresh")
    assert isinstance(again, PostgresStore)
    with again.connection() as conn:
        assert again.behind.wait(60)
        assert _state(conn) == fresh
    again.close()


def test_the_remake_bench_remakes_a_stale_store_and_reports_it(pg_server: LocalServer) -> None:
    """bench/pg_remake.py loads a store, marks its tokenizer stale, and reports the first
    open's remake: every row, its figures, and a running loop's searches meanwhile."""
    from bench import pg_remake

    made = pg_remake.loaded(200, pg_server.url, "remake_bench", direct_above=100, keep=False)
    assert made.startswith("generated")
    row = pg_remake.remake(200, pg_server.url, "remake_bench")
    assert row["rows"] == 200 and row["remake_s"] > 0 and row["rows_per_s"] > 0
    assert 0 < row["first_call_s"] <= row["remake_s"]
    assert row["client_cpu_s"] >= 0 and len(row["load"]) == 2
    assert row["answered_by"] == ["server"]  # the running loop searched the server throughout
    assert {"searches_during", "search_wait_max_s", "search_before_p50_ms"} <= set(row)
