"""How the embedded store turns BM25 scores into a ranking, as vector operations.

score = (BM25 + neighbour context) × confidence × supersession × decay, where decay =
max(0.3, exp(-0.03 × days since last access)) (seed 004, pattern 4).

Neighbour context: an episodic memory that matches the query also earns a share of the
BM25 score of the episodic memories written next to it in the same run (same `run_id`,
adjacent by creation time). Events are told over several entries ("I went to X." then
"It was about Y."), so an event whose neighbours match the question is likely to matter.
Other types are self-contained statements and get no neighbour context. Every figure here was kept because the
LoCoMo benchmark measured a gain (README, "Retrieval"); each number is a plain constant.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import NDArray

DECAY_RATE = 0.03
DECAY_FLOOR = 0.3
SUPERSEDED_FACTOR = 0.5
SECONDS_PER_DAY = 86400.0

Floats = NDArray[np.float64]
Ints = NDArray[np.int64]


@dataclass(frozen=True)
class RankingParams:
    """The knobs of the embedded ranking; the defaults are the measured best."""

    k1: float = 1.5
    b: float = 0.4  # weak length normalisation: short entries are not over-rewarded
    # share of a neighbour's BM25 a memory receives, by distance within its run
    neighbours: tuple[float, ...] = (0.5, 0.25, 0.1)


DEFAULT_PARAMS = RankingParams()


def decay(days_since_access: Floats) -> Floats:
    """max(0.3, exp(-0.03 × days)); negative ages (clock skew) count as zero."""
    days = np.maximum(days_since_access, 0.0)
    return np.maximum(DECAY_FLOOR, np.exp(-DECAY_RATE * days))


def neighbour_table(runs: Sequence[str], depth: int) -> Ints:
    """For documents already in (run, creation) order: index of the neighbour at each
    distance, before and after, or -1 where the run ends. Shape (2 × depth, n)."""
    code: dict[str, int] = {}
    return run_neighbours(
        np.array([code.setdefault(r, len(code)) for r in runs], dtype=np.int64), depth
    )


def run_neighbours(run: Ints, depth: int) -> Ints:
    """`neighbour_table` for runs given as integer codes (equal code, same run)."""
    n = len(run)
    table = np.full((2 * depth, n), -1, dtype=np.int64)
    positions = np.arange(n, dtype=np.int64)
    for d in range(1, depth + 1):
        if d >= n:
            break
        same = run[d:] == run[:-d]
        table[2 * (d - 1), d:] = np.where(same, positions[:-d], -1)  # the one before
        table[2 * (d - 1) + 1, :-d] = np.where(same, positions[d:], -1)  # the one after
    return table


def with_neighbours(scores: Floats, table: Ints, weights: Sequence[float]) -> Floats:
    """Each score plus the weighted scores of its neighbours in the same run."""
    if not len(scores) or not weights:
        return scores
    padded = np.append(scores, 0.0)  # index -1 reads this zero
    out = scores.copy()
    for d, weight in enumerate(weights):
        if 2 * d + 1 >= table.shape[0]:
            break
        out += weight * (padded[table[2 * d]] + padded[table[2 * d + 1]])
    return out


def top_k(scores: Floats, k: int) -> Ints:
    """Indices of the k best positive scores, best first (ties: lower index first)."""
    positive = np.flatnonzero(scores > 0)
    if len(positive) > k:
        part = np.argpartition(-scores[positive], k - 1)[:k]
        # argpartition picks any of the scores tied at the cut; keep them all, so the
        # lower index wins there too (the postgres backend's ORDER BY does the same)
        positive = positive[scores[positive] >= scores[positive[part]].min()]
    order = np.lexsort((positive, -scores[positive]))
    return positive[order][:k]
