"""A fire's drafts written as one batch (agentmem.stores.pg_batch, `EntryFiles.deferred`):
the entries folder fsynced once a batch, a postgres batch's rows made durable by one commit
at its end or owed whole, and a writer killed mid-batch leaving whole files, a rebuildable
index and nothing lost or doubled when the batch is written again.
"""

from __future__ import annotations

import os
import signal
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from agentmem.core.writer import Harvester
from agentmem.settings import settings_from_values
from agentmem.stores.base import Store
from agentmem.stores.filestore import FileStore
from agentmem.stores.pg_local import LocalServer
from agentmem.stores.postgres import PostgresStore
from tests.backends import pg_store
from tests.batch_worker import drafts, open_store

REPO = Path(__file__).resolve().parents[1]


def _writer(store: Store, root: Path) -> Harvester:
    settings = settings_from_values({"AGENTMEM_USER_ID": "batch", "AGENTMEM_ROOT": str(root)})
    return Harvester(settings, store)


@pytest.fixture
def folder_syncs(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The real os.fsync, recording the inode of every folder it syncs."""
    real = os.fsync
    synced: list[int] = []

    def recording(fd: int) -> None:
        st = os.fstat(fd)
        if stat.S_ISDIR(st.st_mode):
            synced.append(st.st_ino)
        real(fd)

    monkeypatch.setattr(os, "fsync", recording)
    return synced


def test_a_fires_drafts_sync_the_entries_folder_once(
    tmp_path: Path, folder_syncs: list[int]
) -> None:
    """Five drafts submitted together (one fire) fsync the entries folder once, not five
    times; each file is still written whole (fsynced, renamed) and every draft is accepted."""
    root = tmp_path / "memory"
    store = FileStore(root)
    writer = _writer(store, root)
    writer.submit({"text": "Warm-up: the entries folder exists.", "type": "semantic",
                   "confidence": 0.8}, trigger="manual")  # fmt: skip
    entries = (root / "entries").stat().st_ino
    folder_syncs.clear()
    writes = writer.submit_many(drafts(5), trigger="manual")
    assert len(writes.accepted) == 5
    assert folder_syncs.count(entries) == 1
    folder_syncs.clear()
    writer.batched = False  # the switch the benchmark alternates: one sync per draft
    writes = writer.submit_many(drafts(8)[5:], trigger="manual")
    assert len(writes.accepted) == 3
    assert folder_syncs.count(entries) == 3


def test_a_later_draft_of_the_batch_sees_the_earlier_ones_row(
    tmp_path: Path, pg_server: LocalServer
) -> None:
    """In a batch, a row is on the server before the batch ends: another loop's writer
    (its own root, so only the server can tell it) finds the duplicate at once; after the
    batch nothing is owed, and no pooled connection is left committing without waiting."""
    a_root, b_root = tmp_path / "a" / "memory", tmp_path / "b" / "memory"
    a = pg_store(a_root, pg_server)
    assert isinstance(a, PostgresStore)
    b = PostgresStore(b_root, pg_server.url, schema=a.schema, replay_interval_s=0.0)
    text = drafts(1)[0]
    with a.batch():
        first = _writer(a, a_root).submit(text, trigger="manual")
        assert first.status == "accepted" and a.batching
        seen = _writer(b, b_root).submit(text, trigger="manual")
        assert seen.status == "duplicate" and seen.memory_id == first.memory_id
    assert not a.batching and len(a.outbox) == 0
    # the commit that waits for nothing was the insert's alone: the pooled connections
    # (the insert's among them) commit durably again, so an unbatched write is durable
    for _ in range(a.pool_size + 1):
        shown = a.call(lambda conn: conn.execute("SHOW synchronous_commit").fetchone())
        assert shown == ("on",)
    a.close()
    b.close()


def _rows(store: PostgresStore) -> dict[str, int]:
    with store.connection() as conn:
        return {
            str(i): int(n)
            for i, n in conn.execute("SELECT id, count(*) FROM memories GROUP BY id").fetchall()
        }


def test_a_batch_whose_commit_fails_is_owed_whole_and_replayed_once(tmp_path: Path) -> None:
    """The server crashes (an immediate stop: its unflushed WAL is gone) after a batch's
    rows and before the batch ends: every row of the batch is owed, whether the server
    kept it or not; once the server is back, the replay leaves each memory on the server
    exactly once."""
    root = tmp_path / "memory"
    with LocalServer.create(fsync=False) as server:
        store = PostgresStore(root, server.url, schema="batch", replay_interval_s=0.0)
        writer = _writer(store, root)
        batch = drafts(4)
        with store.batch():
            accepted = [writer.submit(d, trigger="manual").memory_id for d in batch]
            server.stop(immediate=True)
        assert all(accepted)
        owed = {o.memory_id for o in store.outbox.pending()}
        assert owed == set(accepted)
        server.start()
        store.forget_failure()
        report = store.replay()
        assert report.error is None
        assert len(store.outbox) == 0
        rows = _rows(store)
        assert {i: rows.get(i) for i in accepted} == dict.fromkeys(accepted, 1)
        store.close()


def _kill_mid_batch(root: Path, backend: str, url: str, schema: str, count: int) -> list[str]:
    """Run tests/batch_worker.py and SIGKILL it once a third of its batch has landed;
    return the ids it had announced as accepted."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "tests.batch_worker", str(root), backend, url, schema, str(count)],
        cwd=REPO, env=env, stdout=subprocess.PIPE, text=True,
    )  # fmt: skip
    assert proc.stdout is not None
    assert proc.stdout.readline().strip() == "ready"
    announced: list[str] = []
    try:
        while len(announced) < count // 3:
            line = proc.stdout.readline().strip()
            assert line and line != "done", "the writer ended before it was killed"
            announced += [i for i in line.split() if i != "-"]
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(timeout=60)
    assert proc.returncode == -signal.SIGKILL
    return announced


