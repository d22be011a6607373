"""The writer's restatement check on the postgres backend (`PostgresStore.lexical_search`).

The files backend ranks every word of a draft. On a large store a draft's common words are
in most memories (ranking them cost a second per write at 100K memories), so the server
ranks the draft's rarest words only (pg_rank.distinctive: about DISTINCTIVE_BUDGET
postings). Alone, that missed a restatement whose rare words are not the draft's rarest:
a draft adding one rare word to a held lesson made of common-ish words was ranked by the
new word, which the held lesson lacks, and was written as a new memory.

What a restatement holds is known, though (agentmem.core.restate.covered): every content
word of the draft but at most one in COVER_SLACK (`s` of them). So of any s + 2 of the
draft's words it holds at least 2, and a memory holding fewer cannot restate it. The check
therefore also asks the server for the *holders*: the memories holding 2 of the draft's
s + 2 rarest content words (one read of their postings: about 1,000 at 100K memories in
the scale benchmark's words), kept when they hold all of its words but s. Holders are
judged first (ranked over the rarest words and those s + 2), then the ranking's best.

Guaranteed: a held memory (admitted by the check's filters) that spells out all but s of
the draft's content words is judged, when the draft's s + 2 rarest content words are each
in at most `cap` memories and in at most HOLDERS_POSTINGS in all, and at most HOLDERS_MAX
memories hold 2 of them. A word the held memory has only inside an identifier
(`timeout` in `NCCL_TIMEOUT`) is not a posting of it: such a word counts as missing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from psycopg import sql

from agentmem.core.model import MemoryType
from agentmem.core.restate import COVER_SLACK
from agentmem.core.statement import terms as statement_terms
from agentmem.stores.pg_prune import rank, run_ranking
from agentmem.stores.pg_rank import (
    DECAY,
    HEAD,
    SCORE,
    Ranked,
    RankRequest,
    arguments,
    distinctive,
    ranked,
    scoring,
    tail,
)

EPISODIC = MemoryType.EPISODIC.value
HOLDERS_POSTINGS = 20_000  # postings of the s + 2 rarest words read for the holders, at most
HOLDERS_MAX = 2_000  # memories holding 2 of them checked against the draft's other words

HOLDERS = """
    WITH r AS MATERIALIZED (
        SELECT mem FROM postings WHERE term = ANY(%(rare)s::text[])
        GROUP BY mem HAVING count(*) >= %(need)s LIMIT %(max)s
    )
    SELECT r.mem, (SELECT id FROM memories m WHERE m.seq = r.mem) FROM r
    WHERE (SELECT count(*) FROM postings p
           WHERE p.mem = r.mem AND p.term = ANY(%(words)s::text[])) >= %(held)s
