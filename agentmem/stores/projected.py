"""A remote backend as a Store: the canonical files first, a projection into mem0 second.

Writes go to the markdown file (atomically) and then into the projection with retries; a
projection that still fails is queued in the outbox and replayed later, so nothing is lost
and the write counts as accepted (the file is the memory). Reads ask the projection which
memories match, then take text and envelope from the files (the files win) and rank them
like the embedded store: similarity × decay × confidence, superseded memories halved.

When the remote fails a search (after its retries), the search is answered from the files
by the embedded ranking instead, and the remote rests for `replay_interval_s` (searches
go straight to the files meanwhile), so an outage costs the loop one retried call, not one
per search. Such a search is never silent: hits say `"fallback": "files"` in their
explanation, `answer` returns a `Fallback` saying why (a fire's `reads.fallbacks`, through
`stores.fallback.watch`, and so its ledger line and the audit's alarm), and `fallbacks` counts them.
"""

from __future__ import annotations

import builtins
import time
from dataclasses import dataclass, field
from datetime import datetime
from functools import partial
from pathlib import Path

from agentmem._log import get_logger
from agentmem.core.locks import exclusive
from agentmem.core.model import Hit, Memory
from agentmem.results import Fallback
from agentmem.stores.base import Filters, Progress, RebuildReport
from agentmem.stores.canonical import CanonicalFiles
from agentmem.stores.filestore import SUPERSEDED_FACTOR, FileStore, decay
from agentmem.stores.outbox import Outbox
from agentmem.stores.projection import Projection, ProjectionError, Scored, remove, upsert
from agentmem.stores.rankview import when
from agentmem.stores.retry import RetryPolicy

log = get_logger()


@dataclass
class ReplayReport:
    """What one pass over the outbox did."""

    replayed: list[str] = field(default_factory=list)
    still_owed: list[str] = field(default_factory=list)
    error: str | None = None

    def close(self, outbox: Outbox, backend: str) -> ReplayReport:
        """Note what the outbox still owes and, when the pass did anything, log it once."""
        self.still_owed = [o.memory_id for o in outbox.pending()]
        if self.replayed or self.error:
            log.info(
                "outbox_replayed",
                backend=backend,
                replayed=len(self.replayed),
                still_owed=len(self.still_owed),
                error=self.error,
            )
        return self


