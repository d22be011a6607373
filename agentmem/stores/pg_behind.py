"""The tokenizer's remake (agentmem.stores.pg_terms) in a thread of its own, off the
caller's path: the call that finds the postings stale returns at once, and its searches
rank on the live postings until the swap.

The thread connects on its own connection (not one of the pool's: a pool of one would
otherwise be held for the whole run) and tries the remake's advisory lock. Held by
another process, it does not wait on the lock: it looks again every `poll_s` whether the
postings are current yet, with no connection held in between, and takes the remake over
should the other process die (pg_swap goes on from what a dead remake left). The thread
is a daemon: a process that exits mid-remake leaves it to the next one, which goes on.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Protocol, TypeVar

import psycopg

from agentmem._log import get_logger
from agentmem.stores.pg_terms import Job, current
from agentmem.stores.pg_write import Conn

log = get_logger()

POLL_S = 5.0  # while another process remakes: how often this one looks whether it is done


class Behind:
    """At most one remake thread per store."""

    def __init__(self, url: str, schema: str, connect_timeout_s: float) -> None:
        self.url = url
        self.schema = schema
        self.connect_timeout_s = connect_timeout_s
        self.thread: threading.Thread | None = None
        self.stopped = threading.Event()
        self.poll_s = POLL_S

    def start(self, job: Job) -> None:
        if self.thread is not None and self.thread.is_alive():
            return
        self.stopped.clear()
        self.thread = threading.Thread(
            target=self._run, args=(job,), name=f"agentmem-remake-{self.schema}", daemon=True
        )
        self.thread.start()

    def _run(self, job: Job) -> None:
        while not self.stopped.is_set():
            try:
                with psycopg.connect(
                    self.url,
                    autocommit=True,
                    connect_timeout=max(1, round(self.connect_timeout_s)),
                    options=f"-c search_path={self.schema}",
                ) as conn:
                    if job(conn):
                        return
            except Exception as exc:  # a daemon prints nothing: the next look goes on
                log.warning("postgres_remake_failed", schema=self.schema, error=str(exc))
            self.stopped.wait(self.poll_s)

    def wait(self, timeout_s: float | None = None) -> bool:
        """Wait for the thread (tests, a process that wants the new postings); True when
        none runs any more."""
        thread = self.thread
        if thread is None:
            return True
        thread.join(timeout_s)
        return not thread.is_alive()

    def stop(self) -> None:
        """No new look after this (a remake under way runs to its end: the process may
        exit meanwhile, and the next one goes on)."""
        self.stopped.set()


class Remaking(Protocol):
    schema: str
    remaking: bool


R = TypeVar("R")


def consistent(link: Remaking, conn: Conn, search: Callable[[], R]) -> R:
    """`search()` (its own statements on `conn`) on one postings table, while a remake may
    swap a new one in: every statement before the swap or every one after. A search whose
    statements all ran before the swap finds the tokenizer still stale after them (the
    swap's one transaction changes both), and one that finds it current may have straddled
    it: it runs once more, wholly after. Once current, the link's searches run as before
    (no look)."""
    found = search()
    if not current(conn, link.schema):
        return found
    link.remaking = False
    return search()
