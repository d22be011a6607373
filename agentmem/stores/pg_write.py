"""Writing memories into the postgres backend: one idempotent upsert, a bulk load, a removal.

A row is made from the memory alone (its file's record), tokenized here with the files
backend's tokenizer, so the server's postings are the ones the files backend would build.
Every change to a memory, its postings, N and the total length, and the supersession
flags happens in one transaction: a reader sees all of it or none of it.

The outcomes of an upsert, by what the server already holds:
- nothing: the row is inserted;
- the same id, the same fingerprint: nothing to do (a repeated put, a replay);
- the same id, another version: updated when this root wrote the row or `force` says the
  files win (a rebuild, a sync); a row another loop wrote first is kept and handed back
  (`Adopt`): two loops that raced to write the same content keep one version of it;
- another id with the same content and scope: nothing is written (`Duplicate`): the
  database's unique content key makes it one memory, whatever the timing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from psycopg import Connection, errors
from psycopg.types.json import Jsonb

from agentmem.core.model import Memory, content_key
from agentmem.stores.bm25 import tokenize
from agentmem.stores.pg_bound import run_of
from agentmem.stores.pg_schema import STAT_SLOTS
from agentmem.stores.projection import fingerprint
from agentmem.stores.rankview import document, sequence, when

Conn = Connection[Any]
COLUMNS = (
    "id", "content_key", "fingerprint", "origin", "record", "seq_key", "created",
    "created_ts", "expires_ts", "confidence", "user_id", "app_id", "type", "cohort", "tags",
    "doc_len",
)  # fmt: skip


@dataclass(frozen=True)
class Row:
    """A memory as the server stores it, with its postings."""

    memory: Memory
    values: dict[str, Any]
    terms: list[str]
    tfs: list[int]

    @property
    def doc_len(self) -> int:
        return int(self.values["doc_len"])

    @property
    def bound(self) -> tuple[int, float, float]:
        """What each of its postings carries for the search's bound (pg_bound)."""
        return bound_of(self.memory)


@dataclass(frozen=True)
class Adopt:
    """The server keeps another loop's version of this id: here it is."""

    record: dict[str, Any]


@dataclass(frozen=True)
class Duplicate:
    """Another memory holds the same content and scope."""

    memory_id: str


Outcome = str | Adopt | Duplicate  # "inserted", "updated" or "same" when a str


def postings_of(memory: Memory) -> tuple[list[str], list[int], int]:
    """Terms, their counts and the document's length (an empty document counts as one
    token, as bm25s counts it)."""
    tokens = tokenize(document(memory))
    counts = Counter(tokens)
    return list(counts), list(counts.values()), max(len(tokens), 1)


def bound_of(memory: Memory) -> tuple[int, float, float]:
    """What each of a memory's postings carries for the search's bound (pg_bound): the run
    of its `seq_key`, its `confidence` and its `created_ts`, as make_row's columns say them."""
    return run_of(sequence(memory)), float(memory.confidence), when(memory.created_at).timestamp()


def make_row(memory: Memory, origin: str) -> Row:
    terms, tfs, length = postings_of(memory)
    values = {
        "id": memory.id,
        "content_key": content_key(memory.text, memory.user_id, memory.agent_id, memory.app_id),
        "fingerprint": fingerprint(memory),
        "origin": origin,
        "record": Jsonb(memory.record()),
        "seq_key": sequence(memory),
        "created": memory.created_at,
        "created_ts": when(memory.created_at).timestamp(),
        "expires_ts": when(memory.expires_at).timestamp() if memory.expires_at else None,
        "confidence": memory.confidence,
        "user_id": memory.user_id,
        "app_id": memory.app_id,
        "type": memory.type.value,
        "cohort": memory.cohort,
        "tags": list(memory.tags),
        "doc_len": length,
    }
    return Row(memory, values, terms, tfs)


