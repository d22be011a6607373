"""The files backend's ranking, computed by the server in one statement.

score = (BM25 + neighbour context) × confidence × supersession × decay, filters applied,
the k best positive scores, ties broken by the files backend's row order (sequence,
creation, id). The arithmetic follows agentmem.stores.postings and
agentmem.retrieval.ranking step for step, float32 where they round to float32, so the
same corpus gives the same scores and the same top k (tests/test_postgres_parity.py):

- idf = ln(1 + (N - df + 0.5) / (df + 0.5)) rounded to float32; a posting's weight is
  idf × tf / (k1 × ((1 - b) + b × dl / avgdl) + tf) rounded to float32; a memory's BM25
  is the float32 sum of its terms' weights in query order (a repeated term counts again);
- neighbour context: a memory with BM25 > 0 gains w_d × (BM25 of the memory d places
  before + d places after) in its run (episodic memories share a run by run_id, ordered
  by created_at then id; any other memory is alone);
- decay = max(0.3, exp(-0.03 × days since the last access, or creation when never read)).

Only rows with BM25 > 0 are scored, so the work is the query terms' postings, not the store.
Run it with nested loops off (`PLANNER`): the planner cannot see how many rows a CTE holds,
guesses one, and nested-loops joins of thousands of candidates (240 ms where a hash join
takes 5); the lookups by key that should loop are LATERAL subqueries, which loop anyway.

The writer's restatement check (`distinctive`) ranks the same way over the draft's
rarest words only (about DISTINCTIVE_BUDGET postings of them): a draft's common words are
in most of a large store (scoring them was a second per write at 100K memories), and a
restatement shares the rare ones. A small store, where the draft's words have few
postings in all, gets the full ranking.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from psycopg import sql

from agentmem.core.model import Hit, Memory
from agentmem.retrieval.ranking import (
    DECAY_FLOOR,
    DECAY_RATE,
    SECONDS_PER_DAY,
    SUPERSEDED_FACTOR,
    RankingParams,
)
from agentmem.stores.base import Filters


@dataclass(frozen=True)
class RankRequest:
    """One ranking asked of the server, as every ranking statement takes it (the exact one
    here, pg_prune's and pg_vector_rank's)."""

    terms: tuple[str, ...]  # in query order, a repeated term counting again
    k: int  # hits wanted, at most
    filters: Filters
    params: RankingParams
    now: float  # the time decay is taken at (a POSIX timestamp)
    explain: bool = False  # each hit carries its terms' weights
    touch: bool = False  # the hits' reads are recorded, in the same statement


@dataclass(frozen=True)
class Ranked:
    """One hit as the server scored it."""

    memory_id: str
    record: dict[str, Any]
    score: float
    bm25: float
    context: float
    decay: float
    confidence: float
    superseded: bool
    terms: dict[str, float]
    extra: dict[str, Any] = field(default_factory=dict)  # more to explain (the semantic leg)


def _filters(filters: Filters, now: float, args: dict[str, Any]) -> sql.Composable:
    """The WHERE clause the filters make over the candidate rows `c`."""
    clauses: list[sql.Composable] = [sql.SQL("TRUE")]
    if filters.user_id is not None:
        args["f_user"] = filters.user_id
        clauses.append(sql.SQL("c.user_id = %(f_user)s"))
    if filters.app_ids is not None:
        args["f_apps"] = list(filters.app_ids)
        clauses.append(sql.SQL("c.app_id = ANY(%(f_apps)s)"))
    if filters.types is not None:
        args["f_types"] = list(filters.types)
        clauses.append(sql.SQL("c.type = ANY(%(f_types)s)"))
    if filters.cohort is not None:
        args["f_cohort"] = filters.cohort
        clauses.append(sql.SQL("c.cohort = %(f_cohort)s"))
    if filters.tags_any is not None:
        args["f_tags"] = list(filters.tags_any)
        clauses.append(sql.SQL("c.tags && %(f_tags)s::text[]"))
    if not filters.include_expired:
        args["now"] = now
        clauses.append(sql.SQL("(c.expires_ts IS NULL OR c.expires_ts > %(now)s)"))
    if not filters.include_superseded:
        clauses.append(sql.SQL("NOT c.superseded"))
    return sql.SQL(" AND ").join(clauses)


def _context(weights: Sequence[float], args: dict[str, Any]) -> tuple[sql.Composable, str]:
    """The neighbour columns (p1, n1, … per distance) and the context expression, summed
    distance by distance as ranking.with_neighbours adds them."""
    if not weights:
        return sql.SQL(""), "c.bm25"
    columns = []
    expression = "c.bm25"
    for d, weight in enumerate(weights, start=1):
        args[f"w{d}"] = weight
        for side, sign in (("p", "-"), ("n", "+")):
            columns.append(
                sql.SQL(
                    f", coalesce(max(b.bm25) FILTER (WHERE b.rn = a.rn {sign} {d}), 0) AS {side}{d}"
                )
            )
        expression = f"({expression} + %(w{d})s * (coalesce(nb.p{d}, 0) + coalesce(nb.n{d}, 0)))"
    return sql.Composed(columns), expression


HEAD = """
    WITH q AS (
        SELECT term, pos FROM unnest(%(terms)s::text[]) WITH ORDINALITY AS q(term, pos)
    ), s AS MATERIALIZED (
        SELECT sum(n)::float8 AS n, sum(total)::float8 AS total FROM stats
    ), p AS (
        SELECT term, mem, tf, dl, count(*) OVER (PARTITION BY term) AS df
        FROM postings WHERE term = ANY(%(unique)s::text[])
    ), weights AS (
        SELECT p.mem, q.pos, p.term,
            ((ln(1 + (s.n - p.df + 0.5) / (p.df + 0.5)))::real::float8
             * (p.tf / (%(k1)s * ((1 - %(b)s) + %(b)s * p.dl / (s.total / s.n)) + p.tf)))::real
            AS w
        FROM p JOIN q USING (term) CROSS JOIN s
    ), bm AS (
        SELECT mem, sum(w ORDER BY pos)::float8 AS bm25 FROM weights GROUP BY mem
    )"""  # every memory holding a query term, and its BM25


def scoring(name: str, source: str, depth: int, context: str) -> str:
    """The CTEs that score the memories of `source` (mem, bm25) exactly, the CTE `name`
    last: (seq, seq_key, created, id, bm25, context, static, decay, confidence,
    superseded) for those the filters ({where}) admit. Neighbour context counts the
    source's memories only: it must hold every candidate of each run it holds."""
    return f"""
    {name}_c AS (
        SELECT m.seq, m.seq_key, m.created, m.id, m.created_ts, m.expires_ts, m.confidence,
            m.superseded, m.user_id, m.app_id, m.type, m.cohort, m.tags, x.bm25
        FROM {source} x CROSS JOIN LATERAL (SELECT * FROM memories m WHERE m.seq = x.mem OFFSET 0) m
        WHERE x.bm25 > 0
    ), {name}_runs AS (
        SELECT seq_key FROM {name}_c GROUP BY seq_key HAVING count(*) > 1
    ), {name}_ranked AS MATERIALIZED (
        SELECT r.seq, r.seq_key, r.rn
        FROM {name}_runs runs CROSS JOIN LATERAL (
            SELECT seq, seq_key, row_number() OVER (ORDER BY created, id) AS rn
            FROM memories WHERE seq_key = runs.seq_key OFFSET 0
        ) r WHERE {"TRUE" if depth else "FALSE"}
    ), {name}_cp AS (
        SELECT c.seq, c.seq_key, ranked.rn, c.bm25 FROM {name}_c c JOIN {name}_ranked ranked USING (seq)
    ), {name}_nb AS (
        SELECT a.seq {{columns}}
        FROM {name}_cp a JOIN {name}_cp b ON b.seq_key = a.seq_key AND b.seq <> a.seq
            AND b.rn BETWEEN a.rn - {depth} AND a.rn + {depth}
        GROUP BY a.seq
    ), {name} AS MATERIALIZED (
        SELECT c.seq, c.seq_key, c.created, c.id, c.bm25, {context} AS context,
            c.confidence * (CASE WHEN c.superseded THEN %(halved)s ELSE 1.0::float8 END) AS static,
            {DECAY.format(seen="(SELECT a.last_access FROM access a WHERE a.mem = c.seq)", born="c.created_ts")} AS decay,
            c.confidence, c.superseded
        FROM {name}_c c LEFT JOIN {name}_nb nb USING (seq)
        WHERE {{where}}
    )"""


