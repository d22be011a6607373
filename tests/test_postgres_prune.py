"""The pruned search (agentmem.stores.pg_prune) ranks exactly as the exact statement does.

A corpus where the bound has work to do: words most memories hold, runs whose neighbours
lift a weak match (context), low confidences, superseded and expired memories, old
memories read recently (decay from the `access` table, not the creation), a user few
memories belong to. With pruning forced on (no exact path by candidate count), the top k,
its order and its scores must be the exact statement's, while most candidates are never
sent to be scored.
"""

from __future__ import annotations

import random
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from agentmem.core.model import Memory
from agentmem.retrieval.ranking import DEFAULT_PARAMS
from agentmem.stores import pg_admitted, pg_bound
from agentmem.stores.base import Filters
from agentmem.stores.bm25 import tokenize
from agentmem.stores.pg_bound import run_of
from agentmem.stores.pg_local import LocalServer
from agentmem.stores.pg_prune import rank
from agentmem.stores.pg_rank import RankRequest
from agentmem.stores.pg_schema import RUN_HASH, STEPS, migrate
from agentmem.stores.postgres import PostgresStore
from tests.test_postgres_parity import loaded

NOW = datetime.now(UTC).replace(microsecond=0)
WORDS = [f"p{i}" for i in range(40)]


def corpus(rng: random.Random, n: int) -> list[Memory]:
    memories: list[Memory] = []
    for i in range(n):
        kind = ["episodic", "semantic", "procedural", "reflective"][i % 4]
        confidence = {"episodic": 1.0, "procedural": rng.choice([0.6, 0.9])}.get(
            kind, rng.choice([0.7, 0.95])
        )
        drawn = [WORDS[min(int(rng.paretovariate(0.7)) - 1, 39)] for _ in range(rng.randint(1, 9))]
        record: dict[str, Any] = {
            "id": f"{kind}-m{i:05d}",
            "text": " ".join([*drawn, f"u{i}"]),
            "type": kind,
            "confidence": confidence,
            "user_id": "zed" if i % 23 == 0 else "ana",
            "app_id": rng.choice(["billing-api", "infra", "_global"]),
            "run_id": f"2026-01-01-run-{i // 24}",  # six episodic memories a run
            "trigger": "manual",
            "created_at": (
                NOW - timedelta(days=rng.choice([0.2, 5.0, 40.0, 400.0]), seconds=i)
            ).isoformat(),
        }
        if i % 13 == 5 and memories:
            record["supersedes"] = [rng.choice(memories).id]
        if i % 17 == 3:
            record["expires_at"] = (NOW - timedelta(days=1)).isoformat()
        memories.append(Memory.model_validate(record))
    return memories


FILTERS = [
    Filters(),
    Filters(include_superseded=False),
    Filters(user_id="zed"),  # a twenty-third of the memories: fewer than k among the seeds
    Filters(types=("episodic",), app_ids=("infra",)),
    Filters(include_expired=True, include_superseded=False),
]


def questions(rng: random.Random, count: int) -> list[list[str]]:
    asked = []
    for _ in range(count):
        words = [WORDS[min(int(rng.paretovariate(0.7)) - 1, 39)] for _ in range(rng.randint(1, 4))]
        asked.append(tokenize(" ".join([*words, words[0]])))  # a repeated word counts twice
    return asked


def test_the_pruned_top_k_is_the_exact_top_k_and_skips_most_candidates(
    pg_server: LocalServer, tmp_path: Path
) -> None:
    """Forced to prune (any candidate count), the search returns the exact statement's
    ids, order and scores for every question and filter, with context, confidence,
    supersession, expiry and decay from recent reads in play, at k = 1, 10 and 40, with
    every candidate sent or only the best bounds (then a second statement sends the rest
    that can reach θ); and for unfiltered questions it scores exactly less than half of
    the candidates."""
    rng = random.Random(7)
    _files, server = loaded(tmp_path / "memory", pg_server, corpus(rng, 700))
    now = time.time()
    with server.connection() as conn:
        # Old memories read an hour ago: their decay is 1, their creation says 0.3.
        conn.execute(
            "INSERT INTO access (mem, last_access, count) SELECT seq, %s, 1 FROM memories "
            "WHERE seq %% 9 = 0 AND created_ts < %s",
            (now - 3600, now - 30 * 86400),
        )
        compared = scored = held = 0
        for terms in questions(rng, 30):
            for filters in FILTERS:
                for k, send in ((1, 3), (10, 2000), (10, 12), (40, 2000)):
                    asked = RankRequest(tuple(terms), k, filters, DEFAULT_PARAMS, now, explain=True)
                    want = rank(conn, asked, exact_max=10**9)
                    seen: dict[str, float] = {}
                    got = rank(conn, asked, exact_max=0, seed=k, send=send, seen=seen)
                    assert [(r.memory_id, r.score, r.terms) for r in got] == [
                        (r.memory_id, r.score, r.terms) for r in want
                    ], (terms, filters, k, send)
                    compared += len(want)
                    if filters == Filters() and k == 10 and send == 2000:
                        scored += int(seen["scored"])
                        held += int(seen["candidates"])
        assert compared > 2000
        assert scored < held / 2, (scored, held)
        # A statement whose k best may not be final (candidates left unsent) records no
        # read: only the hits returned are counted, once each.
        for terms in questions(rng, 6):
            before = dict(conn.execute("SELECT mem, count FROM access").fetchall())
            asked = RankRequest(tuple(terms), 5, Filters(), DEFAULT_PARAMS, now, touch=True)
            got = rank(conn, asked, exact_max=0, seed=5, send=3)
            after = dict(conn.execute("SELECT mem, count FROM access").fetchall())
            read = {m for m in after if after[m] != before.get(m)}
            ids = conn.execute(
                "SELECT id FROM memories WHERE seq = ANY(%s)", (sorted(read),)
            ).fetchall()
            assert sorted(str(i[0]) for i in ids) == sorted(r.memory_id for r in got)
            assert all(after[m] == before.get(m, 0) + 1 for m in read)
    server.close()


