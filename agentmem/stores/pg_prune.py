"""The search on a large store: score exactly only the memories that can reach the top k.

The exact ranking (agentmem.stores.pg_rank, one statement) sums BM25 over every posting
of the question's words and then fetches and scores every memory holding one: at a
million memories, 12,000 candidates a question, about 2 µs a posting to sum in SQL and
8 µs a candidate to fetch and score. Most of them cannot reach the top 10, and a bound
read from the postings alone says which. From schema version 2 each posting carries its
memory's run (a hash of its neighbour sequence), confidence and creation, so:

1. **Postings** (one round trip): the question's postings come back as one array per
   column and term (12,000 postings: about 3 ms of server time at 1M memories), and the
   client sums BM25 with the files backend's arithmetic (agentmem.stores.postings:
   float32 weights summed in query order, the server's arithmetic too), so the scores
   are the exact statement's. Every candidate `c` then has

       ub(c) = confidence(c) × (bm25(c) + w_max × Σ bm25 of the other candidates of its run)

   score(c) = (bm25 + neighbour context) × confidence × supersession × decay, where
   supersession and decay are at most 1 and the context is at most w_max times the BM25
   of the run's other candidates (each is one neighbour at one distance, its weight at
   most w_max; a neighbour holding no query word adds nothing): score(c) ≤ ub(c).
2. **One statement** (one round trip): the client sends the SEND candidates with the
   best bounds and the SEED with the best bound × the decay their creation gives (each
   with the other candidates of its run: their BM25 is its context). The server scores
   the seeds exactly; θ = the k-th best score the filters admit among them. It keeps the
   sent candidates whose ub × decay (last read from the `access` table, else creation)
   reaches θ, scores those (and their runs) exactly, and returns the k best and θ.
3. If a candidate not sent has a bound that reaches θ, a second statement sends every
   such one (the first recorded no read). If the filters admitted fewer than k seeds (a
   selective filter), eight times more seeds are tried, and with θ still 0 every
   candidate is scored: correct, at about the exact ranking's cost.

Any candidate left out has score ≤ ub < θ ≤ the true k-th score, so the top k is the
exact ranking's, ties included (a bound equal to θ is kept); MARGIN covers the rounding.
A question with at most EXACT_MAX candidates, or more than POSTINGS_MAX postings (words
most memories hold: their arrays would grow the client with the store), is ranked by
pg_rank's exact statement, as before.
"""

from __future__ import annotations

import hashlib
import math
import struct
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
from numpy.typing import NDArray
from psycopg import sql
from psycopg.adapt import Dumper, Loader
from psycopg.pq import Format

from agentmem.retrieval.ranking import DECAY_FLOOR, DECAY_RATE, SECONDS_PER_DAY, RankingParams
from agentmem.stores.base import Filters
from agentmem.stores.pg_rank import (
    DECAY,
    PLANNER,
    SCORE,
    Ranked,
    _context,
    _filters,
    arguments,
    ranked,
    scoring,
    search_sql,
    tail,
)

EXACT_MAX = 500  # candidates a question may have and still go to the exact statement
SEED = 64  # candidates scored first, to find θ
PREPARE = None  # psycopg's default: prepared from the fifth run (saves a millisecond of
# planning; unlike the exact statement's, the plan does not depend on the words asked)
SEND = 500  # candidates sent with the seeds, the best bounds first
# A search's only write is its hits' reads (decay's input): a crash may lose the last
# fraction of a second of them, and the search does not wait for the disk (5 ms of a 1M
# search at load 5, fsync on).
UNHURRIED = (
    "SELECT set_config('enable_nestloop', 'off', true), "
    "set_config('synchronous_commit', 'off', true)"
)  # pg_rank.PLANNER and the commit not waiting for the disk, in one statement
MARGIN = 1 + 1e-6  # rounding between the bound and the score (conf is a float4)
POSTINGS_MAX = 60_000  # postings a question may have and be summed here (2 MB of arrays)
POSTINGS = (
    "SELECT (SELECT sum(n)::float8 FROM stats), (SELECT sum(total)::float8 FROM stats), term, "
    "array_agg(mem), array_agg(tf), array_agg(dl), array_agg(run), array_agg(conf), "
    "array_agg(born) FROM (SELECT * FROM postings WHERE term = ANY(%s::text[]) "
    "ORDER BY term, mem LIMIT %s) p GROUP BY term"
)  # one row per term that has postings, its columns as arrays, POSTINGS_MAX + 1 at most
Ints = NDArray[np.int64]
Floats = NDArray[np.float64]


