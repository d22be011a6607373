"""A search works out each query term's BM25 weights once, for its scores and for its
explanation both, and gives what it gave when each worked them out on its own."""

from __future__ import annotations

import random

import numpy as np
import pytest

from agentmem.retrieval.ranking import RankingParams
from agentmem.stores.bm25 import Bm25Index, TokenCache
from agentmem.stores.postings import Postings

WORDS = ["kiln", "glaze", "crate", "mooring", "fender", "bollard", "skein", "fleece", "label"]


def _index(rng: random.Random) -> Bm25Index:
    docs = [" ".join(rng.choices(WORDS, k=rng.randint(0, 8))) for _ in range(40)]
    index = Bm25Index.build(docs, RankingParams(), TokenCache(), [f"m{i}" for i in range(40)])
    index.add([3, 17], ["m40", "m41"], ["kiln kiln crate", "fleece label"], TokenCache())
    return index


@pytest.mark.parametrize("query", ["kiln crate kiln", "mooring fender bollard", "nothing here"])
def test_weights_worked_out_once_give_the_same_scores_and_terms(
    query: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    index = _index(random.Random(5))
    rows = list(range(0, index.size, 3))
    scores, terms = index.scores(query), index.term_weights(query, rows)
    calls: list[str] = []
    weights = Postings.weights

    def counted(self: Postings, term: str, k1: float, b: float) -> object:
        calls.append(term)
        return weights(self, term, k1, b)

    monkeypatch.setattr(Postings, "weights", counted)
    weighed = index.weigh(query)
    assert np.array_equal(index.scores(query, weighed), scores)
    assert index.term_weights(query, rows, weighed) == terms
    assert sorted(calls) == sorted(set(calls))  # each known term once, repeats included
