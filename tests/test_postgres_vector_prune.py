"""The semantic leg's pruned search (agentmem.stores.pg_vector_prune): the same top 10 as
the fused statement that scores every candidate, on a generated corpus (runs,
supersession, confidence, ages, expiry, reads recorded), random vectors and MiniLM's,
under every filter of the parity suite; and fewer candidates scored than it has."""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

import numpy as np
import pytest
from numpy.typing import NDArray

from agentmem.retrieval.semantic import Encoder
from agentmem.stores import pg_vector_prune
from agentmem.stores.base import Filters
from agentmem.stores.bm25 import tokenize
from agentmem.stores.pg_local import LocalServer
from agentmem.stores.pg_rank import RankRequest
from agentmem.stores.pg_vector_store import SemanticPostgresStore
from tests.test_postgres_parity import FILTERS, corpus, loaded, questions

UNPRUNED = 10**9  # semantic_prune_min: every question goes to the fused statement


class RandomEncoder:
    """Unit vectors of 384 dimensions drawn from a hash of the text: what the bound must
    hold for whatever the vectors mean."""

    name = "random-unit"

    def encode(self, texts: Sequence[str]) -> NDArray[np.float32]:
        rows = []
        for text in texts:
            seed = int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")
            v = np.random.default_rng(seed).standard_normal(384).astype(np.float32)
            rows.append(v / np.linalg.norm(v))
        return np.array(rows, dtype=np.float32)


def opened(
    tmp_path: Path, server: LocalServer, encoder: Encoder
) -> tuple[SemanticPostgresStore, list[str]]:
    rng = random.Random(23)
    root = tmp_path / "memory"
    _, plain = loaded(root, server, corpus(rng, 400))
    store = SemanticPostgresStore(
        root, server.url, schema=plain.schema, semantic=encoder, replay_interval_s=0.0
    )
    assert store.backfill() >= 400
    store.semantic_exact_max = 0  # the index's nearest, as on a large store
    fixed = datetime.now(UTC)
    store.clock = lambda: fixed  # type: ignore[method-assign]
    asked = questions(rng, 16)
    for question in asked[:6]:  # some reads recorded: decay from a last read
        store.search(question, 3)
    return store, asked


def top_ten(
    store: SemanticPostgresStore, question: str, filters: Filters, prune_min: int
) -> list[tuple[str, float]]:
    store.semantic_prune_min = prune_min
    hits = store.search(question, 10, filters, touch=False, explain=True)
    return [(h.memory.id, h.score) for h in hits]


@pytest.mark.parametrize("vectors", ["random", "minilm"])
def test_the_pruned_fused_search_gives_the_top_ten_of_scoring_every_candidate(
    pg_server: LocalServer, tmp_path: Path, request: pytest.FixtureRequest, vectors: str
) -> None:
    encoder = RandomEncoder() if vectors == "random" else request.getfixturevalue("minilm")
    store, asked = opened(tmp_path, pg_server, encoder)
    compared = 0
    for question in asked:
        for filters in FILTERS:
            want = top_ten(store, question, filters, UNPRUNED)
            got = top_ten(store, question, filters, 0)
            assert [i for i, _ in got] == [i for i, _ in want], (question, filters)
            assert [s for _, s in got] == pytest.approx([s for _, s in want], rel=1e-12)
            compared += bool(want)
    assert compared >= 40
    store.close()


def test_the_bound_leaves_most_candidates_unscored(pg_server: LocalServer, tmp_path: Path) -> None:
    """A question of common words: θ from the seeds, and only the candidates whose bound
    reaches it are scored exactly (the fused statement scores them all)."""
    store, _ = opened(tmp_path, pg_server, RandomEncoder())
    question = "w0 w1 w2"
    vector, negated = store.vectors.query(question)
    seen: dict[str, float] = {}
    with store.connection() as conn:
        asked = RankRequest(tuple(tokenize(question)), 10, Filters(), store.params, 0.0)
        vectors = (vector, negated, store.vectors.ext(conn))
        rows = pg_vector_prune.rank(conn, asked, vectors, exact_max=0, prune_min=0, seen=seen)
    assert rows is not None and len(rows) == 10
    assert seen["theta"] > 0
    assert seen["candidates"] > 100
    assert seen["scored"] < seen["candidates"] / 2, seen
    store.close()
