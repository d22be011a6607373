"""The semantic leg's search on a large store: score exactly only what can reach the top k.

The fused ranking (agentmem.stores.pg_vector_rank) fetches the row and the vector of every
memory holding a query word, and the row of each of the index's nearest: at a million
memories, 10,000 rows a question (321-395 ms). Its score is

    ((1 - w) × context / top + w × sem) × confidence × supersession × decay,

sem = (cos - lo) / (hi - lo) from the nearest and least similar vectors (the index's), top
the best context of every candidate. For a memory holding a query word, its postings
(agentmem.stores.pg_bound) bound confidence × context by `ub` and give its confidence;
supersession is at most 1. So, with its cosine read (one probe of the vectors' key, no
row) and its decay (its last read, else the creation its postings carry):

    score ≤ bound = ((1 - w) × ub / top + w × conf × sem) × decay     (when score > 0)

(MARGIN covers the rounding of the postings' float4 confidence). One statement then:

1. reads the index's nearest and least similar (the same query as the fused statement:
   the same hi and lo), the exact context of the candidates whose bound on context
   reaches the largest BM25 (with their runs): `top`, exactly as the fused statement's;
2. reads each candidate's cosine and last read: its bound, no row fetched;
3. scores exactly the index's nearest that hold no query word (they have no postings,
   so no bound) and the SEED candidates with the best bounds: θ = their k-th best score
   the filters admit;
4. scores exactly every candidate whose bound reaches θ (with the other candidates of its
   run: its neighbour context), and returns the k best.

Any other candidate scores at most its bound, below θ, below the true k-th score: the
top k is the fused statement's, ties included. With fewer than k admitted among the
seeds (a selective filter), θ is 0 and every candidate with a positive bound is scored.
The statement is prepared and planned once per connection (a generic plan, sequential
scans off: pg_prune.settings): planning it took 7-18 ms, three scorings in one text.
Not pruned (the fused statement runs): a store of at most `exact_max` memories (every
vector is read there), a question with at most `prune_min` candidates or more than
pg_bound.POSTINGS_MAX postings, negative neighbour weights.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import Any

import numpy as np
from psycopg import sql

from agentmem.retrieval.semantic import FUSION_WEIGHT
from agentmem.stores import pg_trip
from agentmem.stores.pg_arrays import Float8s, Int4s, packed, register
from agentmem.stores.pg_bound import MARGIN, candidates
from agentmem.stores.pg_prune import settings
from agentmem.stores.pg_rank import DECAY, TOUCHED, Ranked, RankRequest, arguments, scoring
from agentmem.stores.pg_rank import ranked as ranked_row
from agentmem.stores.pg_vector_rank import EF_MAX, EF_SEARCH, NEAR

PRUNE_MIN = 500  # candidates up to which the fused statement scores them all
SEED = 32  # candidates with the best bounds scored first, for θ
COSINE = "-(e.v OPERATOR({ext}.<#>) %(qv)s::{ext}.vector)"  # as pg_vector_rank's
FUSED = (
    "(1 - %(w)s) * (CASE WHEN b.top > 0 THEN x.context / b.top ELSE 0 END)"
    " + %(w)s * (CASE WHEN b.hi > b.lo AND x.cosine IS NOT NULL"
    " THEN (x.cosine - b.lo) / (b.hi - b.lo) ELSE 0 END)"
)  # pg_vector_rank.FUSED's fused score, to the bit
LAST_READ = "(SELECT a.last_access FROM access a WHERE a.mem = {mem})"


def _exact(name: str, chosen: str, depth: int, context: str) -> str:
    """CTEs scoring the candidates in `chosen` (mem) exactly, `name` last: the fused
    statement's rows (seq, seq_key, created, id, bm25, context, cosine, fused, static,
    decay, confidence, superseded) for those the filters admit. Neighbour context counts
    the candidates of their runs."""
    return (
        f"""
    , {name}_x AS (
        SELECT mem, bm25 FROM x WHERE run IN (SELECT x.run FROM x JOIN {chosen} USING (mem))
    ),"""
        + scoring(f"{name}_l", f"{name}_x", depth, context)
        + f"""
    , {name}_cand AS (
        SELECT c.seq, c.bm25, {context} AS context, cx.cosine
        FROM {name}_l_c c LEFT JOIN {name}_l_nb nb USING (seq) JOIN cosx cx ON cx.mem = c.seq
        WHERE c.seq IN (SELECT mem FROM {chosen})
    ), {name} AS MATERIALIZED ({_fetched(f"{name}_cand")})"""
    )


def _fetched(source: str) -> str:
    """The rows of `source` (seq, bm25, context, cosine) the filters admit, scored."""
    decay = DECAY.format(seen=LAST_READ.format(mem="c.seq"), born="c.created_ts")
    return f"""
        SELECT c.seq, c.seq_key, c.created, c.id, x.bm25, x.context, x.cosine, {FUSED} AS fused,
            c.confidence * (CASE WHEN c.superseded THEN %(halved)s ELSE 1.0::float8 END) AS static,
            {decay} AS decay, c.confidence, c.superseded
        FROM {source} x CROSS JOIN bounds b
            CROSS JOIN LATERAL (SELECT * FROM memories m WHERE m.seq = x.seq OFFSET 0) c
        WHERE {{where}}"""


def statement_text(depth: int, context: str, touch: bool) -> str:
    """The pruned statement (see the module docstring), formatted by sql.SQL with the
    neighbour columns, the filters and pgvector's schema."""
    cosine = COSINE
    by_query = "e.v OPERATOR({ext}.<#>) %(qv)s::{ext}.vector"
    bound_decay = DECAY.format(seen=LAST_READ.format(mem="c.mem"), born="c.born")
    score = "fused * static * decay"
    return (
        f"""
    WITH x AS MATERIALIZED (
        SELECT * FROM unnest(%(mems)b, %(bm)b, %(ub)b, %(conf)b, %(born)b, %(runs)b, %(tops)b)
            AS x(mem, bm25, ub, conf, born, run, topset)
    ), near AS MATERIALIZED (
        SELECT e.mem AS seq, {cosine} AS cosine FROM embeddings e ORDER BY {by_query}
        LIMIT %(near)s
    ), far AS (
        SELECT {cosine} AS cosine FROM embeddings e
        ORDER BY e.v OPERATOR({{ext}}.<#>) %(qneg)s::{{ext}}.vector LIMIT 1
    ), xt AS (
        SELECT mem, bm25 FROM x WHERE run IN (SELECT run FROM x WHERE topset = 1)
    ),"""
        + scoring("t", "xt", depth, context)
        + f"""
    , bounds AS MATERIALIZED (
        SELECT (SELECT max({context}) FROM t_c c LEFT JOIN t_nb nb USING (seq)) AS top,
            (SELECT max(cosine) FROM near) AS hi,
            least((SELECT min(cosine) FROM near), (SELECT min(cosine) FROM far)) AS lo
    ), cosx AS MATERIALIZED (
        SELECT x.mem, x.ub, x.conf, x.born,
            coalesce(n.cosine, (SELECT {cosine} FROM embeddings e WHERE e.mem = x.mem)) AS cosine
        FROM x LEFT JOIN near n ON n.seq = x.mem
    ), semx AS (
        SELECT c.*, CASE WHEN b.hi > b.lo AND c.cosine IS NOT NULL
            THEN (c.cosine - b.lo) / (b.hi - b.lo) ELSE 0 END AS sem, b.top
        FROM cosx c CROSS JOIN bounds b
    ), bounded AS MATERIALIZED (
        SELECT c.mem, ((1 - %(w)s) * (CASE WHEN c.top > 0 THEN c.ub / c.top ELSE 0 END)
                + %(w)s * c.conf * c.sem
                    * (CASE WHEN c.sem > 0 THEN %(margin)s ELSE 1 / %(margin)s END))
            * {bound_decay} * %(margin)s AS bound
        FROM semx c
    ), seeds AS (
        SELECT mem FROM bounded ORDER BY bound DESC LIMIT %(seed)s
    ), alone AS (
        SELECT n.seq, 0::float8 AS bm25, 0::float8 AS context, n.cosine FROM near n
        WHERE NOT EXISTS (SELECT 1 FROM x WHERE x.mem = n.seq)
    ), s0 AS MATERIALIZED ({_fetched("alone")})"""
        + _exact("s1", "seeds", depth, context)
        + f"""
    , theta AS MATERIALIZED (
        SELECT coalesce((SELECT {score} FROM (SELECT * FROM s0 UNION ALL SELECT * FROM s1) s
            WHERE {score} > 0 ORDER BY 1 DESC OFFSET %(k)s - 1 LIMIT 1), 0) AS v
    ), kept AS (
        SELECT b.mem FROM bounded b, theta WHERE b.bound >= theta.v AND b.bound > 0
    )"""
        + _exact("s2", "kept", depth, context)
        + f"""
    , top AS (
        SELECT seq, seq_key, created, id, bm25, context, cosine, fused, decay, confidence,
            superseded, {score} AS score
        FROM (SELECT * FROM s0 UNION ALL SELECT * FROM s2) s WHERE {score} > 0
        ORDER BY score DESC, seq_key, created, id
        LIMIT %(k)s
    ){TOUCHED if touch else ""}
    SELECT top.id, m.record, top.score, top.bm25, top.context, top.decay, top.confidence,
        top.superseded, NULL::jsonb, top.cosine, top.fused, top.seq,
        (SELECT v FROM theta), (SELECT count(*) FROM kept)
    FROM top CROSS JOIN LATERAL (SELECT record FROM memories m WHERE m.seq = top.seq OFFSET 0) m
    ORDER BY top.score DESC, top.seq_key, top.created, top.id
    """
    )