_INSERTED = f"""
WITH ins AS (
    INSERT INTO memories ({", ".join(COLUMNS)}, superseded)
    VALUES ({", ".join(f"%({c})s" for c in COLUMNS)},
        EXISTS (SELECT 1 FROM supersedes WHERE old = %(id)s))
    ON CONFLICT DO NOTHING RETURNING seq, doc_len
), posted AS (
    INSERT INTO postings (term, mem, tf, dl, run, conf, born)
    SELECT u.t, ins.seq, u.f, ins.doc_len, %(run)s, %(confidence)s, %(created_ts)s
    FROM ins, unnest(%(terms)s::text[], %(tfs)s::int[]) AS u(t, f)
), counted AS (
    UPDATE stats SET n = n + 1, total = total + ins.doc_len
    FROM ins WHERE stats.slot = ins.seq %% {STAT_SLOTS}
)"""  # the row, its postings, N and the total length
_SUPERSEDING = """, linked AS (
    INSERT INTO supersedes (old, by_id)
    SELECT unnest(%(olds)s::text[]), %(id)s FROM ins ON CONFLICT DO NOTHING
), flagged AS (
    UPDATE memories SET superseded = true
    WHERE id = ANY(%(olds)s::text[]) AND EXISTS (SELECT 1 FROM ins)
)"""  # what the new memory supersedes, recorded and flagged
# One statement, so one round trip and one atomic change (autocommit). A memory that
# supersedes nothing (most) gets the statement without the supersession parts: the server
# then plans it once per connection (a generic plan) where the whole statement, its
# `olds` array compared with `id`, was planned again at every run (0.2 ms of server CPU of
# a write's 0.6 for the insert, at 10K memories).
_INSERT = _INSERTED + _SUPERSEDING + "\nSELECT seq FROM ins\n"
_INSERT_ALONE = _INSERTED + "\nSELECT seq FROM ins\n"
# The same statement, its commit not waiting for the WAL: `set_config(..., true)` holds for
# the statement's own transaction (autocommit), so for its commit. A BEGIN, a SET LOCAL and
# a COMMIT around it, pipelined, cost more than the flush they spared (9.1 against 6.7 ms
# p50 at load 15). Evaluated when the row was inserted: with nothing inserted nothing waits.
_QUICK = {
    statement: "\nWITH quick AS (SELECT set_config('synchronous_commit', 'off', true)),"
    + statement.removeprefix("\nWITH").removesuffix("\n")
    + ", quick\n"
    for statement in (_INSERT, _INSERT_ALONE)
}
_UPDATE = (
    f"UPDATE memories SET ({', '.join(COLUMNS)}, written_at) = "
    f"({', '.join(f'%({c})s' for c in COLUMNS)}, now()) WHERE seq = %(seq)s"
)


def _add_postings(conn: Conn, seq: int, row: Row) -> None:
    conn.execute(
        "INSERT INTO postings (term, mem, tf, dl, run, conf, born) "
        "SELECT t, %s, f, %s, %s, %s, %s FROM unnest(%s::text[], %s::int[]) AS u(t, f)",
        (seq, row.doc_len, *row.bound, row.terms, row.tfs),
    )


def _stats(conn: Conn, seq: int, n: int, total: int) -> None:
    conn.execute(
        "UPDATE stats SET n = n + %s, total = total + %s WHERE slot = %s",
        (n, total, seq % STAT_SLOTS),
    )


def _supersede(conn: Conn, memory_id: str, new: Sequence[str], old: Iterable[str] = ()) -> None:
    """Record what `memory_id` supersedes now (`new`; it superseded `old` before)."""
    conn.execute(
        "DELETE FROM supersedes WHERE by_id = %s AND NOT old = ANY(%s::text[])",
        (memory_id, list(new)),
    )
    if new:
        conn.execute(
            "INSERT INTO supersedes (old, by_id) SELECT unnest(%s::text[]), %s "
            "ON CONFLICT DO NOTHING",
            (list(new), memory_id),
        )
    touched = sorted(set(new) | set(old))
    if touched:
        conn.execute(
            "UPDATE memories m SET superseded = EXISTS "
            "(SELECT 1 FROM supersedes s WHERE s.old = m.id) WHERE m.id = ANY(%s::text[])",
            (touched,),
        )


def upsert(conn: Conn, row: Row, *, force: bool = False, durable: bool = True) -> Outcome:
    """Make the server hold this memory (see the module docstring for the outcomes).

    `durable=False` (a batch's row, agentmem.stores.pg_batch): a new row's commit does not
    wait for the WAL's flush; it is visible at once, and durable once the batch's `settle`
    has committed after it. Any other outcome commits durably, as without a batch."""
    new = {**row.values, "terms": row.terms, "tfs": row.tfs, "olds": list(row.memory.supersedes)}
    new["run"] = row.bound[0]
    statement = _INSERT if new["olds"] else _INSERT_ALONE
    if not durable:
        statement = _QUICK[statement]
    if conn.execute(statement, new).fetchone() is not None:
        return "inserted"
    with conn.transaction():
        held = conn.execute(
            "SELECT seq, id, fingerprint, origin, record FROM memories "
            "WHERE id = %s OR content_key = %s FOR UPDATE",
            (row.memory.id, row.values["content_key"]),
        ).fetchall()
        mine = [h for h in held if h[1] == row.memory.id]
        if not mine:
            if held:
                return Duplicate(str(held[0][1]))
            raise errors.SerializationFailure("the conflicting row went away; try again")
        seq, _, print_, origin, record = mine[0]
        if print_ == row.values["fingerprint"]:
            return "same"
        if not force and origin != row.values["origin"]:
            return Adopt(dict(record))
        before = Memory.model_validate(record)
        try:
            with conn.transaction():  # a savepoint: the new content may be another's
                conn.execute(_UPDATE, {**row.values, "seq": seq})
        except errors.UniqueViolation:
            other = conn.execute(
                "SELECT id FROM memories WHERE content_key = %s", (row.values["content_key"],)
            ).fetchone()
            return Duplicate(str(other[0]) if other else row.memory.id)
        old_terms, _, old_len = postings_of(before)
        conn.execute(
            "DELETE FROM postings WHERE mem = %s AND term = ANY(%s::text[])", (seq, old_terms)
        )
        _add_postings(conn, seq, row)
        _stats(conn, seq, 0, row.doc_len - old_len)
        _supersede(conn, row.memory.id, row.memory.supersedes, before.supersedes)
        return "updated"


