"""A write followed by a search adds the new memories to the ranking instead of rebuilding it,
and ranks exactly as a fresh rebuild (and as bm25s itself) would: same scores, same order."""

from __future__ import annotations

import hashlib
import random
import shutil
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

import bm25s
import numpy as np
import pytest
from numpy.typing import NDArray

from agentmem.core.model import Memory, content_key, memory_id
from agentmem.retrieval.ranking import RankingParams
from agentmem.stores import rankview
from agentmem.stores.base import Filters
from agentmem.stores.bm25 import Bm25Index, TokenCache
from agentmem.stores.filestore import FileStore
from agentmem.stores.postings import Postings
from agentmem.stores.rankview import RankView

WORDS = [f"{a}{b}" for a in ("alp", "bet", "gam", "del", "eps") for b in ("ax", "on", "ir")]
CONFIDENCE = {  # each type's allowed confidences (the validator's ranges)
    "semantic": [0.7, 0.8, 0.95],
    "episodic": [1.0],
    "procedural": [0.6, 0.75, 0.9],
    "reflective": [0.7, 0.8],
}
START = datetime(2026, 3, 1, tzinfo=UTC)
NOW = datetime(2026, 6, 1, tzinfo=UTC)
PARAMS = [RankingParams(), RankingParams(k1=1.2, b=0.75), RankingParams(k1=0.9, b=0.0)]


def words(rng: random.Random, most: int) -> list[str]:
    # Skewed draws: a few terms are in most documents, most terms in few, some repeat.
    return [WORDS[min(int(rng.paretovariate(0.8)) - 1, len(WORDS) - 1)] for _ in range(most)]


def make_memory(rng: random.Random, i: int, known: list[str]) -> Memory:
    kind = rng.choice(list(CONFIDENCE))
    text = " ".join(words(rng, rng.randint(0, 12))) or "ok"
    created = START + timedelta(minutes=rng.randint(0, 5000))
    fields: dict[str, object] = {}
    if known and rng.random() < 0.15:
        fields["supersedes"] = (rng.choice(known),)
    if rng.random() < 0.2:
        fields["tags"] = tuple(rng.sample(WORDS, rng.randint(1, 2)))
    if rng.random() < 0.1:
        fields["expires_at"] = (NOW + timedelta(days=rng.randint(-5, 5))).isoformat()
    return Memory(
        id=memory_id(kind, content_key(f"{text} {i}", "u", "executive", "app")),
        text=text,
        type=kind,
        confidence=rng.choice(CONFIDENCE[kind]),
        user_id="u",
        app_id=rng.choice(["app", "other"]),
        run_id=f"2026-03-01-run-{rng.randint(0, 4)}",
        trigger="manual",
        created_at=created.isoformat(timespec="seconds"),
        **fields,  # type: ignore[arg-type]
    )


def corpus(
    rng: random.Random, n: int, start: int = 0, known: list[str] | None = None
) -> list[Memory]:
    known = list(known or [])
    out = []
    for i in range(start, start + n):
        memory = make_memory(rng, i, known)
        known.append(memory.id)
        out.append(memory)
    return out


def queries(rng: random.Random) -> list[str]:
    return [" ".join(rng.sample(WORDS, rng.randint(1, 4))) for _ in range(8)] + [
        f"{WORDS[0]} {WORDS[0]} {WORDS[1]}",  # a repeated term counts twice, as in bm25s
        "nothing matches this",
    ]


def test_postings_score_exactly_as_bm25s() -> None:
    """Built in one go or grown by appends (folded or not), the postings give bm25s's float32
    scores bit for bit, whatever k1 and b, including empty documents and repeated terms."""
    rng = random.Random(7)
    for _trial in range(150):
        docs = [words(rng, rng.randint(0, 14)) for _ in range(rng.randint(1, 60))]
        params = rng.choice(PARAMS)
        split = rng.randint(0, len(docs))
        postings = Postings.build(docs[:split])
        for doc in docs[split:]:
            postings.append(doc)
            if rng.random() < 0.2:
                postings.fold()
        reference = bm25s.BM25(k1=params.k1, b=params.b)
        reference.index([d or [""] for d in docs], show_progress=False)
        for query in queries(rng):
            terms = [t for t in query.split() if t in reference.vocab_dict]
            if terms:
                expected = reference.get_scores(terms)
                got = postings.scores(terms, params.k1, params.b)
                assert got.dtype == expected.dtype and np.array_equal(got, expected)


