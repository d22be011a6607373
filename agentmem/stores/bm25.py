"""The derived lexical index: BM25 over each memory's text and tags.

Scores are bm25s's own (agentmem.stores.postings works them out at query time, so a new
memory joins the index without a rebuild). The index is saved beside the files
(`.agentmem/bm25/`) with a fingerprint of the documents it holds: a new process loads it
when those documents are all still there unchanged, and adds the ones written since;
anything else (an edit, a removal, an unreadable file) rebuilds it from the files.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import re
import shutil
import tempfile
import zlib
from collections.abc import Iterable, Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any
from zipfile import BadZipFile

import numpy as np
import structlog
from numpy.typing import NDArray

from agentmem.retrieval.ranking import DEFAULT_PARAMS, RankingParams
from agentmem.stores.folding import fold
from agentmem.stores.postings import Postings

log = structlog.get_logger("agentmem")

WORD = re.compile(r"\w\w+", re.UNICODE)
META = "index.json"
ARRAYS = "postings.npz"
INDEX_FORMAT = 4  # 3: always stemmed (an index built without PyStemmer is rebuilt); 4: folded
SAVE_AFTER = 200  # documents added since the last save before saving again (or a tenth)
Ints = NDArray[np.int64]
# A query's known terms (in order, repeats kept) and each one's (slots, weights).
Weighed = tuple[list[str], dict[str, tuple[NDArray[np.int32], NDArray[np.float32]]]]


@lru_cache(maxsize=1)
def _stopwords() -> frozenset[str]:
    from bm25s.stopwords import STOPWORDS_EN

    return frozenset(STOPWORDS_EN)


@lru_cache(maxsize=1)
def _stemmer() -> Any:
    import Stemmer  # a dependency: recall without it is 0.61 R@10 on LoCoMo dev, not 0.68

    return Stemmer.Stemmer("english")


@lru_cache(maxsize=65536)
def _stem(word: str) -> str:
    return fold(str(_stemmer().stemWord(word)))


def tokenize(text: str) -> list[str]:
    """Lowercase words of two or more characters, stopwords dropped, stemmed and folded
    (agentmem.stores.folding).

    Dropping stopwords is also the query rewrite: a whole question ("When did Ana move to
    Lyon?") keeps only the words that can match ("ana", "move", "lyon").
    """
    stop = _stopwords()
    return [_stem(w) for w in WORD.findall(text.lower()) if w not in stop]


def _postings(parts: dict[str, NDArray[Any]], documents: int, terms: list[str]) -> Postings:
    """Postings from the saved arrays, checked to be whole (a ValueError when not)."""
    lengths, indptr = parts["lengths"].astype(np.int64), parts["indptr"].astype(np.int64)
    slots, counts = parts["slots"].astype(np.int32), parts["counts"].astype(np.int32)
    whole = (
        (len(lengths), len(indptr) - 1) == (documents, len(terms))
        and len(slots) == len(counts) == int(indptr[-1])
        and int(indptr[0]) == 0
        and bool(np.all(np.diff(indptr) >= 0))
        and (len(slots) == 0 or 0 <= int(slots.min()) <= int(slots.max()) < documents)
    )
    if not whole:
        raise ValueError("the saved arrays do not fit together")
    return Postings({t: i for i, t in enumerate(terms)}, indptr, slots, counts, lengths)


class Fingerprint:
    """What an index was built from: every id and document, in slot order, and the params."""

    def __init__(self, params: RankingParams) -> None:
        self._hash = hashlib.sha256(f"{INDEX_FORMAT}|{params.k1}|{params.b}".encode())

    def add(self, ids: Iterable[str], documents: Iterable[str]) -> None:
        update = self._hash.update
        for memory_id, document in zip(ids, documents, strict=True):
            update(memory_id.encode("utf-8", "surrogatepass") + b"\x1f")
            update(document.encode("utf-8", "surrogatepass") + b"\x1e")

    def hexdigest(self) -> str:
        return self._hash.hexdigest()


class TokenCache:
    """Each document's tokens from the last build, so a rebuild after a few writes
    tokenizes only the new documents (tokenizing is half of a rebuild's time)."""

    def __init__(self) -> None:
        self._tokens: dict[str, list[str]] = {}

    def tokens(self, documents: Sequence[str]) -> list[list[str]]:
        """Tokens of exactly these documents; the cache forgets any other."""
        known = self._tokens
        fresh = {d: known.get(d) or tokenize(d) for d in documents}
        self._tokens = fresh
        return [fresh[d] for d in documents]

    def add(self, documents: Sequence[str]) -> list[list[str]]:
        """Tokens of these documents, kept beside the ones already cached."""
        known = self._tokens
        for d in documents:
            if d not in known:
                known[d] = tokenize(d)
        return [known[d] for d in documents]


class Bm25Index:
    """BM25 scores for every document at once, so ranking can weigh them all.

    Documents live in slots (the order they joined), mapped to the caller's rows, so a
    document inserted mid-way through the rows moves nothing in the postings.
    """

    def __init__(
        self,
        postings: Postings,
        ids: list[str],
        mark: Fingerprint,
        params: RankingParams,
        folder: Path | None = None,
    ) -> None:
        self._postings = postings
        self._ids = ids  # per slot
        self._mark = mark
        self._slot_of = {memory_id: slot for slot, memory_id in enumerate(ids)}
        self._params = params
        self._folder = folder
        self._saved = len(ids) if folder is not None else 0  # slots the saved copy holds
        self._rows: Ints = np.arange(len(ids), dtype=np.int64)  # slot -> row

    @property
    def size(self) -> int:
        return len(self._rows)

    def row(self, memory_id: str) -> int | None:
        slot = self._slot_of.get(memory_id)
        return None if slot is None else int(self._rows[slot])

    @classmethod
    def build(
        cls,
        documents: Sequence[str],
        params: RankingParams = DEFAULT_PARAMS,
        tokens: TokenCache | None = None,
        ids: Sequence[str] | None = None,
    ) -> Bm25Index:
        ids = list(ids) if ids is not None else [str(i) for i in range(len(documents))]
        postings = Postings.build((tokens or TokenCache()).tokens(documents))
        mark = Fingerprint(params)
        mark.add(ids, documents)
        return cls(postings, ids, mark, params)

    @classmethod
    def cached(
        cls,
        folder: Path,
        ids: Sequence[str],
        documents: Sequence[str],
        params: RankingParams = DEFAULT_PARAMS,
        tokens: TokenCache | None = None,
    ) -> Bm25Index:
        """Load the saved index if every document it holds is unchanged (adding the ones
        written since); else build it and save it."""
        loaded = cls._load(folder, params)
        if loaded is not None and loaded[0]._catch_up(ids, documents, loaded[1], tokens):
            return loaded[0]
        index = cls.build(documents, params, tokens, ids)
        index._folder = folder
        index._save()
        return index

    def _catch_up(
        self,
        ids: Sequence[str],
        documents: Sequence[str],
        saved_mark: str,
        tokens: TokenCache | None,
    ) -> bool:
        """Take the caller's rows if every saved document is still there unchanged, adding
        the ones written since; False when one changed or went away (or too many are new)."""
        same = self._ids == list(ids)  # nothing written since the save: rows are the slots
        missing: list[int] = []
        saved = documents
        if not same:
            current = dict(zip(ids, documents, strict=True))
            if any(i not in current for i in self._ids):
                return False
            saved = [current[i] for i in self._ids]
            missing = [row for row, i in enumerate(ids) if i not in self._slot_of]
            if len(missing) > max(SAVE_AFTER, len(ids) // 10):
                return False
        mark = Fingerprint(self._params)
        mark.add(self._ids, saved)
        if mark.hexdigest() != saved_mark:
            return False
        self._mark = mark
        if not same:
            self._append([ids[r] for r in missing], [documents[r] for r in missing], tokens)
            slots = np.fromiter((self._slot_of[i] for i in ids), np.int64, len(ids))
            self._rows = np.empty(len(ids), dtype=np.int64)
            self._rows[slots] = np.arange(len(ids), dtype=np.int64)
        return True

    def add(
        self,
        positions: Sequence[int],
        ids: Sequence[str],
        documents: Sequence[str],
        tokens: TokenCache | None = None,
    ) -> None:
        """Insert documents into the rows: `ids[j]` goes before current row `positions[j]`
        (numpy.insert's rule; positions ascending)."""
        self._append(ids, documents, tokens)
        at = np.asarray(positions, dtype=np.int64)
        # A row moves down by the number of insertions at or above it (numpy.insert's rule).
        moved = self._rows + np.searchsorted(at, self._rows, side="right")
        self._rows = np.concatenate([moved, at + np.arange(len(at), dtype=np.int64)])

    def _append(
        self, ids: Sequence[str], documents: Sequence[str], tokens: TokenCache | None
    ) -> list[int]:
        tokenized = (tokens or TokenCache()).add(documents)
        slots = []
        for memory_id, document, terms in zip(ids, documents, tokenized, strict=True):
            slot = self._postings.append(terms)
            self._ids.append(memory_id)
            self._mark.add([memory_id], [document])
            self._slot_of[memory_id] = slot
            slots.append(slot)
        unsaved = len(self._ids) - self._saved
        if self._folder is not None and unsaved > max(SAVE_AFTER, len(self._ids) // 10):
            self._save()
        return slots

    # -- the saved copy -------------------------------------------------------------------
    @classmethod
    def _load(cls, folder: Path, params: RankingParams) -> tuple[Bm25Index, str] | None:
        if not (folder / META).exists():
            return None  # never saved (or removed by rebuild): nothing to warn about
        try:
            meta = json.loads((folder / META).read_text(encoding="utf-8"))
            if meta["format"] != INDEX_FORMAT or [meta["k1"], meta["b"]] != [params.k1, params.b]:
                return None
            with np.load(folder / ARRAYS, allow_pickle=False) as arrays:
                parts = {name: arrays[name] for name in arrays.files}
            ids, terms = [str(i) for i in meta["ids"]], [str(t) for t in meta["terms"]]
            postings = _postings(parts, len(ids), terms)
            fingerprint = str(meta["fingerprint"])
        except (OSError, ValueError, KeyError, TypeError, IndexError, EOFError, BadZipFile,
                zlib.error) as exc:  # fmt: skip
            # Derived data: a truncated or garbled index is rebuilt from the files.
            log.warning(
                "derived_state_damaged",
                path=str(folder),
                reason=f"{type(exc).__name__}: {exc}",
                action="rebuilt from entries/",
            )
            return None
        return cls(postings, ids, Fingerprint(params), params, folder), fingerprint

    def _save(self) -> None:
        # Written into a fresh folder, then swapped in, so a reader never loads half an index.
        folder = self._folder
        if folder is None:
            return
        postings = self._postings
        postings.fold()
        try:  # a read-only root keeps the index in memory: searching still works
            folder.parent.mkdir(parents=True, exist_ok=True)
            staging = Path(tempfile.mkdtemp(prefix=".bm25-", dir=folder.parent))
        except OSError:
            return
        try:
            terms = sorted(postings.vocab, key=postings.vocab.__getitem__)
            meta = {
                "format": INDEX_FORMAT,
                "k1": self._params.k1,
                "b": self._params.b,
                "fingerprint": self._mark.hexdigest(),
            }
            (staging / META).write_text(
                json.dumps({**meta, "ids": self._ids, "terms": terms}), encoding="utf-8"
            )
            with open(staging / ARRAYS, "wb") as handle:
                np.savez(
                    handle,
                    indptr=postings.indptr,
                    slots=postings.slots,
                    counts=postings.counts,
                    lengths=postings.lengths,
                )
            with contextlib.suppress(FileNotFoundError):
                shutil.rmtree(folder)
            staging.rename(folder)
            self._saved = len(self._ids)
        except OSError:
            pass  # an index that cannot be saved is rebuilt next time; the files are intact
        finally:
            shutil.rmtree(staging, ignore_errors=True)

    # -- scoring --------------------------------------------------------------------------
    def known(self, tokens: Sequence[str]) -> list[str]:
        vocab = self._postings.vocab
        return [t for t in tokens if t in vocab and t != ""]

    def weigh(self, query: str) -> Weighed:
        """The query's known terms (in order, repeats kept) and each one's weights in the
        documents holding it, worked out once for the query's scores and its explanation
        (valid until the index changes)."""
        tokens = self.known(tokenize(query))
        k1, b = self._params.k1, self._params.b
        return tokens, {t: self._postings.weights(t, k1, b) for t in dict.fromkeys(tokens)}

    def scores(self, query: str, weighed: Weighed | None = None) -> NDArray[np.float64]:
        """One BM25 score per row (zeros where no query term occurs)."""
        tokens, weights = self.weigh(query) if weighed is None else weighed
        if not tokens:
            return np.zeros(self.size, dtype=np.float64)
        p = self._params
        by_row = self._postings.scores(tokens, p.k1, p.b, self._rows, weights)
        return np.asarray(by_row, dtype=np.float64)

    def term_weights(
        self, query: str, rows: Sequence[int], weighed: Weighed | None = None
    ) -> list[tuple[str, dict[int, float]]]:
        """Each query term with its weight in each of `rows` that holds it: what
        `term_scores` reads, worked out once for all the hits of one query (`weighed`:
        the query's `weigh`, when known)."""
        among = np.zeros(self.size, dtype=bool)
        among[list(rows)] = True
        out = []
        tokens, weights = self.weigh(query) if weighed is None else weighed
        for token in dict.fromkeys(tokens):
            slots, weight = weights[token]
            held = self._rows[slots]
            found: dict[int, float] = {}
            for at in np.flatnonzero(among[held]).tolist():
                found.setdefault(int(held[at]), float(weight[at]))  # its first, as below
            out.append((token, found))
        return out

    def term_scores(
        self, query: str, index: int, weights: list[tuple[str, dict[int, float]]] | None = None
    ) -> dict[str, float]:
        """Per-term BM25 contribution for one row: the explanation of its score
        (`weights`: the query's `term_weights` for rows among them `index`, when known)."""
        found = self.term_weights(query, [index]) if weights is None else weights
        return {token: weight.get(index, 0.0) for token, weight in found}
