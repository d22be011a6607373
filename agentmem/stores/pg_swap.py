"""The postings remade beside the live ones, then swapped in: searches never wait for it.

When the tokenizer changes (agentmem.stores.pg_terms), every row's postings and length are
made again from the row's own record. Made in place, that held the postings table for the
whole run (minutes at a million memories) and every search of the fleet waited. Here:

1. A trigger on `memories` notes every row written from now on (`remake_log`: the row's
   `seq` and, for an update or a removal, the record it held before).
2. The new postings are copied into `postings_next` and each row's length into
   `remake_lengths`, in batches, each its own short transaction; searches go on ranking
   on `postings` meanwhile, and writers go on writing there. Rows' `doc_len` are updated
   as each batch goes (only a removal reads it, for the total; nothing ranks on it).
3. The postings' key is built once, after the copy; then the noted rows are made again
   (catch-up) until few are left.
4. The swap, one short transaction: writers are held off (`memories` locked in EXCLUSIVE
   mode, which searches do not conflict with), the last noted rows are made again, the
   total lengths set, the trigger disabled, and `postings_next` takes the live table's
   name. Searches wait only for this.

A row written during the run is never lost: its note is in the same transaction as its
write, so it is caught up either before the swap or under the swap's lock. Its entry in
`postings_next` is whatever version the copy or an earlier catch-up read: a version its
notes name as the one before a change, or the current one; a catch-up deletes the
postings of all of them and writes the current one's.

One process remakes at a time (an advisory lock held for the run); another that finds
the tokenizer stale meanwhile does not wait: it searches and writes on the live tables,
its writes noted like any other. A remake that dies (its process ended mid-run) leaves
its tables, its trigger and `meta`'s `remaking` (the tokenizer and schema version it
makes); every batch and catch-up is one transaction, so what they hold is whole, and the
next remake for the same tokenizer and schema version goes on from the last row copied
(the rows written since are noted). Any other leftover is dropped and the remake starts
over.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from typing import Any

from psycopg import errors, sql

from agentmem._exceptions import StoreError
from agentmem._log import get_logger
from agentmem.core.model import Memory
from agentmem.stores.pg_schema import LOCK_KEY, SCHEMA_VERSION, STAT_SLOTS
from agentmem.stores.pg_write import Conn, bound_of, postings_of

log = get_logger()

REMAKE_KEY = LOCK_KEY + 1  # the advisory lock one remake holds for its whole run
BATCH = 5000  # rows read and posted at a time: a large store is never held in memory
SETTLED = 200  # noted rows left after which the swap's lock is taken
ROUNDS = 8  # catch-up rounds outside the lock at most (writes may outpace them)
SWAP_TRIES = 5
SWAP_WAIT = "5s"  # the swap's lock_timeout: a swap that cannot get its locks tries again
NEXT_KEY = "ALTER TABLE postings_next ADD CONSTRAINT postings_next_pkey " + (
    "PRIMARY KEY (term, mem) INCLUDE (tf, dl, run, conf, born)"
)  # pg_schema's key for postings, under the name the swap gives back to postings_pkey
NOTE = """
CREATE FUNCTION {fn}() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        INSERT INTO {log} (seq) VALUES (NEW.seq);
    ELSE
        INSERT INTO {log} (seq, old) VALUES (OLD.seq, OLD.record);
    END IF;
    RETURN NULL;
