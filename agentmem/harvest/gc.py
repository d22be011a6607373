"""Garbage collection (seed 004, pattern 4): archive what memory no longer uses, never delete.

A memory is proposed when it has gone untouched (no read since it was last accessed, or
since it was written) for at least `gc_days` and was read at most `gc_max_access` times.
Immutable principles are never proposed. `apply` moves the files from `entries/` to
`archive/` unchanged; `restore` moves one back, byte for byte.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from agentmem._exceptions import AgentMemError, MemoryNotFound, StoreError, WriteRefused
from agentmem._log import get_logger
from agentmem.audit import ledger as auditlog
from agentmem.core.locks import exclusive
from agentmem.core.model import ID_PATTERN, Memory, MemoryType
from agentmem.settings import Settings
from agentmem.stores.access import AccessLog
from agentmem.stores.catalog import Catalog
from agentmem.stores.files import SUFFIX, EntryFiles, check_id

log = get_logger()


@dataclass(frozen=True)
class Candidate:
    """A memory GC would archive, and the figures that qualify it."""

    id: str
    type: str
    last_access: datetime
    access_count: int
    idle_days: float
    text: str


def record_move(settings: Settings, event: str, ids: list[str], by: str) -> None:
    """One ledger line for memories moved out of (or back into) `entries/`."""
    line = {"event": event, "ts": time.time(), "ids": ids, "by": by}
    try:
        auditlog.record(settings, line)
    except (OSError, AgentMemError) as exc:  # the move stands; only its audit line is lost
        log.warning("audit_log_unwritable", path=str(settings.log_path), error=str(exc))


def _created(memory: Memory) -> datetime:
    when = datetime.fromisoformat(memory.created_at)
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def protected(memory: Memory) -> bool:
    """Immutable principles are the constitution: GC never touches them."""
    return memory.immutable or memory.type is MemoryType.PRINCIPLE


def propose(
    memories: Iterable[Memory],
    access: Mapping[str, tuple[datetime, int]],
    *,
    now: datetime,
    days: int,
    max_access: int,
) -> list[Candidate]:
    """Memories idle for `days` or more with at most `max_access` reads, oldest first."""
    found = []
    for memory in memories:
        if protected(memory):
            continue
        last, count = access.get(memory.id, (_created(memory), 0))
        idle = (now - last).total_seconds() / 86400.0
        if idle >= days and count <= max_access:
            found.append(Candidate(memory.id, memory.type.value, last, count, idle, memory.text))
    return sorted(found, key=lambda c: (c.last_access, c.id))


class GarbageCollector:
    """Proposes, archives and restores memory files under one root."""

    def __init__(self, settings: Settings) -> None:
        self.settings = settings
        self.files = EntryFiles(settings.root)
        self._lock = settings.root / ".agentmem" / "write.lock"  # the writer's lock

    def candidates(self, now: datetime | None = None) -> list[Candidate]:
        memories = Catalog(self.files).memories.values()
        access = AccessLog(self.files.cache / "access.sqlite")
        try:
            stats = access.all()
        finally:
            access.close()
        return propose(
            memories,
            stats,
            now=now or datetime.now(UTC),
            days=self.settings.gc_days,
            max_access=self.settings.gc_max_access,
        )

    def archived(self) -> list[str]:
        if not self.files.archive.is_dir():
            return []
        stems = (p.stem for p in self.files.archive.glob(f"*{SUFFIX}"))
        return sorted(stem for stem in stems if ID_PATTERN.match(stem))

    def archive(self, ids: Iterable[str]) -> list[str]:
        """Move each memory's file to `archive/` unchanged; refuse a principle."""
        self._check_role()
        moved = []
        with exclusive(self._lock):
            for memory_id in ids:
                memory = self.files.read(memory_id)
                if protected(memory):
                    raise WriteRefused(
                        f"{memory_id} is an immutable principle; GC never archives it"
                    )
                self._move(self.files.path_for(memory_id), self._archived_path(memory_id))
                moved.append(memory_id)
                log.info("gc_archived", id=memory_id)
        if moved:  # for `agentmem diff`: what left memory in a window, and by what
            record_move(self.settings, "memory_archived", moved, "archived by gc")
        return moved

    def restore(self, memory_id: str) -> Path:
        """Bring one archived memory back to `entries/`, byte for byte."""
        self._check_role()
        source = self._archived_path(memory_id)
        if not source.is_file():
            raise MemoryNotFound(memory_id)
        target = self.files.path_for(memory_id)
        with exclusive(self._lock):
            self._move(source, target)
        log.info("gc_restored", id=memory_id)
        record_move(self.settings, "memory_restored", [memory_id], "restored by gc")
        return target

    def _archived_path(self, memory_id: str) -> Path:
        return self.files.archive / f"{check_id(memory_id)}{SUFFIX}"

    def _check_role(self) -> None:
        if self.settings.role == "worker":
            raise WriteRefused("AGENTMEM_ROLE=worker: workers cannot archive or restore memory")

    @staticmethod
    def _move(source: Path, target: Path) -> None:
        if target.exists():
            raise StoreError("already exists; refusing to overwrite it", path=str(target))
        target.parent.mkdir(parents=True, exist_ok=True)
        try:
            os.rename(source, target)  # same file system: the bytes never change
        except OSError as exc:
            raise StoreError(f"cannot move from {source}: {exc}", path=str(target)) from exc
