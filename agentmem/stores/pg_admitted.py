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
"""

from __future__ import annotations

from typing import Any

from psycopg import sql

from agentmem.stores.base import Filters
from agentmem.stores.pg_rank import RankRequest, arguments, scoring, tail

HEAD = """
    WITH q AS (
        SELECT term, pos FROM unnest(%(terms)s::text[]) WITH ORDINALITY AS q(term, pos)
    ), s AS MATERIALIZED (
        SELECT sum(n)::float8 AS n, sum(total)::float8 AS total FROM stats
    ), admitted AS MATERIALIZED (
        SELECT c.seq, c.seq_key, c.id FROM memories c WHERE {where}
    ), wanted AS MATERIALIZED (
        SELECT seq FROM admitted
        UNION
        SELECT r.seq FROM (SELECT DISTINCT seq_key FROM admitted WHERE seq_key <> 'own:' || id) k
            CROSS JOIN LATERAL (SELECT seq FROM memories WHERE seq_key = k.seq_key OFFSET 0) r
    ), df AS MATERIALIZED (
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
    )"""  # pg_rank.HEAD, over the memories the filters admit and their runs only


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
