"""The tokenizer's remake builds the new postings beside the live ones and swaps them in
(agentmem.stores.pg_swap): searches and writes of other loops go on while it runs, and
what they write is in the postings it swaps in."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import psycopg
import pytest

from agentmem.stores import pg_swap, pg_write
from agentmem.stores.bm25 import INDEX_FORMAT
from agentmem.stores.pg_local import LocalServer
from agentmem.stores.pg_terms import KEY, migrate
from agentmem.stores.postgres import PostgresStore
from tests.backends import pg_store
from tests.test_stem_folding import _memory, _write

TEXTS = [
    "the kiln needs an hour to cool before unloading",
    "glaze the mugs twice when the clay is porous",
    "the wheel wobbles unless its belt is tightened",
    "store the slip in sealed buckets over winter",
    "the studio's kiln shelf cracked in the spring firing",
    "trim the bowls while the clay is leather hard",
]


def _by_id(conn: Any) -> tuple[list[Any], ...]:
    """The postings, lengths and totals, named by memory id (two schemas number their
    rows apart)."""
    return (
        conn.execute(
            "SELECT p.term, m.id, p.tf, p.dl, p.run, p.conf, p.born "
            "FROM postings p JOIN memories m ON m.seq = p.mem ORDER BY 1, 2"
        ).fetchall(),
        conn.execute("SELECT id, doc_len FROM memories ORDER BY id").fetchall(),
        conn.execute("SELECT sum(n), sum(total) FROM stats").fetchall(),
    )


def test_searches_and_writes_go_on_during_a_remake_and_its_postings_hold_the_writes(
    pg_server: LocalServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While a remake is paused between its batches, another loop's search returns (from
    the server) and its writes are taken: a new memory, an update of a row the remake had
    already copied and of one it had not, a removal. After the swap the postings, lengths
    and totals are a fresh load's of the same files, and the new memory is found."""
    root = tmp_path / "memory"
    _write(root, [_memory(i, text) for i, text in enumerate(TEXTS)])
    first = pg_store(root, pg_server, schema="swap")
    first.rebuild()
    assert isinstance(first, PostgresStore)
    with first.connection() as conn:  # as an earlier tokenizer left them: other lengths
        conn.execute("UPDATE meta SET value = %s WHERE key = %s", (str(INDEX_FORMAT - 1), KEY))
        conn.execute("UPDATE postings SET dl = dl + 1")
        conn.execute("UPDATE memories SET doc_len = doc_len + 1")
        conn.execute("UPDATE stats SET total = total + n")
    first.close()

    monkeypatch.setattr(pg_swap, "BATCH", 2)
    paused, resume = threading.Event(), threading.Event()
    copy = pg_swap.Remake._copy

    def pausing(self: pg_swap.Remake, made: pg_swap.Made) -> None:
        copy(self, made)
        if not paused.is_set():
            paused.set()
            assert resume.wait(60)

    monkeypatch.setattr(pg_swap.Remake, "_copy", pausing)
    failures: list[BaseException] = []

    def remaking() -> None:
        try:
            with psycopg.connect(
                pg_server.url, autocommit=True, options="-c search_path=swap"
            ) as conn:
                migrate(conn, "swap")
        except BaseException as exc:  # handed to the test's thread
            failures.append(exc)
            paused.set()

    remaker = threading.Thread(target=remaking)
    remaker.start()
    assert paused.wait(60) and not failures

    loop = pg_store(root, pg_server, schema="swap")  # a loop that opens meanwhile
    assert isinstance(loop, PostgresStore)
    found: list[Any] = []
    searching = threading.Thread(
        target=lambda: found.append(loop.search("kiln firing", 10, touch=False))
    )
    searching.start()
    searching.join(20)
    assert not searching.is_alive(), "a search waited for the remake"
    assert loop.answered_by == "server" and found[0]

    loop.put(_memory(10, "the raku kiln vents through the north window"))
    loop.put(_memory(0, "the kiln cools overnight now; unload it at dawn"))  # copied
    loop.put(_memory(5, "bowls are trimmed once bone dry"))  # not yet
    (root / "entries" / "semantic-f00002.md").unlink()
    assert loop.call(lambda conn: pg_write.remove(conn, "semantic-f00002"))
    resume.set()
    remaker.join(60)
    assert not remaker.is_alive() and not failures

    found_after = loop.search("raku vents", 10, touch=False)
    assert [h.memory.id for h in found_after][:1] == ["semantic-f00010"]
    with loop.connection() as conn:
        swapped = _by_id(conn)
        held = conn.execute("SELECT value FROM meta WHERE key = %s", (KEY,)).fetchone()
        left = conn.execute(
            "SELECT tablename FROM pg_tables WHERE schemaname = 'swap' "
            "AND tablename IN ('postings_next', 'remake_log', 'remake_lengths')"
        ).fetchall()
        triggers = conn.execute(
            "SELECT tgname FROM pg_trigger WHERE tgname = 'remake_noted'"
        ).fetchall()
    loop.close()
    assert held == (str(INDEX_FORMAT),) and left == [] and triggers == []

    fresh = pg_store(root, pg_server, schema="swap_fresh")
    fresh.rebuild()
    assert isinstance(fresh, PostgresStore)
    with fresh.connection() as conn:
        assert swapped == _by_id(conn)
    fresh.close()


def test_a_remake_another_process_holds_is_not_waited_for(
    pg_server: LocalServer, tmp_path: Path
) -> None:
    """A process that finds the tokenizer stale while another one remakes opens the schema
    at once (its searches rank on the live postings), and leaves the remake to the other."""
    root = tmp_path / "memory"
    _write(root, [_memory(i, text) for i, text in enumerate(TEXTS)])
    first = pg_store(root, pg_server, schema="held")
    first.rebuild()
    first.close()
    with psycopg.connect(pg_server.url, autocommit=True, options="-c search_path=held") as conn:
        conn.execute("UPDATE meta SET value = %s WHERE key = %s", (str(INDEX_FORMAT - 1), KEY))
        conn.execute("SELECT pg_advisory_lock(%s)", (pg_swap.REMAKE_KEY,))  # "remaking"
        other = pg_store(root, pg_server, schema="held", timeout_s=2.0)
        assert isinstance(other, PostgresStore)
        assert [h.memory.id for h in other.search("leather hard bowls", 3, touch=False)][:1] == [
            "semantic-f00005"
        ]
        assert other.answered_by == "server"
        still = conn.execute("SELECT value FROM meta WHERE key = %s", (KEY,)).fetchone()
        assert still == (str(INDEX_FORMAT - 1),)
        other.close()