class ProjectedStore(CanonicalFiles):
    """Markdown files under `<root>/entries/` (the truth) projected into a remote store."""

    def __init__(
        self,
        root: Path,
        projection: Projection,
        *,
        policy: RetryPolicy | None = None,
        replay_interval_s: float = 30.0,
        sweep_interval_s: float = 1.0,
    ) -> None:
        super().__init__(root, sweep_interval_s=sweep_interval_s)
        self.projection = projection
        self.backend = projection.name
        self.policy = policy or RetryPolicy()
        self.replay_interval_s = replay_interval_s
        self.outbox = Outbox(root)
        self._replay_lock = self.files.cache / "outbox.lock"
        self._failed_at = float("-inf")  # when the remote last failed (a write, replay or search)
        self._last_error = ""  # and how
        self.fallbacks = 0  # searches the files answered in the remote's place
        self._superseded: set[str] = set()
        self._superseded_version = -1
        self._files_ranking: FileStore | None = None  # opened on the first fallback

    # -- the writer's surface -----------------------------------------------------------
    def put(self, memory: Memory) -> None:
        """File first (atomic); then the projection, or the outbox if it keeps failing."""
        self.replay_due()
        path = self.files.write(memory)
        with self.lock:
            self.catalog.note_written(memory, path)
        self.project(memory)

    def project(self, memory: Memory, *, absent: bool = False) -> bool:
        """Project one memory with retries; on failure queue it. Return whether it landed."""
        try:
            self.policy.call(lambda: upsert(self.projection, memory, absent=absent))
        except ProjectionError as exc:
            self._rest(str(exc))  # the remote just failed: let it rest
            owed = self.outbox.add(memory.id, str(exc))
            log.warning(
                "projection_queued",
                id=memory.id,
                backend=self.backend,
                error=str(exc),
                attempts=owed.attempts,
            )
            return False
        self.outbox.done(memory.id)
        return True

    def rebuild(self, progress: Progress | None = None) -> RebuildReport:
        """Empty the projection and project every file again; failures go to the outbox."""
        with self.lock:
            self.catalog.reset()
            memories = builtins.list(self.catalog.memories.values())
            broken = builtins.list(self.catalog.broken.values())
        for record in list(self.policy.call(lambda: list(self.projection.records()))):
            self.policy.call(partial(self.projection.delete, record.remote_id))
        # Records were just cleared only within the projection's user scope (if it has one):
        # another user's memory may still be there, so it is looked up, not assumed absent.
        scope = getattr(self.projection, "user_id", None)
        for memory in sorted(memories, key=lambda m: m.id):
            self.project(memory, absent=scope is None or memory.user_id == scope)
            if progress is not None:
                progress(1)
        return RebuildReport(len(memories), broken)

    # -- the outbox -----------------------------------------------------------------------
    def replay_due(self) -> ReplayReport | None:
        """Replay the outbox (one attempt each) if it holds anything and the remote is not
        resting (no failure in the last `replay_interval_s`)."""
        if self._resting() or not len(self.outbox):
            return None
        return self.replay(self.policy.once())

    def _resting(self) -> bool:
        """Whether the remote failed within the last `replay_interval_s`."""
        return time.monotonic() - self._failed_at < self.replay_interval_s

    def _rest(self, error: str) -> None:
        self._failed_at = time.monotonic()
        self._last_error = error

    def replay(self, policy: RetryPolicy | None = None) -> ReplayReport:
        """Project every owed memory (or remove it remotely if its file is gone).

        Stops at the first failure: a remote that is down is not hammered once per entry.
        """
        policy = policy or self.policy
        report = ReplayReport()
        with exclusive(self._replay_lock):  # the file lock first (see CanonicalFiles.lock)
            for item, memory in self.owed(self.outbox):
                try:
                    if memory is not None:
                        policy.call(partial(upsert, self.projection, memory))
                    else:
                        policy.call(partial(remove, self.projection, item.memory_id))
                except ProjectionError as exc:
                    self.outbox.add(item.memory_id, str(exc))
                    report.error = str(exc)
                    break
                self.outbox.done(item.memory_id)
                report.replayed.append(item.memory_id)
        # After a failure the next pass waits `replay_interval_s`; after a success it may
        # run on the very next call.
        if report.error:
            self._rest(report.error)
        else:
            self._failed_at = float("-inf")
        return report.close(self.outbox, self.backend)

    # -- the reader's surface -----------------------------------------------------------
    def search(
        self,
        query: str,
        k: int = 10,
        filters: Filters | None = None,
        *,
        touch: bool = True,
        explain: bool = False,
    ) -> builtins.list[Hit]:
        return self.answer(query, k, filters, touch=touch, explain=explain)[0]

    def answer(
        self,
        query: str,
        k: int = 10,
        filters: Filters | None = None,
        *,
        touch: bool = True,
        explain: bool = False,
    ) -> tuple[builtins.list[Hit], Fallback | None]:
        """A search, and a `Fallback` (why) when the files answered it instead of the remote."""
        if k <= 0 or not query.strip():
            return [], None
        self.replay_due()
        filters = filters or Filters()
        if self._resting():
            reason = (
                f"{self.backend} is resting after a failure "
                f"(searches go to the files for {self.replay_interval_s:g} s): {self._last_error}"
            )
            return self._from_files(query, k, filters, reason, touch=touch, explain=explain)
        fetch = max(3 * k, 30)
        try:
            scored = self.policy.call(lambda: self.projection.search(query, fetch, filters))
        except ProjectionError as exc:
            self._rest(str(exc))  # the remote just failed: let it rest
            log.warning(
                "remote_search_failed",
                backend=self.backend,
                error=str(exc),
                answered_from="files",
                rest_s=self.replay_interval_s,
            )
            reason = f"{self.backend} search failed: {exc}"
            return self._from_files(query, k, filters, reason, touch=touch, explain=explain)
        with self.lock:  # the remote's answer is ranked against one state of the catalog
            return self._rank(scored, k, filters, touch=touch, explain=explain), None

    def lexical_search(self, query: str, k: int, filters: Filters) -> builtins.list[Hit]:
        """BM25 over the files, touching nothing: the writer's restatement check asks this,
        not the remote (agentmem.core.restate)."""
        return self._files().lexical_search(query, k, filters)

    def _files(self) -> FileStore:
        with self.lock:
            if self._files_ranking is None:
                self._files_ranking = FileStore(self.root)
            self._files_ranking.clock = self.clock
            return self._files_ranking

    def _from_files(
        self, query: str, k: int, filters: Filters, reason: str, *, touch: bool, explain: bool
    ) -> tuple[builtins.list[Hit], Fallback]:
        """The embedded ranking over the same files, while the remote cannot answer."""
        with self.lock:
            self.fallbacks += 1
        hits = self._files().search(query, k, filters, touch=touch, explain=explain)
        for hit in hits:
            hit.explain["fallback"] = "files"
        return hits, Fallback(query=query, backend=self.backend, reason=reason)

    def _rank(
        self,
        scored: builtins.list[Scored],
        k: int,
        filters: Filters,
        *,
        touch: bool,
        explain: bool,
    ) -> builtins.list[Hit]:
        if self.catalog.refresh():
            self._last_access = self.access.all()
        superseded = self._superseded_ids()
        now = self.clock()
        best: dict[str, tuple[float, float, float]] = {}
        for item in scored:
            memory = self.catalog.memories.get(item.memory_id)
            if memory is None or not filters.admits(memory, now):
                continue  # not in the files (drift: the files win) or filtered out
            if not filters.include_superseded and memory.id in superseded:
                continue
            d = decay(self._last_seen(memory), now)
            factor = SUPERSEDED_FACTOR if memory.id in superseded else 1.0
            final = item.score * d * memory.confidence * factor
            if final > best.get(memory.id, (float("-inf"),))[0]:
                best[memory.id] = (final, item.score, d)
        ranked = sorted(best.items(), key=lambda row: (-row[1][0], row[0]))[:k]
        hits = []
        for memory_id, (final, similarity, d) in ranked:
            memory = self.catalog.memories[memory_id]
            detail = {}
            if explain:
                detail = {
                    "similarity": similarity,
                    "decay": d,
                    "confidence": memory.confidence,
                    "superseded": memory_id in superseded,
                    "backend": self.backend,
                }
            hits.append(Hit(memory=memory, score=final, explain=detail))
        if touch:
            self._touch([h.memory.id for h in hits])
        return hits

    # -- internals ----------------------------------------------------------------------
    def _superseded_ids(self) -> set[str]:
        if self._superseded_version != self.catalog.version:
            memories = self.catalog.memories.values()
            self._superseded = {old for m in memories for old in m.supersedes}
            self._superseded_version = self.catalog.version
        return self._superseded

    def _last_seen(self, memory: Memory) -> datetime:
        seen = self._last_access.get(memory.id)
        return seen[0] if seen is not None else when(memory.created_at)