def settle(conn: Conn, ids: Sequence[str]) -> set[str]:
    """Make the rows of `ids` (committed without waiting for the WAL) durable: one durable
    commit that writes WAL after them flushes theirs too (the WAL is one sequence). The ids
    whose row is not there are returned: a server that restarted since lost them."""
    found = conn.execute(
        "UPDATE memories SET written_at = written_at WHERE id = ANY(%s::text[]) RETURNING id",
        (sorted(set(ids)),),
    ).fetchall()
    return set(ids) - {str(r[0]) for r in found}


def remove(conn: Conn, memory_id: str, *, origin: str | None = None) -> bool:
    """Delete one memory's row (only if `origin` wrote it, when given); return whether."""
    with conn.transaction():
        found = conn.execute(
            "DELETE FROM memories WHERE id = %s AND (%s::text IS NULL OR origin = %s) "
            "RETURNING seq, record, doc_len",
            (memory_id, origin, origin),
        ).fetchone()
        if found is None:
            return False
        seq, record, length = int(found[0]), found[1], int(found[2])
        before = Memory.model_validate(record)
        conn.execute(
            "DELETE FROM postings WHERE mem = %s AND term = ANY(%s::text[])",
            (seq, postings_of(before)[0]),
        )
        conn.execute("DELETE FROM access WHERE mem = %s", (seq,))
        _stats(conn, seq, -1, -length)
        _supersede(conn, memory_id, (), before.supersedes)
        return True


def insert_many(conn: Conn, rows: Sequence[Row]) -> list[Row]:
    """Insert rows the server does not hold yet, in one transaction with COPY; return the
    rows it did not take (the id or the content is already there: upsert them one by one)."""
    if not rows:
        return []
    by_id = {r.memory.id: r for r in rows}
    with conn.transaction():
        conn.execute(
            "CREATE TEMP TABLE IF NOT EXISTS staging ON COMMIT DELETE ROWS AS "
            f"SELECT {', '.join(COLUMNS)} FROM memories WITH NO DATA"
        )
        with conn.cursor().copy(f"COPY staging ({', '.join(COLUMNS)}) FROM STDIN") as copy:
            for r in by_id.values():
                copy.write_row([r.values[c] for c in COLUMNS])
        taken = conn.execute(
            f"INSERT INTO memories ({', '.join(COLUMNS)}, superseded) "
            f"SELECT {', '.join(COLUMNS)}, EXISTS (SELECT 1 FROM supersedes s WHERE s.old = staging.id) "
            "FROM staging ON CONFLICT DO NOTHING RETURNING id, seq"
        ).fetchall()
        seqs = {str(i): int(s) for i, s in taken}
        slots: Counter[int] = Counter()
        totals: Counter[int] = Counter()
        with conn.cursor().copy(
            "COPY postings (term, mem, tf, dl, run, conf, born) FROM STDIN"
        ) as copy:
            for memory_id, seq in seqs.items():
                r = by_id[memory_id]
                slots[seq % STAT_SLOTS] += 1
                totals[seq % STAT_SLOTS] += r.doc_len
                bound = r.bound
                for term, tf in zip(r.terms, r.tfs, strict=True):
                    copy.write_row((term, seq, tf, r.doc_len, *bound))
        for slot, n in slots.items():
            conn.execute(
                "UPDATE stats SET n = n + %s, total = total + %s WHERE slot = %s",
                (n, totals[slot], slot),
            )
        pairs = [(old, i) for i in seqs for old in by_id[i].memory.supersedes]
        if pairs:
            conn.execute(
                "INSERT INTO supersedes (old, by_id) SELECT * FROM unnest(%s::text[], %s::text[]) "
                "ON CONFLICT DO NOTHING",
                ([p[0] for p in pairs], [p[1] for p in pairs]),
            )
            conn.execute(
                "UPDATE memories SET superseded = true WHERE id = ANY(%s::text[])",
                ([p[0] for p in pairs],),
            )
    return [r for i, r in by_id.items() if i not in seqs]


def count_reads(conn: Conn, ids: Sequence[str], at: float) -> None:
    """Count a read of each memory of `ids` (last access `at`), as a touched search does."""
    conn.execute(
        "INSERT INTO access (mem, last_access, count) "
        "SELECT seq, %s, 1 FROM memories WHERE id = ANY(%s::text[]) ORDER BY seq "
        "ON CONFLICT (mem) DO UPDATE SET last_access = excluded.last_access, "
        "count = access.count + 1",
        (at, sorted(set(ids))),
    )