class _ArrayLoader(Loader):
    """A one-dimensional array without NULLs, in binary, as a numpy array (psycopg makes a
    Python object per element: 10 ms for the 75,000 values of a question at 1M)."""

    format = Format.BINARY
    element = ">i4"

    def load(self, data: Any) -> NDArray[Any]:
        buffer = bytes(data)
        if struct.unpack_from(">i", buffer)[0] == 0:  # no dimension: empty
            return np.zeros(0, dtype=self.element)
        size = struct.unpack_from(">i", buffer, 12)[0]
        pairs = np.frombuffer(buffer, [("size", ">i4"), ("value", self.element)], size, 20)
        return pairs["value"]


class _Float4sLoader(_ArrayLoader):
    element = ">f4"


class _Float8sLoader(_ArrayLoader):
    element = ">f8"


LOADERS = {1007: _ArrayLoader, 1021: _Float4sLoader, 1022: _Float8sLoader}  # int4[], ...


class Int4s(bytes):
    """An int4[] in PostgreSQL's binary array format, packed by numpy (see `packed`)."""


class Float8s(bytes):
    """A float8[] in PostgreSQL's binary array format, packed by numpy."""


class _Packed(Dumper):
    format = Format.BINARY

    def dump(self, obj: Any) -> bytes:
        return bytes(obj)


class _Int4sDumper(_Packed):
    oid = 1007  # int4[]


class _Float8sDumper(_Packed):
    oid = 1022  # float8[]


def packed(values: NDArray[Any], kind: type[Int4s] | type[Float8s]) -> bytes:
    """Values as one array parameter, without a Python object per element (psycopg dumps a
    list element by element: 5 ms for 6,000 floats)."""
    element, oid, size = (">i4", 23, 4) if kind is Int4s else (">f8", 701, 8)
    body = np.empty(len(values), dtype=[("size", ">i4"), ("value", element)])
    body["size"] = size
    body["value"] = values
    header = struct.pack(">iiiii", 1, 0, oid, len(values), 1)  # 1 dimension, no NULL
    return kind(header + body.tobytes())


def register(conn: Any) -> None:
    """Teach a connection to send Int4s and Float8s as they are."""
    conn.adapters.register_dumper(Int4s, _Int4sDumper)
    conn.adapters.register_dumper(Float8s, _Float8sDumper)


def run_of(seq_key: str) -> int:
    """A memory's run as its postings hold it: pg_schema.RUN_HASH, computed in Python."""
    return int.from_bytes(hashlib.md5(seq_key.encode()).digest()[:4], "big", signed=True)


@dataclass
class Candidates:
    """Every memory holding a query word: its BM25, bound and run, by candidate index."""

    mem: Ints
    bm25: Floats
    ub: Floats
    born: Floats
    run: Ints
    weights: dict[str, tuple[Ints, NDArray[np.float32]]]  # term -> (candidate, weight)

    def with_runs(self, chosen: Ints) -> Ints:
        """The chosen candidates and every other candidate of their runs."""
        return np.flatnonzero(np.isin(self.run, self.run[chosen]))

    def terms_of(self, mem: int) -> dict[str, float]:
        """The weight of each query term in one candidate (the explain's `terms`)."""
        at = int(np.searchsorted(self.mem, mem))
        found = {}
        for term, (index, weight) in self.weights.items():
            hit = np.flatnonzero(index == at)
            if len(hit):
                found[term] = float(str(weight[hit[0]]))  # as the server's jsonb says it
        return found


