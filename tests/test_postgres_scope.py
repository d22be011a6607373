"""What a filter naming apps or types admits is read from an index, not from the rows.

A question whose words most memories hold, under such a filter (hook B's fix look-ups:
a record's whole text, one app, one type), starts from the memories the filter admits
(agentmem.stores.pg_admitted). The rows carry each memory's whole record, so a pass over
them read ten times the pages the filters need; the index `memories_scope` (schema
version 4) holds the filtered columns and the keys the pass returns.
"""

from __future__ import annotations

import random
import time
from pathlib import Path

from psycopg import sql

from agentmem.retrieval.ranking import DEFAULT_PARAMS
from agentmem.stores import pg_admitted
from agentmem.stores.base import Filters
from agentmem.stores.pg_local import LocalServer
from agentmem.stores.pg_rank import RankRequest, arguments
from tests.test_postgres_parity import loaded
from tests.test_postgres_prune import corpus

FILTERS = [
    Filters(app_ids=("infra",), types=("episodic",)),
    Filters(user_id="ana", app_ids=("billing-api", "_global"), include_superseded=False),
    Filters(types=("semantic", "procedural"), include_expired=True),
]


def test_the_filters_pass_reads_the_scope_index_not_the_rows(
    pg_server: LocalServer, tmp_path: Path
) -> None:
    """The admitted memories come from an index-only scan of `memories_scope` for filters
    naming apps, types or both (sequential scans off, as on a large store the planner
    would choose; without the index the only way was the whole table)."""
    _files, server = loaded(tmp_path / "memory", pg_server, corpus(random.Random(5), 200))
    with server.connection() as conn:
        conn.execute("VACUUM ANALYZE memories")  # what a bulk load leaves: the pages all visible
        for filters in FILTERS:
            asked = RankRequest(("p0", "p1"), 10, filters, DEFAULT_PARAMS, time.time())
            args, _columns, _context, where = arguments(asked)
            text = sql.SQL("SELECT c.seq, c.seq_key, c.id FROM memories c WHERE {where}").format(
                where=where
            )
            with conn.transaction():
                conn.execute("SET LOCAL enable_seqscan = off")
                plan = "\n".join(
                    str(r[0]) for r in conn.execute(sql.SQL("EXPLAIN ") + text, args).fetchall()
                )
            assert "Index Only Scan using memories_scope" in plan, plan
            assert pg_admitted.selective(filters)
    server.close()
