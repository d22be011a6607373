"""The exact ranking of a question whose words most memories hold, under a selective filter.

A question made of a whole record (hook B looks for a failure's fix and its lesson with the
record's own text: thirty words, a few of them in most memories) has more postings than
the pruned search fetches (pg_bound.POSTINGS_MAX), so the exact statement ranks it
(agentmem.stores.pg_rank). That statement sums BM25 over every posting of every word and
fetches the row of every memory holding one, and applies the filters last: at 100K
memories, 99,800 candidates summed and fetched for the 6,000 an app and a type admit
(1.2-3.4 s a search, six such searches in a pack holding a failure).

Here the filters come first: the memories they admit (one pass over `memories`), with every
memory of their runs (neighbour context reads the BM25 of a run's other candidates, which a
filter may not admit), are the only ones whose postings are summed and whose rows are
fetched. A term's document frequency is still counted over all its postings, so every score
is the exact statement's, to the bit, and so is the top k (same scores, same tie order).

Most of what a filter admits cannot reach the top k either (an app's lessons: 37,000 of
them at 100K memories, 36,000 holding a word of such a question, all scored exactly: 0.7 s
a search). So the postings the filter admits come back to the client as arrays
(`candidates`, with each term's document frequency counted over all its postings) when
they are at most pg_bound.POSTINGS_MAX, and the pruned search ranks them as any other
question's (agentmem.stores.pg_prune: a bound for each, θ from the best seeds, only those
reaching θ scored exactly). Neighbour context is safe: every memory of an admitted one's
run is among them. More admitted postings than that: `search_sql` ranks them all.
"""

from __future__ import annotations

from typing import Any

from psycopg import sql

from agentmem.stores import pg_bound, pg_trip
from agentmem.stores.base import Filters
from agentmem.stores.pg_bound import Candidates
from agentmem.stores.pg_rank import PLANNER, RankRequest, arguments, scoring, tail

ADMITTED = """admitted AS MATERIALIZED (
        SELECT c.seq, c.seq_key, c.id FROM memories c WHERE {where}
    ), wanted AS MATERIALIZED (
        SELECT seq FROM admitted
        UNION
        SELECT r.seq FROM (SELECT DISTINCT seq_key FROM admitted WHERE seq_key <> 'own:' || id) k
            CROSS JOIN LATERAL (SELECT seq FROM memories WHERE seq_key = k.seq_key OFFSET 0) r
    )"""  # the memories the filters admit, and `wanted`: they and the rest of their runs
HEAD = (
    """
    WITH q AS (
        SELECT term, pos FROM unnest(%(terms)s::text[]) WITH ORDINALITY AS q(term, pos)
    ), s AS MATERIALIZED (
        SELECT sum(n)::float8 AS n, sum(total)::float8 AS total FROM stats
    ), """
    + ADMITTED
    + """, df AS MATERIALIZED (
        SELECT term, count(*) AS df FROM postings WHERE term = ANY(%(unique)s::text[])
        GROUP BY term
    ), p AS MATERIALIZED (
        SELECT term, mem, tf, dl FROM postings
        WHERE term = ANY(%(unique)s::text[]) AND mem IN (SELECT seq FROM wanted)
    ), weights AS (
        SELECT p.mem, q.pos, p.term,
            ((ln(1 + (s.n - df.df + 0.5) / (df.df + 0.5)))::real::float8
             * (p.tf / (%(k1)s * ((1 - %(b)s) + %(b)s * p.dl / (s.total / s.n)) + p.tf)))::real
            AS w
        FROM p JOIN df USING (term) JOIN q USING (term) CROSS JOIN s
    ), bm AS (
        SELECT mem, sum(w ORDER BY pos)::float8 AS bm25 FROM weights GROUP BY mem
    )"""
)  # pg_rank.HEAD, over the memories the filters admit and their runs only
POSTINGS = (
    "WITH "
    + ADMITTED
    + """, df AS MATERIALIZED (
        SELECT term, count(*) AS df FROM postings WHERE term = ANY(%(unique)s::text[])
        GROUP BY term
    ), p AS MATERIALIZED (
        SELECT * FROM postings
        WHERE term = ANY(%(unique)s::text[]) AND mem IN (SELECT seq FROM wanted) LIMIT %(most)s
    )
    SELECT (SELECT sum(n)::float8 FROM stats), (SELECT sum(total)::float8 FROM stats), term,
        df.df, array_agg(mem), array_agg(tf), array_agg(dl), array_agg(run), array_agg(conf),
        array_agg(born)
    FROM p JOIN df USING (term) GROUP BY term, df.df"""
)  # pg_bound.POSTINGS, of the memories `wanted` only, each term's df counted over all of its
# postings; POSTINGS_MAX + 1 at most


def selective(filters: Filters) -> bool:
    """Whether the filters name apps, types, a cohort or tags: they admit a part of the
    store (a user alone, or expiry and supersession, admit about all of it, and the pass
    over `memories` would be added to the exact statement's work for nothing)."""
    named = (filters.app_ids, filters.types, filters.cohort, filters.tags_any)
    return any(f is not None for f in named)


def search_sql(request: RankRequest) -> tuple[sql.Composed, dict[str, Any]]:
    """pg_rank.search_sql's statement and rows, the filters applied before the scoring;
    each row also says how many memories were scored (its 12th column, as pg_prune's)."""
    args, columns, context, where = arguments(request)
    text = (
        HEAD
        + ","
        + scoring("scored", "bm", len(request.params.neighbours), context)
        + tail(
            "scored",
            explain=request.explain,
            touch=request.touch,
            extra=", NULL, (SELECT count(*) FROM bm)",  # the memories scored (pg_prune's seen)
        )
    )
    return sql.SQL(text).format(columns=columns, where=where), args


def candidates(conn: Any, request: RankRequest) -> Candidates | None:
    """The question's candidates among the memories the filters admit and their runs, as
    pg_bound.candidates gives them (the same BM25 and bound each: a term's document
    frequency is counted over all its postings); None when their postings are more than
    pg_bound.POSTINGS_MAX."""
    args, _columns, _context, where = arguments(request)
    args["most"] = pg_bound.POSTINGS_MAX + 1
    with pg_trip.segment(conn):  # nested loops off: see pg_rank.PLANNER
        conn.execute(PLANNER)
        statement = sql.SQL(POSTINGS).format(where=where)
        rows = pg_bound.binary(conn).execute(statement, args, prepare=False).fetchall()
    lists = {str(r[2]): r[4:] for r in rows}
    if sum(len(c[0]) for c in lists.values()) > pg_bound.POSTINGS_MAX:
        return None
    n, total = (float(rows[0][0] or 0), float(rows[0][1] or 0)) if rows else (0.0, 0.0)
    df = {str(r[2]): int(r[3]) for r in rows}
    return pg_bound.summed(lists, n, total, request.terms, request.params, df)