def candidates(conn: Any, terms: Sequence[str], params: RankingParams) -> Candidates | None:
    """The question's postings from the server, summed here (agentmem.stores.postings's
    arithmetic, which the server's ranking follows too); None when they are more than
    POSTINGS_MAX (words most memories hold: the server sums them, the client's memory
    stays flat in store size)."""
    cursor = conn.cursor(binary=True)
    for oid, loader in LOADERS.items():
        cursor.adapters.register_loader(oid, loader)
    asked = (sorted(set(terms)), POSTINGS_MAX + 1)
    rows = cursor.execute(POSTINGS, asked).fetchall()  # prepared: one plan for all words
    lists = {str(r[2]): r[3:] for r in rows}
    if sum(len(c[0]) for c in lists.values()) > POSTINGS_MAX:
        return None
    n, total = (float(rows[0][0] or 0), float(rows[0][1] or 0)) if rows else (0.0, 0.0)
    mems = np.sort(np.concatenate([c[0] for c in lists.values()] or [np.zeros(0, ">i4")]))
    mems = mems[np.concatenate(([True], mems[1:] != mems[:-1]))] if len(mems) else mems
    found = Candidates(
        mem=mems.astype(np.int64),
        bm25=np.zeros(0),
        ub=np.zeros(0),
        born=np.zeros(len(mems)),
        run=np.zeros(len(mems), dtype=np.int64),
        weights={},
    )
    sums = np.zeros(len(mems), dtype=np.float32)
    conf = np.zeros(len(mems), dtype=np.float64)
    for term, (mem, tf, dl, run, cf, born) in lists.items():
        index = np.searchsorted(mems, mem)
        df = len(mem)
        idf = np.float32(math.log(1 + (n - df + 0.5) / (df + 0.5)))
        counts = tf.astype(np.float64)
        tfc = counts / (params.k1 * ((1 - params.b) + params.b * dl / (total / n)) + counts)
        found.weights[term] = (index, (idf * tfc).astype(np.float32))
        found.run[index], found.born[index], conf[index] = run, born, cf
    for term in terms:  # query order, a repeated term counting again: the float32 sum
        if term in found.weights:
            index, weight = found.weights[term]
            sums[index] += weight
    found.bm25 = sums.astype(np.float64)
    _, code = np.unique(found.run, return_inverse=True)
    others = np.bincount(code, weights=found.bm25)[code] - found.bm25
    wmax = max(params.neighbours, default=0.0)
    found.ub = conf * (found.bm25 + wmax * np.maximum(others, 0.0)) * MARGIN
    return found


SOURCE = """
    WITH x AS (
        SELECT * FROM unnest(%(mems)b, %(bm)b, %(ub)b, %(born)b, %(runs)b, %(seeds)b)
            AS x(mem, bm25, ub, born, run, seed)
    ), x1 AS (
        SELECT mem, bm25 FROM x WHERE run IN (SELECT run FROM x WHERE seed = 1)
    ),{seeds}, theta AS MATERIALIZED (
        SELECT greatest(%(theta)s, coalesce((SELECT {score} FROM s1 WHERE {score} > 0
            ORDER BY 1 DESC OFFSET %(k)s - 1 LIMIT 1), 0)) AS v
    ), kept AS MATERIALIZED (
        SELECT DISTINCT run FROM x, theta
        WHERE CASE WHEN theta.v = 0 THEN %(unsent)s < 0
            ELSE x.ub >= theta.v AND x.ub * {decay} >= theta.v END
    ), x2 AS (
        SELECT mem, bm25 FROM x WHERE run IN (SELECT run FROM kept)
    ),"""  # the candidates sent, the seeds among them scored for θ, the kept ones scored (with
# θ = 0, all of them if every candidate was sent, else none: another statement follows)


def _statement(
    found: Candidates,
    sent: Ints,
    seeds: Ints,
    theta: float,
    unsent: float,
    k: int,
    filters: Filters,
    params: RankingParams,
    now: float,
    *,
    touch: bool,
) -> tuple[sql.Composed, dict[str, Any]]:
    """One statement: the seeds (and their runs) scored exactly, θ = the k-th best score
    the filters admit among them (or the θ given, if higher), then the sent candidates
    whose ub × decay reaches θ scored exactly (with their runs): the k best rows as
    pg_rank.search_sql gives them, θ last. The reads are recorded only if θ is above
    `unsent` (the best bound of the candidates not sent: the k best are final)."""
    args = arguments([], k, params, now)
    at = found.with_runs(np.union1d(sent, seeds))
    args.update(
        mems=packed(found.mem[at], Int4s),
        bm=packed(found.bm25[at], Float8s),
        ub=packed(found.ub[at], Float8s),
        born=packed(found.born[at], Float8s),
        runs=packed(found.run[at], Int4s),
        seeds=packed(np.isin(found.run[at], found.run[seeds]).astype(np.int32), Int4s),
        theta=theta,
        unsent=unsent,
        sent=len(at),
    )
    columns, context = _context(params.neighbours, args)
    where = _filters(filters, now, args)
    depth = len(params.neighbours)
    seen = "(SELECT a.last_access FROM access a WHERE a.mem = x.mem)"
    text = (
        SOURCE.format(
            seeds=scoring("s1", "x1", depth, context),
            score=SCORE,
            decay=DECAY.format(seen=seen, born="x.born"),
        )
        + scoring("scored", "x2", depth, context)
        + tail(
            "scored",
            explain=False,
            touch=touch,
            extra=", (SELECT v FROM theta), (SELECT count(*) FROM x2)",
            touch_if="(SELECT v FROM theta) > %(unsent)s",  # the k best are final
        )
    )
    return sql.SQL(text).format(columns=columns, where=where), args


