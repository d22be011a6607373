"""A ranking statement and the settings it runs under reach the server in one round trip
(agentmem.stores.pg_trip), and the restatement check of a write in two.

Round trips are counted in libpq's trace of the connection's messages (`PQtrace`): each
run of the server's messages after the client's is one, whatever the time it took.
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import psycopg
import pytest
from psycopg import sql

from agentmem.stores import pg_admitted, pg_ahead, pg_trip
from agentmem.stores.base import Filters
from agentmem.stores.bm25 import tokenize
from agentmem.stores.pg_local import LocalServer
from agentmem.stores.pg_prune import run_ranking
from agentmem.stores.pg_rank import RankRequest
from agentmem.stores.pg_restate import Check, scored
from agentmem.stores.postgres import PostgresStore
from tests.test_postgres_parity import NOW, corpus, loaded

SETTINGS = sql.SQL(
    "SELECT current_setting('enable_nestloop'), current_setting('enable_seqscan'), "
    "current_setting('plan_cache_mode'), current_setting('synchronous_commit')"
)
DEFAULTS = [("on", "on", "auto", "on")]


@contextmanager
def trips(conn: Any) -> Iterator[list[int]]:
    """The round trips on `conn` inside the block, counted when it ends: the runs of the
    server's messages ("B") in the trace, each after some of the client's ("F")."""
    counted = [0]
    with tempfile.TemporaryFile("w+") as trace:
        conn.pgconn.trace(trace.fileno())
        conn.pgconn.set_trace_flags(psycopg.pq.Trace.SUPPRESS_TIMESTAMPS)
        try:
            yield counted
        finally:
            conn.pgconn.untrace()
            trace.seek(0)
            sides = [line.split("\t")[0] for line in trace if line.strip()]
    counted[0] = sum(1 for a, b in zip(["F", *sides], sides, strict=False) if (a, b) == ("F", "B"))


def test_the_settings_hold_for_the_ranking_and_end_with_it(pg_server: LocalServer) -> None:
    """run_ranking's planner settings are those its arguments ask, for its statement alone:
    the same connection's next statement runs under the server's defaults, as after the
    transaction block the ranking ran in before."""
    with psycopg.connect(pg_server.url, autocommit=True) as conn:
        assert conn.execute(SETTINGS).fetchall() == DEFAULTS
        held = run_ranking(conn, SETTINGS, {}, prepare=True, touch=True)
        assert held == [("off", "off", "force_generic_plan", "off")]
        assert run_ranking(conn, SETTINGS, {}) == [("off", "on", "auto", "on")]
        assert conn.execute(SETTINGS).fetchall() == DEFAULTS


def test_a_ranking_is_one_round_trip_and_the_pipelines_end(pg_server: LocalServer) -> None:
    """A ranking waits on the server twice: its rows (the settings' row with them), and the
    end of its pipeline (no BEGIN, no COMMIT: a transaction block in a pipeline waited five
    times). Prepared or not, the connection leaves pipeline mode after it."""
    with psycopg.connect(pg_server.url, autocommit=True) as conn:
        for prepare in (False, True, None):
            with trips(conn) as counted:
                assert run_ranking(conn, sql.SQL("SELECT 1"), {}, prepare=prepare) == [(1,)]
            assert counted[0] <= 2, prepare
            assert not pg_trip.in_pipeline(conn)


def test_a_failed_ranking_leaves_the_connection_usable_and_unchanged(
    pg_server: LocalServer,
) -> None:
    """A ranking statement the server rejects raises, its settings are undone with its
    transaction, and the connection runs the next statement as before."""
    with psycopg.connect(pg_server.url, autocommit=True) as conn:
        with pytest.raises(psycopg.errors.DivisionByZero):
            run_ranking(conn, sql.SQL("SELECT 1 / 0"), {}, prepare=True)
        assert not pg_trip.in_pipeline(conn)
        assert conn.execute(SETTINGS).fetchall() == DEFAULTS


def test_inside_a_callers_pipeline_the_ranking_joins_its_segment(
    pg_server: LocalServer,
) -> None:
    """In a pipeline the caller opened, a query sent before the ranking runs under the
    defaults, the ranking under its settings, and all of it comes back in one round trip
    (the pipeline's end in a second): the settings hold until the caller's pipeline ends,
    and no longer."""
    with psycopg.connect(pg_server.url, autocommit=True) as conn:
        with trips(conn) as counted, conn.pipeline():
            before = conn.execute(SETTINGS)
            ranking = run_ranking(conn, SETTINGS, {}, prepare=True)
            assert before.fetchall() == DEFAULTS
        assert counted[0] == 2
        assert ranking == [("off", "off", "force_generic_plan", "on")]
        assert conn.execute(SETTINGS).fetchall() == DEFAULTS


def test_the_restatement_check_is_two_round_trips(pg_server: LocalServer, tmp_path: Path) -> None:
    """The check a write runs after its duplicate lookup (the counts given, as pg_ahead
    gives them): its holders' query and its ranking in one round trip, then the end of
    the pipeline. It took six when the ranking ran in a transaction block."""
    rng = random.Random(5)
    files, server = loaded(tmp_path / "memory", pg_server, corpus(rng, 120))
    assert isinstance(server, PostgresStore)
    kinds = ("semantic", "procedural", "reflective", "principle")
    held = next(m.text for m in server.list() if m.type.value in kinds)
    draft = f"{held} again"
    lessons = Filters(types=kinds)
    with server.connection() as conn:
        _, counts = pg_ahead.lookup(conn, "no such key", sorted(set(tokenize(draft))), 5000)
        check = Check(5000, 300, 500, {}, counts)
        request = RankRequest(
            tuple(tokenize(draft)), 8, lessons, server.params, NOW.timestamp(), explain=True
        )
        with trips(conn) as counted:
            best = check.rank(conn, draft, request)
        assert counted[0] <= 2
        assert not pg_trip.in_pipeline(conn)
    assert held in [r.record["text"] for r in best]
    files.close()
    server.close()


def test_the_admitted_postings_and_a_holders_ranking_are_one_round_trip_each(
    pg_server: LocalServer, tmp_path: Path
) -> None:
    """The other statements that ran with nested loops off in a transaction block (the
    postings of what a filter admits, pg_admitted; the holders ranked again, pg_restate)
    take one round trip and the pipeline's end, give what they gave, and leave the
    connection's settings as they were."""
    rng = random.Random(8)
    files, server = loaded(tmp_path / "memory", pg_server, corpus(rng, 120))
    assert isinstance(server, PostgresStore)
    question = next(m.text for m in server.list() if m.app_id == "infra")
    request = RankRequest(
        tuple(tokenize(question)), 8, Filters(app_ids=("infra", "_global")), server.params,
        NOW.timestamp(), explain=True,
    )  # fmt: skip
    with server.connection() as conn:
        with trips(conn) as counted:
            found = pg_admitted.candidates(conn, request)
        assert counted[0] <= 2
        assert found is not None and len(found.mem) > 0
        seqs = [int(s) for s in found.mem[:5]]  # candidate memories (seq)
        with trips(conn) as counted:
            rows = scored(conn, request, seqs)
        assert counted[0] <= 2
        assert 0 < len(rows) <= len(seqs)
        assert not pg_trip.in_pipeline(conn)
        assert conn.execute(SETTINGS).fetchall() == DEFAULTS
    files.close()
    server.close()


def test_the_vector_leg_searches_its_index_as_wide_as_asked_for_its_statement_alone(
    pg_server: LocalServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pg_vector_rank.run's `hnsw.ef_search` (and nested loops off) hold for its statement,
    capped at pgvector's ceiling, and not for the connection's next one."""
    from agentmem.stores import pg_vector_rank

    asked = sql.SQL(
        "SELECT current_setting('hnsw.ef_search', true), current_setting('enable_nestloop')"
    )
    monkeypatch.setattr(pg_vector_rank, "_fused", tuple)
    with psycopg.connect(pg_server.url, autocommit=True) as conn:
        conn.execute("LOAD 'vector'")  # hnsw.ef_search as the index reads it, default 40
        before = conn.execute(asked).fetchall()
        assert before == [("40", "on")]
        assert pg_vector_rank.run(conn, asked, {"near": 64}, ef_search=300) == [("300", "off")]
        ceiling = pg_vector_rank.run(conn, asked, {"near": 5000})
        assert ceiling == [(str(pg_vector_rank.EF_MAX), "off")]
        assert conn.execute(asked).fetchall() == before
        with trips(conn) as counted:
            pg_vector_rank.run(conn, asked, {"near": 64})
        assert counted[0] <= 2