def test_the_store_prunes_as_the_files_backend_ranks(
    pg_server: LocalServer, tmp_path: Path
) -> None:
    """Through the store (searches record their reads, the restatement check explains),
    pruning on every search: the files backend's top 10, in its order, with its scores."""
    rng = random.Random(8)
    files, server = loaded(tmp_path / "memory", pg_server, corpus(rng, 400))
    assert isinstance(server, PostgresStore)
    server.exact_max = 0
    for terms in questions(rng, 12):
        query = " ".join(terms)
        for filters in FILTERS:
            want = files.search(query, 10, filters, touch=False)
            got = server.search(query, 10, filters, touch=False)
            assert [h.memory.id for h in got] == [h.memory.id for h in want], (query, filters)
            assert [h.score for h in got] == pytest.approx([h.score for h in want], rel=1e-7)
    files.close()
    server.close()


def test_a_version_one_store_migrates_its_postings_to_carry_the_bound(
    pg_server: LocalServer, tmp_path: Path
) -> None:
    """A schema at version 1 (postings without run, confidence, creation) is migrated in
    place: every posting gets its memory's run hash (the same in SQL and in Python),
    confidence and creation, and the store's searches then rank as before."""
    schema = "v1store"
    pg_server.execute(f"CREATE SCHEMA {schema}")
    with_path = f"SET search_path TO {schema}; "
    pg_server.execute(with_path + "CREATE TABLE meta (key text PRIMARY KEY, value text NOT NULL)")
    pg_server.execute(with_path + STEPS[0] + "INSERT INTO meta VALUES ('schema_version', '1')")
    pg_server.execute(
        with_path + "INSERT INTO memories (id, content_key, fingerprint, origin, record, seq_key, "
        "created, created_ts, confidence, user_id, app_id, type, tags, doc_len) VALUES "
        "('a', 'ka', 'f', 'o', '{}', 'run:r1', '2026-01-01', 1.5e9, 0.75, 'u', 'x', 'episodic', "
        "'{}', 3), ('b', 'kb', 'f', 'o', '{}', 'own:b', '2026-01-02', 1.6e9, 0.9, 'u', 'x', "
        "'semantic', '{}', 2); INSERT INTO postings SELECT t, seq, 1, doc_len FROM memories, "
        "unnest(ARRAY['alpha', 'beta']) AS t"
    )
    import psycopg

    with psycopg.connect(pg_server.url, autocommit=True) as conn:
        assert migrate(conn, schema) == 1
        rows = conn.execute(
            f"SELECT m.seq_key, p.run, p.conf, p.born, {RUN_HASH.format('m.seq_key')} "
            f"FROM {schema}.postings p JOIN {schema}.memories m ON m.seq = p.mem ORDER BY m.id"
        ).fetchall()
    assert len(rows) == 4
    for seq_key, run, _conf, _born, hashed in rows:
        assert run == hashed == run_of(seq_key)
    assert [(r[2], r[3]) for r in rows] == [(0.75, 1.5e9)] * 2 + [(0.9, 1.6e9)] * 2


