"""The search on a large store: score exactly only the memories that can reach the top k.

The exact ranking (agentmem.stores.pg_rank, one statement) sums BM25 over every posting
of the question's words and then fetches and scores every memory holding one: at a
million memories, 12,000 candidates a question, about 2 µs a posting to sum in SQL and
8 µs a candidate to fetch and score. Most of them cannot reach the top 10, and a bound
read from the postings alone says which:

1. **Postings** (one round trip): every candidate's BM25 and bound `ub`, score ≤ ub
   (agentmem.stores.pg_bound).
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
exact ranking's, ties included (a bound equal to θ is kept). A question with at most
EXACT_MAX candidates, or more than pg_bound.POSTINGS_MAX postings, is ranked by
pg_rank's exact statement, as before. One of the latter under a filter naming apps, types,
a cohort or tags is pruned as above over the postings of the memories the filter admits
and their runs, when those are at most POSTINGS_MAX, and else ranked by the exact
statement over those memories (agentmem.stores.pg_admitted).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import numpy as np
from psycopg import sql

from agentmem.retrieval.ranking import DECAY_FLOOR, DECAY_RATE, SECONDS_PER_DAY
from agentmem.stores import pg_admitted, pg_bound, pg_rank
from agentmem.stores import pg_trip as trip
from agentmem.stores.pg_arrays import Float8s, Int4s, packed, register
from agentmem.stores.pg_bound import Candidates, Ints, candidates
from agentmem.stores.pg_rank import (
    DECAY,
    SCORE,
    Ranked,
    RankRequest,
    arguments,
    ranked,
    scoring,
    tail,
)

EXACT_MAX = 500  # candidates a question may have and still go to the exact statement
SEED = 64  # candidates scored first, to find θ
PREPARE = None  # psycopg's default: prepared from the fifth run (saves a millisecond of
# planning; unlike the exact statement's, the plan does not depend on the words asked)
SEND = 500  # candidates sent with the seeds, the best bounds first
# What a ranking statement's transaction sets first (set_config(..., true): local to it).
# Nested loops off: see pg_rank.PLANNER. A search's only write is its hits' reads (decay's
# input): a crash may lose the last fraction of a second of them, and the search does not
# wait for the disk (5 ms of a 1M search at load 5, fsync on). A prepared statement is
# planned once per connection, for every later run: with sequential scans off, its plan
# reads `access` by its key whatever the table held when it was planned. Planned while
# `access` was empty (a store just loaded, nothing read yet), it scanned the whole table
# for each candidate's last read, for as long as the connection lived: at 100K memories,
# searches went from 15 to 50 ms over the first hundred as their reads filled the table.
NESTLOOP_OFF = "set_config('enable_nestloop', 'off', true)"
SEQSCAN_OFF = "set_config('enable_seqscan', 'off', true)"
UNHURRIED = "set_config('synchronous_commit', 'off', true)"
# The restatement check's statement, prepared at once, is planned once (a generic plan)
# from its first run. Left to choose, the server planned it again at every write on a
# store of 100K memories (its cost estimates favour the custom plans there): 0.6 ms of
# server CPU a write, for the same rows (2.06 to 1.54 ms a check at 100K, load 6-8).
GENERIC = "set_config('plan_cache_mode', 'force_generic_plan', true)"


def settings(*, prepared: bool, touch: bool, generic: bool = False) -> str:
    """The statement run before a ranking statement, in its transaction."""
    chosen = [
        NESTLOOP_OFF,
        *([SEQSCAN_OFF] if prepared else []),
        *([GENERIC] if generic else []),
        *([UNHURRIED] if touch else []),
    ]
    return "SELECT " + ", ".join(chosen)


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
    request: RankRequest,
    sent: Ints,
    seeds: Ints,
    theta: float,
    unsent: float,
) -> tuple[sql.Composed, dict[str, Any]]:
    """One statement: the seeds (and their runs) scored exactly, θ = the k-th best score
    the filters admit among them (or the θ given, if higher), then the sent candidates
    whose ub × decay reaches θ scored exactly (with their runs): the k best rows as
    pg_rank.search_sql gives them, θ last. The reads are recorded (`request.touch`) only
    if θ is above `unsent` (the best bound of the candidates not sent: the k best are
    final)."""
    args, columns, context, where = arguments(request, terms=())
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
    depth = len(request.params.neighbours)
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
            touch=request.touch,
            extra=", (SELECT v FROM theta), (SELECT count(*) FROM x2)",
            touch_if="(SELECT v FROM theta) > %(unsent)s",  # the k best are final
        )
    )
    return sql.SQL(text).format(columns=columns, where=where), args


def run_ranking(
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
    and the plan: a third of a write's server CPU. A statement that may be prepared runs
    with sequential scans off, one prepared at once (`prepare` True: the check's) is
    planned once, one that records its hits' reads commits without waiting for the disk
    (see `settings`). The settings and the statement share one pipeline segment (see
    pg_trip): one round trip, where a transaction block cost five."""
    chosen = settings(prepared=prepare is not False, touch=touch, generic=prepare is True)
    with trip.segment(conn):
        conn.execute(chosen)
        return list(conn.execute(statement, args, prepare=prepare).fetchall())


