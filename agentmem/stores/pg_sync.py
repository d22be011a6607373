"""`agentmem sync` for the postgres backend: replay what is owed, repair drift, pull the fleet.

Drift is measured between this root's files and the server's rows:
- missing: a file with no row; stale: a row made from another version of the file;
- removed: a row this root wrote whose file is gone here (purged, archived, deleted);
- others: rows of other loops this root has no file for (not drift: the shared memory).

Repair makes the server agree with this root's files (the files win: missing and stale
rows are upserted, removed ones deleted). `pull` writes the others' memories into this
root's `entries/`, so a git push carries them and a rebuild from this root restores them.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

from agentmem._exceptions import DuplicateMemory
from agentmem._log import get_logger
from agentmem.core.locks import exclusive
from agentmem.core.model import Memory
from agentmem.stores import pg_write
from agentmem.stores.pg_vector_store import SemanticPostgresStore
from agentmem.stores.postgres import PostgresStore
from agentmem.stores.projected import ReplayReport
from agentmem.stores.projection import fingerprint

log = get_logger()
PULL_BATCH = 1000


@dataclass
class PgDrift:
    """How the server differs from this root's files."""

    files: int = 0
    rows: int = 0
    missing: list[str] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    others: list[str] = field(default_factory=list)

    @property
    def clean(self) -> bool:
        return not (self.missing or self.stale or self.removed)


@dataclass
class PgSyncReport:
    """What sync found, repaired, pulled, and what is still owed."""

    backend: str
    replay: ReplayReport
    before: PgDrift
    after: PgDrift | None = None
    repaired: list[str] = field(default_factory=list)
    dropped: list[str] = field(default_factory=list)  # a second copy of another's memory
    removed: list[str] = field(default_factory=list)
    pulled: list[str] = field(default_factory=list)
    still_owed: list[str] = field(default_factory=list)
    embedded: int = 0  # vectors the semantic leg backfilled (pg_vector_store)

    @property
    def in_sync(self) -> bool:
        final = self.after if self.after is not None else self.before
        return final.clean and not self.still_owed

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        for drift in ("before", "after"):
            if data[drift] is not None:
                data[drift]["others"] = len(data[drift]["others"])
        data["in_sync"] = self.in_sync
        return data


def measure(store: PostgresStore) -> PgDrift:
    """Read every row's id, fingerprint and writer, and compare with the files."""
    with store.lock:
        store.catalog.refresh(force=True)
        memories = dict(store.catalog.memories)
    rows = store.call(
        lambda conn: conn.execute("SELECT id, fingerprint, origin FROM memories").fetchall()
    )
    held = {str(i): (str(f), str(o)) for i, f, o in rows}
    drift = PgDrift(files=len(memories), rows=len(held))
    for memory_id, memory in sorted(memories.items()):
        row = held.get(memory_id)
        if row is None:
            drift.missing.append(memory_id)
        elif row[0] != fingerprint(memory):
            drift.stale.append(memory_id)
    for memory_id, (_, origin) in sorted(held.items()):
        if memory_id not in memories:
            (drift.removed if origin == store.origin else drift.others).append(memory_id)
    return drift


def sync(store: PostgresStore, *, repair: bool = True, pull: bool = False) -> PgSyncReport:
    """Replay the outbox, measure drift, repair it (unless `repair=False`), pull others."""
    store.forget_failure()  # asked for by a person: try the server now
    replay = store.replay() if repair else ReplayReport()
    before = measure(store)
    report = PgSyncReport(backend=store.backend, replay=replay, before=before)
    if repair and not before.clean:
        for memory_id in [*before.missing, *before.stale]:
            memory = store.catalog.memories[memory_id]
            try:
                if store.project(memory, force=True):
                    report.repaired.append(memory_id)
            except DuplicateMemory:
                report.dropped.append(memory_id)
        for memory_id in before.removed:
            store.call(lambda conn, i=memory_id: pg_write.remove(conn, i, origin=store.origin))  # type: ignore[misc]
            report.removed.append(memory_id)
    if pull and before.others:
        report.pulled = _pull(store, before.others)
    if repair and isinstance(store, SemanticPostgresStore):
        report.embedded = store.backfill()
    if report.repaired or report.removed or report.pulled or report.dropped:
        report.after = measure(store)
    report.still_owed = [o.memory_id for o in store.outbox.pending()]
    if repair:  # a person asked: a tokenizer's remake (pg_behind) ends before this returns
        store.behind.wait()
    log.info(
        "store_synced",
        backend=store.backend,
        missing=len(before.missing),
        stale=len(before.stale),
        removed=len(report.removed),
        repaired=len(report.repaired),
        pulled=len(report.pulled),
        still_owed=len(report.still_owed),
    )
    return report


def _pull(store: PostgresStore, ids: list[str]) -> list[str]:
    """Write other loops' memories into this root's entries/ (atomically, one file each)."""
    pulled = []
    lock = store.files.cache / "write.lock"  # the writer's: no draft is deduped mid-pull
    for start in range(0, len(ids), PULL_BATCH):
        batch = ids[start : start + PULL_BATCH]
        records = store.call(
            lambda conn, b=batch: conn.execute(  # type: ignore[misc]
                "SELECT record FROM memories WHERE id = ANY(%s::text[])", (b,)
            ).fetchall()
        )
        with exclusive(lock):
            for (record,) in records:
                memory = Memory.model_validate(record)
                if store.files.exists(memory.id):
                    continue  # written here since the measure: this root's file wins
                path = store.files.write(memory)
                with store.lock:
                    store.catalog.note_written(memory, path)
                pulled.append(memory.id)
    return pulled
