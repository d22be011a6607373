"""The files backend's semantic ranking, computed by the server in one statement.

As agentmem.stores.filestore fuses them (agentmem.retrieval.semantic.fuse):

    score = ((1 - w) × context / max(context) + w × (cos - min cos) / (max cos - min cos))
            × confidence × supersession × decay, filters applied, the k best positive,

where `context` is BM25 with neighbour context (agentmem.stores.pg_rank's CTEs, taken
before the filters),
`cos` the inner product of the memory's unit vector with the query's (pgvector's `<#>`,
float32 as numpy's), and the maxima and minima are over every memory, before the filters,
as the files backend takes them. A memory with no vector yet counts as the least similar
(its semantic half is 0) and is left out of the minimum and maximum.

Which memories are scored: every one holding a query term, and the nearest by cosine.
Up to `exact_max` memories (the `stats` count), the nearest are all of them, read by a
scan: the ranking is exactly the files backend's. Above it, the `near` nearest come from
pgvector's HNSW index and the least similar from the index too (it is the nearest to the
negated query): a memory outside both sets that holds no query word is not ranked, and the
bounds are the index's estimate, so large stores rank approximately. Exact, the statement
scores every memory: `bench/pg_semantic.py` measured p50 10 ms at 2,000 memories, 20 ms at
5,000 and 43 ms at 10,000, against 5, 7 and 16 ms through the index (2 shared cores, load 5).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from psycopg import sql

from agentmem.retrieval.semantic import FUSION_WEIGHT
from agentmem.stores import pg_trip
from agentmem.stores.pg_rank import (
    DECAY,
    EXPLAINED,
    HEAD,
    PLANNER,
    TOUCHED,
    Ranked,
    RankRequest,
    arguments,
    ranked,
    scoring,
)
from agentmem.stores.pg_write import Conn

EXACT_MAX = 2_000  # memories up to which every vector is read and every memory scored
NEAR = 200  # nearest vectors the index gives above it, at least
EF_MAX = 1000  # pgvector's ceiling for hnsw.ef_search
# local to the statement's transaction (a pipeline segment's: see pg_trip)
EF_SEARCH = "SELECT set_config('hnsw.ef_search', %s, true)"
COSINE = "-(e.v OPERATOR({{ext}}.<#>) %(qv)s::{{ext}}.vector)"  # e's inner product with the query

# After pg_rank's HEAD (bm: each memory holding a query term, its BM25) and its scoring
# CTEs named `lex` (lex_c, lex_nb: the candidates and their neighbours' BM25; the filtered
# `lex` itself is never read, so never run).
FUSED = f"""
    , lexall AS MATERIALIZED (
        SELECT c.seq, c.bm25, {{context}} AS context FROM lex_c c LEFT JOIN lex_nb nb USING (seq)
    ), near AS MATERIALIZED (
        SELECT e.mem AS seq, {COSINE} AS cosine
        FROM embeddings e WHERE (SELECT n FROM s) <= %(exact_max)s
        UNION ALL
        (SELECT e.mem, {COSINE} FROM embeddings e WHERE (SELECT n FROM s) > %(exact_max)s
         ORDER BY e.v OPERATOR({{{{ext}}}}.<#>) %(qv)s::{{{{ext}}}}.vector LIMIT %(near)s)
    ), far AS (
        SELECT {COSINE} AS cosine FROM embeddings e WHERE (SELECT n FROM s) > %(exact_max)s
        ORDER BY e.v OPERATOR({{{{ext}}}}.<#>) %(qneg)s::{{{{ext}}}}.vector LIMIT 1
    ), bounds AS MATERIALIZED (
        SELECT (SELECT max(context) FROM lexall) AS top, (SELECT max(cosine) FROM near) AS hi,
            least((SELECT min(cosine) FROM near), (SELECT min(cosine) FROM far)) AS lo
    ), cand AS (
        SELECT l.seq, l.bm25, l.context,
            coalesce(n.cosine, (SELECT {COSINE} FROM embeddings e WHERE e.mem = l.seq)) AS cosine
        FROM lexall l LEFT JOIN near n USING (seq)
        UNION ALL
        SELECT n.seq, 0::float8, 0::float8, n.cosine FROM near n
        WHERE NOT EXISTS (SELECT 1 FROM lexall l WHERE l.seq = n.seq)
    ), fused AS MATERIALIZED (
        SELECT c.seq, c.seq_key, c.created, c.id, x.bm25, x.context, x.cosine,
            (1 - %(w)s) * (CASE WHEN b.top > 0 THEN x.context / b.top ELSE 0 END)
            + %(w)s * (CASE WHEN b.hi > b.lo AND x.cosine IS NOT NULL
                THEN (x.cosine - b.lo) / (b.hi - b.lo) ELSE 0 END) AS fused,
            c.confidence * (CASE WHEN c.superseded THEN %(halved)s ELSE 1.0::float8 END) AS static,
            {DECAY.format(seen="(SELECT a.last_access FROM access a WHERE a.mem = c.seq)", born="c.created_ts")} AS decay,
            c.confidence, c.superseded
        FROM cand x CROSS JOIN bounds b
            CROSS JOIN LATERAL (SELECT * FROM memories m WHERE m.seq = x.seq OFFSET 0) c
        WHERE {{{{where}}}}
    ), top AS (
        SELECT seq, seq_key, created, id, bm25, context, cosine, fused, decay, confidence,
            superseded, fused * static * decay AS score
        FROM fused WHERE fused * static * decay > 0
        ORDER BY score DESC, seq_key, created, id
        LIMIT %(k)s
    ){{touched}}
    SELECT top.id, m.record, top.score, top.bm25, top.context, top.decay, top.confidence,
        top.superseded, {{explained}}, top.cosine, top.fused
    FROM top CROSS JOIN LATERAL (SELECT record FROM memories m WHERE m.seq = top.seq OFFSET 0) m
    ORDER BY top.score DESC, top.seq_key, top.created, top.id
    """


def fused_sql(
    request: RankRequest, vectors: tuple[str, str, sql.Identifier], *, exact_max: int = EXACT_MAX
) -> tuple[sql.Composed, dict[str, Any]]:
    """The statement and its arguments: rows as pg_rank.search_sql's, then the cosine and
    the fused score, for the k best hits, best first. `vectors`: the query's vector, its
    negation (pg_vector.literal) and the schema pgvector is in."""
    vector, negated, ext = vectors
    near = max(NEAR, 4 * request.k)
    args, columns, context, where = arguments(request)
    args.update(qv=vector, qneg=negated, w=FUSION_WEIGHT, exact_max=exact_max, near=near)
    text = (
        HEAD
        + ","
        + scoring("lex", "bm", len(request.params.neighbours), context)
        + FUSED.format(
            context=context,
            touched=TOUCHED if request.touch else "",
            explained=EXPLAINED if request.explain else "NULL::jsonb",
        )
    )
    return sql.SQL(text).format(columns=columns, where=where, ext=ext), args


def run(
    conn: Conn, statement: sql.Composed, args: dict[str, Any], *, ef_search: int | None = None
) -> list[Ranked]:
    """Run a fused_sql statement (never prepared, nested loops off: see pg_rank) and read
    its rows; each explains its fusion (`extra["fusion"]`: the cosine, None without a
    vector, and the fused score), as the files backend's hits do. The index is searched
    with `ef_search` candidates (by default as many as the nearest wanted; never fewer)."""
    ef = max(int(args["near"]), ef_search or 0)
    with pg_trip.segment(conn):  # the settings hold for the statement: one round trip
        conn.execute(PLANNER)
        conn.execute(EF_SEARCH, (str(min(EF_MAX, ef)),))
        rows = conn.execute(statement, args, prepare=False).fetchall()
    return [_fused(r) for r in rows]


def _fused(row: Sequence[Any]) -> Ranked:
    cosine = None if row[9] is None else float(row[9])
    base = ranked(row)
    base.extra["fusion"] = {"cosine": cosine, "fused": float(row[10])}
    return base
