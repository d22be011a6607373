"""The derived lexical index: BM25 (bm25s) over each memory's text and tags.

The index is saved beside the files (`.agentmem/bm25/`) under a fingerprint of the
documents it was built from, so a new process loads it instead of re-indexing; a
fingerprint that no longer matches means the files changed, and the index is rebuilt.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import shutil
import tempfile
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

import bm25s
import numpy as np
from numpy.typing import NDArray

from agentmem.ranking import DEFAULT_PARAMS, RankingParams

WORD = re.compile(r"\w\w+", re.UNICODE)
FINGERPRINT = "fingerprint.txt"
INDEX_FORMAT = 1


@lru_cache(maxsize=1)
def _stopwords() -> frozenset[str]:
    from bm25s.stopwords import STOPWORDS_EN

    return frozenset(STOPWORDS_EN)


@lru_cache(maxsize=1)
def _stemmer() -> Any:
    try:
        import Stemmer
    except ImportError:  # PyStemmer is optional; without it terms match exactly
        return None
    return Stemmer.Stemmer("english")


@lru_cache(maxsize=65536)
def _stem(word: str) -> str:
    stemmer = _stemmer()
    return word if stemmer is None else str(stemmer.stemWord(word))


def tokenize(text: str) -> list[str]:
    """Lowercase words of two or more characters, stopwords dropped, stemmed.

    Dropping stopwords is also the query rewrite: a whole question ("When did Ana move to
    Lyon?") keeps only the words that can match ("ana", "move", "lyon").
    """
    stop = _stopwords()
    return [_stem(w) for w in WORD.findall(text.lower()) if w not in stop]


def fingerprint(ids: Sequence[str], documents: Sequence[str], params: RankingParams) -> str:
    """What the saved index was built from: every id and document, in order, and the params."""
    digest = hashlib.sha256(f"{INDEX_FORMAT}|{params.k1}|{params.b}".encode())
    for memory_id, document in zip(ids, documents, strict=True):
        digest.update(memory_id.encode("utf-8", "surrogatepass") + b"\x1f")
        digest.update(document.encode("utf-8", "surrogatepass") + b"\x1e")
    return digest.hexdigest()


class TokenCache:
    """Each document's tokens from the last build, so a rebuild after a few writes
    tokenizes only the new documents (tokenizing is half of a rebuild's time)."""

    def __init__(self) -> None:
        self._tokens: dict[str, list[str]] = {}

    def tokens(self, documents: Sequence[str]) -> list[list[str]]:
        known = self._tokens
        fresh = {d: known.get(d) or tokenize(d) for d in documents}
        self._tokens = fresh
        return [fresh[d] for d in documents]


class Bm25Index:
    """BM25 scores for every document at once, so ranking can weigh them all."""

    def __init__(self, retriever: Any, size: int) -> None:
        self._retriever = retriever
        self.size = size

    @classmethod
    def build(
        cls,
        documents: Sequence[str],
        params: RankingParams = DEFAULT_PARAMS,
        tokens: TokenCache | None = None,
    ) -> Bm25Index:
        retriever = None
        if documents:
            retriever = bm25s.BM25(k1=params.k1, b=params.b)
            tokenized = (tokens or TokenCache()).tokens(documents)
            retriever.index([t or [""] for t in tokenized], show_progress=False)
        return cls(retriever, len(documents))

    @classmethod
    def cached(
        cls,
        folder: Path,
        ids: Sequence[str],
        documents: Sequence[str],
        params: RankingParams = DEFAULT_PARAMS,
        tokens: TokenCache | None = None,
    ) -> Bm25Index:
        """Load the saved index if it was built from these documents; else build and save."""
        mark = fingerprint(ids, documents, params)
        loaded = cls._load(folder, mark, len(documents))
        if loaded is not None:
            return loaded
        index = cls.build(documents, params, tokens)
        index._save(folder, mark)
        return index

    @classmethod
    def _load(cls, folder: Path, mark: str, size: int) -> Bm25Index | None:
        try:
            if (folder / FINGERPRINT).read_text(encoding="utf-8") != mark:
                return None
            if size == 0:
                return cls(None, 0)
            retriever = bm25s.BM25.load(str(folder), show_progress=False, verbosity=0)
        except (OSError, ValueError, KeyError, json.JSONDecodeError):
            return None  # derived data: anything unreadable is rebuilt from the files
        return cls(retriever, size)

    def _save(self, folder: Path, mark: str) -> None:
        # Written into a fresh folder, then swapped in, so a reader never loads half an index.
        folder.parent.mkdir(parents=True, exist_ok=True)
        staging = Path(tempfile.mkdtemp(prefix=".bm25-", dir=folder.parent))
        try:
            if self._retriever is not None:
                self._retriever.save(str(staging), show_progress=False)
            (staging / FINGERPRINT).write_text(mark, encoding="utf-8")
            with contextlib.suppress(FileNotFoundError):
                shutil.rmtree(folder)
            staging.rename(folder)
        except OSError:
            pass  # an index that cannot be saved is rebuilt next time; the files are intact
        finally:
            shutil.rmtree(staging, ignore_errors=True)

    def known(self, tokens: Sequence[str]) -> list[str]:
        if self._retriever is None:
            return []
        vocab = self._retriever.vocab_dict
        return [t for t in tokens if t in vocab and t != ""]

    def scores(self, query: str) -> NDArray[np.float64]:
        """One BM25 score per document (zeros where no query term occurs)."""
        tokens = self.known(tokenize(query))
        if not tokens:
            return np.zeros(self.size, dtype=np.float64)
        return np.asarray(self._retriever.get_scores(tokens), dtype=np.float64)

    def term_scores(self, query: str, index: int) -> dict[str, float]:
        """Per-term BM25 contribution for one document: the explanation of its score."""
        out: dict[str, float] = {}
        for token in dict.fromkeys(self.known(tokenize(query))):
            out[token] = float(self._retriever.get_scores([token])[index])
        return out
