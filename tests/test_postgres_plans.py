"""The plans of the postgres backend's prepared ranking statements outlive the state they
were made in: a plan made on a store just loaded must still suit it once it is in use.

psycopg prepares a statement run five times on a connection (the pruned search's), or at
once (the restatement check's exact statement on few postings), and the server may then
plan it once for every later run (a generic plan). On a store just loaded, nobody has
read anything: the `access` table (last read per memory, decay's input) is empty.
"""

from __future__ import annotations

import random
from pathlib import Path

import psycopg

from agentmem.stores.base import Filters
from agentmem.stores.pg_local import LocalServer
from agentmem.stores.pg_prune import EXACT_MAX
from agentmem.stores.postgres import PostgresStore
from tests.backends import pg_store
from tests.test_postgres_parity import loaded
from tests.test_postgres_prune import corpus, questions


def access_scans(url: str, schema: str) -> int:
    """Sequential scans of the schema's `access` table so far (the server's statistics)."""
    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute(
            "SELECT seq_scan FROM pg_stat_user_tables WHERE schemaname = %s AND relname = 'access'",
            (schema,),
        ).fetchone()
    assert row is not None
    return int(row[0])


def search_and_check(store: PostgresStore, question: str) -> None:
    """A search by the pruned statement, then a restatement check by the exact one."""
    store.exact_max = 0
    assert store.search(question, 10, touch=False)
    store.exact_max = EXACT_MAX  # the check's few postings: the exact statement, prepared
    store.lexical_search(question, 10, Filters())


def test_a_plan_prepared_before_any_read_reads_access_by_key_once_reads_fill_it(
    pg_server: LocalServer, tmp_path: Path
) -> None:
    """On a store just loaded (`access` empty and analysed, as a bulk load's VACUUM ANALYZE
    leaves it), the pruned search's statement and the restatement check's are prepared and
    planned once for the connection (a generic plan, forced here: the server chooses one
    by cost after five runs). After reads have filled `access`, a search and a check
    through those plans read it by key, never scanning the whole table for a candidate's
    last read (a plan made while it was empty did, for each candidate: at 100K memories
    searches slowed from 15 to 50 ms over the first hundred as their reads filled it)."""
    rng = random.Random(11)
    root = tmp_path / "memory"
    files, bulk = loaded(root, pg_server, corpus(rng, 400))
    schema = bulk.schema
    bulk.close()
    files.close()
    with psycopg.connect(pg_server.url, autocommit=True) as conn:
        conn.execute(f"VACUUM ANALYZE {schema}.access".encode())
    store = PostgresStore(root, pg_server.url, schema=schema, pool_size=1)
    asked = [" ".join(terms) for terms in questions(rng, 8)]
    with store.connection() as conn:  # the pool's only connection: every search's
        conn.execute("SET plan_cache_mode = force_generic_plan")
    for question in asked:  # prepared and planned while nothing has been read
        search_and_check(store, question)
    with psycopg.connect(pg_server.url, autocommit=True) as conn:
        conn.execute(
            f"INSERT INTO {schema}.access SELECT seq, extract(epoch FROM now()), 1 "
            f"FROM {schema}.memories".encode()
        )
    with store.connection() as conn:
        plans = conn.execute(
            "SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE '%%access%%' "
            "AND generic_plans > 0"
        ).fetchone()
        assert plans is not None and plans[0] >= 2, "both ranking statements run prepared"
        conn.execute("SELECT pg_stat_force_next_flush()")
    before = access_scans(pg_server.url, schema)
    for question in asked:
        search_and_check(store, question)
    with store.connection() as conn:
        conn.execute("SELECT pg_stat_force_next_flush()")
    assert access_scans(pg_server.url, schema) == before
    store.close()


def test_a_memory_that_supersedes_nothing_is_inserted_by_a_plan_made_once(
    pg_server: LocalServer, tmp_path: Path
) -> None:
    """A write's insert (row, postings, N and total length in one statement) is planned
    once per connection when the memory supersedes nothing, as most do: the statement
    carries no supersession parts then, and the server keeps a generic plan for it (the
    whole statement, whose `olds` array is compared with ids, was planned again at every
    write: a third of the insert's server CPU). A memory that supersedes another still
    flags it, through the whole statement."""
    rng = random.Random(3)
    store = pg_store(tmp_path / "memory", pg_server, pool_size=1)
    assert isinstance(store, PostgresStore)
    memories = corpus(rng, 20)  # psycopg prepares from the 6th run, the server plans once
    for memory in memories[:-1]:  # from the prepared statement's 6th: 11 runs at least
        store.put(memory)
    store.put(memories[-1].model_copy(update={"supersedes": (memories[0].id,)}))
    with store.connection() as conn:  # the pool's only connection (pool_size 1)
        plans = conn.execute(
            "SELECT generic_plans, statement LIKE '%%linked AS%%' FROM pg_prepared_statements "
            "WHERE statement LIKE '%%INSERT INTO memories%%'"
        ).fetchall()
        flagged = conn.execute(
            "SELECT superseded FROM memories WHERE id = %s", (memories[0].id,)
        ).fetchone()
    assert [generic > 0 for generic, whole in plans if not whole] == [True], plans
    assert flagged == (True,)
    store.close()
