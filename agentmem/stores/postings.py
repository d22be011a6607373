"""BM25 postings that take new documents: which documents hold each term, how often.

bm25s precomputes every (document, term) score, so one new document changes every score
(N and the average length move) and the whole index is rebuilt. Here only the counts are
stored and a term's scores are worked out when a query asks for it, from the statistics
of that moment; a new document appends its counts and nothing else moves.

The arithmetic is bm25s's default ("lucene") step for step, so the scores are the same
float32 numbers bm25s gives for the same corpus: idf = ln(1 + (N - df + 0.5) / (df + 0.5))
rounded to float32, tf / (k1 × ((1 - b) + b × len / avglen) + tf) in float64, their
product rounded to float32, and a query's terms summed in float32 in query order
(tests/test_rank_incremental.py compares both on random corpora).
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Mapping, Sequence

import numpy as np
from numpy.typing import NDArray

Ints = NDArray[np.int64]
Ints32 = NDArray[np.int32]  # slots and counts: half the memory of int64 at 100K documents
Floats32 = NDArray[np.float32]
TAIL_MIN = 4096  # appended postings kept apart before folding them into the base arrays
EMPTY = ""  # bm25s gives a document without tokens this one token (length 1)


class Postings:
    """Term counts per document ("slot", in the order documents arrived) and lengths."""

    def __init__(
        self,
        vocab: dict[str, int],
        indptr: Ints,
        slots: Ints32,
        counts: Ints32,
        lengths: Ints,
    ) -> None:
        self.vocab = vocab  # term -> term id
        self.indptr = indptr  # term id -> its run in slots/counts (base part)
        self.slots = slots
        self.counts = counts
        self.lengths = lengths  # tokens per slot
        self.total = int(lengths.sum())
        self._tail: dict[int, tuple[list[int], list[int]]] = {}
        self._tail_size = 0

    @classmethod
    def build(cls, documents: Sequence[Sequence[str]]) -> Postings:
        """Postings for tokenized documents, slot i being documents[i]."""
        n = len(documents)
        docs = [d or [EMPTY] for d in documents]
        vocab: dict[str, int] = {}
        lengths = np.fromiter((len(d) for d in docs), dtype=np.int64, count=n)
        flat = np.fromiter(
            (vocab.setdefault(t, len(vocab)) for d in docs for t in d),
            dtype=np.int64,
            count=int(lengths.sum()),
        )
        # One sort groups equal (term, slot) pairs: their run lengths are the counts.
        pairs, counts = np.unique(flat * n + np.repeat(np.arange(n), lengths), return_counts=True)
        terms = pairs // max(n, 1)
        indptr = np.zeros(len(vocab) + 1, dtype=np.int64)
        np.cumsum(np.bincount(terms, minlength=len(vocab)), out=indptr[1:])
        slots = (pairs % max(n, 1)).astype(np.int32)
        return cls(vocab, indptr, slots, counts.astype(np.int32), lengths)

    @property
    def size(self) -> int:
        return len(self.lengths)

    def append(self, tokens: Sequence[str]) -> int:
        """Add one tokenized document; return its slot."""
        slot = self.size
        doc = list(tokens) or [EMPTY]
        for term, count in Counter(doc).items():
            term_id = self.vocab.setdefault(term, len(self.vocab))
            held = self._tail.setdefault(term_id, ([], []))
            held[0].append(slot)
            held[1].append(count)
        self._tail_size += len(set(doc))
        self.lengths = np.append(self.lengths, len(doc))
        self.total += len(doc)
        if self._tail_size > max(TAIL_MIN, len(self.slots) // 8):
            self.fold()
        return slot

    def fold(self) -> None:
        """Merge the appended postings into the base arrays (a stable sort by term)."""
        if not self._tail:
            return
        base_terms = np.repeat(np.arange(len(self.indptr) - 1), np.diff(self.indptr))
        tail_terms = [t for t, (s, _) in self._tail.items() for _ in s]
        terms = np.concatenate([base_terms, np.array(tail_terms, dtype=np.int64)])
        slots = np.concatenate([self.slots, [s for held, _ in self._tail.values() for s in held]])
        counts = np.concatenate([self.counts, [c for _, cs in self._tail.values() for c in cs]])
        order = np.argsort(terms, kind="stable")
        self.slots = slots[order].astype(np.int32)
        self.counts = counts[order].astype(np.int32)
        self.indptr = np.zeros(len(self.vocab) + 1, dtype=np.int64)
        np.cumsum(np.bincount(terms, minlength=len(self.vocab)), out=self.indptr[1:])
        self._tail = {}
        self._tail_size = 0

    def get(self, term: str) -> tuple[Ints32, Ints32]:
        """The slots holding `term` and its count in each (empty when unknown)."""
        term_id = self.vocab.get(term)
        if term_id is None:
            return np.zeros(0, dtype=np.int32), np.zeros(0, dtype=np.int32)
        if term_id + 1 < len(self.indptr):
            lo, hi = int(self.indptr[term_id]), int(self.indptr[term_id + 1])
            slots, counts = self.slots[lo:hi], self.counts[lo:hi]
        else:
            slots, counts = self.slots[:0], self.counts[:0]
        held = self._tail.get(term_id)
        if held is not None:
            slots = np.concatenate([slots, np.array(held[0], dtype=np.int32)])
            counts = np.concatenate([counts, np.array(held[1], dtype=np.int32)])
        return slots, counts

    def weights(self, term: str, k1: float, b: float) -> tuple[Ints32, Floats32]:
        """bm25s's stored score of `term` in each document holding it, under today's N and
        average length."""
        slots, counts = self.get(term)
        n, df = self.size, len(slots)
        idf = np.float32(math.log(1 + (n - df + 0.5) / (df + 0.5)))
        tf = counts.astype(np.float64)  # a float32 count in bm25s: small integers, exact
        tfc = tf / (k1 * ((1 - b) + b * self.lengths[slots] / (self.total / n)) + tf)
        return slots, (idf * tfc).astype(np.float32)

    def scores(
        self,
        terms: Sequence[str],
        k1: float,
        b: float,
        rows: Ints | None = None,
        weighed: Mapping[str, tuple[Ints32, Floats32]] | None = None,
    ) -> Floats32:
        """The float32 sum of the terms' weights in query order (bm25s's sum), per slot or,
        given `rows` (slot -> row), per row (`weighed`: each term's `weights`, when known)."""
        out = np.zeros(self.size, dtype=np.float32)
        for term in terms:
            slots, weights = self.weights(term, k1, b) if weighed is None else weighed[term]
            # A document appears once per term, so a plain += adds as np.add.at would.
            out[slots if rows is None else rows[slots]] += weights
        return out
