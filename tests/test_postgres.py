"""The postgres backend beyond the store contract: many roots, one server, files the truth.

Every test runs against the real PostgreSQL of the session (tests/backends.py); roots
that share a schema are loops that share a memory.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from agentmem._exceptions import DuplicateMemory, SettingsError, StoreError
from agentmem.core.model import Memory
from agentmem.core.writer import Harvester
from agentmem.settings import settings_from_values
from agentmem.stores import open_store, pg_write
from agentmem.stores.pg_local import LocalServer
from agentmem.stores.pg_schema import SCHEMA_VERSION, migrate
from agentmem.stores.pg_sync import measure, sync
from agentmem.stores.postgres import PostgresStore
from tests.backends import pg_store
from tests.test_store_contract import CORPUS, fill, mem


def shared(tmp_path: Path, server: LocalServer, schema: str, *names: str) -> list[PostgresStore]:
    stores = []
    for name in names:
        store = pg_store(tmp_path / name, server, schema)
        assert isinstance(store, PostgresStore)
        stores.append(store)
    return stores


def writer(store: PostgresStore, tmp_path: Path) -> Harvester:
    settings = settings_from_values(
        {"AGENTMEM_USER_ID": "tester", "AGENTMEM_ROOT": str(store.root)}, tmp_path
    )
    return Harvester(settings, store)


def test_import_agentmem_never_imports_psycopg() -> None:
    """psycopg is an optional extra: `import agentmem` (and opening settings) never loads it."""
    code = "import sys, agentmem, agentmem.stores; print('psycopg' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


def test_settings_choose_the_backend_and_say_what_is_missing(tmp_path: Path) -> None:
    """AGENTMEM_BACKEND=postgres opens a PostgresStore; without a URL the error says which
    variable to set; a schema that is not a plain SQL name is refused at load."""
    base = {"AGENTMEM_ROOT": str(tmp_path / "m"), "AGENTMEM_BACKEND": "postgres"}
    with pytest.raises(StoreError, match="AGENTMEM_POSTGRES_URL"):
        open_store(settings_from_values(base, tmp_path))
    with pytest.raises(SettingsError, match="AGENTMEM_POSTGRES_SCHEMA"):
        settings_from_values({**base, "AGENTMEM_POSTGRES_SCHEMA": "a;drop"}, tmp_path)
    settings = settings_from_values(
        {**base, "AGENTMEM_POSTGRES_URL": "postgresql://u:pw@127.0.0.1:1/db"}, tmp_path
    )
    store = open_store(settings)
    assert isinstance(store, PostgresStore) and store.schema == "agentmem"
    store.close()


def test_the_schema_is_versioned_and_a_newer_one_is_refused(
    pg_server: LocalServer, root: Path
) -> None:
    """The backend creates its schema at the current version; a server whose schema is newer
    than this agentmem is refused with a message that says to upgrade."""
    store = pg_store(root, pg_server, "versioned")
    assert isinstance(store, PostgresStore)
    store.put(CORPUS[0])
    with store.connection() as conn:
        assert migrate(conn, "versioned") == SCHEMA_VERSION  # already there: nothing to do
        conn.execute("UPDATE versioned.meta SET value = '99' WHERE key = 'schema_version'")
        with pytest.raises(StoreError, match="newer than this agentmem"):
            migrate(conn, "versioned")
    store.close()


def test_a_memory_written_by_another_loop_is_found_and_served_from_its_row(
    pg_server: LocalServer, tmp_path: Path
) -> None:
    """Root A writes; root B (no file of it) finds it by search and get, from the server."""
    a, b = shared(tmp_path, pg_server, "fleet1", "a", "b")
    fill(a)
    hits = b.search("Which header must every request to the vendor API carry?", k=3)
    assert hits[0].memory == CORPUS[0]
    assert not (b.root / "entries" / "semantic-vendor01.md").exists()
    assert b.get("episodic-run00001") == CORPUS[3]
    assert b.count() == len(CORPUS) and len(b.list()) == len(CORPUS)
    a.close()
    b.close()


def test_same_content_from_two_loops_is_one_memory(pg_server: LocalServer, tmp_path: Path) -> None:
    """The second loop's writer sees the first loop's memory as a duplicate; and when both
    checks raced (a put with another id but the same content), the database's unique
    content key refuses the second row and its file is removed."""
    a, b = shared(tmp_path, pg_server, "fleet2", "a", "b")
    draft = {
        "text": "Vendor Z needs header W on every call.",
        "type": "semantic",
        "confidence": 0.8,
    }
    first = writer(a, tmp_path).submit(draft, trigger="manual")
    second = writer(b, tmp_path).submit(draft, trigger="manual")
    assert (first.status, second.status) == ("accepted", "duplicate")
    assert second.memory_id == first.memory_id
    # The race: B's dedup check passed before A's row existed; B puts another id.
    racer = Memory.model_validate(
        {**a.get(str(first.memory_id)).record(), "id": "procedural-racer"}
    )
    with pytest.raises(DuplicateMemory) as raised:
        b.put(racer)
    assert raised.value.existing == first.memory_id
    assert not b.files.exists("procedural-racer")
    with a.connection() as conn:
        rows = conn.execute("SELECT id FROM memories").fetchall()
    assert rows == [(first.memory_id,)]
    a.close()
    b.close()


def test_a_race_on_the_same_id_keeps_the_first_loops_version(
    pg_server: LocalServer, tmp_path: Path
) -> None:
    """Two loops wrote the same memory id with different envelopes (created a second apart):
    the server keeps the first, and the second loop's file takes that version, so both
    roots and the server hold one version of it."""
    a, b = shared(tmp_path, pg_server, "fleet3", "a", "b")
    a.put(CORPUS[0])
    later = Memory.model_validate({**CORPUS[0].record(), "created_at": "2030-01-01T00:00:00+00:00"})
    b.put(later)
    assert b.files.read("semantic-vendor01") == CORPUS[0]
    assert b.get("semantic-vendor01") == a.get("semantic-vendor01") == CORPUS[0]
    a.close()
    b.close()


def test_a_server_that_is_down_owes_writes_and_replays_them(
    pg_server: LocalServer, tmp_path: Path
) -> None:
    """Kill the server: a put still writes its file and owes the row, a search answers from
    the files; restart it: the next call replays the outbox and the row is there."""
    server = pg_server
    store = pg_store(tmp_path / "m", server, "outage", timeout_s=1.0)
    assert isinstance(store, PostgresStore)
    store.put(CORPUS[0])
    server.stop(immediate=True)
    try:
        store.put(CORPUS[1])
        assert store.files.exists(CORPUS[1].id)
        assert [o.memory_id for o in store.outbox.pending()] == [CORPUS[1].id]
        hits = store.search("What must be up before deploys to staging start?", k=1)
        assert hits[0].memory.id == CORPUS[1].id and hits[0].explain["fallback"] == "files"
    finally:
        server.start()
    store.forget_failure()
    store.search("anything at all", k=1)  # the next call replays what is owed
    assert len(store.outbox) == 0
    with store.connection() as conn:
        ids = [r[0] for r in conn.execute("SELECT id FROM memories ORDER BY id")]
    assert ids == sorted(m.id for m in CORPUS[:2])
    store.close()


def test_sync_repairs_drift_and_pulls_other_loops_memories(
    pg_server: LocalServer, tmp_path: Path
) -> None:
    """A hand-edited file is stale on the server until sync pushes it (the files win); a
    file removed here deletes its row; --pull writes the other loop's memories into this
    root's entries/, so a rebuild from this root alone restores the whole server."""
    a, b = shared(tmp_path, pg_server, "fleet4", "a", "b")
    fill(a)
    b.put(mem("semantic-bonly001", "Loop B learned that the cache warms in ninety seconds."))
    path = a.files.path_for("semantic-vendor01")
    path.write_text(path.read_text().replace("X-Trace header", "X-Trace-Id header"))
    a.files.path_for("semantic-deploy01").unlink()
    drift = measure(a)
    assert (drift.stale, drift.removed, drift.others) == (
        ["semantic-vendor01"],
        ["semantic-deploy01"],
        ["semantic-bonly001"],
    )
    report = sync(a, pull=True)
    assert report.in_sync and report.pulled == ["semantic-bonly001"]
    assert a.files.exists("semantic-bonly001")
    hits = b.search("Which header carries the trace id?", k=1)
    assert hits[0].memory.text.endswith("X-Trace-Id header.")
    assert "semantic-deploy01" not in {m.id for m in b.list()}
    with a.connection() as conn:
        conn.execute(
            "TRUNCATE memories, postings, supersedes, access, embeddings; UPDATE stats SET n=0, total=0"
        )
    a.rebuild()
    assert sorted(m.id for m in b.list()) == sorted(m.id for m in a.list())
    assert len(a.list()) == len(CORPUS)  # 4 - 1 removed + 1 pulled
    a.close()
    b.close()


