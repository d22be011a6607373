"""A fire's drafts written as one batch on the postgres backend: one wait for the disk.

An add waits twice for the disk: its file's folder fsync and its row's commit (the WAL's
flush, 8–11 ms). A fire that writes several drafts paid both for each. Within `batch()`:

- each file is written atomically as ever (fsynced, renamed), its folder fsynced once at the
  end (`EntryFiles.deferred`);
- each new row is committed without waiting for the WAL (`synchronous_commit` off for its
  transaction alone): visible at once to every loop, so the writer's checks of the batch's
  next draft (the duplicate lookup, the restatement check) see it, exactly as unbatched;
- when the block ends, the folders are synced first, then one durable commit that writes
  after the batch's rows flushes them all (`pg_write.settle`: the WAL is one sequence, so
  its flush covers every commit before it). Until then a power cut may keep a row whose
  file's rename it lost (the server flushes its WAL on its own too); the fire had not
  returned, and `agentmem sync` deletes such a row (the files win).

What is owed: if that commit fails, or the server is resting, every row of the batch is
owed whole (the outbox) and replayed by the next write, search or `agentmem sync`; a row
a restarted server lost is owed too (settle names it). The upsert is idempotent (the same
fingerprint is "same"), so a replayed row is never doubled, and the content key is still
the database's unique rule. Why not one transaction for the batch's rows: the writer's
checks of the next draft run on other pooled connections and must see the rows before,
and a transaction held open across the judge's CPU time would hold the stats rows' locks
against the other loops.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Sequence
from contextlib import contextmanager

from agentmem._log import get_logger
from agentmem.stores import pg_write
from agentmem.stores.outbox import Outbox
from agentmem.stores.pg_ahead import DraftLookup
from agentmem.stores.projection import ProjectionError

log = get_logger()


class BatchedRows(DraftLookup):
    """The batch of PostgresStore (per thread: a host's threads batch apart)."""

    outbox: Outbox

    @property
    def _rows(self) -> threading.local:
        made: threading.local = self.__dict__.setdefault("_rows_local", threading.local())
        return made

    @property
    def batching(self) -> bool:
        """Whether this thread is inside `batch()`: a new row's commit does not wait."""
        return getattr(self._rows, "ids", None) is not None

    def batched(self, memory_id: str) -> None:
        """Note a row committed without waiting: `batch()` makes it durable, or owes it."""
        self._rows.ids.append(memory_id)

    @contextmanager
    def batch(self) -> Iterator[None]:
        """Writes inside are one batch (see the module docstring); nested blocks are one."""
        if self.batching:
            yield
            return
        self._rows.ids = []
        try:
            with self.files.deferred():  # the folders synced when it ends, before the rows
                yield
        finally:
            ids, self._rows.ids = self._rows.ids, None
            if ids:
                self._settle(ids)

    def _settle(self, ids: Sequence[str]) -> None:
        if self._resting():
            self._owe(ids, f"{self.backend} is resting: the batch's commit was not made")
            return
        try:
            lost = self.call(lambda conn: pg_write.settle(conn, ids))
        except ProjectionError as exc:
            self._owe(ids, str(exc))
            self._failed("batch_owed", exc, rows=len(ids))
            return
        if lost:  # a server that restarted since their commit: replayed like any debt
            self._owe(sorted(lost), "the server lost the row before it was durable")
            log.warning("batch_rows_lost", backend=self.backend, rows=len(lost))

    def _owe(self, ids: Sequence[str], reason: str) -> None:
        for memory_id in dict.fromkeys(ids):
            self.outbox.add(memory_id, reason)