"""  # the memories holding `need` of the rare words, then `held` of all the draft's words:
# each looked up by (word, memory) in the postings' key, never by reading a common word's
# postings (a join did: 150,000 postings, 90 ms at 100K memories)


@dataclass(frozen=True)
class Pigeonhole:
    """Which postings find every memory that may restate a draft."""

    rare: list[str]  # the draft's s + 2 rarest content words held by some memory
    need: int  # how many of them a restatement holds, at least (2)
    words: list[str]  # the draft's content words held by some memory
    held: int  # how many of them a restatement holds, at least


def pigeonhole(
    text: str, tokens: Sequence[str], counts: dict[str, int], cap: int
) -> Pigeonhole | None:
    """The holders' query for a draft (None when no memory can restate it, or when finding
    them all would read more than HOLDERS_POSTINGS postings). `counts`: memories per word,
    counted up to cap + 1 (pg_rank.distinctive); any s + 2 words would do, the rarest
    cost least, so a count remembered from earlier writes is as good as a fresh one."""
    content = statement_terms(text).content
    words = sorted({t for t in tokens if t in content})
    absent = sum(1 for t in words if counts.get(t, 0) == 0)  # no memory holds it
    missing = len(content) // COVER_SLACK - absent  # of the words some memory holds
    held = sorted((t for t in words if counts.get(t, 0) > 0), key=lambda t: (counts[t], t))
    rare = held[: missing + 2]
    if missing < 0 or len(rare) - missing < 2:
        return None  # none can restate it (or too few words to tell: see the docstring)
    if counts[rare[-1]] > cap or sum(counts[t] for t in rare) > HOLDERS_POSTINGS:
        return None
    return Pigeonhole(rare, len(rare) - missing, held, len(held) - missing)


def holding(hole: Pigeonhole) -> dict[str, Any]:
    """The holders' query's arguments (HOLDERS: rows of seq and id)."""
    return {
        "rare": hole.rare,
        "need": hole.need,
        "max": HOLDERS_MAX,
        "words": hole.words,
        "held": hole.held,
    }


def scored(conn: Any, request: RankRequest, seqs: Sequence[int]) -> list[Ranked]:
    """These memories, ranked by the request (explained), the filters applied. Neighbour
    context counts these memories only (the check ranks with none: its filters admit no
    episodic memory, the only kind with neighbours)."""
    args, columns, context, where = arguments(request)
    args["only"] = list(seqs)
    text = (
        HEAD
        + ", chosen AS (SELECT * FROM bm WHERE mem = ANY(%(only)s::int[])),"
        + scoring("scored", "chosen", len(request.params.neighbours), context)
        + tail("scored", explain=True, touch=False)
    )
    statement = sql.SQL(text).format(columns=columns, where=where)
    return [ranked(r) for r in run_ranking(conn, statement, args)]


def _fetched(source: str) -> str:
    """The FROM clause that fetches the row of each memory of `source` (mem, bm25, …) the
    filters admit and scores it exactly: its last read looked up once (the subquery is
    kept apart by its OFFSET), no neighbour context (its context is its BM25)."""
    return f"""{source} x CROSS JOIN LATERAL (
            SELECT c.seq, c.seq_key, c.created, c.id, c.confidence, c.superseded,
                c.confidence * (CASE WHEN c.superseded THEN %(halved)s ELSE 1.0::float8 END)
                    AS static,
                {DECAY.format(seen="(SELECT a.last_access FROM access a WHERE a.mem = c.seq)", born="c.created_ts")} AS decay
            FROM memories c WHERE c.seq = x.mem AND {{where}} OFFSET 0
        ) c"""


SCORED = (
    "c.seq, c.seq_key, c.created, c.id, x.bm25, x.bm25 AS context, c.static, c.decay, "
    "c.confidence, c.superseded, x.bound"
)  # what pg_rank.tail reads of a scored memory, and its bound
_CARRIED = "SELECT term, mem, tf, dl, count(*) OVER"
_WEIGHED = "SELECT p.mem, q.pos, p.term,"
_SUMMED = "SELECT mem, sum(w ORDER BY pos)::float8 AS bm25 FROM weights GROUP BY mem"
assert HEAD.count(_CARRIED) == HEAD.count(_WEIGHED) == HEAD.count(_SUMMED) == 1
BOUNDED_HEAD = (
    HEAD.replace(_CARRIED, "SELECT term, mem, tf, dl, conf, born, count(*) OVER")
    .replace(_WEIGHED, "SELECT p.mem, q.pos, p.term, p.conf, p.born,")
    .replace(
        _SUMMED,
        "SELECT mem, sum(w ORDER BY pos)::float8 AS bm25, max(conf)::float8 AS conf, "
        "max(born) AS born FROM weights GROUP BY mem",
    )
)  # pg_rank.HEAD, each memory's BM25 with the confidence and creation its postings carry
SLACK = 1.000001  # a posting's confidence is a real, rounded either way: the bound stays
# at or above the score
ALONE = (
    BOUNDED_HEAD
    + f""", bounded AS MATERIALIZED (
        SELECT x.mem, x.bm25, x.bm25 * x.conf * %(slack)s
            * {DECAY.format(seen="(SELECT a.last_access FROM access a WHERE a.mem = x.mem)", born="x.born")}
            AS bound
        FROM bm x WHERE x.bm25 > 0
    ), s1 AS MATERIALIZED (
        SELECT {SCORED}
        FROM {_fetched("(SELECT * FROM bounded ORDER BY bound DESC OFFSET 0)")}
        LIMIT %(k)s
    ), theta AS MATERIALIZED (
        SELECT CASE WHEN count(*) < %(k)s THEN 'infinity'::float8
            WHEN count(*) FILTER (WHERE {SCORE} > 0) < %(k)s THEN 0
            ELSE min({SCORE}) END AS v,
            min(bound) AS reached
        FROM s1
    ), s2 AS MATERIALIZED (
        SELECT {SCORED}
        FROM {_fetched("(SELECT b.* FROM bounded b, theta WHERE b.bound >= theta.v AND b.bound <= theta.reached AND NOT EXISTS (SELECT 1 FROM s1 WHERE s1.seq = b.mem) OFFSET 0)")}
    ), scored AS (
        SELECT * FROM s1 UNION ALL SELECT * FROM s2
    )"""
    + tail("scored", explain=True, touch=False)
)  # pg_rank.search_sql's ranking when no memory has neighbours, fetching the rows of few
# of the candidates. A candidate's bound (its BM25 × the confidence its postings carry ×
# its decay, from its last read in `access` or the creation its postings carry) is at
# least its score: supersession halves a score, the filters drop a memory. Candidates are
# fetched in the order of their bounds until k pass the filters (s1): θ = the k-th best
# of their scores (0 if one of them scores 0). Every candidate with a higher bound than
# the last of them was fetched on the way; of the others, those whose bound reaches θ are
# scored too (s2: ties of that bound, or more after a superseded one); any other scores
# below θ, below the k-th best. With fewer than k admitted, every candidate was fetched,
# and none is left. Fetching every candidate's row (about 270 at 10K memories, to keep 8)
# was most of the statement: 1.45 to 1.05 ms of server CPU a check at 10K memories.


def alone(conn: Any, request: RankRequest) -> list[Ranked]:
    """The k best for a request without neighbour context (`request.params.neighbours`
    empty), explained, touching nothing: the exact statement's rows (see ALONE), prepared
    (the check's few postings make its generic plan a good one, see
    pg_prune.run_ranking)."""
    args, _, _, where = arguments(request)
    args["slack"] = SLACK
    statement = sql.SQL(ALONE).format(where=where)
    return [ranked(r) for r in run_ranking(conn, statement, args, True)]


@dataclass
class Check:
    """The check's settings and what a process remembers between writes."""

    cap: int  # a word in more memories than this is never distinctive (pg_rank)
    budget: int  # postings the rarest words are ranked over, about
    exact_max: int  # candidates the exact statement scores (pg_prune)
    known: dict[str, int]  # words counted above the budget (pg_rank.distinctive)
    given: dict[str, int] = field(default_factory=dict)  # words counted just now (pg_ahead)

    def rank(self, conn: Any, text: str, request: RankRequest) -> list[Ranked]:
        """The k best by the draft's rarest words, after the holders (see the module
        docstring), best first in each part; at most k in all. A holder the rarest words
        ranked below the k best is ranked again with the holders' words too, as are the
        other holders, so the holders' order is one ranking's."""
        if request.filters.types is not None and EPISODIC not in request.filters.types:
            # Only episodic memories have neighbours (rankview.sequence): every memory the
            # check's filters admit stands alone, its context is its BM25 to the bit, and
            # the statement need not work out the candidates' runs.
            request = replace(request, params=replace(request.params, neighbours=()))
        counts: dict[str, int] = {}
        chosen: dict[str, int] = {}
        kept = distinctive(
            conn,
            request.terms,
            self.cap,
            self.budget,
            self.known,
            chosen=chosen,
            seen=counts,
            given=self.given,
        )
        asked = replace(request, terms=tuple(kept))
        postings = sum(chosen.values())
        hole = pigeonhole(text, request.terms, counts, self.cap)
        with conn.pipeline():  # the holders and the rarest words' ranking: one round trip
            asking = conn.execute(HOLDERS, holding(hole)) if hole is not None else None
            best = self._best(conn, asked, postings) if kept else []
        found = {int(s): str(i) for s, i in asking.fetchall()} if asking is not None else {}
        if not found or hole is None:
            return best
        ids = set(found.values())
        first = [r for r in best if r.memory_id in ids]
        if len(first) < len(found):  # a holder the rarest words did not rank high enough
            words = {*kept, *hole.rare}
            wide = tuple(t for t in request.terms if t in words)
            first = scored(conn, replace(request, terms=wide, k=len(found)), list(found))
        return (first + [r for r in best if r.memory_id not in ids])[: request.k]

    def _best(self, conn: Any, request: RankRequest, postings: int) -> list[Ranked]:
        """The k best by the rarest words: in one pass when no memory the request admits
        has neighbours and the postings are few (the exact statement's case), else as a
        search ranks them (pg_prune.rank)."""
        if postings <= self.exact_max and not request.params.neighbours:
            return alone(conn, request)
        return rank(conn, request, exact_max=self.exact_max, postings=postings)
