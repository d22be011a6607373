"""The restatement check's one-pass ranking fetches the rows of few candidates
(agentmem.stores.pg_restate.ALONE): candidates are fetched in the order of a bound read
from their postings until k pass the filters. Its rows must stay the exact statement's,
to the bit, whatever the filters drop first (the best bounds are often run records, which
the check's filters leave out), whatever supersession halves, with decay from last reads,
ties at the cut, and for every k."""

from __future__ import annotations

import random
from dataclasses import replace
from datetime import timedelta
from pathlib import Path
from typing import Any

from psycopg import sql

from agentmem.core.model import Memory
from agentmem.stores.base import Filters
from agentmem.stores.bm25 import tokenize
from agentmem.stores.pg_local import LocalServer
from agentmem.stores.pg_rank import RankRequest, arguments, ranked, search_sql
from agentmem.stores.pg_restate import ALONE, SLACK, alone
from tests.test_postgres_parity import FILTERS, NOW, corpus, loaded, questions

LESSONS = ("semantic", "procedural", "reflective", "principle")


def test_the_check_fetching_few_rows_gives_the_exact_statements_rows(
    pg_server: LocalServer, tmp_path: Path
) -> None:
    rng = random.Random(21)
    memories = corpus(rng, 240)
    files, server = loaded(tmp_path / "memory", pg_server, memories)
    asked = [*questions(rng, 14), "w0 w1 w2 w3?", "w0?"]
    for question in asked[:5]:  # some reads on the server: decay from the last one
        server.search(question, 4)
    no_runs = replace(server.params, neighbours=())
    checks = (
        Filters(user_id="ana", types=LESSONS),
        Filters(types=LESSONS),
        Filters(app_ids=("infra", "_global"), types=LESSONS),
    )
    compared = 0
    with server.connection() as conn:
        for question in asked:
            for filters in (*FILTERS, *checks, Filters(include_superseded=True)):
                for k in (1, 2, 3, 8, 40):
                    request = RankRequest(
                        tuple(tokenize(question)), k, filters, no_runs, NOW.timestamp(), True
                    )
                    statement, args = search_sql(request)
                    want = [ranked(r) for r in conn.execute(statement, args).fetchall()]
                    assert alone(conn, request) == want, (question, filters, k)
                    compared += len(want)
    assert compared > 2000
    files.close()
    server.close()


def test_a_superseded_memory_with_the_best_bound_leaves_the_next_ones_ranked(
    pg_server: LocalServer, tmp_path: Path
) -> None:
    """The first candidate fetched is superseded (its score halved, below its bound):
    candidates it displaced must still be scored, in the exact statement's order."""
    base = {
        "type": "semantic",
        "user_id": "ana",
        "app_id": "infra",
        "trigger": "manual",
        "created_at": (NOW - timedelta(days=2)).isoformat(),
    }
    texts = {
        "semantic-old": "quillon ratchet spindle",
        "semantic-a": "quillon ratchet",
        "semantic-b": "quillon spindle",
        "semantic-c": "quillon",
        "semantic-new": "a different word entirely",
    }
    memories = [
        Memory.model_validate(
            {
                **base,
                "id": i,
                "text": t,
                "confidence": 0.9,
                "run_id": f"2026-01-01-run-{n}",
                **({"supersedes": ["semantic-old"]} if i == "semantic-new" else {}),
            }
        )
        for n, (i, t) in enumerate(texts.items())
    ]
    files, server = loaded(tmp_path / "memory", pg_server, memories)
    no_runs = replace(server.params, neighbours=())
    with server.connection() as conn:
        for k in (1, 2, 3):
            request = RankRequest(
                tuple(tokenize("quillon ratchet spindle")),
                k,
                Filters(include_superseded=True, types=LESSONS),
                no_runs,
                NOW.timestamp(),
                True,
            )
            statement, args = search_sql(request)
            want = [ranked(r) for r in conn.execute(statement, args).fetchall()]
            got = alone(conn, request)
            assert got == want
            assert len(got) == k
            assert any(r.superseded for r in alone(conn, replace(request, k=5)))
    files.close()
    server.close()


def _fetches(plan: dict[str, Any]) -> int:
    """Rows of `memories` a plan fetched: the loops of its nodes that read the table."""
    own = int(plan.get("Actual Loops", 0)) if plan.get("Relation Name") == "memories" else 0
    return own + sum(_fetches(p) for p in plan.get("Plans", []))


def test_the_check_fetches_the_rows_of_few_of_its_candidates(
    pg_server: LocalServer, tmp_path: Path
) -> None:
    """300 memories hold the asked word, a quarter of them run records the check's
    filters leave out (with the best bounds: their confidence is 1.0): to keep 8, the
    statement fetches the rows of a few dozen at most, not of all 300 (as it did)."""
    kinds = [("episodic", 1.0), ("semantic", 0.8), ("procedural", 0.75), ("reflective", 0.8)]
    memories = [
        Memory.model_validate(
            {
                "id": f"{kinds[i % 4][0]}-b{i:04d}",
                "text": f"brindle {'marl ' * (i % 5)}tessel{i}",
                "type": kinds[i % 4][0],
                "confidence": kinds[i % 4][1],
                "user_id": "ana",
                "app_id": "infra",
                "run_id": f"2026-01-01-run-b{i}",
                "trigger": "manual",
                "created_at": (NOW - timedelta(days=i % 40)).isoformat(),
            }
        )
        for i in range(300)
    ]
    files, server = loaded(tmp_path / "memory", pg_server, memories)
    request = RankRequest(
        ("brindl",),
        8,
        Filters(user_id="ana", types=LESSONS),
        replace(server.params, neighbours=()),
        NOW.timestamp(),
        True,
    )
    assert tokenize("brindle") == list(request.terms)
    args, _, _, where = arguments(request)
    args["slack"] = SLACK
    with server.connection() as conn:
        text = sql.SQL("EXPLAIN (ANALYZE, FORMAT JSON) ") + sql.SQL(ALONE).format(where=where)
        plan = conn.execute(text, args).fetchone()[0][0]["Plan"]
        assert len(alone(conn, request)) == 8
    assert _fetches(plan) <= 40
    files.close()
    server.close()