@pytest.mark.parametrize("backend", ["files", "postgres"])
def test_a_writer_killed_mid_batch_leaves_whole_files_and_nothing_doubled(
    tmp_path: Path, backend: str, request: pytest.FixtureRequest
) -> None:
    """A writer process is killed (SIGKILL) a third of the way through a batch of 30
    drafts. Every file under entries/ reads back whole (no half-written memory; a temp
    file is hidden and swept by the rebuild), every id it had announced is there, the
    index rebuilds from the files, and the server (postgres) holds this root's files after
    a rebuild. Written again whole, the batch adds the rest once: 30 memories, no second
    copy of any."""
    count = 30
    root = tmp_path / "memory"
    url, schema = "", ""
    if backend == "postgres":
        server: LocalServer = request.getfixturevalue("pg_server")
        url, schema = server.url, f"killed{os.getpid()}"
    announced = _kill_mid_batch(root, backend, url, schema, count)
    entries = root / "entries"
    names = [p.name for p in entries.iterdir()]
    memories = [n for n in names if n.endswith(".md") and not n.startswith(".")]
    assert set(announced) <= {n.removesuffix(".md") for n in memories}
    assert all(n.startswith(".") and n.endswith(".tmp") for n in set(names) - set(memories))
    store = open_store(root, backend, url, schema)
    for name in memories:
        store.get(name.removesuffix(".md"), touch=False)  # whole: parses and validates
    report = store.rebuild()
    assert report.memories == len(memories) and not report.broken
    if isinstance(store, PostgresStore):
        rows = _rows(store)
        assert set(rows) == {n.removesuffix(".md") for n in memories}
    writes = _writer(store, root).submit_many(drafts(count), trigger="manual")
    assert len(writes.accepted) + len(writes.duplicates) == count
    assert len(writes.accepted) == count - len(memories)
    assert store.count() == count
    if isinstance(store, PostgresStore):
        rows = _rows(store)
        assert len(rows) == count and set(rows.values()) == {1}
        assert len(store.outbox) == 0
    store.close()