def test_words_most_memories_hold_are_summed_by_the_server(
    pg_server: LocalServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A question with more postings than POSTINGS_MAX is not fetched whole by the client
    (its memory would grow with the store): the exact statement ranks it, same top k."""
    _files, server = loaded(tmp_path / "memory", pg_server, corpus(random.Random(9), 300))
    now = time.time()
    with server.connection() as conn:
        asked = RankRequest(("p0", "p1"), 10, Filters(), DEFAULT_PARAMS, now, explain=True)
        want = rank(conn, asked, exact_max=10**9)
        monkeypatch.setattr(pg_bound, "POSTINGS_MAX", 40)
        seen: dict[str, float] = {}
        got = rank(conn, asked, exact_max=0, seen=seen)
        assert pg_bound.candidates(conn, ["p0"], DEFAULT_PARAMS) is None
    assert seen["candidates"] == 40 and len(want) == 10
    assert [(r.memory_id, r.score, r.terms) for r in got] == [
        (r.memory_id, r.score, r.terms) for r in want
    ]
    server.close()


@pytest.mark.parametrize(
    "filters",
    [
        Filters(types=("episodic",), app_ids=("infra",)),
        Filters(user_id="ana", app_ids=("billing-api", "_global"), include_superseded=False),
        Filters(types=("semantic", "procedural"), include_expired=True),
    ],
)
def test_words_most_memories_hold_under_a_filter_score_only_what_it_admits(
    pg_server: LocalServer,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    filters: Filters,
) -> None:
    """Too many postings to fetch, under a filter naming apps or types: the server sums
    BM25 and fetches rows only for the memories the filter admits and the other memories
    of their runs (their neighbours' context), with the exact statement's top k, order,
    scores and weights, at k = 1, 10 and 40."""
    _files, server = loaded(tmp_path / "memory", pg_server, corpus(random.Random(11), 500))
    monkeypatch.setattr(pg_bound, "POSTINGS_MAX", 40)
    now = time.time()
    with server.connection() as conn:
        rows = conn.execute("SELECT seq, seq_key, superseded, record FROM memories").fetchall()
        when = datetime.fromtimestamp(now, UTC)
        runs = {
            key
            for _seq, key, superseded, record in rows
            if filters.admits(Memory.model_validate(record), when)
            and (filters.include_superseded or not superseded)
        }
        wanted = {seq for seq, key, _superseded, _record in rows if key in runs}
        compared = 0
        for terms in questions(random.Random(12), 8):
            held = conn.execute(
                "SELECT DISTINCT mem FROM postings WHERE term = ANY(%s)", (sorted(set(terms)),)
            ).fetchall()
            for k in (1, 10, 40):
                asked = RankRequest(tuple(terms), k, filters, DEFAULT_PARAMS, now, explain=True)
                want = rank(conn, asked, exact_max=10**9)
                seen: dict[str, float] = {}
                got = rank(conn, asked, exact_max=0, seen=seen)
                assert [(r.memory_id, r.score, r.terms) for r in got] == [
                    (r.memory_id, r.score, r.terms) for r in want
                ], (terms, k)
                if len(held) > 40:  # more postings than POSTINGS_MAX: not fetched
                    compared += 1
                    assert seen["scored"] == len(wanted & {int(m[0]) for m in held}) > 0
                    assert seen["scored"] < 0.8 * len(held)
        assert compared >= 6
    server.close()


@pytest.mark.parametrize(
    "filters",
    [
        Filters(types=("episodic",), app_ids=("infra",)),
        Filters(user_id="ana", app_ids=("billing-api", "_global"), include_superseded=False),
        Filters(types=("semantic", "procedural"), include_expired=True),
    ],
)
def test_what_a_filter_admits_of_words_most_memories_hold_is_pruned(
    pg_server: LocalServer,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    filters: Filters,
) -> None:
    """Too many postings to fetch, but few enough of them in what the filter admits (and
    the rest of its runs): those come back with each word's document frequency over all of
    its postings, and the pruned search ranks them: the exact statement's top k, order,
    scores and weights, at k = 1, 10 and 40, without the statement that scores every
    admitted memory, and fewer scored exactly than the filter admits."""
    _files, server = loaded(tmp_path / "memory", pg_server, corpus(random.Random(11), 500))
    now = time.time()
    every: list[Any] = []
    search_sql = pg_admitted.search_sql

    def counted(*args: Any) -> Any:
        every.append(1)
        return search_sql(*args)

    monkeypatch.setattr(pg_admitted, "search_sql", counted)
    with server.connection() as conn:
        rows = conn.execute("SELECT seq, seq_key, superseded, record FROM memories").fetchall()
        when = datetime.fromtimestamp(now, UTC)
        runs = {
            key
            for _seq, key, superseded, record in rows
            if filters.admits(Memory.model_validate(record), when)
            and (filters.include_superseded or not superseded)
        }
        wanted = [seq for seq, key, _superseded, _record in rows if key in runs]
        scored = held_all = compared = 0
        for terms in questions(random.Random(12), 8):
            unique = sorted(set(terms))
            count = "SELECT count(*), count(DISTINCT mem) FROM postings WHERE term = ANY(%s)"
            held, _ = conn.execute(count, (unique,)).fetchone()
            mine, candidates = conn.execute(
                count + " AND mem = ANY(%s)", (unique, wanted)
            ).fetchone()
            if not mine or mine == held:
                continue
            compared += 1
            for k in (1, 10, 40):
                asked = RankRequest(tuple(terms), k, filters, DEFAULT_PARAMS, now, explain=True)
                monkeypatch.setattr(pg_bound, "POSTINGS_MAX", 60_000)
                want = rank(conn, asked, exact_max=10**9)
                monkeypatch.setattr(pg_bound, "POSTINGS_MAX", mine)  # the admitted ones only
                seen: dict[str, float] = {}
                got = rank(conn, asked, exact_max=0, seen=seen)
                assert [(r.memory_id, r.score, r.terms) for r in got] == [
                    (r.memory_id, r.score, r.terms) for r in want
                ], (terms, k)
                assert seen["candidates"] == candidates
                scored += int(seen["scored"])
                held_all += candidates
        assert compared >= 4 and scored < held_all
    assert not every
    server.close()
