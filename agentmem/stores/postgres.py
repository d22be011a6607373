"""The `postgres` backend: many loops, one memory, ranked by the server as the files rank.

Each loop keeps its memory root (the files in git are still the truth). A write goes to
the file first (atomic, as always), then into the server in one transaction (an
idempotent upsert by id, see agentmem.stores.pg_write); when the server cannot take it,
the id waits in the outbox for a later call or `agentmem sync`, and the write still
counts (the file is the memory). A search is one statement on the server (pg_rank) over
every loop's memories: one this root holds is served from its file, any other from its
row (the reader's surface: agentmem.stores.pg_search). While the server is down, this
root's files answer by the files backend's ranking (hits say `"fallback": "files"`;
`answer` returns a `Fallback` saying why: a fire's `reads.fallbacks`, its ledger line, the
audit's `answered_from_files` alarm), and the server rests for `replay_interval_s`: an
outage costs one failed call, not one per fire.

psycopg and its pool are imported here only: `import agentmem` never loads them.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TypeVar

from agentmem._exceptions import DuplicateMemory, StoreError
from agentmem._log import get_logger
from agentmem.core.locks import exclusive
from agentmem.core.model import Memory
from agentmem.retrieval.ranking import DEFAULT_PARAMS, RankingParams
from agentmem.stores import pg_write
from agentmem.stores.base import Progress, RebuildReport
from agentmem.stores.filestore import FileStore
from agentmem.stores.outbox import Outbox
from agentmem.stores.pg_link import QUICK_RETRY, origin_of
from agentmem.stores.pg_prune import EXACT_MAX
from agentmem.stores.pg_rank import DISTINCTIVE_BUDGET, DISTINCTIVE_CAP, Ranked
from agentmem.stores.pg_search import ServerSearch
from agentmem.stores.projected import ReplayReport
from agentmem.stores.projection import ProjectionError
from agentmem.stores.retry import RetryPolicy

log = get_logger()
T = TypeVar("T")
BATCH = 1000  # memories per transaction in a rebuild


class PostgresStore(ServerSearch):
    """Markdown files under `<root>/entries/` (the truth) shared through a PostgreSQL server."""

    backend = "postgres"

    def __init__(
        self,
        root: Path,
        url: str,
        *,
        schema: str = "agentmem",
        pool_size: int = 4,
        timeout_s: float = 3.0,
        params: RankingParams = DEFAULT_PARAMS,
        policy: RetryPolicy = QUICK_RETRY,
        replay_interval_s: float = 30.0,
        sweep_interval_s: float = 1.0,
    ) -> None:
        super().__init__(root, sweep_interval_s=sweep_interval_s)
        self._open_link(url, schema, pool_size, timeout_s, policy, replay_interval_s)
        self.params = params
        self.outbox = Outbox(root)
        self.origin = origin_of(root)
        self._replay_lock = self.files.cache / "outbox.lock"
        self._files_ranking: FileStore | None = None
        self.answered_by = ""  # "server" or "files": who answered the last search
        self.fallbacks = 0  # searches the files answered in the server's place
        self.distinctive_cap = DISTINCTIVE_CAP  # see lexical_search
        self.distinctive_budget = DISTINCTIVE_BUDGET
        self._term_counts: dict[str, int] = {}  # words above the budget (pg_rank.distinctive)
        self.exact_max = EXACT_MAX  # candidates a search scores all, exactly (pg_prune)
        self.fuse: Callable[..., builtins.list[Ranked]] | None = None  # see pg_vector_store

    # -- the writer's surface -----------------------------------------------------------
    def put(self, memory: Memory, *, force: bool = False) -> None:
        """File first (atomic); then the row, or the outbox while the server is away."""
        self.replay_due()
        path = self.files.write(memory)
        self._noted(memory, path)
        if self._resting():
            self.outbox.add(memory.id, "the server is resting after a failure")
            return
        self.project(memory, force=force)

    def rewrite(self, memory: Memory) -> None:
        """`put`, this root's version winning over another loop's row (`core.dupelink`)."""
        self.put(memory, force=True)

    def project(self, memory: Memory, *, force: bool = False) -> bool:
        """Upsert one memory's row; on failure queue it. Return whether the server holds it.
        Raises DuplicateMemory (after removing the file) when another memory holds the
        same content and scope."""
        self.forget_counts()  # its postings change the counts of its words
        row = pg_write.make_row(memory, self.origin)
        durable = not self.batching  # in a batch, made durable when it ends (pg_batch)
        try:
            outcome = self.call(lambda c: pg_write.upsert(c, row, force=force, durable=durable))
        except ProjectionError as exc:
            owed = self.outbox.add(memory.id, str(exc))
            self._failed("projection_queued", exc, id=memory.id, attempts=owed.attempts)
            return False
        if outcome == "inserted" and not durable:
            self.batched(memory.id)
        self.outbox.done(memory.id)
        if isinstance(outcome, pg_write.Duplicate):
            self._drop_file(memory.id)
            raise DuplicateMemory(memory.id, outcome.memory_id)
        if isinstance(outcome, pg_write.Adopt):
            kept = Memory.model_validate(outcome.record)
            self._noted(kept, self.files.write(kept))  # the version the fleet already holds
        return True

    def _noted(self, memory: Memory, path: Path) -> None:
        """Tell this root's indexes of a file just written, the fallback's too: it sees new
        files by the folder's mtime, which a write in the tick of its last look keeps."""
        with self.lock:
            self.catalog.note_written(memory, path)
            ranking = self._files_ranking
        if ranking is not None:
            with ranking.lock:
                ranking.catalog.note_written(memory, path)

    def _drop_file(self, memory_id: str) -> None:
        self.files.path_for(memory_id).unlink(missing_ok=True)
        with self.lock:
            self.catalog.note_removed(memory_id)
        log.info("duplicate_dropped", id=memory_id, backend=self.backend)

    def rebuild(self, progress: Progress | None = None) -> RebuildReport:
        """Make the server hold every file of this root (the files win) and drop this root's
        rows whose file is gone; a rebuild from a complete root restores a lost server."""
        self.forget_counts()
        with self.lock:
            self.catalog.reset()
            memories = sorted(self.catalog.memories.values(), key=lambda m: m.id)
            broken = builtins.list(self.catalog.broken.values())
        try:
            for start in range(0, len(memories), BATCH):
                batch = memories[start : start + BATCH]
                self._load(batch)
                if progress is not None:
                    progress(len(batch))
            kept = {m.id for m in memories}
            gone = self.call(
                lambda conn: [
                    str(r[0])
                    for r in conn.execute(
                        "SELECT id FROM memories WHERE origin = %s", (self.origin,)
                    ).fetchall()
                    if str(r[0]) not in kept
                ]
            )
            for memory_id in gone:
                self.call(lambda conn, i=memory_id: pg_write.remove(conn, i))  # type: ignore[misc]
        except ProjectionError as exc:
            raise StoreError(f"postgres rebuild stopped: {exc}; run it again") from exc
        for owed in self.outbox.pending():
            if owed.memory_id in kept or owed.memory_id in gone:
                self.outbox.done(owed.memory_id)
        self._failed_at = float("-inf")
        return RebuildReport(len(memories), broken)

    def _load(self, batch: Sequence[Memory]) -> None:
        """Insert what is new in one COPY; upsert what changed one by one (files win)."""
        rows = {m.id: pg_write.make_row(m, self.origin) for m in batch}
        held = dict(
            self.call(
                lambda conn: conn.execute(
                    "SELECT id, fingerprint FROM memories WHERE id = ANY(%s::text[])",
                    (builtins.list(rows),),
                ).fetchall()
            )
        )
        fresh = [r for i, r in rows.items() if i not in held]
        changed = [r for i, r in rows.items() if i in held and held[i] != r.values["fingerprint"]]
        changed += self.call(lambda conn: pg_write.insert_many(conn, fresh))
        for row in changed:
            outcome = self.call(lambda conn, r=row: pg_write.upsert(conn, r, force=True))  # type: ignore[misc]
            if isinstance(outcome, pg_write.Duplicate):
                log.warning("rebuild_duplicate", id=row.memory.id, kept=outcome.memory_id)

    # -- the outbox -----------------------------------------------------------------------
    def replay_due(self) -> ReplayReport | None:
        """Replay the outbox if it holds anything and the server is not resting."""
        if self._resting() or not len(self.outbox):
            return None
        return self.replay()

    def replay(self) -> ReplayReport:
        """Upsert every owed memory (or delete its row if its file is gone); stop at the
        first failure, so a server that is down is not called once per entry."""
        report = ReplayReport()
        self.forget_counts()  # a row removed changes the counts of its words
        with exclusive(self._replay_lock):
            for item, memory in self.owed(self.outbox):
                try:
                    if memory is None:
                        self.call(lambda conn, i=item.memory_id: pg_write.remove(conn, i))  # type: ignore[misc]
                        self.outbox.done(item.memory_id)
                    elif not self.project(memory):
                        report.error = "the server failed again"
                        break
                except DuplicateMemory:
                    pass  # the file was a second copy of another loop's memory: dropped
                except ProjectionError as exc:
                    self.outbox.add(item.memory_id, str(exc))
                    self._failed("replay_failed", exc)
                    report.error = str(exc)
                    break
                report.replayed.append(item.memory_id)
        return report.close(self.outbox, self.backend)

    @property
    def legs(self) -> builtins.list[str]:
        return ["bm25"] + (["neighbours"] if self.params.neighbours else [])

    def close(self) -> None:
        self._close_link()
        if self._files_ranking is not None:
            self._files_ranking.close()
        super().close()
