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
stay as they are; only postings, lengths and the total length change.
"""

from __future__ import annotations

from psycopg import sql

from agentmem._log import get_logger
from agentmem.stores.bm25 import INDEX_FORMAT
from agentmem.stores.pg_schema import LOCK_KEY
from agentmem.stores.pg_schema import migrate as migrate_schema
from agentmem.stores.pg_swap import remake
from agentmem.stores.pg_write import Conn

log = get_logger()

KEY = "tokenizer"


def migrate(conn: Conn, schema: str) -> int:
    """Bring `schema` to the current version (pg_schema.migrate, whose result this returns)
    and its postings to the current tokenizer (unless another process is remaking them:
    this one does not wait, its searches rank on the postings until the swap)."""
    before = migrate_schema(conn, schema)
    meta = sql.SQL("{}.meta").format(sql.Identifier(schema))
    held = sql.SQL("SELECT value FROM {} WHERE key = %s").format(meta)
    found = _held(conn, held)
    if found == str(INDEX_FORMAT):
        return before

    def mark(c: Conn) -> None:
        c.execute(
            sql.SQL(
                "INSERT INTO {} VALUES (%s, %s) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value"
            ).format(meta),
            (KEY, str(INDEX_FORMAT)),
        )

    if before == 0:  # a schema made just now holds no rows yet
        with conn.transaction():
            conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK_KEY,))
            mark(conn)
        return before
    rows = remake(conn, schema, lambda c: _held(c, held) != str(INDEX_FORMAT), mark)
    if rows is not None:
        log.warning("postgres_postings_remade", schema=schema, was=found, rows=rows)
    return before


def _held(conn: Conn, query: sql.Composed) -> str | None:
    row = conn.execute(query, (KEY,)).fetchone()
    return None if row is None else str(row[0])
