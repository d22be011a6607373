"""The bound of the pruned search: every candidate's best possible score, from its postings.

From schema version 2 each posting carries its memory's run (a hash of its neighbour
sequence), confidence and creation. The question's postings come back in one round trip
as one array per column and term (12,000 postings: about 3 ms of server time at a
million memories, read as numpy arrays: agentmem.stores.pg_arrays), and the client sums
BM25 with the files backend's arithmetic (agentmem.stores.postings: float32 weights
summed in query order, the server's arithmetic too), so the scores are the exact
statement's. Every candidate `c` then has

    ub(c) = confidence(c) × (bm25(c) + w_max × Σ bm25 of the other candidates of its run)

score(c) = (bm25 + neighbour context) × confidence × supersession × decay, where
supersession and decay are at most 1 and the context is at most w_max times the BM25 of
the run's other candidates (each is one neighbour at one distance, its weight at most
w_max; a neighbour holding no query word adds nothing): score(c) ≤ ub(c). MARGIN covers
the rounding. A question with more than POSTINGS_MAX postings (words most memories hold)
is not fetched: its arrays would grow the client with the store.
"""

from __future__ import annotations

import hashlib
import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from numpy.typing import NDArray

from agentmem.retrieval.ranking import RankingParams
from agentmem.stores.pg_arrays import LOADERS

MARGIN = 1 + 1e-6  # rounding between the bound and the score (conf is a float4)
POSTINGS_MAX = 60_000  # postings a question may have and be summed here (2 MB of arrays)
POSTINGS = (
    "SELECT (SELECT sum(n)::float8 FROM stats), (SELECT sum(total)::float8 FROM stats), term, "
    "array_agg(mem), array_agg(tf), array_agg(dl), array_agg(run), array_agg(conf), "
    "array_agg(born) FROM (SELECT * FROM postings WHERE term = ANY(%s::text[]) "
    "ORDER BY term, mem LIMIT %s) p GROUP BY term"
)  # one row per term that has postings, its columns as arrays, POSTINGS_MAX + 1 at most
Ints = NDArray[np.int64]
Floats = NDArray[np.float64]


def run_of(seq_key: str) -> int:
    """A memory's run as its postings hold it: pg_schema.RUN_HASH, computed in Python."""
    return int.from_bytes(hashlib.md5(seq_key.encode()).digest()[:4], "big", signed=True)


@dataclass
class Candidates:
    """Every memory holding a query word: its BM25, bound and run, by candidate index."""

    mem: Ints
    bm25: Floats
    ub: Floats
    born: Floats
    run: Ints
    weights: dict[str, tuple[Ints, NDArray[np.float32]]]  # term -> (candidate, weight)
    conf: Floats = field(default_factory=lambda: np.zeros(0))  # the postings' confidence
    size: float = 0.0  # memories in the store (N)

    def with_runs(self, chosen: Ints) -> Ints:
        """The chosen candidates and every other candidate of their runs."""
        return np.flatnonzero(np.isin(self.run, self.run[chosen]))

    def terms_of(self, mem: int) -> dict[str, float]:
        """The weight of each query term in one candidate (the explain's `terms`)."""
        at = int(np.searchsorted(self.mem, mem))
        found = {}
        for term, (index, weight) in self.weights.items():
            hit = np.flatnonzero(index == at)
            if len(hit):
                found[term] = float(str(weight[hit[0]]))  # as the server's jsonb says it
        return found


def candidates(conn: Any, terms: Sequence[str], params: RankingParams) -> Candidates | None:
    """The question's postings from the server, summed here (agentmem.stores.postings's
    arithmetic, which the server's ranking follows too); None when they are more than
    POSTINGS_MAX (words most memories hold: the server sums them, the client's memory
    stays flat in store size)."""
    asked = (sorted(set(terms)), POSTINGS_MAX + 1)
    rows = binary(conn).execute(POSTINGS, asked).fetchall()  # prepared: one plan for all words
    lists = {str(r[2]): r[3:] for r in rows}
    if sum(len(c[0]) for c in lists.values()) > POSTINGS_MAX:
        return None
    n, total = (float(rows[0][0] or 0), float(rows[0][1] or 0)) if rows else (0.0, 0.0)
    return summed(lists, n, total, terms, params)


def binary(conn: Any) -> Any:
    """A cursor reading the postings' int4[], float4[] and float8[] as numpy arrays."""
    cursor = conn.cursor(binary=True)
    for oid, loader in LOADERS.items():
        cursor.adapters.register_loader(oid, loader)
    return cursor


def summed(
    lists: dict[str, Sequence[Any]],
    n: float,
    total: float,
    terms: Sequence[str],
    params: RankingParams,
    df: dict[str, int] | None = None,
) -> Candidates:
    """The candidates of postings fetched per term (mem, tf, dl, run, conf, born arrays):
    BM25 and bound each. A term's document frequency is its postings' count, or `df`'s
    when the postings are a part of the term's (agentmem.stores.pg_admitted)."""
    mems = np.sort(np.concatenate([c[0] for c in lists.values()] or [np.zeros(0, ">i4")]))
    mems = mems[np.concatenate(([True], mems[1:] != mems[:-1]))] if len(mems) else mems
    found = Candidates(
        mem=mems.astype(np.int64),
        bm25=np.zeros(0),
        ub=np.zeros(0),
        born=np.zeros(len(mems)),
        run=np.zeros(len(mems), dtype=np.int64),
        weights={},
    )
    sums = np.zeros(len(mems), dtype=np.float32)
    conf = np.zeros(len(mems), dtype=np.float64)
    for term, (mem, tf, dl, run, cf, born) in lists.items():
        index = np.searchsorted(mems, mem)
        count = len(mem) if df is None else df[term]
        idf = np.float32(math.log(1 + (n - count + 0.5) / (count + 0.5)))
        counts = tf.astype(np.float64)
        tfc = counts / (params.k1 * ((1 - params.b) + params.b * dl / (total / n)) + counts)
        found.weights[term] = (index, (idf * tfc).astype(np.float32))
        found.run[index], found.born[index], conf[index] = run, born, cf
    for term in terms:  # query order, a repeated term counting again: the float32 sum
        if term in found.weights:
            index, weight = found.weights[term]
            sums[index] += weight
    found.bm25 = sums.astype(np.float64)
    _, code = np.unique(found.run, return_inverse=True)
    others = np.bincount(code, weights=found.bm25)[code] - found.bm25
    wmax = max(params.neighbours, default=0.0)
    found.ub = conf * (found.bm25 + wmax * np.maximum(others, 0.0)) * MARGIN
    found.conf, found.size = conf, n
    return found
