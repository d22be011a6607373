"""A postgres schema whose postings an earlier tokenizer made has them made again by the
next process that opens it (agentmem.stores.pg_terms)."""

from __future__ import annotations

from pathlib import Path

import pytest
from structlog.testing import capture_logs

from agentmem.stores.filestore import FileStore
from agentmem.stores.pg_local import LocalServer
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
