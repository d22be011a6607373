"""What every backend shares: the markdown files (the truth), their catalog, access stats.

A backend adds how it searches (and, for a remote one, how it projects); reading one
memory, listing, dedup lookups, broken-file reports and access bookkeeping are the same
for all of them, because all of them read the files.
"""

from __future__ import annotations

import builtins
import contextlib
import threading
from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from datetime import datetime
from pathlib import Path

from agentmem.core.model import Memory
from agentmem.stores.access import AccessLog, utcnow
from agentmem.stores.base import Filters
from agentmem.stores.catalog import Catalog
from agentmem.stores.files import CACHE, BrokenFile, EntryFiles, atomic_write
from agentmem.stores.outbox import Outbox, Owed

GITIGNORE = (
    "# Written by agentmem: the memory files are the truth and belong in git; the index,\n"
    "# access statistics, locks and audit log under .agentmem/ are derived state.\n"
    f"{CACHE}/\n"
)


def _ignore_derived_state(root: Path) -> None:
    """Give a new memory root a .gitignore for its derived state (an existing one is kept)."""
    path = root / ".gitignore"
    if not path.exists():
        # A read-only root is still read: the .gitignore is a courtesy, not a need.
        with contextlib.suppress(OSError):
            root.mkdir(parents=True, exist_ok=True)
            atomic_write(path, GITIGNORE)


class CanonicalFiles:
    """The files under `<root>/entries/`, their parsed catalog and the access sidecar."""

    def __init__(self, root: Path, *, sweep_interval_s: float = 1.0) -> None:
        self.root = root
        # Host threads share a store: the catalog, the access copy and the ranking view change
        # under this lock. Never take a file lock (`_locks.exclusive`) while holding it: the
        # writer holds its file lock and then calls in here, so the other order deadlocks.
        self.lock = threading.RLock()
        self.files = EntryFiles(root)
        _ignore_derived_state(root)
        self.catalog = Catalog(self.files, sweep_interval_s=sweep_interval_s)
        self.access = AccessLog(self.files.cache / "access.sqlite")
        self._last_access = self.access.all()
        # What "now" is for decay, expiry and last access: the host's clock when it gave
        # one (MemoryHooks(clock=...)), so a scripted loop ages memories by its own days.
        self.clock: Callable[[], datetime] = utcnow

    # -- the writer's surface -----------------------------------------------------------
    def batch(self) -> AbstractContextManager[None]:
        """A batch of writes (one fire's drafts): each file written atomically, the folder
        fsynced once at the end (`EntryFiles.deferred`)."""
        return self.files.deferred()

    def find_duplicate(self, key: str) -> str | None:
        with self.lock:
            self.catalog.refresh()
            return self.catalog.id_for_key(key)

    def broken(self) -> Sequence[BrokenFile]:
        with self.lock:
            self.catalog.refresh()
            return list(self.catalog.broken.values())

    def count(self) -> int:
        with self.lock:
            self.catalog.refresh()
            return len(self.catalog.memories)

    def owed(self, outbox: Outbox) -> builtins.list[tuple[Owed, Memory | None]]:
        """What `outbox` owes, oldest first, each with its memory as the files hold it now
        (None: the file is gone, so the remote copy is to be removed). The outbox is listed
        before the files are read: a loop writes a memory's file before it queues its id, so
        a memory another loop queues while a replay runs is read with the rest. Read the
        other way round, it was taken for a deleted one: its remote copy was removed and its
        debt cleared, and the write was on no server until a sync."""
        pending = outbox.pending()
        with self.lock:
            self.catalog.refresh(force=True)
            memories = self.catalog.memories
            return [(item, memories.get(item.memory_id)) for item in pending]

    # -- the reader's surface -----------------------------------------------------------
    def get(self, memory_id: str, *, touch: bool = True) -> Memory:
        memory = self.files.read(memory_id)  # the file itself, never a cached copy
        if touch:
            self._touch([memory.id])
        return memory

    def list(self, filters: Filters | None = None) -> builtins.list[Memory]:
        with self.lock:
            self.catalog.refresh()
            memories = builtins.list(self.catalog.memories.values())
        now = self.clock()
        filters = filters or Filters()
        if not filters.include_superseded:
            replaced = {old for m in memories for old in m.supersedes}
            memories = [m for m in memories if m.id not in replaced]
        admits = filters.admits
        return sorted((m for m in memories if admits(m, now)), key=lambda m: (m.created_at, m.id))

    # -- access bookkeeping -------------------------------------------------------------
    def _touch(self, ids: builtins.list[str]) -> datetime:
        """Record a read of these memories (sidecar and in-process copy); return its time."""
        now = self.clock()
        self.access.touch(ids, now)
        with self.lock:
            for memory_id in ids:
                seen, count = self._last_access.get(memory_id, (now, 0))
                self._last_access[memory_id] = (max(seen, now), count + 1)
        return now

    def access_stats(self, memory_id: str) -> tuple[datetime, int] | None:
        return self._last_access.get(memory_id) or self.access.get(memory_id)

    def close(self) -> None:
        self.access.close()