def _run(
    conn: Any,
    statement: sql.Composed,
    args: dict[str, Any],
    prepare: bool | None = False,
    touch: bool = False,
) -> list[Any]:
    """Run a ranking statement with nested loops off (pg_rank.PLANNER). The exact one is
    not prepared (but for the restatement check's few postings): a prepared statement's
    generic plan (psycopg prepares a query run five times) ignores how many postings the
    terms have, and was 10-50 times slower than the plan made for the terms at hand. With
    a few hundred postings at most, the generic plan is a good one and saves the parse
    and the plan: a third of a write's server CPU. A statement that records its hits'
    reads commits without waiting for the disk (UNHURRIED)."""
    with conn.transaction():
        conn.execute(UNHURRIED if touch else PLANNER)
        return list(conn.execute(statement, args, prepare=prepare).fetchall())


def rank(
    conn: Any,
    terms: Sequence[str],
    k: int,
    filters: Filters,
    params: RankingParams,
    now: float,
    *,
    explain: bool,
    touch: bool,
    exact_max: int = EXACT_MAX,
    seed: int = SEED,
    send: int = SEND,
    seen: dict[str, float] | None = None,
    postings: int | None = None,
) -> list[Ranked]:
    """The k best hits for the terms, best first: pg_rank.search_sql's rows, scoring
    exactly only the candidates whose bound reaches the seeds' k-th score. `seen` (when
    given) is told how many candidates there were, how many the last statement was sent
    and scored exactly (with their runs), and θ. `postings`: the terms' postings when the
    caller counted them (the restatement check); at most `exact_max`, there are no more
    candidates than that, and the exact statement runs without the postings' round trip
    (1.4 ms of a write's client CPU)."""
    register(conn)
    few = postings is not None and postings <= exact_max
    found = None if few else candidates(conn, terms, params)
    held = len(found.mem) if found is not None else int(postings or 0) if few else POSTINGS_MAX
    seen = {} if seen is None else seen
    seen.update(candidates=held, sent=held, scored=held, theta=0)
    if found is None or held <= exact_max or any(w < 0 for w in params.neighbours):
        statement, args = search_sql(terms, k, filters, params, now, explain=explain, touch=touch)
        with conn.pipeline():  # BEGIN, SET, the search: one trip
            return [ranked(r) for r in _run(conn, statement, args, prepare=few, touch=touch)]
    days = np.maximum((now - found.born) / SECONDS_PER_DAY, 0.0)
    hopeful = np.argsort(-found.ub * np.maximum(DECAY_FLOOR, np.exp(-DECAY_RATE * days)))
    by_bound = np.argsort(-found.ub, kind="stable")
    unsent = float(found.ub[by_bound[send]]) if len(by_bound) > send else -1.0
    size, theta, none = max(seed, k), 0.0, by_bound[:0]
    call = (conn, found, k, filters, params, now, seen)
    rows, theta = _score(*call, by_bound[:send], hopeful[:size], theta, unsent, touch)
    while unsent >= theta:  # a candidate not sent might reach θ: another statement
        if theta == 0 and size < len(hopeful):  # the filters admitted fewer than k seeds
            size *= 8
            rows, theta = _score(*call, none, hopeful[:size], theta, unsent, False)
            continue
        unsent = -1.0  # every candidate whose bound reaches θ is sent
        rows, theta = _score(*call, np.flatnonzero(found.ub >= theta), none, theta, unsent, touch)
    seen["theta"] = theta
    if not explain:
        return [ranked(r) for r in rows]
    return [replace(ranked(r), terms=found.terms_of(int(r[9]))) for r in rows]


def _score(
    conn: Any,
    found: Candidates,
    k: int,
    filters: Filters,
    params: RankingParams,
    now: float,
    seen: dict[str, float],
    sent: Ints,
    seeds: Ints,
    theta: float,
    unsent: float,
    touch: bool,
) -> tuple[list[Any], float]:
    """Run _statement; its rows and θ."""
    statement, args = _statement(
        found, sent, seeds, theta, unsent, k, filters, params, now, touch=touch
    )
    rows = _run(conn, statement, args, PREPARE, touch)
    seen.update(sent=args["sent"], scored=int(rows[0][11]) if rows else 0)
    return rows, (float(rows[0][10]) if rows else theta)