def rank(
    conn: Any,
    request: RankRequest,
    *,
    exact_max: int = EXACT_MAX,
    seed: int = SEED,
    send: int = SEND,
    seen: dict[str, float] | None = None,
    postings: int | None = None,
) -> list[Ranked]:
    """The k best hits for the request, best first: pg_rank.search_sql's rows, scoring
    exactly only the candidates whose bound reaches the seeds' k-th score. `seen` (when
    given) is told how many candidates there were, how many the last statement was sent
    and scored exactly (with their runs), and θ. `postings`: the terms' postings when the
    caller counted them (the restatement check); at most `exact_max`, there are no more
    candidates than that, and the exact statement runs without the postings' round trip
    (1.4 ms of a write's client CPU)."""
    register(conn)
    few = postings is not None and postings <= exact_max
    found = None if few else candidates(conn, request.terms, request.params)
    signed = any(w < 0 for w in request.params.neighbours)  # no bound: the exact statement
    # Words most memories hold, under a filter: the postings of what it admits (pg_admitted).
    admitted = found is None and not few and pg_admitted.selective(request.filters)
    if admitted and not signed:
        found = pg_admitted.candidates(conn, request)
    few_admitted = admitted and found is not None  # pruned, however few they are
    many = pg_bound.POSTINGS_MAX  # (more than these: not fetched)
    held = len(found.mem) if found is not None else int(postings or 0) if few else many
    seen = {} if seen is None else seen
    seen.update(candidates=held, sent=held, scored=held, theta=0)
    if few_admitted and not held:
        return []
    if found is None or (held <= exact_max and not few_admitted) or signed:
        admitted = admitted and found is None  # too many admitted postings: all scored
        statement, args = (pg_admitted if admitted else pg_rank).search_sql(request)
        rows = run_ranking(conn, statement, args, few, request.touch)
        if admitted:
            scored = int(rows[0][11]) if rows else 0
            seen.update(sent=scored, scored=scored)
        return [ranked(r) for r in rows]
    days = np.maximum((request.now - found.born) / SECONDS_PER_DAY, 0.0)
    hopeful = np.argsort(-found.ub * np.maximum(DECAY_FLOOR, np.exp(-DECAY_RATE * days)))
    by_bound = np.argsort(-found.ub, kind="stable")
    unsent = float(found.ub[by_bound[send]]) if len(by_bound) > send else -1.0
    size, theta, none = max(seed, request.k), 0.0, by_bound[:0]
    quiet = replace(request, touch=False)  # a statement whose k best cannot be final
    rows, theta = _score(conn, found, request, seen, by_bound[:send], hopeful[:size], theta, unsent)
    while unsent >= theta:  # a candidate not sent might reach θ: another statement
        if theta == 0 and size < len(hopeful):  # the filters admitted fewer than k seeds
            size *= 8
            rows, theta = _score(conn, found, quiet, seen, none, hopeful[:size], theta, unsent)
            continue
        unsent = -1.0  # every candidate whose bound reaches θ is sent
        everyone = np.flatnonzero(found.ub >= theta)
        rows, theta = _score(conn, found, request, seen, everyone, none, theta, unsent)
    seen["theta"] = theta
    if not request.explain:
        return [ranked(r) for r in rows]
    return [replace(ranked(r), terms=found.terms_of(int(r[9]))) for r in rows]


def _score(
    conn: Any,
    found: Candidates,
    request: RankRequest,
    seen: dict[str, float],
    sent: Ints,
    seeds: Ints,
    theta: float,
    unsent: float,
) -> tuple[list[Any], float]:
    """Run _statement; its rows and θ."""
    statement, args = _statement(found, request, sent, seeds, theta, unsent)
    rows = run_ranking(conn, statement, args, PREPARE, request.touch)
    seen.update(sent=args["sent"], scored=int(rows[0][11]) if rows else 0)
    return rows, (float(rows[0][10]) if rows else theta)