def rank(
    conn: Any,
    request: RankRequest,
    vectors: tuple[str, str, sql.Identifier],
    *,
    exact_max: int,
    prune_min: int = PRUNE_MIN,
    seed: int = SEED,
    ef_search: int | None = None,
    seen: dict[str, float] | None = None,
) -> list[Ranked] | None:
    """The k best hits of the fused ranking, best first, as pg_vector_rank.run gives them
    (each explains its fusion); None when the question is not pruned (see the module
    docstring: the caller runs the fused statement). `seen` (when given) is told how many
    candidates there were, θ and how many were scored exactly."""
    neighbours = request.params.neighbours
    if not request.terms or any(w < 0 for w in neighbours):
        return None
    register(conn)
    found = candidates(conn, request.terms, request.params)
    if found is None or found.size <= exact_max or len(found.mem) <= max(prune_min, 0):
        return None
    _, code = np.unique(found.run, return_inverse=True)
    others = np.bincount(code, weights=found.bm25)[code] - found.bm25
    context_ub = (found.bm25 + max(neighbours, default=0.0) * np.maximum(others, 0.0)) * MARGIN
    tops = (context_ub >= found.bm25.max()).astype(np.int32)
    vector, negated, ext = vectors
    near = max(NEAR, 4 * request.k)
    args, columns, context, where = arguments(request, terms=())
    args.update(
        mems=packed(found.mem, Int4s),
        bm=packed(found.bm25, Float8s),
        ub=packed(found.ub, Float8s),
        conf=packed(found.conf, Float8s),
        born=packed(found.born, Float8s),
        runs=packed(found.run, Int4s),
        tops=packed(tops, Int4s),
        qv=vector,
        qneg=negated,
        w=FUSION_WEIGHT,
        near=near,
        margin=MARGIN,
        seed=max(seed, request.k),
    )
    text = statement_text(len(neighbours), context, request.touch)
    statement = sql.SQL(text).format(columns=columns, where=where, ext=ext)
    ef = min(EF_MAX, max(near, ef_search or 0))
    with pg_trip.segment(conn):  # the settings hold for the statement: one round trip
        conn.execute(settings(prepared=True, touch=request.touch, generic=True))
        conn.execute(EF_SEARCH, (str(ef),))
        rows = conn.execute(statement, args, prepare=True).fetchall()
    if seen is not None:
        seen.update(candidates=len(found.mem), theta=0.0, scored=0)
        if rows:
            seen.update(theta=float(rows[0][12]), scored=int(rows[0][13]))
    hits = [_hit(r) for r in rows]
    if request.explain:
        hits = [
            replace(h, terms=found.terms_of(int(r[11]))) for h, r in zip(hits, rows, strict=True)
        ]
    return hits


def _hit(row: Sequence[Any]) -> Ranked:
    base = ranked_row(row)
    cosine = None if row[9] is None else float(row[9])
    base.extra["fusion"] = {"cosine": cosine, "fused": float(row[10])}
    return base