def test_an_update_moves_the_postings_and_stats(pg_server: LocalServer, root: Path) -> None:
    """An edited memory, synced, is found by its new words and no longer by its old ones;
    N and the total length on the server stay those of the files."""
    store = pg_store(root, pg_server, "updates")
    assert isinstance(store, PostgresStore)
    fill(store)
    edited = Memory.model_validate({**CORPUS[2].record(), "text": "Lint with ruff before merging."})
    store.files.write(edited)
    sync(store)
    assert [h.memory.id for h in store.search("ruff lint", k=3)] == ["procedural-tests1"]
    assert store.search("pytest suite pushing branch", k=3) == []
    with store.connection() as conn:
        n, total = conn.execute("SELECT sum(n), sum(total) FROM stats").fetchone() or (0, 0)
        lengths = conn.execute("SELECT count(*), sum(doc_len) FROM memories").fetchone()
    assert (n, total) == lengths
    store.close()


def test_supersession_halves_the_old_memory_on_the_server(
    pg_server: LocalServer, root: Path
) -> None:
    """A memory another one supersedes is ranked at half its score, as on the files backend."""
    store = pg_store(root, pg_server, "supersede")
    old = mem("semantic-oldport1", "The vendor API answers on port 8443.")
    store.put(old)
    before = store.search("vendor API port", k=1, explain=True)[0]
    store.put(mem("semantic-newport1", "Deploy notes mention nothing.", supersedes=[old.id]))
    after = store.search("vendor API port", k=1, explain=True)[0]
    assert after.explain["superseded"] is True and not before.explain["superseded"]
    for hit, factor in ((before, 1.0), (after, 0.5)):
        e = hit.explain
        assert hit.score == pytest.approx(e["bm25"] * 0.8 * factor * e["decay"], rel=1e-12)


