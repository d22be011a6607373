"""The tokenizer's remake runs behind the call that finds it due (agentmem.stores.pg_behind):
that call and the process's next searches return at once, each on one postings table
(the live one, or the new one after the swap); a second process neither waits nor
remakes; and a remake that dies midway is finished by the next process."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import psycopg
import pytest
from structlog.testing import capture_logs

from agentmem.stores import pg_search, pg_swap
from agentmem.stores.bm25 import INDEX_FORMAT
from agentmem.stores.pg_local import LocalServer
from agentmem.stores.pg_terms import KEY
from agentmem.stores.postgres import PostgresStore
from tests.backends import pg_store
from tests.test_postgres_remake_swap import TEXTS, _by_id
from tests.test_stem_folding import _memory, _write


def _stale(root: Path, server: LocalServer, schema: str) -> None:
    """A schema as an earlier tokenizer left it: the word `kiln` spelled otherwise."""
    _write(root, [_memory(i, text) for i, text in enumerate(TEXTS)])
    first = pg_store(root, server, schema=schema)
    first.rebuild()
    assert isinstance(first, PostgresStore)
    with first.connection() as conn:
        conn.execute("UPDATE meta SET value = %s WHERE key = %s", (str(INDEX_FORMAT - 1), KEY))
        conn.execute("UPDATE postings SET term = 'kilnz' WHERE term = 'kiln'")
    first.close()


class Pause:
    """Holds the remake after its first batch until `go` (BATCH 2: three batches)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.paused, self.go = threading.Event(), threading.Event()
        self.pids: list[int] = []
        copy = pg_swap.Remake._copy
        monkeypatch.setattr(pg_swap, "BATCH", 2)

        def pausing(remake: pg_swap.Remake, made: pg_swap.Made) -> None:
            copy(remake, made)
            if not self.paused.is_set():
                self.pids.append(remake.conn.info.backend_pid)
                self.paused.set()
                assert self.go.wait(60)

        monkeypatch.setattr(pg_swap.Remake, "_copy", pausing)


def _open(root: Path, server: LocalServer, schema: str) -> PostgresStore:
    store = pg_store(root, server, schema=schema)
    assert isinstance(store, PostgresStore)
    store.behind.poll_s = 0.2
    return store


def _searched(store: PostgresStore, question: str) -> list[str]:
    """The ids a search returns, asserting it returned within 20 s, from the server."""
    found: list[Any] = []
    searching = threading.Thread(target=lambda: found.append(store.search(question, 10)))
    searching.start()
    searching.join(20)
    assert not searching.is_alive(), "a search waited for the remake"
    assert store.answered_by == "server"
    return [h.memory.id for h in found[0]]


