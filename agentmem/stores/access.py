"""Last access and access count, kept in a sidecar beside the files so reads never churn git."""

from __future__ import annotations

import sqlite3
import threading
import time
from collections.abc import Iterable
from datetime import UTC, datetime
from pathlib import Path

_SCHEMA = """
CREATE TABLE IF NOT EXISTS access (
    id TEXT PRIMARY KEY,
    last_access TEXT NOT NULL,
    count INTEGER NOT NULL
)
"""


def utcnow() -> datetime:
    return datetime.now(UTC)


class AccessLog:
    """A small SQLite table (WAL, so readers in other processes are never blocked)."""

    def __init__(self, path: Path) -> None:
        path.parent.mkdir(parents=True, exist_ok=True)
        self.path = path
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, timeout=10, check_same_thread=False, isolation_level=None)
        self._enable_wal()
        # Access stats are advisory (they only tune decay), so losing the last few on a
        # power cut is acceptable; a full fsync per read is not.
        self._db.execute("PRAGMA synchronous=NORMAL")
        self._db.execute(_SCHEMA)

    def _enable_wal(self) -> None:
        # Switching to WAL needs a moment alone with the file; another connection opening
        # at the same instant answers "database is locked" at once, without waiting.
        # WAL is a property of the file, so whoever wins sets it for everyone.
        for attempt in range(50):
            try:
                self._db.execute("PRAGMA journal_mode=WAL")
                return
            except sqlite3.OperationalError:
                time.sleep(0.01 * (attempt + 1))
        self._db.execute("PRAGMA journal_mode=WAL")

    def touch(self, ids: Iterable[str], when: datetime | None = None) -> None:
        stamp = (when or utcnow()).isoformat()
        rows = [(i, stamp) for i in dict.fromkeys(ids)]
        if not rows:
            return
        with self._lock:
            self._db.executemany(
                "INSERT INTO access (id, last_access, count) VALUES (?, ?, 1) "
                "ON CONFLICT(id) DO UPDATE SET last_access = excluded.last_access, count = count + 1",
                rows,
            )

    def all(self) -> dict[str, tuple[datetime, int]]:
        with self._lock:
            rows = self._db.execute("SELECT id, last_access, count FROM access").fetchall()
        return {row[0]: (datetime.fromisoformat(row[1]), int(row[2])) for row in rows}

    def get(self, memory_id: str) -> tuple[datetime, int] | None:
        with self._lock:
            row = self._db.execute(
                "SELECT last_access, count FROM access WHERE id = ?", (memory_id,)
            ).fetchone()
        return None if row is None else (datetime.fromisoformat(row[0]), int(row[1]))

    def close(self) -> None:
        with self._lock:
            self._db.close()