def test_the_cli_rebuilds_and_syncs_a_postgres_store(
    pg_server: LocalServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`agentmem rebuild --backend postgres` restores a lost server from this root's files;
    `agentmem sync --pull --json` reports in sync and writes the other loop's memory here."""
    import json

    from click.testing import CliRunner

    from agentmem.cli import main

    a, b = shared(tmp_path, pg_server, "clifleet", "a", "b")
    fill(a)
    b.put(mem("semantic-bonly002", "Loop B learned that builds cache for a day."))
    with a.connection() as conn:  # root A's rows are lost; root B's stays
        for memory in CORPUS:
            pg_write.remove(conn, memory.id)
    for key, value in {
        "AGENTMEM_ROOT": str(a.root),
        "AGENTMEM_USER_ID": "tester",
        "AGENTMEM_POSTGRES_URL": pg_server.url,
        "AGENTMEM_POSTGRES_SCHEMA": "clifleet",
    }.items():
        monkeypatch.setenv(key, value)
    rebuilt = CliRunner().invoke(main, ["--json", "rebuild", "--backend", "postgres"])
    assert rebuilt.exit_code == 0, rebuilt.output
    assert json.loads(rebuilt.output)["memories"] == len(CORPUS)
    monkeypatch.setenv("AGENTMEM_BACKEND", "postgres")
    synced = CliRunner().invoke(main, ["--json", "sync", "--pull"])
    assert synced.exit_code == 0, synced.output
    report = json.loads(synced.output)
    assert report["in_sync"] and report["pulled"] == ["semantic-bonly002"]
    assert (a.root / "entries" / "semantic-bonly002.md").is_file()
    assert sorted(m.id for m in b.list()) == sorted([*(m.id for m in CORPUS), "semantic-bonly002"])
    a.close()
    b.close()


def test_a_fallback_to_the_files_shows_on_the_result_in_the_ledger_and_as_an_audit_alarm(
    pg_server: LocalServer, root: Path, tmp_path: Path
) -> None:
    """A read hook fired while the server cannot be reached says so where a person looks:
    `reads.fallbacks` names every search the files answered and why, the ledger line carries
    them, `agentmem audit` raises `answered_from_files`, and the contract fixture counts
    them (`fallbacks`). With the server up, none of it. (Down = a port nothing listens on.)"""
    import json

    from click.testing import CliRunner

    from agentmem import MemoryHooks
    from agentmem._plugins import make_manager
    from agentmem.cli import main
    from agentmem.stores.pg_local import free_port
    from tests.conftest import ALL_ON

    env = {
        "AGENTMEM_ROOT": str(root),
        "AGENTMEM_USER_ID": "tester",
        "AGENTMEM_BACKEND": "postgres",
        "AGENTMEM_POSTGRES_URL": pg_server.url,
        "AGENTMEM_POSTGRES_SCHEMA": "fallbacks",
    }
    settings = settings_from_values({**ALL_ON, **env}, base_dir=tmp_path)
    dead = f"postgresql://postgres@127.0.0.1:{free_port()}/postgres"
    up_store = pg_store(root, pg_server, "fallbacks")
    down_store = PostgresStore(root, dead, schema="fallbacks", timeout_s=0.5)
    fill(up_store)
    goal = {"title": "Fix the vendor client X-Trace header", "app_id": "billing-api"}
    fired = []
    for store in (up_store, down_store):
        manager = make_manager(defaults=True, entry_points=False)
        fired.append(MemoryHooks(settings, store=store, plugin_manager=manager))
    up = fired[0].pre_spawn_pack(goal=goal)
    assert up.ok and up.reads.queries and up.reads.fallbacks == []
    down = fired[1].pre_spawn_pack(goal=goal)
    assert down.ok and down.pack is not None and down.pack.entries  # the files still answer
    assert [f.query for f in down.reads.fallbacks] == down.reads.queries
    first, *rest = down.reads.fallbacks
    assert (first.backend, first.answered_from) == ("postgres", "files")
    assert first.reason.startswith("postgres search failed: ")
    assert all(f.reason.startswith("postgres is resting after a failure") for f in rest)
    assert (up_store.fallbacks, down_store.fallbacks) == (0, len(down.reads.fallbacks))
    lines = [json.loads(line) for line in settings.log_path.read_text().splitlines()]
    shown = [line["reads"]["fallbacks"] for line in lines if line["hook"] == "pre_spawn_pack"]
    assert [len(f) for f in shown] == [0, len(down.reads.fallbacks)]
    audit = CliRunner().invoke(main, ["--json", "audit"], env=env, catch_exceptions=False)
    assert audit.exit_code == 0, audit.output
    [alarm] = [a for a in json.loads(audit.output)["alarms"] if a["kind"] == "answered_from_files"]
    assert alarm["hook"] == "pre_spawn_pack" and alarm["figures"]["fires"] == 1
    assert alarm["figures"]["searches"] == len(down.reads.fallbacks)
    up_store.close()
    down_store.close()


QUIET_CHILD = """
import sys
from pathlib import Path
from agentmem.stores.postgres import PostgresStore
store = PostgresStore(Path(sys.argv[1]), sys.argv[2], schema="quiet", replay_interval_s=0.0)
store.search("vendor header", k=3)
print("ready", flush=True)
sys.stdin.readline()
hits, fallback = store.answer("vendor header", k=3)
print("fallback" if fallback is not None else "server", flush=True)
"""


def test_a_server_that_dies_under_a_search_prints_nothing(tmp_path: Path) -> None:
    """psycopg's own warnings (a pool's failed connect, a pipeline the dead server cut) go
    to its logger with a NullHandler: the library prints nothing on stderr, and the search
    says it fell back to the files."""
    with LocalServer.create(fsync=False) as server:
        child = subprocess.Popen(
            [sys.executable, "-c", QUIET_CHILD, str(tmp_path / "memory"), server.url],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
        )
        assert child.stdout is not None and child.stdout.readline().strip() == "ready"
        server.stop(immediate=True)
        out, err = child.communicate("go\n", timeout=120)
    assert out.strip() == "fallback"
    assert err == ""


def test_a_write_in_the_tick_of_the_files_last_look_is_found_while_the_server_is_away(
    root: Path,
) -> None:
    """While the server is away the files answer, through an index that notices new files
    by the folder's mtime. A file system's clock is coarse: a write in the same tick as the
    index's last look leaves the mtime as it was (emulated here by setting it back), and
    this loop's own new lesson was missing from its next search for up to a second (the
    fleet test's rare "own episode not found"). The store tells that index what it wrote."""
    import os

    from agentmem.stores.pg_local import free_port

    dead = f"postgresql://postgres@127.0.0.1:{free_port()}/postgres"
    store = PostgresStore(root, dead, schema="tick", timeout_s=0.2)
    store.put(mem("semantic-0000000000a1", "The zqalpha vendor client retries twice."))
    assert [h.memory.id for h in store.search("zqalpha", k=3)] == ["semantic-0000000000a1"]
    assert store.answered_by == "files"
    entries = root / "entries"
    seen = entries.stat()
    store.put(mem("semantic-0000000000b2", "The zqbeta export runs at night."))
    os.utime(entries, ns=(seen.st_atime_ns, seen.st_mtime_ns))  # the same tick
    assert [h.memory.id for h in store.search("zqbeta", k=3)] == ["semantic-0000000000b2"]
    store.close()