def test_the_remake_runs_behind_the_first_call_whose_searches_see_the_live_postings(
    pg_server: LocalServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The first search of the process that takes the remake returns while the remake is
    held, ranked on the live postings (where `kiln` is still spelled the old way: not
    found); after the swap the same search finds it. Start and end are logged."""
    root = tmp_path / "memory"
    _stale(root, pg_server, "behind")
    pause = Pause(monkeypatch)
    with capture_logs() as logs:
        loop = _open(root, pg_server, "behind")
        assert _searched(loop, "kiln") == []
        assert pause.paused.wait(20) and loop.behind.thread is not None
        assert loop.behind.thread.is_alive()
        assert _searched(loop, "clay")  # words both tokenizers spell alike are found
        pause.go.set()
        assert loop.behind.wait(60)
        assert set(_searched(loop, "kiln")) == {"semantic-f00000", "semantic-f00004"}
    events = [(e["event"], e.get("rows")) for e in logs if "rema" in e["event"]]
    assert events == [("postgres_remake_started", None), ("postgres_postings_remade", 6)]
    loop.close()


def test_a_search_the_swap_comes_amid_is_run_again_on_the_new_postings(
    pg_server: LocalServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A search whose statements the swap falls between is answered wholly from the new
    postings (run again), and the reads counted are its hits', once."""
    root = tmp_path / "memory"
    _stale(root, pg_server, "amid")
    pause = Pause(monkeypatch)
    loop = _open(root, pg_server, "amid")
    loop.search("clay", 1, touch=False)  # connects: the remake starts
    assert pause.paused.wait(20)
    real, calls = pg_search.rank, []

    def swapped_after(conn: Any, request: Any, **kwargs: Any) -> Any:
        rows = real(conn, request, **kwargs)
        calls.append(request.touch)
        if len(calls) == 1:  # the swap, after this statement and before the next
            pause.go.set()
            assert loop.behind.wait(60)
        return rows

    monkeypatch.setattr(pg_search, "rank", swapped_after)
    assert set(_searched(loop, "kiln")) == {"semantic-f00000", "semantic-f00004"}
    assert calls == [False, False]
    assert not loop.remaking
    _searched(loop, "kiln")
    assert calls == [False, False, True]  # current now: searches run once, as before
    with loop.connection() as conn:
        counts = conn.execute(
            "SELECT m.id, a.count FROM access a JOIN memories m ON m.seq = a.mem "
            "WHERE m.id LIKE '%f0000_'"
        )
        assert dict(counts.fetchall()) == {"semantic-f00000": 2, "semantic-f00004": 2}
    loop.close()


def test_a_second_process_neither_waits_for_the_remake_nor_remakes_again(
    pg_server: LocalServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While one store's remake is held, another's searches return at once, and its
    thread leaves the remake to the first: one remake in all."""
    root = tmp_path / "memory"
    _stale(root, pg_server, "second")
    pause = Pause(monkeypatch)
    with capture_logs() as logs:
        first = _open(root, pg_server, "second")
        first.search("clay", 1, touch=False)
        assert pause.paused.wait(20)
        other = _open(root, pg_server, "second")
        assert _searched(other, "kiln") == []
        assert other.behind.thread is not None and other.behind.thread.is_alive()
        pause.go.set()
        assert first.behind.wait(60) and other.behind.wait(60)
        assert set(_searched(other, "kiln")) == {"semantic-f00000", "semantic-f00004"}
    assert [e["event"] for e in logs].count("postgres_remake_started") == 1
    first.close()
    other.close()


def test_a_remake_that_dies_midway_is_finished_by_the_next_process(
    pg_server: LocalServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A remake whose connection dies after its first batch (a memory written meanwhile)
    leaves what the next process goes on from: it copies only the rows not yet copied,
    and the postings, lengths and totals are a fresh load's."""
    root = tmp_path / "memory"
    _stale(root, pg_server, "dies")
    pause = Pause(monkeypatch)
    first = _open(root, pg_server, "dies")
    first.search("clay", 1, touch=False)
    assert pause.paused.wait(20)
    first.put(_memory(10, "the raku kiln vents through the north window"))
    first.behind.stop()  # this process gives up (as one that exits)
    with psycopg.connect(pg_server.url, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", (pause.pids[0],))
    pause.go.set()
    assert first.behind.wait(60)
    first.close()
    with capture_logs() as logs:
        following = _open(root, pg_server, "dies")
        following.search("clay", 1, touch=False)
        assert following.behind.wait(60)
    started = [e for e in logs if e["event"] == "postgres_remake_started"]
    assert [e["resumed_after"] for e in started] == [2]
    assert [e["rows"] for e in logs if e["event"] == "postgres_postings_remade"] == [7]
    assert set(_searched(following, "kiln")) == {
        "semantic-f00000",
        "semantic-f00004",
        "semantic-f00010",
    }
    with following.connection() as conn:
        remade = _by_id(conn)
        assert conn.execute("SELECT value FROM meta WHERE key = 'remaking'").fetchone() is None
    following.close()
    fresh = pg_store(root, pg_server, schema="dies_fresh")
    fresh.rebuild()
    assert isinstance(fresh, PostgresStore)
    with fresh.connection() as conn:
        assert remade == _by_id(conn)
    fresh.close()


def test_sync_returns_when_the_remake_it_started_is_done(
    pg_server: LocalServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`agentmem sync` (asked for by a person, after an upgrade) waits for the remake:
    when it returns, the new postings are in."""
    from agentmem.stores import pg_sync

    root = tmp_path / "memory"
    _stale(root, pg_server, "synced")
    pause = Pause(monkeypatch)
    threading.Timer(3.0, pause.go.set).start()
    store = _open(root, pg_server, "synced")
    pg_sync.sync(store)
    with store.connection() as conn:
        held = conn.execute("SELECT value FROM meta WHERE key = %s", (KEY,)).fetchone()
    assert pause.paused.is_set() and held == (str(INDEX_FORMAT),)
    store.close()