DECAY = (
    "greatest(%(floor)s, exp(-%(rate)s * greatest((%(now)s - coalesce({seen}, {born})) "
    "/ %(day)s, 0)))"
)  # the decay of a memory last read at `seen` (never: created at `born`)
SCORE = "context * static * decay"


def arguments(
    request: RankRequest, terms: Sequence[str] | None = None
) -> tuple[dict[str, Any], sql.Composable, str, sql.Composable]:
    """A ranking statement's arguments (for `terms`, by default the request's), and the
    parts it formats with them: the neighbour columns, the context expression and the
    filters' WHERE clause."""
    terms = request.terms if terms is None else terms
    args = {
        "terms": list(terms),
        "unique": sorted(set(terms)),
        "k1": request.params.k1,
        "b": request.params.b,
        "k": request.k,
        "now": request.now,
        "rate": DECAY_RATE,
        "floor": DECAY_FLOOR,
        "day": SECONDS_PER_DAY,
        "halved": SUPERSEDED_FACTOR,
    }
    columns, context = _context(request.params.neighbours, args)
    return args, columns, context, _filters(request.filters, request.now, args)


EXPLAINED = (
    "(SELECT jsonb_object_agg(w.term, w.w) FROM (SELECT DISTINCT term, w FROM weights w "
    "WHERE w.mem = top.seq) w)"
)  # the query terms' weights in the hit `top`
TOUCHED_IF = """, touched AS (
        INSERT INTO access (mem, last_access, count) SELECT seq, %(now)s, 1 FROM top
        WHERE {touch_if} ORDER BY seq
        ON CONFLICT (mem) DO UPDATE SET last_access = excluded.last_access,
            count = access.count + 1
    )"""  # the reads of the hits in `top`, recorded (when `touch_if` holds)
