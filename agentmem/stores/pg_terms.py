"""The tokenizer a postgres schema's postings were made by, and redoing them when it changes.

The server's postings are the files backend's tokens (agentmem.stores.pg_write), worked
out by the process that wrote each row. When a release changes the tokenizer (a new
`INDEX_FORMAT`: the files index then rebuilds itself), the postings already on the server
are the old tokenizer's: a question's new terms miss them, and an update or a removal
deletes the postings the new tokenizer would have made, leaving the old ones behind. So
the schema records its tokenizer in `meta` (`tokenizer`), and the first process that
opens it with another one makes every row's postings again, from the row's own record,
under the migration lock: the memories, their ids, access counts and vectors stay as
they are; only postings, lengths and the total length change.
"""

from __future__ import annotations

from collections import Counter

from psycopg import sql

from agentmem._log import get_logger
from agentmem.core.model import Memory
from agentmem.stores.bm25 import INDEX_FORMAT
from agentmem.stores.pg_schema import LOCK_KEY, STAT_SLOTS
from agentmem.stores.pg_schema import migrate as migrate_schema
from agentmem.stores.pg_write import Conn, bound_of, postings_of

log = get_logger()

KEY = "tokenizer"
BATCH = 5000  # rows read and posted at a time: a large store is never held in memory
# pg_schema's step 2 made this key. The remake drops it while it copies the postings and
# makes it again after: one sorted build in place of a b-tree insert per posting.
POSTINGS_KEY = "ALTER TABLE postings ADD CONSTRAINT postings_pkey " + (
    "PRIMARY KEY (term, mem) INCLUDE (tf, dl, run, conf, born)"
)


def migrate(conn: Conn, schema: str) -> int:
    """Bring `schema` to the current version (pg_schema.migrate, whose result this returns)
    and its postings to the current tokenizer."""
    before = migrate_schema(conn, schema)
    meta = sql.SQL("{}.meta").format(sql.Identifier(schema))
    held = sql.SQL("SELECT value FROM {} WHERE key = %s").format(meta)
    if _held(conn, held) == str(INDEX_FORMAT):
        return before
    with conn.transaction():
        conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK_KEY,))
        found = _held(conn, held)
        if found != str(INDEX_FORMAT):
            if before > 0:  # a schema made just now holds no rows yet
                rows = repost(conn)
                log.warning("postgres_postings_remade", schema=schema, was=found, rows=rows)
            conn.execute(
                sql.SQL(
                    "INSERT INTO {} VALUES (%s, %s) "
                    "ON CONFLICT (key) DO UPDATE SET value = excluded.value"
                ).format(meta),
                (KEY, str(INDEX_FORMAT)),
            )
    return before


def _held(conn: Conn, query: sql.Composed) -> str | None:
    row = conn.execute(query, (KEY,)).fetchone()
    return None if row is None else str(row[0])


def repost(conn: Conn) -> int:
    """Make every row's postings and length again with this tokenizer (inside the caller's
    transaction); return the number of rows."""
    conn.execute("TRUNCATE postings")
    conn.execute("ALTER TABLE postings DROP CONSTRAINT postings_pkey")
    totals: Counter[int] = Counter()
    last, done = -1, 0
    while True:
        batch = conn.execute(
            "SELECT seq, record FROM memories WHERE seq > %s ORDER BY seq LIMIT %s",
            (last, BATCH),
        ).fetchall()
        if not batch:
            break
        seqs, lengths = [int(seq) for seq, _ in batch], []
        with conn.cursor().copy(
            "COPY postings (term, mem, tf, dl, run, conf, born) FROM STDIN"
        ) as copy:
            # Only the postings and the bound: make_row's other columns (the record's JSON,
            # its fingerprint) cost the remake more than tokenizing did.
            for seq, (_, record) in zip(seqs, batch, strict=True):
                memory = Memory.model_validate(record)
                terms, tfs, length = postings_of(memory)
                bound = bound_of(memory)
                for term, tf in zip(terms, tfs, strict=True):
                    copy.write_row((term, seq, tf, length, *bound))
                lengths.append(length)
                totals[seq % STAT_SLOTS] += length
        conn.execute(
            "UPDATE memories m SET doc_len = u.l FROM unnest(%s::int[], %s::int[]) AS u(s, l) "
            "WHERE m.seq = u.s AND m.doc_len <> u.l",
            (seqs, lengths),
        )
        last, done = seqs[-1], done + len(seqs)
    conn.execute(POSTINGS_KEY)
    conn.execute(
        "UPDATE stats SET total = u.t FROM unnest(%s::int[], %s::bigint[]) AS u(s, t) "
        "WHERE stats.slot = u.s",
        (list(range(STAT_SLOTS)), [totals[s] for s in range(STAT_SLOTS)]),
    )
    return done