END $$
"""
# `UPDATE OF record`: a change of the supersession flag or of doc_len (the remake's own)
# changes no posting
TRIGGER = (
    "CREATE TRIGGER remake_noted AFTER INSERT OR DELETE OR UPDATE OF record ON memories "
    "FOR EACH ROW EXECUTE FUNCTION {fn}()"
)

Made = dict[int, tuple[list[str], list[int], int, tuple[int, float, float]]]


def remake(
    conn: Conn,
    schema: str,
    stale: Callable[[Conn], bool],
    mark: Callable[[Conn], None],
    making: str = "",
) -> int | None:
    """Remake every row's postings and swap them in (`conn` in autocommit); `mark` records
    the new tokenizer (`making`) in the swap's transaction. Return the rows, or None when
    another process is remaking or `stale` says it is done."""
    if conn.execute("SELECT pg_try_advisory_lock(%s)", (REMAKE_KEY,)).fetchone() != (True,):
        return None
    try:
        if not stale(conn):
            return None
        return Remake(conn, schema, making).run(mark)
    finally:
        if not conn.broken:
            conn.execute("SELECT pg_advisory_unlock(%s)", (REMAKE_KEY,))


class Remake:
    """One run of the remake (see the module docstring)."""

    def __init__(self, conn: Conn, schema: str, making: str = "") -> None:
        self.conn = conn
        self.schema = schema
        self.making = f"{making}/{SCHEMA_VERSION}"  # `remaking` in meta, for a resume
        self.totals: Counter[int] = Counter()  # the new lengths, per stats slot
        self.rows = 0
        self.last = -1  # the last row the copy took

    def _sql(self, text: str) -> sql.Composed:
        return sql.SQL(text).format(
            fn=sql.Identifier(self.schema, "remake_note"),
            log=sql.Identifier(self.schema, "remake_log"),
        )

    def run(self, mark: Callable[[Conn], None]) -> int:
        resumed = self._resume()
        if resumed is None:
            self._prepare()
        log.info("postgres_remake_started", schema=self.schema, resumed_after=resumed or 0)
        self._build()
        conn = self.conn
        keyed = {
            str(name)
            for (name,) in conn.execute(
                "SELECT conname FROM pg_constraint WHERE conrelid IN "
                "('postings_next'::regclass, 'remake_lengths'::regclass)"
            ).fetchall()
        }
        if "postings_next_pkey" not in keyed:
            conn.execute(NEXT_KEY)
        if "remake_lengths_pkey" not in keyed:
            conn.execute("ALTER TABLE remake_lengths ADD PRIMARY KEY (seq)")
        conn.execute("ANALYZE postings_next")
        for _ in range(ROUNDS):
            if self._catch_up() <= SETTLED:
                break
        self._swap(mark)
        self._drop_trigger()
        return self.rows

    def _prepare(self) -> None:
        """Drop what a dead remake left, then start noting writes (CREATE TRIGGER waits for
        the writes under way: a row not noted was committed before the copy reads)."""
        conn = self.conn
        with conn.transaction():
            self._drop_trigger(wait=None)
            conn.execute("DROP TABLE IF EXISTS postings_next, remake_log, remake_lengths")
            conn.execute(self._sql("DROP FUNCTION IF EXISTS {fn}()"))
            conn.execute("CREATE TABLE remake_log (id bigserial PRIMARY KEY, seq int, old jsonb)")
            conn.execute(self._sql(NOTE))
            conn.execute(self._sql(TRIGGER))
            conn.execute("CREATE TABLE postings_next (LIKE postings)")
            conn.execute("CREATE TABLE remake_lengths (seq int NOT NULL, len int NOT NULL)")
            conn.execute(
                "INSERT INTO meta VALUES ('remaking', %s) "
                "ON CONFLICT (key) DO UPDATE SET value = excluded.value",
                (self.making,),
            )

    def _resume(self) -> int | None:
        """Go on from what a dead remake of the same tokenizer and schema version left (its
        tables whole, its trigger noting writes): return the rows it had copied, or None
        (nothing to go on from: start over)."""
        conn = self.conn
        marked = conn.execute("SELECT value FROM meta WHERE key = 'remaking'").fetchone()
        left = conn.execute(
            "SELECT count(*) FROM pg_tables WHERE schemaname = %s "
            "AND tablename IN ('postings_next', 'remake_log', 'remake_lengths')",
            (self.schema,),
        ).fetchone()
        noting = conn.execute(
            "SELECT t.tgenabled FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid "
            "JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE t.tgname = 'remake_noted' AND c.relname = 'memories' AND n.nspname = %s",
            (self.schema,),
        ).fetchone()
        if marked != (self.making,) or left != (3,) or noting != ("O",):
            return None
        for slot, total in conn.execute(
            "SELECT seq %% %s, sum(len) FROM remake_lengths GROUP BY 1", (STAT_SLOTS,)
        ).fetchall():
            self.totals[int(slot)] = int(total)
        copied = conn.execute("SELECT count(*), coalesce(max(seq), -1) FROM remake_lengths")
        rows, last = copied.fetchone() or (0, -1)
        self.rows, self.last = int(rows), int(last)
        return self.rows

    def _build(self) -> None:
        """Copy every row after `last` (a row at or before it that is not in the new tables
        was written after the trigger was made: it is noted)."""
        while True:
            batch = self.conn.execute(
                "SELECT seq, record FROM memories WHERE seq > %s ORDER BY seq LIMIT %s",
                (self.last, BATCH),
            ).fetchall()
            if not batch:
                return
            self._copy({int(seq): _made(record) for seq, record in batch})
            self.last, self.rows = int(batch[-1][0]), self.rows + len(batch)

    def _copy(self, made: Made) -> None:
        """One batch of the copy, its own short transaction (it holds the rows' locks)."""
        with self.conn.transaction():
            self._write(made)

    def _write(self, made: Made) -> None:
        """Copy rows' postings and lengths into the new tables; set their doc_len."""
        conn = self.conn
        with conn.cursor().copy(
            "COPY postings_next (term, mem, tf, dl, run, conf, born) FROM STDIN"
        ) as copy:
            for seq, (terms, tfs, length, bound) in made.items():
                for term, tf in zip(terms, tfs, strict=True):
                    copy.write_row((term, seq, tf, length, *bound))
        with conn.cursor().copy("COPY remake_lengths (seq, len) FROM STDIN") as copy:
            for seq, (_, _, length, _) in made.items():
                copy.write_row((seq, length))
                self.totals[seq % STAT_SLOTS] += length
        conn.execute(
            "UPDATE memories m SET doc_len = u.l FROM unnest(%s::int[], %s::int[]) AS u(s, l) "
            "WHERE m.seq = u.s AND m.doc_len <> u.l",
            (list(made), [m[2] for m in made.values()]),
        )

    def _catch_up(self) -> int:
        """Make the noted rows again, a batch a transaction, until none is noted; return
        how many notes were taken."""
        taken = 0
        while True:
            with self.conn.transaction():
                notes = self.conn.execute(
                    "DELETE FROM remake_log WHERE id IN "
                    "(SELECT id FROM remake_log ORDER BY id LIMIT %s) RETURNING seq, old",
                    (BATCH,),
                ).fetchall()
                if not notes:
                    return taken
                self._redo(notes)
            taken += len(notes)

    def _redo(self, notes: Iterable[tuple[Any, Any]]) -> None:
        """Replace whatever version of each noted row the new tables hold by its current
        one (a removed row: by nothing)."""
        conn = self.conn
        olds: dict[int, list[Any]] = {}
        for seq, old in notes:
            olds.setdefault(int(seq), []).append(old)
        seqs = sorted(olds)
        current = conn.execute(
            "SELECT seq, record FROM memories WHERE seq = ANY(%s::int[])", (seqs,)
        ).fetchall()
        made = {int(seq): _made(record) for seq, record in current}
        doomed = {
            (term, seq)
            for seq, records in olds.items()
            for record in records
            if record is not None
            for term in postings_of(Memory.model_validate(record))[0]
        }
        doomed.update((term, seq) for seq, m in made.items() for term in m[0])
        pairs = sorted(doomed)
        conn.execute(
            "DELETE FROM postings_next p USING unnest(%s::text[], %s::int[]) AS d(t, m) "
            "WHERE p.term = d.t AND p.mem = d.m",
            ([t for t, _ in pairs], [m for _, m in pairs]),
        )
        for seq, length in conn.execute(
            "DELETE FROM remake_lengths WHERE seq = ANY(%s::int[]) RETURNING seq, len", (seqs,)
        ).fetchall():
            self.totals[int(seq) % STAT_SLOTS] -= int(length)
        self._write(made)

    def _swap(self, mark: Callable[[Conn], None]) -> None:
        conn = self.conn
        for _ in range(SWAP_TRIES):
            totals = Counter(self.totals)  # a swap that fails undoes its catch-up's counts
            try:
                with conn.transaction():
                    conn.execute(f"SET LOCAL lock_timeout = '{SWAP_WAIT}'")
                    conn.execute("SELECT pg_advisory_xact_lock(%s)", (LOCK_KEY,))
                    # Writers wait from here (they take ROW EXCLUSIVE); searches do not.
                    conn.execute("LOCK TABLE memories IN EXCLUSIVE MODE")
                    self._catch_up()
                    conn.execute(
                        "UPDATE stats SET total = u.t "
                        "FROM unnest(%s::int[], %s::bigint[]) AS u(s, t) WHERE stats.slot = u.s",
                        (list(range(STAT_SLOTS)), [self.totals[s] for s in range(STAT_SLOTS)]),
                    )
                    # Disabling takes a lock searches do not conflict with; dropping would
                    # take one they do, while they may hold `memories` and want `postings`.
                    conn.execute("ALTER TABLE memories DISABLE TRIGGER remake_noted")
                    conn.execute("DROP TABLE postings")  # searches wait from here to commit
                    conn.execute("ALTER TABLE postings_next RENAME TO postings")
                    conn.execute("ALTER INDEX postings_next_pkey RENAME TO postings_pkey")
                    conn.execute("DROP TABLE remake_log, remake_lengths")
                    conn.execute("DELETE FROM meta WHERE key = 'remaking'")
                    mark(conn)
                return
            except (errors.LockNotAvailable, errors.DeadlockDetected) as exc:
                log.warning("postgres_remake_swap_retried", schema=self.schema, error=str(exc))
                self.totals = totals
                self._catch_up()
        raise StoreError(
            f"postgres schema {self.schema}: the remade postings could not be swapped in "
            f"after {SWAP_TRIES} tries (long transactions hold the tables); open it again"
        )

    def _drop_trigger(self, wait: str | None = "1s") -> None:
        """Drop the disabled trigger and its function: this takes a lock searches wait for,
        so only for `wait` (None: as long as it takes); a trigger left disabled costs
        nothing and the next remake drops it."""
        conn = self.conn
        found = conn.execute(
            "SELECT 1 FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid "
            "JOIN pg_namespace n ON n.oid = c.relnamespace "
            "WHERE t.tgname = 'remake_noted' AND c.relname = 'memories' AND n.nspname = %s",
            (self.schema,),
        ).fetchone()
        if found is None:
            return
        try:
            with conn.transaction():
                if wait is not None:
                    conn.execute(f"SET LOCAL lock_timeout = '{wait}'")
                conn.execute("DROP TRIGGER remake_noted ON memories")
                conn.execute(self._sql("DROP FUNCTION {fn}()"))
        except errors.LockNotAvailable:
            log.info("postgres_remake_trigger_left", schema=self.schema)


def _made(record: Any) -> tuple[list[str], list[int], int, tuple[int, float, float]]:
    memory = Memory.model_validate(record)
    return (*postings_of(memory), bound_of(memory))
