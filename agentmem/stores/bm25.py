"""The derived lexical index: BM25 (bm25s) over each memory's text and tags."""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

import bm25s
import numpy as np
from numpy.typing import NDArray

_WORD = re.compile(r"\w\w+", re.UNICODE)


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
    """Lowercase words of two or more characters, stopwords dropped, stemmed."""
    stop = _stopwords()
    return [_stem(w) for w in _WORD.findall(text.lower()) if w not in stop]


class Bm25Index:
    """BM25 scores for every document at once, so ranking can weigh them all."""

    def __init__(self, documents: Sequence[str]) -> None:
        self.size = len(documents)
        self._retriever: Any = None
        if documents:
            self._retriever = bm25s.BM25()
            self._retriever.index([tokenize(d) or [""] for d in documents], show_progress=False)

    def known(self, tokens: Sequence[str]) -> list[str]:
        if self._retriever is None:
            return []
        vocab = self._retriever.vocab_dict
        return [t for t in tokens if t in vocab and t != ""]

    def scores(self, query: str) -> NDArray[np.float32]:
        """One BM25 score per document (zeros where no query term occurs)."""
        tokens = self.known(tokenize(query))
        if not tokens:
            return np.zeros(self.size, dtype=np.float32)
        return np.asarray(self._retriever.get_scores(tokens), dtype=np.float32)

    def term_scores(self, query: str, index: int) -> dict[str, float]:
        """Per-term BM25 contribution for one document: the explanation of its score."""
        out: dict[str, float] = {}
        for token in dict.fromkeys(self.known(tokenize(query))):
            out[token] = float(self._retriever.get_scores([token])[index])
        return out
