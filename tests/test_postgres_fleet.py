"""The fleet: 8 loop processes on 2 memory roots (two "machines"), one PostgreSQL server.

Hooks C and B fire interleaved (tests/fleet_worker.py); the server is killed part-way
through and restarted. Pinned: every fire stays ok; while the server is down the writes
are owed, and `agentmem sync` plus the next fires replay them; every accepted write is
then on the server and found by a search from either root; the server holds one row per
content (0 lost, 0 doubled); a rebuild from the union of both roots' files equals it.

`make test` runs a reduced fleet (8 × 16 fires); the full 5,000 fires are `-m slow`.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from agentmem.stores.pg_local import LocalServer
from agentmem.stores.postgres import PostgresStore

WORKERS = 8
REPO = Path(__file__).resolve().parents[1]


def acks(folder: Path) -> list[dict[str, Any]]:
    lines = []
    for path in sorted(folder.glob("*.jsonl")):
        lines += [json.loads(x) for x in path.read_text().splitlines() if x.strip()]
    return lines


def sync_cli(root: Path, url: str, schema: str) -> dict[str, Any]:
    """`agentmem sync --json` on one root, as a person would run it after the outage."""
    env = {
        **os.environ,
        "AGENTMEM_ROOT": str(root),
        "AGENTMEM_BACKEND": "postgres",
        "AGENTMEM_POSTGRES_URL": url,
        "AGENTMEM_POSTGRES_SCHEMA": schema,
        "AGENTMEM_USER_ID": "fleet",
    }
    done = subprocess.run(
        [sys.executable, "-m", "agentmem", "sync", "--json"],
        capture_output=True,
        text=True,
        env=env,
        cwd=root.parent,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    return dict(json.loads(done.stdout))


def rows(url: str, schema: str) -> list[tuple[str, str, str]]:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        found = conn.execute(
            f"SELECT id, fingerprint, content_key FROM {schema}.memories ORDER BY id".encode()
        ).fetchall()
    return [(str(a), str(b), str(c)) for a, b, c in found]


def run_fleet(server: LocalServer, tmp_path: Path, fires: int, schema: str) -> None:
    roots = [tmp_path / "machine-a" / "memory", tmp_path / "machine-b" / "memory"]
    ack_dir = tmp_path / "acks"
    ack_dir.mkdir()
    env = {**os.environ, "FLEET_WORKERS": str(WORKERS), "PYTHONPATH": str(REPO)}
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                "-m",
                "tests.fleet_worker",
                str(roots[w % 2]),
                server.url,
                schema,
                str(w),
                str(fires),
                str(ack_dir),
            ],
            cwd=REPO,
            env=env,
            stdout=subprocess.DEVNULL,
        )
        for w in range(WORKERS)
    ]
    total = WORKERS * fires
    began = time.monotonic()
    try:
        # Kill the server a third of the way through; restart it once a tenth of the fires
        # more have run against a dead server.
        deadline = time.monotonic() + 60 + total
        while len(acks(ack_dir)) < total // 3 and time.monotonic() < deadline:
            time.sleep(0.1)
        server.stop(immediate=True)
        try:
            killed_at = len(acks(ack_dir))
            while len(acks(ack_dir)) < killed_at + max(WORKERS, total // 10):
                assert time.monotonic() < deadline, "the fleet stalled while the server was down"
                assert any(p.poll() is None for p in procs), "every loop ended"
                time.sleep(0.1)
        finally:
            server.start()
        for proc in procs:
            assert proc.wait(timeout=max(1, deadline - time.monotonic())) == 0
    finally:
        for proc in procs:
            proc.kill()
    print(f"fleet: {total} fires done in {time.monotonic() - began:.1f} s", flush=True)
    fired = acks(ack_dir)
    assert len(fired) == total
    assert all(f["ok"] for f in fired), [f for f in fired if not f["ok"]][:3]
    assert any(f.get("owed") for f in fired), "no write was ever owed: the outage did not bite"
    owed_after = {f["worker"]: f.get("owed", 0) for f in fired if "owed" in f}  # each last C fire
    for root in roots:
        report = sync_cli(root, server.url, schema)
        assert report["in_sync"] and not report["still_owed"]
    check(server, tmp_path, roots, fired, schema)
    print(f"fleet: checked in {time.monotonic() - began:.1f} s; owed at the end {owed_after}")


def check(
    server: LocalServer, tmp_path: Path, roots: list[Path], fired: list[dict[str, Any]], schema: str
) -> None:
    held = rows(server.url, schema)
    ids = {r[0] for r in held}
    accepted = {i for f in fired for i in f.get("accepted", [])}
    assert accepted - ids == set(), "accepted writes missing from the server (lost)"
    assert len({r[2] for r in held}) == len(held)  # one row per content: nothing doubled
    duplicates = {i for f in fired for i in f.get("duplicates", [])}
    assert duplicates <= ids  # a duplicate names the memory that holds the content
    searched = [f for f in fired if "other_found" in f and f["other_server"]]
    assert searched and [f for f in searched if not f["other_found"]] == [], "not found by a peer"
    # Seen failing twice under heavy load, never reproduced: say who answered (the server or
    # this root's files, after a 0.5 s timeout) and whether the episode was owed.
    missed = [f for f in fired if "own_found" in f and not f["own_found"]]
    assert not missed, f"own acknowledged episode not found by the next search: {missed[:3]}"
    episodes = [f for f in fired if f.get("episode")]
    for root in roots:  # every process's next search, after the outage: both roots find all
        store = PostgresStore(root, server.url, schema=schema)
        for f in episodes:
            hits = store.search(f"{f['token']} ended", k=3, touch=False)
            assert f["episode"] in {h.memory.id for h in hits}, (root, f)
        store.close()
    union = tmp_path / "union" / "memory"
    (union / "entries").mkdir(parents=True)
    for root in roots:
        for path in (root / "entries").glob("*.md"):
            target = union / "entries" / path.name
            if target.exists():  # both machines hold it: the same version
                assert target.read_bytes() == path.read_bytes(), path.name
            shutil.copy2(path, target)
    rebuilt = PostgresStore(union, server.url, schema=f"{schema}_union")
    report = rebuilt.rebuild()
    assert report.memories == len(held) and not report.broken
    rebuilt.close()
    assert [r[:2] for r in rows(server.url, f"{schema}_union")] == [r[:2] for r in held]


def test_a_fleet_of_eight_loops_on_two_roots_shares_one_memory(
    pg_server: LocalServer, tmp_path: Path
) -> None:
    """8 processes × 16 fires, the server killed and restarted mid-run: nothing lost or
    doubled, every write found from both roots, the union of the files rebuilds the server."""
    run_fleet(pg_server, tmp_path, fires=16, schema="fleet_small")


@pytest.mark.slow
def test_five_thousand_fires_of_a_fleet_with_an_outage(tmp_path: Path) -> None:
    """The same at full size: 8 processes, 5,000 fires of hooks C and B, one outage."""
    with LocalServer.create() as server:
        run_fleet(server, tmp_path, fires=625, schema="fleet_full")
