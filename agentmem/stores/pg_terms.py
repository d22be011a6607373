"""The tokenizer a postgres schema's postings were made by, and redoing them when it changes.

The server's postings are the files backend's tokens (agentmem.stores.pg_write), worked
out by the process that wrote each row. When a release changes the tokenizer (a new
`INDEX_FORMAT`: the files index then rebuilds itself), the postings already on the server
are the old tokenizer's: a question's new terms miss them, and an update or a removal
deletes the postings the new tokenizer would have made, leaving the old ones behind. So
the schema records its tokenizer in `meta` (`tokenizer`), and the first process that
opens it with another one makes every row's postings again, from the row's own record,
beside the live postings, and swaps them in (agentmem.stores.pg_swap): searches and
writes of the fleet go on meanwhile. The memories, their ids, access counts and vectors
stay as they are; only postings, lengths and the total length change. A store runs the
remake in a thread of its own (agentmem.stores.pg_behind), off its callers' path.
"""

from __future__ import annotations

import time
from collections.abc import Callable

from psycopg import sql

from agentmem._log import get_logger
from agentmem.stores.bm25 import INDEX_FORMAT
from agentmem.stores.pg_schema import LOCK_KEY
from agentmem.stores.pg_schema import migrate as migrate_schema
from agentmem.stores.pg_swap import remake
from agentmem.stores.pg_write import Conn

log = get_logger()

KEY = "tokenizer"
Job = Callable[[Conn], bool]  # a remake to run on a connection of its own: True when done


def migrate(conn: Conn, schema: str, later: Callable[[Job], None] | None = None) -> int:
    """Bring `schema` to the current version (pg_schema.migrate, whose result this returns)
    and its postings to the current tokenizer: here, or, given `later`, handed to it to run
    on a connection of its own (this returns at once). Another process remaking them is
    not waited for: this one's searches rank on the live postings until the swap."""
    before = migrate_schema(conn, schema)
    found = _held(conn, schema)
    if found == str(INDEX_FORMAT):
        return before
    if before == 0:  # a schema made just now holds no rows yet
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK_KEY,))
            _mark(conn, schema)
        return before

    def stale(c: Conn) -> bool:
        return _held(c, schema) != str(INDEX_FORMAT)

    def job(c: Conn) -> bool:
        """Remake unless another process is at it; True when the postings are current."""
        start = time.monotonic()
        rows = remake(c, schema, stale, lambda c: _mark(c, schema), str(INDEX_FORMAT))
        if rows is not None:
            seconds = round(time.monotonic() - start, 3)
            log.warning("postgres_postings_remade", schema=schema, was=found, rows=rows, s=seconds)
        return not stale(c)

    if later is None:
        job(conn)
    else:
        later(job)
    return before


def current(conn: Conn, schema: str) -> bool:
    """Whether the postings `schema` serves are the current tokenizer's (swapped in)."""
    return _held(conn, schema) == str(INDEX_FORMAT)


def _mark(conn: Conn, schema: str) -> None:
    conn.execute(
        sql.SQL(
            "INSERT INTO {} VALUES (%s, %s) ON CONFLICT (key) DO UPDATE SET value = excluded.value"
        ).format(sql.Identifier(schema, "meta")),
        (KEY, str(INDEX_FORMAT)),
    )


def _held(conn: Conn, schema: str) -> str | None:
    query = sql.SQL("SELECT value FROM {} WHERE key = %s").format(sql.Identifier(schema, "meta"))
    row = conn.execute(query, (KEY,)).fetchone()
    return None if row is None else str(row[0])
