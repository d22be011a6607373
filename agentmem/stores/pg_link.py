"""The postgres backend's link to its server: a pool per process, the schema migrated once,
the retry policy, and the rest after a failure (so a down server costs one failed call per
`replay_interval_s`, not one per fire).
"""

from __future__ import annotations

import logging
import os
import threading
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import psycopg
from psycopg_pool import ConnectionPool

from agentmem._exceptions import StoreError
from agentmem._log import get_logger
from agentmem.stores.pg_behind import Behind
from agentmem.stores.pg_terms import Job, migrate
from agentmem.stores.pg_write import Conn
from agentmem.stores.projection import ProjectionError
from agentmem.stores.retry import RetryPolicy

log = get_logger()
T = TypeVar("T")
ORIGIN = "origin"  # <root>/.agentmem/origin: this root's name on the server
QUICK_RETRY = RetryPolicy(attempts=2, wait_min_s=0.05, wait_max_s=0.2)


def quiet_pool_log() -> None:
    """psycopg_pool logs a warning per failed connect, psycopg one per pipeline a dead server
    cut; with no handler anywhere, Python would print them on stderr. The library never
    prints: a NullHandler on the `psycopg` logger (the pool's too), as on agentmem's own
    logger (a host's handlers still receive the records)."""
    pool_log = logging.getLogger("psycopg")
    if not pool_log.handlers:
        pool_log.addHandler(logging.NullHandler())


def origin_of(root: Path) -> str:
    """This root's stable name on the server (made once; every process on the root reads it)."""
    path = root / ".agentmem" / ORIGIN
    try:
        return path.read_text(encoding="utf-8").strip()
    except FileNotFoundError:
        pass
    path.parent.mkdir(parents=True, exist_ok=True)
    try:  # O_EXCL: two processes opening a new root at once agree on the first name written
        fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(uuid.uuid4().hex + "\n")
    except FileExistsError:
        pass
    for _ in range(500):  # the winner's write is a few bytes away
        name = path.read_text(encoding="utf-8").strip()
        if name:
            return name
        time.sleep(0.01)
    raise StoreError("the root's origin file stays empty; delete it", path=str(path))


class ServerLink:
    """What the store needs of the server; mixed into PostgresStore."""

    backend = "postgres"

    def _open_link(
        self,
        url: str,
        schema: str,
        pool_size: int,
        timeout_s: float,
        policy: RetryPolicy,
        replay_interval_s: float,
    ) -> None:
        self.url = url
        self.schema = schema
        self.pool_size = pool_size
        self.timeout_s = timeout_s
        self.policy = policy
        self.replay_interval_s = replay_interval_s
        self._pool: ConnectionPool | None = None
        self._pool_pid = -1
        self._migrated = False
        self._failed_at = float("-inf")
        self._last_error = ""  # the server's last failure, said by a fallback while it rests
        self._holding = threading.local()  # see reached
        self.remaking = False  # the postings were stale when migrated, and not seen current since
        self.behind = Behind(url, schema, timeout_s)  # the remake's thread (pg_behind)

    def _remake_later(self, job: Job) -> None:
        self.remaking = True
        self.behind.start(job)

    def _connections(self) -> ConnectionPool:
        if self._pool is None or self._pool_pid != os.getpid():  # a forked child opens its own
            quiet_pool_log()
            self._pool = ConnectionPool(
                self.url,
                min_size=1,
                max_size=self.pool_size,
                timeout=self.timeout_s,
                kwargs={
                    "autocommit": True,
                    "connect_timeout": max(1, round(self.timeout_s)),
                    "options": f"-c search_path={self.schema}",
                },
                name=f"agentmem-{self.schema}",
                open=False,
            )
            self._pool.open(wait=False)
            self._pool_pid = os.getpid()
        return self._pool

    def call(self, fn: Callable[[Conn], T]) -> T:
        """Run `fn` on a pooled connection, with the retry policy; any failure of the server
        is a ProjectionError (`transient` when a retry may pass)."""

        def attempt() -> T:
            try:
                with self._connections().connection() as conn:
                    if not self._migrated:
                        migrate(conn, self.schema, self._remake_later)
                        self._migrated = True
                    return fn(conn)
            except (psycopg.OperationalError, psycopg.errors.SerializationFailure) as exc:
                raise ProjectionError(f"postgres: {exc}", transient=True) from exc
            except psycopg.Error as exc:
                raise ProjectionError(f"postgres: {exc}", transient=False) from exc

        return self.policy.call(attempt)

    def _resting(self) -> bool:
        if getattr(self._holding, "on", False):
            return True
        return time.monotonic() - self._failed_at < self.replay_interval_s

    @contextmanager
    def reached(self) -> Iterator[bool]:
        """Connect now if the link is down and its rest is over; yield whether the server
        is reached. The writer enters this before it takes the root's write lock: a
        connect to a server that is away costs its timeout here, where no other process
        waits for it. When the server was not reached, this thread makes no new connect
        until the block ends (a rest that ends while the writer waits for the lock is
        kept until the next write), so nothing connects under the lock."""
        live = not self._resting() and (
            (self._pool is not None and self._pool_pid == os.getpid())
            or self._try("server_unreachable", lambda conn: True) is not None
        )
        self._holding.on = not live
        try:
            yield live
        finally:
            self._holding.on = False

    def _failed(self, event: str, exc: Exception, **context: Any) -> None:
        self._failed_at = time.monotonic()
        self._last_error = str(exc)
        log.warning(event, backend=self.backend, error=str(exc), **context)
        # A pool whose server went away backs off its reconnects for up to minutes; the
        # next call after the rest opens a fresh one, which connects at once.
        pool, self._pool = self._pool, None
        if pool is not None and self._pool_pid == os.getpid():
            pool.close(timeout=0)

    def _try(self, event: str, fn: Callable[[Conn], T]) -> T | None:
        """`call`, or None (logged, and the server rests) when the server fails or rests."""
        if self._resting():
            return None
        try:
            return self.call(fn)
        except ProjectionError as exc:
            self._failed(event, exc)
            return None

    @contextmanager
    def connection(self) -> Iterator[Conn]:
        """A pooled connection (for sync and tests), the schema migrated."""
        with self._connections().connection() as conn:
            if not self._migrated:
                migrate(conn, self.schema, self._remake_later)
                self._migrated = True
            yield conn

    def forget_failure(self) -> None:
        """Stop resting: the next call tries the server again (after a restart, in sync)."""
        self._failed_at = float("-inf")

    def _close_link(self) -> None:
        self.behind.stop()
        if self._pool is not None and self._pool_pid == os.getpid():
            self._pool.close()
        self._pool = None