TOUCHED = TOUCHED_IF.format(touch_if="TRUE")


def tail(
    scored: str, *, explain: bool, touch: bool, extra: str = "", touch_if: str = "TRUE"
) -> str:
    """The k best of `scored`, their reads recorded with `touch` (if `touch_if` holds),
    and the final rows (with `extra` columns)."""
    explained = EXPLAINED if explain else "NULL::jsonb"
    touched = TOUCHED_IF.format(touch_if=touch_if) if touch else ""
    return f""", top AS (
        SELECT seq, seq_key, created, id, bm25, context, decay, confidence, superseded,
            {SCORE} AS score
        FROM {scored} WHERE {SCORE} > 0
        ORDER BY score DESC, seq_key, created, id
        LIMIT %(k)s
    ){touched}
    SELECT top.id, m.record, top.score, top.bm25, top.context, top.decay, top.confidence,
        top.superseded, {explained}, top.seq{extra}
    FROM top CROSS JOIN LATERAL (SELECT record FROM memories m WHERE m.seq = top.seq OFFSET 0) m
    ORDER BY top.score DESC, top.seq_key, top.created, top.id
    """


def search_sql(request: RankRequest) -> tuple[sql.Composed, dict[str, Any]]:
    """The statement and its arguments: rows (id, record, score, bm25, context, decay,
    confidence, superseded, terms) for the k best hits, best first, every candidate scored
    exactly. With `touch`, the same statement records the read of each hit (last access,
    count), in one round trip."""
    args, columns, context, where = arguments(request)
    text = (
        HEAD
        + ","
        + scoring("scored", "bm", len(request.params.neighbours), context)
        + tail("scored", explain=request.explain, touch=request.touch)
    )
    return sql.SQL(text).format(columns=columns, where=where), args


