"""The durable outbox: memory ids whose projection into a remote store is still owed.

One small JSON file per memory id under `<root>/.agentmem/outbox/`, written atomically
(temp file, fsync, rename), so a crash never leaves half an entry and queueing the same id
twice leaves one entry. An entry names only the id: replay reads the memory from its file
(present: project it; gone: remove it remotely), so the files stay the one truth.
"""

from __future__ import annotations

import contextlib
import json
import os
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

from agentmem.core.model import ID_PATTERN
from agentmem.stores.files import CACHE, atomic_write, check_id

FOLDER = "outbox"


@dataclass(frozen=True)
class Owed:
    """One pending projection: which memory, since when, and the last error."""

    memory_id: str
    queued_at: str
    error: str
    attempts: int


class Outbox:
    """Queue, list and clear owed projections for one memory root."""

    def __init__(self, root: Path) -> None:
        self.folder = root / CACHE / FOLDER

    def _path(self, memory_id: str) -> Path:
        return self.folder / f"{check_id(memory_id)}.json"

    def add(self, memory_id: str, error: str) -> Owed:
        """Queue (or re-queue) a memory id; the attempt count goes up by one."""
        previous = self.get(memory_id)
        owed = Owed(
            memory_id=memory_id,
            queued_at=previous.queued_at if previous else datetime.now(UTC).isoformat(),
            error=error[:500],
            attempts=(previous.attempts if previous else 0) + 1,
        )
        atomic_write(self._path(memory_id), json.dumps(owed.__dict__))
        return owed

    def get(self, memory_id: str) -> Owed | None:
        try:
            data = json.loads(self._path(memory_id).read_text(encoding="utf-8"))
            return Owed(**data)
        except (OSError, ValueError, TypeError):
            return None

    def pending(self) -> list[Owed]:
        """Every owed projection, oldest first."""
        if not self.folder.is_dir():
            return []
        owed = []
        for entry in os.scandir(self.folder):
            name = entry.name.removesuffix(".json")
            if name == entry.name or not ID_PATTERN.match(name):
                continue  # a temp file mid-write, or something that is not ours
            item = self.get(name)
            if item is not None:
                owed.append(item)
        return sorted(owed, key=lambda o: (o.queued_at, o.memory_id))

    def done(self, memory_id: str) -> None:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(self._path(memory_id))

    def __len__(self) -> int:
        if not self.folder.is_dir():
            return 0
        return sum(1 for name in os.listdir(self.folder) if name.endswith(".json"))
