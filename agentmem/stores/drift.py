"""Drift between the files and a remote store, found and repaired both ways (files win).

missing: a file with no remote record. stale: a remote record made from an older version of
the file. doubled: a memory with more than one remote record. orphan: a remote record whose
memory has no file (or that carries no memory id at all): it is removed.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import asdict, dataclass, field
from functools import partial
from typing import Any

from agentmem._log import get_logger
from agentmem.stores.projected import ProjectedStore, ReplayReport
from agentmem.stores.projection import RemoteRecord, fingerprint

log = get_logger()


@dataclass
class Drift:
    """How the remote store differs from the files."""

    files: int = 0
    remote: int = 0
    missing: list[str] = field(default_factory=list)
    stale: list[str] = field(default_factory=list)
    doubled: list[str] = field(default_factory=list)
    orphans: list[str] = field(default_factory=list)  # remote ids

    @property
    def clean(self) -> bool:
        return not (self.missing or self.stale or self.doubled or self.orphans)


@dataclass
class SyncReport:
    """What `sync` found, what it repaired, and what is still owed."""

    backend: str
    replay: ReplayReport
    before: Drift
    after: Drift | None = None
    repaired: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    still_owed: list[str] = field(default_factory=list)

    @property
    def in_sync(self) -> bool:
        final = self.after if self.after is not None else self.before
        return final.clean and not self.still_owed

    def as_dict(self) -> dict[str, Any]:
        data = asdict(self)
        data["in_sync"] = self.in_sync
        return data


def measure(store: ProjectedStore) -> Drift:
    """Page through every remote record and compare it with the files."""
    store.catalog.refresh(force=True)
    memories = store.catalog.memories
    records: list[RemoteRecord] = store.policy.call(lambda: list(store.projection.records()))
    by_id: dict[str, list[RemoteRecord]] = defaultdict(list)
    drift = Drift(files=len(memories), remote=len(records))
    for record in records:
        if record.memory_id is None or record.memory_id not in memories:
            drift.orphans.append(record.remote_id)
        else:
            by_id[record.memory_id].append(record)
    for memory_id, memory in sorted(memories.items()):
        found = by_id.get(memory_id, [])
        if not found:
            drift.missing.append(memory_id)
            continue
        if len(found) > 1:
            drift.doubled.append(memory_id)
        if all(r.fingerprint != fingerprint(memory) for r in found):
            drift.stale.append(memory_id)
    return drift


def sync(store: ProjectedStore, *, repair: bool = True) -> SyncReport:
    """Replay the outbox, measure drift, and (unless `repair=False`) make the store match."""
    replay = store.replay() if repair else ReplayReport()
    before = measure(store)
    report = SyncReport(backend=store.backend, replay=replay, before=before)
    if repair and not before.clean:
        for memory_id in sorted({*before.missing, *before.stale, *before.doubled}):
            memory = store.catalog.memories[memory_id]
            if store.project(memory):
                report.repaired.append(memory_id)
        for remote_id in before.orphans:
            store.policy.call(partial(store.projection.delete, remote_id))
            report.removed.append(remote_id)
        report.after = measure(store)
    report.still_owed = [o.memory_id for o in store.outbox.pending()]
    log.info(
        "store_synced",
        backend=store.backend,
        missing=len(before.missing),
        stale=len(before.stale),
        doubled=len(before.doubled),
        orphans=len(before.orphans),
        repaired=len(report.repaired),
        removed=len(report.removed),
        still_owed=len(report.still_owed),
    )
    return report