PLANNER = "SELECT set_config('enable_nestloop', 'off', true)"  # see the module docstring;
# local to its transaction: a transaction block's, or a pipeline segment's (pg_trip)
DISTINCTIVE_CAP = 5000  # a word in more memories than this is never distinctive
DISTINCTIVE_BUDGET = 300  # postings the restatement check ranks, about


KNOWN_MAX = 100_000  # counts a process remembers (see distinctive), at most


def distinctive(
    conn: Any,
    terms: Sequence[str],
    cap: int = DISTINCTIVE_CAP,
    budget: int = DISTINCTIVE_BUDGET,
    known: dict[str, int] | None = None,
    chosen: dict[str, int] | None = None,
    seen: dict[str, int] | None = None,
    given: dict[str, int] | None = None,
) -> list[str]:
    """The query's rarest terms (in query order, repeats kept): by how many memories hold
    each, the rarest first, while their postings add up to at most `budget`, and always
    the rarest if at most `cap` memories hold it. A term is counted up to cap + 1 only.
    `known` (kept by the caller) remembers the counts above `budget`, which are not counted
    again: such a term can only be chosen as the rarest, so a count that has grown since
    changes which word picks the candidates, never a score (the search counts afresh).
    `chosen` (when given) is told the count of each term kept, `seen` every term's;
    `given` holds counts read a moment ago (pg_ahead), not read again."""
    known = {} if known is None else known
    given = {t: n for t, n in (given or {}).items() if t not in known}
    asked = sorted(set(terms) - set(known) - set(given))
    held = {t: known[t] if t in known else given[t] for t in set(terms) if t in known or t in given}
    if asked:
        # Prepared from psycopg's fifth run: each count is a bounded scan of one word's
        # postings whatever the words, so the generic plan is the right one (parse and plan
        # were a third of this statement's server time).
        rows = conn.execute(
            "SELECT u.term, (SELECT count(*) FROM (SELECT 1 FROM postings p "
            "WHERE p.term = u.term LIMIT %s) AS x) FROM unnest(%s::text[]) AS u(term)",
            (cap + 1, asked),
        ).fetchall()
        counted = {str(term): int(count) for term, count in rows}
        held.update(counted)
        if len(known) > KNOWN_MAX:
            known.clear()
        known.update((t, n) for t, n in counted.items() if n > budget)
    kept: set[str] = set()
    total = 0
    for term, n in sorted(((t, n) for t, n in held.items() if 0 < n <= cap), key=lambda x: x[::-1]):
        if kept and total + n > budget:
            break
        kept.add(term)
        total += n
    if chosen is not None:
        chosen.update((t, held[t]) for t in kept)
    if seen is not None:
        seen.update(held)
    return [t for t in terms if t in kept]


def ranked(row: Sequence[Any]) -> Ranked:
    return Ranked(
        memory_id=str(row[0]),
        record=dict(row[1]),
        score=float(row[2]),
        bm25=float(row[3]),
        context=float(row[4]),
        decay=float(row[5]),
        confidence=float(row[6]),
        superseded=bool(row[7]),
        terms={str(t): float(w) for t, w in (row[8] or {}).items()},
    )


def hit(row: Ranked, local: Memory | None, explain: bool, backend: str) -> Hit:
    """A hit served from this root's file when it has one (the files win), else the row."""
    memory = local or Memory.model_validate(row.record)
    detail: dict[str, Any] = {}
    if explain:
        detail = {
            "bm25": row.bm25,
            "terms": row.terms,
            "neighbours": row.context - row.bm25,
            "decay": row.decay,
            "confidence": row.confidence,
            "superseded": row.superseded,
            "backend": backend,
            **row.extra,
        }
    return Hit(memory=memory, score=row.score, explain=detail)