def test_index_add_matches_a_fresh_build() -> None:
    """Documents inserted at any rows score (and explain) exactly as a fresh build over the
    final rows does."""
    rng = random.Random(11)
    for _trial in range(60):
        params = rng.choice(PARAMS)
        docs = [" ".join(words(rng, rng.randint(0, 10))) for _ in range(rng.randint(1, 30))]
        ids = [f"m{i}" for i in range(len(docs))]
        index = Bm25Index.build(docs, params, TokenCache(), ids)
        for _round in range(rng.randint(1, 4)):
            count = rng.randint(1, 5)
            at = sorted(rng.randint(0, len(docs)) for _ in range(count))
            new_ids = [f"m{len(ids) + j}" for j in range(count)]
            new_docs = [" ".join(words(rng, rng.randint(0, 10))) for _ in range(count)]
            index.add(at, new_ids, new_docs, TokenCache())
            ids = np.insert(np.array(ids, dtype=object), at, new_ids).tolist()
            docs = np.insert(np.array(docs, dtype=object), at, new_docs).tolist()
        fresh = Bm25Index.build(docs, params, TokenCache(), ids)
        for query in queries(rng):
            assert np.array_equal(index.scores(query), fresh.scores(query))
            row = rng.randrange(len(docs))
            assert index.term_scores(query, row) == fresh.term_scores(query, row)


def test_view_add_matches_a_fresh_build(tmp_path: Path) -> None:
    """Every array of a view grown by `add` equals the one a build over all memories makes:
    row order, neighbours, supersession, decay inputs, expiry, cached filter masks."""
    rng = random.Random(3)
    scopes = [Filters(), Filters(app_ids=["app"]), Filters(tags_any=[WORDS[0]])]
    for trial in range(25):
        params = rng.choice(PARAMS)
        memories = corpus(rng, rng.randint(1, 40))
        access = {m.id: (NOW - timedelta(days=3), 1) for m in memories[:: rng.randint(2, 5)]}
        view = RankView.build({m.id: m for m in memories}, access, tmp_path / f"a{trial}", params)
        for scope in scopes:
            view.admitted(scope, NOW)  # fill the mask cache, so add must extend it
        for _round in range(3):
            fresh = corpus(rng, rng.randint(1, 6), len(memories), [m.id for m in memories])
            memories += fresh
            view.add(fresh, access, None, TokenCache())
        whole = RankView.build({m.id: m for m in memories}, access, tmp_path / f"b{trial}", params)
        assert [m.id for m in view.memories] == [m.id for m in whole.memories]
        assert view.keys == whole.keys
        for name in ("neighbours", "static", "superseded", "last_seen", "expires"):
            assert np.array_equal(getattr(view, name), getattr(whole, name)), name
        for scope in scopes:
            assert np.array_equal(view.admitted(scope, NOW), whole.admitted(scope, NOW))
        assert [view.row(m.id) for m in memories] == [whole.row(m.id) for m in memories]
        for query in queries(rng):
            assert np.array_equal(view.index.scores(query), whole.index.scores(query))


@pytest.fixture
def frozen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("agentmem.stores.canonical.utcnow", lambda: NOW)  # every store's clock


