"""The outbox shared by the loops on one root, against a real server: a replay by one loop
never loses a write another loop queues while it runs."""

from __future__ import annotations

import time
from pathlib import Path

from agentmem.core.writer import Harvester, Submission
from agentmem.settings import settings_from_values
from agentmem.stores.outbox import Owed
from agentmem.stores.pg_local import LocalServer
from agentmem.stores.postgres import PostgresStore


def test_a_write_queued_while_another_loop_replays_is_not_taken_for_a_deleted_one(
    pg_server: LocalServer, tmp_path: Path
) -> None:
    """Loops A and B on one root. B replays the outbox; while it does, A (resting after a
    failure) writes a memory: its file lands, its row is owed. B's replay projects it or
    leaves it owed. It used to read the root's files first and list the outbox after, so
    it took A's new memory for a deleted one: it deleted the row and cleared the debt, and
    the write was on no server until an `agentmem sync` (the fleet test's rare miss)."""
    root = tmp_path / "memory"
    a, b = (
        PostgresStore(root, pg_server.url, schema="replay_race", replay_interval_s=30.0)
        for _ in range(2)
    )
    settings = settings_from_values(
        {"AGENTMEM_USER_ID": "tester", "AGENTMEM_ROOT": str(root)}, tmp_path
    )
    writer_a = Harvester(settings, a)
    assert b.count() == 0  # B reaches the server and migrates the schema
    a._failed_at = time.monotonic()  # A failed a moment ago: it rests, its writes are owed
    written: list[Submission] = []
    listed = b.outbox.pending

    def pending() -> list[Owed]:
        if not written:  # A writes while B's replay runs
            draft = {
                "text": "The nightly export runs at 02:00.",
                "type": "semantic",
                "confidence": 0.8,
            }
            written.append(writer_a.submit(draft, trigger="manual"))
        return listed()

    b.outbox.pending = pending  # type: ignore[method-assign]
    b.replay()
    assert written and written[0].status == "accepted"
    new_id = written[0].memory_id
    assert new_id is not None and (root / "entries" / f"{new_id}.md").is_file()
    with b.connection() as conn:
        on_server = conn.execute("SELECT 1 FROM memories WHERE id = %s", (new_id,)).fetchone()
    assert on_server is not None or b.outbox.get(new_id) is not None  # on the server, or owed
    assert on_server is not None  # B's replay, which listed it, projected it
    a.close()
    b.close()
