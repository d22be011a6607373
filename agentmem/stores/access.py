"""Last access and access count, kept in a sidecar beside the files so reads never churn git.

The sidecar is advisory (it only tunes decay), so it never stops a read: a damaged file
(truncated, not a database, a row whose date does not parse) is set aside and the counts
start over; a root that cannot be written (a read-only mount, no permission) keeps the
counts in memory for this process, loaded from the sidecar where it can still be read.
A full disk (or a failing one) is not damage: the file is kept and the update skipped.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import sqlite3
import threading
import time
from collections.abc import Callable, Iterable
from datetime import UTC, datetime
from pathlib import Path
from typing import TypeVar

import structlog

from agentmem.stores.files import set_aside

log = structlog.get_logger("agentmem")

T = TypeVar("T")

_SCHEMA = """
CREATE TABLE IF NOT EXISTS access (
    id TEXT PRIMARY KEY,
    last_access TEXT NOT NULL,
    count INTEGER NOT NULL
)
"""
# sqlite's "busy" and "locked": another connection holds the file for a moment. Any other
# error (read-only, cannot open, not a database) will not pass by waiting.
_TRANSIENT = (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED)
# "database or disk is full" and "disk I/O error": the device failed, not the file. Setting
# the file aside for them would throw good counts away (and it is no better tomorrow).
_DEVICE = (sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR)


def _code(exc: sqlite3.Error) -> int | None:
    """The primary result code (an extended one such as a failed write folded back)."""
    code = getattr(exc, "sqlite_errorcode", None)
    return None if code is None else code & 0xFF


def utcnow() -> datetime:
    return datetime.now(UTC)


def _stamp(when: datetime) -> str:
    """A time as the sidecar keeps it: UTC (naive read as UTC), to the microsecond."""
    aware = when if when.tzinfo is not None else when.replace(tzinfo=UTC)
    return aware.astimezone(UTC).isoformat(timespec="microseconds")


def _row(row: tuple[object, object, object]) -> tuple[str, datetime, int] | None:
    """One row as (id, last access, count), or None when it does not parse."""
    try:
        when = datetime.fromisoformat(str(row[1]))
        return str(row[0]), (when if when.tzinfo else when.replace(tzinfo=UTC)), int(str(row[2]))
    except (TypeError, ValueError):
        return None


def writable(folder: Path) -> bool:
    """Whether files can be made in `folder` (made first if missing)."""
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return False
    return os.access(folder, os.W_OK)


class AccessLog:
    """A small SQLite table (WAL, so readers in other processes are never blocked)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lock = threading.Lock()
        self.read_only = not writable(path.parent) or (
            path.exists() and not os.access(path, os.W_OK)
        )
        self._db = self._open_read_only() if self.read_only else self._open_or_start_over()

    # -- opening ----------------------------------------------------------------------------
    def _open(self) -> sqlite3.Connection:
        db = sqlite3.connect(self.path, timeout=10, check_same_thread=False, isolation_level=None)
        try:
            self._enable_wal(db)
            # Access stats are advisory (they only tune decay), so losing the last few on a
            # power cut is acceptable; a full fsync per read is not.
            db.execute("PRAGMA synchronous=NORMAL")
            db.execute(_SCHEMA)
            db.execute("SELECT count(*) FROM access").fetchone()  # a truncated file fails here
        except BaseException:
            db.close()
            raise
        return db

    @staticmethod
    def _enable_wal(db: sqlite3.Connection) -> None:
        # Switching to WAL needs a moment alone with the file; another connection opening
        # at the same instant answers "database is locked" at once, without waiting.
        # WAL is a property of the file, so whoever wins sets it for everyone.
        for attempt in range(50):
            try:
                db.execute("PRAGMA journal_mode=WAL")
                return
            except sqlite3.OperationalError as exc:
                if getattr(exc, "sqlite_errorcode", None) not in _TRANSIENT:
                    raise  # read-only, cannot open: waiting will not help (it cost 12.8 s)
                time.sleep(0.01 * (attempt + 1))
        db.execute("PRAGMA journal_mode=WAL")

    def _open_or_start_over(self) -> sqlite3.Connection:
        try:
            return self._open()
        except sqlite3.DatabaseError as exc:
            if _code(exc) in _TRANSIENT:
                raise
            if _code(exc) in _DEVICE:  # kept as it is; counted in memory for this process
                self.read_only = True
                return self._open_read_only(f"{exc} (the file is kept)")
            self._set_aside(str(exc))
            return self._open()

    def _set_aside(self, reason: str) -> None:
        """Move a damaged sidecar (and its WAL files) out of the way; counts start over."""
        for suffix in ("-wal", "-shm"):
            companion = self.path.with_name(self.path.name + suffix)
            if companion.is_dir() and not companion.is_symlink():  # damage, not sqlite's
                shutil.rmtree(companion, ignore_errors=True)
            with contextlib.suppress(FileNotFoundError, IsADirectoryError):
                os.unlink(companion)
        set_aside(self.path, reason, "access statistics start over")

    def _open_read_only(
        self, reason: str = "the memory root cannot be written"
    ) -> sqlite3.Connection:
        """Counts in memory, seeded from the sidecar when it can be read at all."""
        db = sqlite3.connect(":memory:", check_same_thread=False, isolation_level=None)
        db.execute(_SCHEMA)
        rows: list[tuple[object, object, object]] = []
        if self.path.is_file():
            # immutable=1: read without the -shm file a read-only folder cannot hold.
            with contextlib.suppress(sqlite3.DatabaseError):
                source = sqlite3.connect(f"file:{self.path}?mode=ro&immutable=1", uri=True)
                try:
                    rows = source.execute("SELECT id, last_access, count FROM access").fetchall()
                finally:
                    source.close()
        db.executemany("INSERT OR REPLACE INTO access VALUES (?, ?, ?)", rows)
        log.warning(
            "access_stats_in_memory",
            path=str(self.path),
            reason=reason,
        )
        return db

    # -- use --------------------------------------------------------------------------------
    def _run(self, operation: Callable[[sqlite3.Connection], T]) -> T:
        """Run one statement; a sidecar damaged since it was opened is set aside once. No
        cursor may leave the lock: one freed in another thread resets its statement while
        this connection runs another ("bad parameter or other API misuse")."""
        with self._lock:
            try:
                return operation(self._db)
            except sqlite3.DatabaseError as exc:
                if self.read_only or _code(exc) in (*_TRANSIENT, *_DEVICE):
                    raise
                self._db.close()
                self._set_aside(str(exc))
                self._db = self._open()
                return operation(self._db)

    def touch(self, ids: Iterable[str], when: datetime | None = None) -> None:
        stamp = _stamp(when or utcnow())
        rows = [(i, stamp) for i in dict.fromkeys(ids)]
        if not rows:
            return
        # Two readers race: the one that asked the clock first may write last. A read never
        # moves a last access backwards (one format, so text order is time order).
        try:
            self._run(
                lambda db: db.executemany(
                    "INSERT INTO access (id, last_access, count) VALUES (?, ?, 1) "
                    "ON CONFLICT(id) DO UPDATE SET "
                    "last_access = MAX(last_access, excluded.last_access), count = count + 1",
                    rows,
                ).close()
            )
        except sqlite3.DatabaseError as exc:
            if _code(exc) not in _DEVICE:
                raise
            # Advisory counts: a read must not fail because its bookkeeping could not land.
            log.warning(
                "access_stats_not_updated",
                path=str(self.path),
                reason=str(exc),
                action="file kept; this update skipped",
            )

    def all(self) -> dict[str, tuple[datetime, int]]:
        rows = self._run(
            lambda db: db.execute("SELECT id, last_access, count FROM access").fetchall()
        )
        parsed = [_row(r) for r in rows]
        bad = [str(r[0]) for r, p in zip(rows, parsed, strict=True) if p is None]
        if bad:
            self._forget(bad)
        return {p[0]: (p[1], p[2]) for p in parsed if p is not None}

    def get(self, memory_id: str) -> tuple[datetime, int] | None:
        row = self._run(
            lambda db: db.execute(
                "SELECT id, last_access, count FROM access WHERE id = ?", (memory_id,)
            ).fetchone()
        )
        parsed = None if row is None else _row(row)
        if row is not None and parsed is None:
            self._forget([memory_id])
        return None if parsed is None else (parsed[1], parsed[2])

    def _forget(self, ids: list[str]) -> None:
        """Rows that do not parse (a hand edit, another tool) start over, with one warning."""
        log.warning(
            "derived_state_damaged",
            path=str(self.path),
            reason=f"{len(ids)} access row(s) with a date or count that does not parse",
            action="those rows start over",
        )
        with contextlib.suppress(sqlite3.DatabaseError):
            self._run(
                lambda db: db.executemany(
                    "DELETE FROM access WHERE id = ?", [(i,) for i in ids]
                ).close()
            )

    def close(self) -> None:
        with self._lock:
            self._db.close()
