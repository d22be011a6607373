"""Statements that must share a transaction, sent to the server in one round trip.

A ranking statement runs with planner settings local to its transaction (pg_prune's
`set_config(..., true)`). A `transaction()` block in a pipeline looked like one trip but
was five: psycopg syncs the pipeline to enter the block, waits for BEGIN, flushes for the
statement's rows, syncs for COMMIT and again when the pipeline ends (counted with strace:
the restatement check took six round trips of a write's eight).

A pipeline needs no BEGIN: the server runs every statement sent before the pipeline's
next Sync in one implicit transaction (autocommit), so a `set_config(..., true)` sent first
holds for the statements after it and ends with that transaction, and an error aborts the
rest as a transaction block would. Fetching rows asks the server to flush (no Sync), so
the transaction goes on until the pipeline ends or syncs.

    with segment(conn):                       # a pipeline, unless one is open
        conn.execute("SELECT set_config('enable_nestloop', 'off', true)")
        rows = conn.execute(ranking, args).fetchall()   # the settings hold; one trip

Inside a pipeline the caller opened (the restatement check's, with its holders' query
before the ranking), the statements join that pipeline's current segment: its settings
hold for whatever the caller sends after them until the caller's pipeline ends. A `SET
LOCAL` needs a transaction block: it is no setting for such a segment.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from psycopg import pq


def in_pipeline(conn: Any) -> bool:
    """Whether the connection is in pipeline mode (a block of the caller's is open)."""
    return bool(conn.pgconn.pipeline_status != pq.PipelineStatus.OFF)


@contextmanager
def segment(conn: Any) -> Iterator[None]:
    """The statements executed inside share one implicit transaction: a pipeline of their
    own, or the segment of the caller's open pipeline (see the module docstring)."""
    if in_pipeline(conn):
        yield
        return
    with conn.pipeline():
        yield
