"""The optional semantic leg: fused with BM25, reported in `legs`, vectors encoded once."""

from __future__ import annotations

import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import pytest
from numpy.typing import NDArray

from agentmem import FileStore, Harvester
from agentmem.retrieval.semantic import MiniLmEncoder, SemanticUnavailable, fuse
from agentmem.settings import settings_from_values
from tests.conftest import semantic

CONCEPTS = {
    "vehicle": ("car", "automobile", "vehicle", "truck"),
    "money": ("invoice", "billing", "payment", "money"),
    "weather": ("rain", "storm", "weather"),
}


class ConceptEncoder:
    """An encoder plugin with a tiny fixed concept space: words of one concept share a
    direction, so it knows "automobile" is near "car" where BM25 sees no shared term."""

    name = "concepts"

    def __init__(self) -> None:
        self.encoded: list[str] = []

    def encode(self, texts: Sequence[str]) -> NDArray[np.float32]:
        self.encoded.extend(texts)
        rows = []
        for text in texts:
            words = text.lower().replace(".", " ").replace("?", " ").split()
            row = [sum(w in group for w in words) for group in CONCEPTS.values()] + [0.1]
            rows.append(np.array(row, dtype=np.float32) / np.linalg.norm(row))
        return np.vstack(rows)


TEXTS = [
    "The automobile needs new tyres before the trip.",
    "Invoices are exported every Monday.",
    "Storm warnings close the harbour.",
]


def store_with(root: Path, encoder: ConceptEncoder | bool) -> FileStore:
    settings = settings_from_values({"AGENTMEM_USER_ID": "tester", "AGENTMEM_ROOT": str(root)})
    store = FileStore(root, semantic=encoder)
    writer = Harvester(settings, store)
    for text in TEXTS:
        writer.submit(semantic(text), trigger="manual")
    return store


def test_semantic_leg_finds_what_shares_no_word_with_the_query(root: Path) -> None:
    """BM25 alone finds nothing for "car"; fused with the encoder, the automobile comes first."""
    assert FileStore(root).legs == ["bm25", "neighbours"]
    lexical = store_with(root, False)
    assert lexical.search("Any trouble with the car?", 3, touch=False) == []
    fused = FileStore(root, semantic=ConceptEncoder())
    assert fused.legs == ["bm25", "neighbours", "semantic"]
    hits = fused.search("Any trouble with the car?", 3, touch=False, explain=True)
    assert hits[0].memory.text == TEXTS[0]
    assert hits[0].explain["fusion"]["cosine"] > hits[-1].explain["fusion"]["cosine"]


def test_vectors_are_encoded_once_and_kept_beside_the_files(root: Path) -> None:
    """A restart or a rebuild re-encodes nothing; a new memory costs one encoding."""
    first = ConceptEncoder()
    store = store_with(root, first)
    store.search("car", 1, touch=False)
    assert sorted(first.encoded[:-1]) == sorted(TEXTS) and first.encoded[-1] == "car"
    again = ConceptEncoder()
    reopened = FileStore(root, semantic=again)
    reopened.rebuild()
    reopened.search("car", 1, touch=False)
    assert again.encoded == ["car"]  # only the query
    settings = settings_from_values({"AGENTMEM_USER_ID": "tester", "AGENTMEM_ROOT": str(root)})
    Harvester(settings, reopened).submit(semantic("Rain delays the payment run."), trigger="manual")
    reopened.search("weather", 1, touch=False)
    assert again.encoded == ["car", "Rain delays the payment run.", "weather"]


def test_fusion_puts_both_legs_on_one_scale() -> None:
    """Lexical scores are divided by their best, cosines min-max scaled, then mixed evenly."""
    fused = fuse(np.array([4.0, 2.0, 0.0]), np.array([0.2, 0.6, 1.0]))
    assert np.allclose(fused, [0.5, 0.5 * 0.5 + 0.5 * 0.5, 0.5])
    assert np.allclose(fuse(np.zeros(2), np.array([0.3, 0.3])), [0.0, 0.0])


def test_without_the_extra_the_semantic_leg_says_how_to_get_it(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """No sentence-transformers: a clear error naming the extra, not an ImportError."""
    monkeypatch.setitem(sys.modules, "sentence_transformers", None)
    with pytest.raises(SemanticUnavailable, match=r"agentmem-loop\[semantic\]"):
        MiniLmEncoder()


def test_semantic_setting_reaches_the_store(root: Path) -> None:
    """AGENTMEM_SEMANTIC=true opens the files backend with the semantic leg."""
    from agentmem.stores import open_store

    on = settings_from_values({"AGENTMEM_ROOT": str(root), "AGENTMEM_SEMANTIC": "true"})
    off = settings_from_values({"AGENTMEM_ROOT": str(root)})
    assert "semantic" in open_store(on).legs  # type: ignore[attr-defined]
    assert "semantic" not in open_store(off).legs  # type: ignore[attr-defined]


def test_minilm_leg_ranks_a_paraphrase_first(root: Path, minilm: MiniLmEncoder) -> None:
    """The real offline MiniLM model (agentmem-loop[semantic], loaded once per session, as
    for the mem0 tests): paraphrases that share no word with their memory come first, and
    the cosine that put them there is MiniLM's."""
    store = store_with(root, False)
    assert store.search("Any trouble with the car?", 3, touch=False) == []  # BM25: no word
    fused = FileStore(root, semantic=minilm)
    assert fused.legs == ["bm25", "neighbours", "semantic"]
    for question, wanted in (
        ("Any trouble with the car?", TEXTS[0]),
        ("When is billing data sent out?", TEXTS[1]),
        ("Is the port shut in bad weather?", TEXTS[2]),
    ):
        hits = fused.search(question, 3, touch=False, explain=True)
        assert hits[0].memory.text == wanted, (question, [h.memory.text for h in hits])
    vectors = minilm.encode(["car", "automobile", "invoice"])
    assert vectors.shape == (3, 384) and np.allclose(np.linalg.norm(vectors, axis=1), 1.0)
    assert vectors[0] @ vectors[1] > vectors[0] @ vectors[2]  # a car is nearer an automobile