@pytest.fixture
def builds(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Counts whole view builds, so a test can tell the incremental path was taken."""
    calls: list[int] = []
    original = RankView.build.__func__  # type: ignore[attr-defined]

    def counted(cls: type[RankView], *args: object, **kwargs: object) -> RankView:
        calls.append(1)
        return original(cls, *args, **kwargs)  # type: ignore[no-any-return]

    monkeypatch.setattr(rankview.RankView, "build", classmethod(counted))
    return calls


class WordHashEncoder:
    """A small deterministic encoder plugin: each word adds to one of 16 directions."""

    name = "word-hash"

    def encode(self, texts: Sequence[str]) -> NDArray[np.float32]:
        rows = np.full((len(texts), 16), 0.01, dtype=np.float32)
        for i, text in enumerate(texts):
            for word in text.split():
                rows[i, hashlib.sha256(word.encode()).digest()[0] % 16] += 1.0
        return rows / np.linalg.norm(rows, axis=1, keepdims=True)


def rebuilt_copy(root: Path, tmp_path: Path, semantic: bool = False) -> FileStore:
    """The same memory files in a new root with no derived state: a from-scratch rebuild."""
    copy = tmp_path / f"copy-{len(list(tmp_path.iterdir()))}"
    shutil.copytree(root / "entries", copy / "entries")
    store = FileStore(copy, semantic=WordHashEncoder() if semantic else False)
    store.rebuild()
    return store


def same_ranking(store: FileStore, other: FileStore, rng: random.Random) -> None:
    for query in queries(rng):
        for filters in (Filters(), Filters(app_ids=["other"]), Filters(include_expired=True)):
            mine, theirs = store._scored(query, filters), other._scored(query, filters)
            assert mine is not None and theirs is not None
            assert [m.id for m in mine.view.memories] == [m.id for m in theirs.view.memories]
            assert np.array_equal(mine.score, theirs.score), query
            if mine.cosine is not None or theirs.cosine is not None:
                assert mine.cosine is not None and theirs.cosine is not None
                assert np.array_equal(mine.cosine, theirs.cosine), query
            hits = store.search(query, 10, filters, touch=False, explain=True)
            again = other.search(query, 10, filters, touch=False, explain=True)
            assert [(h.memory.id, h.score, h.explain) for h in hits] == [
                (h.memory.id, h.score, h.explain) for h in again
            ]


def test_write_then_search_adds_and_ranks_as_a_rebuild(
    root: Path, tmp_path: Path, frozen: None, builds: list[int]
) -> None:
    """Hook C writes, hook B searches, over and over: one view build in all, and after every
    cycle the scores equal a from-scratch rebuild of the same files."""
    rng = random.Random(5)
    store = FileStore(root)
    memories = corpus(rng, 30)
    for memory in memories:
        store.put(memory)
    store.search(WORDS[0], 5, touch=False)
    for cycle in range(6):
        fresh = corpus(rng, rng.randint(1, 3), 100 * (cycle + 1), [m.id for m in memories])
        for memory in fresh:
            store.put(memory)
        memories += fresh
        same_ranking(store, rebuilt_copy(root, tmp_path), rng)
    assert len(builds) == 1 + 6  # this store's first build, then one per rebuilt copy


def test_the_semantic_leg_is_added_to_as_well(
    root: Path, tmp_path: Path, frozen: None, builds: list[int]
) -> None:
    """With an encoder plugged in, new memories' vectors join the rows too: cosine and fused
    scores equal a from-scratch rebuild's, with no second build."""
    rng = random.Random(19)
    store = FileStore(root, semantic=WordHashEncoder())
    memories = corpus(rng, 20)
    for memory in memories:
        store.put(memory)
    store.search(WORDS[0], 5, touch=False)
    for cycle in range(3):
        fresh = corpus(rng, 2, 100 * (cycle + 1), [m.id for m in memories])
        for memory in fresh:
            store.put(memory)
        memories += fresh
        same_ranking(store, rebuilt_copy(root, tmp_path, semantic=True), rng)
    assert len(builds) == 1 + 3


def test_an_edit_or_removal_rebuilds_and_still_ranks_as_a_rebuild(
    root: Path, tmp_path: Path, frozen: None
) -> None:
    """A memory rewritten in place or a file deleted is not an addition: the view is built
    afresh, and ranks as a rebuild does."""
    rng = random.Random(9)
    store = FileStore(root, sweep_interval_s=0)
    memories = corpus(rng, 25)
    for memory in memories:
        store.put(memory)
    store.search(WORDS[0], 5, touch=False)
    store.put(memories[3].model_copy(update={"text": f"{WORDS[2]} {WORDS[5]} rewritten"}))
    same_ranking(store, rebuilt_copy(root, tmp_path), rng)
    (root / "entries" / f"{memories[7].id}.md").unlink()
    same_ranking(store, rebuilt_copy(root, tmp_path), rng)


def test_another_writers_files_are_added(
    root: Path, tmp_path: Path, frozen: None, builds: list[int]
) -> None:
    """Memories another process wrote are found by the sweep and added without a rebuild."""
    rng = random.Random(13)
    store = FileStore(root)
    memories = corpus(rng, 20)
    for memory in memories:
        store.put(memory)
    store.search(WORDS[0], 5, touch=False)
    other = FileStore(root)  # the writer in another process: its own catalog
    for memory in corpus(rng, 3, 50, [m.id for m in memories]):
        other.put(memory)
    same_ranking(store, rebuilt_copy(root, tmp_path), rng)
    assert len(builds) == 2  # this store's first build and the rebuilt copy's


def test_a_new_process_extends_the_saved_index(root: Path, tmp_path: Path, frozen: None) -> None:
    """A saved index that lacks the memories written since is loaded and extended, not
    rebuilt; a saved index holding an edited memory is rebuilt. Both rank as a rebuild."""
    rng = random.Random(17)
    store = FileStore(root)
    memories = corpus(rng, 20)
    for memory in memories:
        store.put(memory)
    store.search(WORDS[0], 5, touch=False)  # builds and saves the index
    for memory in corpus(rng, 4, 50, [m.id for m in memories]):
        store.put(memory)  # written, never searched: the saved index does not hold them
    built = Postings.build
    calls: list[int] = []
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Postings, "build", lambda docs: calls.append(1) or built(docs))
        reopened = FileStore(root)
        reopened.search(WORDS[0], 5, touch=False)
    assert not calls  # loaded from disk and extended
    same_ranking(reopened, rebuilt_copy(root, tmp_path), rng)
    path = root / "entries" / f"{memories[0].id}.md"
    path.write_text(path.read_text(encoding="utf-8").rstrip("\n") + f" {WORDS[4]}\n", "utf-8")
    assert WORDS[4] in FileStore(root).get(memories[0].id, touch=False).text
    same_ranking(FileStore(root), rebuilt_copy(root, tmp_path), rng)


def test_catalog_reports_what_arrived(root: Path) -> None:
    """`added_since` lists ids that arrived after a version, and refuses (None) once a memory
    changed or went away in between."""
    rng = random.Random(21)
    store = FileStore(root)
    catalog = store.catalog
    first, second, third = corpus(rng, 3)
    start = catalog.version
    store.put(first)
    store.put(second)
    assert catalog.added_since(start) == [first.id, second.id]
    assert catalog.added_since(catalog.version) == []
    store.put(first.model_copy(update={"text": "changed"}))
    assert catalog.added_since(start) is None
    middle = catalog.version
    store.put(third)
    assert catalog.added_since(middle) == [third.id]
    catalog.note_removed(second.id)
    assert catalog.added_since(middle) is None
    assert catalog.added_since(-1) is None  # older than anything remembered


def test_the_default_tokenizer_stems() -> None:
    """Stemming ships with the default install (PyStemmer is a dependency), so a fresh
    clone ranks as the README measures: `signatures` and `signature` are one term."""
    from agentmem.stores.bm25 import tokenize

    assert tokenize("signatures") == ["signatur"]
    assert tokenize("Verified signature") == tokenize("verifying signatures")
