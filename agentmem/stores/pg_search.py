"""The reader's surface of the postgres backend (`PostgresStore`): a search is one
statement on the server (pg_rank) over every loop's memories, the writer's restatement
check its narrowed form (pg_restate); a memory this root holds is served from its file,
any other from its row. While the server is down, this root's files answer by the files
backend's ranking (hits say `"fallback": "files"`; `answer` returns a `Fallback` saying
why). `get`, `list` and `count` read the fleet the same way: this root's files win.
"""

from __future__ import annotations

import builtins
from collections.abc import Callable, Sequence
from datetime import datetime

from agentmem._exceptions import MemoryNotFound
from agentmem.core.model import Hit, Memory
from agentmem.results import Fallback
from agentmem.retrieval.ranking import RankingParams
from agentmem.stores import pg_behind, pg_rank, pg_restate, pg_write
from agentmem.stores.base import Filters
from agentmem.stores.bm25 import tokenize
from agentmem.stores.files import check_id
from agentmem.stores.filestore import FileStore
from agentmem.stores.pg_batch import BatchedRows
from agentmem.stores.pg_prune import rank
from agentmem.stores.pg_rank import Ranked
from agentmem.stores.projected import ReplayReport
from agentmem.stores.projection import ProjectionError


class ServerSearch(BatchedRows):
    """What PostgresStore answers readers with (its writes and outbox: `postgres`)."""

    params: RankingParams
    exact_max: int  # candidates a search scores all, exactly (pg_prune)
    fuse: Callable[..., builtins.list[Ranked]] | None  # the semantic leg (pg_vector_store)
    answered_by: str  # "server" or "files": who answered the last search
    fallbacks: int  # searches the files answered in the server's place
    _files_ranking: FileStore | None  # the files' ranking, made at the first fallback
    replay_due: Callable[[], ReplayReport | None]  # the outbox replayed first (`postgres`)

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

    def lexical_search(self, query: str, k: int, filters: Filters) -> builtins.list[Hit]:
        """The writer's restatement check (agentmem.core.restate): the same ranking,
        explained, touching nothing, over the query's rarest words, after every memory
        that holds what a restatement of it holds (agentmem.stores.pg_restate)."""
        return self._answer(query, k, filters, touch=False, explain=True, narrow=True)[0]

    def answer(
        self,
        query: str,
        k: int = 10,
        filters: Filters | None = None,
        *,
        touch: bool = True,
        explain: bool = False,
    ) -> tuple[builtins.list[Hit], Fallback | None]:
        """A search, and a `Fallback` (why) when this root's files answered it because the
        server could not (the runtime's `watch` puts it on the fire's `reads.fallbacks`)."""
        return self._answer(query, k, filters, touch=touch, explain=explain, narrow=False)

    def lexical_searches(
        self, asks: Sequence[tuple[str, int, Filters]]
    ) -> builtins.list[builtins.list[Hit]]:
        """Several restatement checks (`lexical_search`, each answered exactly as alone) in
        one call to the server: the writer's own-scope check and the supplier rule's ask of
        every app for a hand-over (agentmem.core.verdict.compare) share one pooled
        connection and the words counted by the add's lookup."""
        return [hits for hits, _ in self._answers(asks, touch=False, explain=True, narrow=True)]

    def _answer(
        self,
        query: str,
        k: int,
        filters: Filters | None,
        *,
        touch: bool,
        explain: bool,
        narrow: bool,
    ) -> tuple[builtins.list[Hit], Fallback | None]:
        asks = [(query, k, filters or Filters())]
        return self._answers(asks, touch=touch, explain=explain, narrow=narrow)[0]

    def _answers(
        self,
        asks: Sequence[tuple[str, int, Filters]],
        *,
        touch: bool,
        explain: bool,
        narrow: bool,
    ) -> builtins.list[tuple[builtins.list[Hit], Fallback | None]]:
        """Each ask's hits, its searches made in one call to the server (the files answer
        each while the server is resting or when the call fails)."""
        out: builtins.list[tuple[builtins.list[Hit], Fallback | None]] = [([], None) for _ in asks]
        asked = [
            (i, query, k, filters, tokenize(query))
            for i, (query, k, filters) in enumerate(asks)
            if k > 0
        ]
        if not asked:
            return out
        self.replay_due()
        # the semantic leg needs no words
        asked = [a for a in asked if a[4] or (self.fuse is not None and not narrow)]
        if not asked:
            return out
        if self._resting():
            reason = (
                f"{self.backend} is resting after a failure (searches go to the files for "
                f"{self.replay_interval_s:g} s): {self._last_error}"
            )
            for i, query, k, filters, _ in asked:
                out[i] = self._from_files(query, k, filters, reason, explain=explain)
            return out
        now = self.clock().timestamp()

        def rankings(conn: pg_write.Conn) -> builtins.list[builtins.list[Ranked]]:
            return [
                ranking(conn, query, k, filters, terms) for _, query, k, filters, terms in asked
            ]

        def ranking(
            conn: pg_write.Conn, query: str, k: int, filters: Filters, terms: builtins.list[str]
        ) -> builtins.list[Ranked]:
            if not self.remaking:
                return ranked(conn, query, k, filters, terms, touch)
            # pg_behind: run again if the swap came amid its statements; reads counted after
            rows = pg_behind.consistent(
                self, conn, lambda: ranked(conn, query, k, filters, terms, False)
            )
            if touch:
                pg_write.count_reads(conn, [r.memory_id for r in rows], now)
            return rows

        def ranked(
            conn: pg_write.Conn,
            query: str,
            k: int,
            filters: Filters,
            terms: builtins.list[str],
            touch: bool,
        ) -> builtins.list[Ranked]:
            request = pg_rank.RankRequest(
                tuple(terms), k, filters, self.params, now, explain, touch
            )
            if narrow:  # the writer's restatement check: pg_restate
                limits = (self.distinctive_cap, self.distinctive_budget, self.exact_max)
                check = pg_restate.Check(*limits, self._term_counts, self.counted_ahead(query))
                return check.rank(conn, query, request)
            if self.fuse is not None:  # the semantic leg, fused with BM25
                return self.fuse(conn, query, request)
            return rank(conn, request, exact_max=self.exact_max)

        try:
            found = self.call(rankings)
        except ProjectionError as exc:
            self._failed("remote_search_failed", exc, answered_from="files")
            reason = f"{self.backend} search failed: {exc}"
            for i, query, k, filters, _ in asked:
                out[i] = self._from_files(query, k, filters, reason, explain=explain)
            return out
        self.answered_by = "server"
        with self.lock:
            self.catalog.refresh()
            local = self.catalog.memories
            for (i, *_), rows in zip(asked, found, strict=True):
                out[i] = (
                    [pg_rank.hit(r, local.get(r.memory_id), explain, self.backend) for r in rows],
                    None,
                )
        return out

    def _from_files(
        self, query: str, k: int, filters: Filters, reason: str, *, explain: bool
    ) -> tuple[builtins.list[Hit], Fallback]:
        """The files backend's ranking over this root's files, while the server is away
        (the read is not counted: reads are counted on the server)."""
        with self.lock:
            if self._files_ranking is None:
                self._files_ranking = FileStore(self.root, params=self.params)
            self._files_ranking.clock = self.clock
            ranking = self._files_ranking
            self.fallbacks += 1
            self.answered_by = "files"
        hits = ranking.search(query, k, filters, touch=False, explain=explain)
        for hit in hits:
            hit.explain["fallback"] = "files"
        return hits, Fallback(query=query, backend=self.backend, reason=reason)

    def get(self, memory_id: str, *, touch: bool = True) -> Memory:
        path = self.files.path_for(check_id(memory_id))
        if path.is_file():
            memory = self.files.read(memory_id)
        else:
            found = self._try(
                "remote_get_failed",
                lambda conn: conn.execute(
                    "SELECT record FROM memories WHERE id = %s", (memory_id,)
                ).fetchone(),
            )
            if found is None:
                raise MemoryNotFound(memory_id)
            memory = Memory.model_validate(found[0])
        if touch:
            self._touch([memory.id])
        return memory

    def list(self, filters: Filters | None = None) -> builtins.list[Memory]:
        """Every memory of the fleet the filters admit (this root's files win over rows);
        only this root's while the server is away."""
        local = {m.id: m for m in super().list(Filters(include_expired=True))}
        records = self._try(
            "remote_list_failed",
            lambda conn: [r[0] for r in conn.execute("SELECT record FROM memories").fetchall()],
        )
        merged = dict(local)
        for record in records or []:
            merged.setdefault(str(record["id"]), Memory.model_validate(record))
        now = self.clock()
        filters = filters or Filters()
        if not filters.include_superseded:
            replaced = {old for m in merged.values() for old in m.supersedes}
            merged = {i: m for i, m in merged.items() if i not in replaced}
        admits = filters.admits
        return sorted(
            (m for m in merged.values() if admits(m, now)), key=lambda m: (m.created_at, m.id)
        )

    def count(self) -> int:
        """Memories of the fleet: the server's rows plus this root's files it lacks."""
        with self.lock:
            self.catalog.refresh()
            local = builtins.list(self.catalog.memories)
        counted = self._try(
            "remote_count_failed",
            lambda conn: conn.execute(
                "SELECT (SELECT count(*) FROM memories) + (SELECT count(*) FROM "
                "unnest(%s::text[]) AS l(id) WHERE NOT EXISTS "
                "(SELECT 1 FROM memories m WHERE m.id = l.id))",
                (local,),
            ).fetchone(),
        )
        return len(local) if counted is None else int(counted[0])

    # -- access bookkeeping -------------------------------------------------------------
    def _touch(self, ids: builtins.list[str]) -> datetime:
        """Reads are counted on the server (decay reads them there); best effort."""
        now = self.clock()
        if ids:
            self._try(
                "remote_touch_failed", lambda c: pg_write.count_reads(c, ids, now.timestamp())
            )
        return now
