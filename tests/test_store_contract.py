"""The store contract, one suite for every backend: files, mem0 (real, offline) and mem0-platform.

Every test runs three times (see tests/backends.py). Whatever the backend, the files are
the truth: reads return what the files say, rebuild and restore recreate the store from
them, and writing the same memory twice never leaves two copies anywhere.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest

from agentmem._exceptions import StoreError
from agentmem.core.model import Memory
from agentmem.core.writer import Harvester
from agentmem.harvest.snapshot import read_snapshot, restore, snapshot
from agentmem.settings import settings_from_values
from agentmem.stores.base import Filters
from agentmem.stores.postgres import PostgresStore
from agentmem.stores.projected import ProjectedStore
from tests.backends import Opener

NOW = datetime.now(UTC).replace(microsecond=0)


def mem(memory_id: str, text: str, **fields: Any) -> Memory:
    record: dict[str, Any] = {
        "id": memory_id,
        "text": text,
        "type": "semantic",
        "confidence": 0.8,
        "user_id": "tester",
        "app_id": "billing-api",
        "run_id": f"{NOW.date().isoformat()}-contract",
        "trigger": "manual",
        "created_at": NOW.isoformat(),
    }
    record.update(fields)
    return Memory.model_validate(record)


CORPUS = [
    mem(
        "semantic-vendor01",
        "The vendor API returns 400 unless every request carries the X-Trace header.",
    ),
    mem(
        "semantic-deploy01",
        "Deploys to staging need the VPN to be up before the pipeline starts.",
        app_id="infra",
    ),
    mem(
        "procedural-tests1",
        "Run the test suite with pytest -q before pushing a branch.",
        type="procedural",
        confidence=0.7,
    ),
    mem(
        "episodic-run00001",
        "Run 103 shipped the invoice export; all verifiers passed.",
        type="episodic",
        confidence=1.0,
    ),
]


def fill(store: Any) -> None:
    for memory in CORPUS:
        store.put(memory)


def test_put_then_get_list_and_count_return_the_files_record(backend: Opener, root: Path) -> None:
    """A stored memory reads back field for field, in get, list and count, on every backend."""
    store = backend.open(root)
    fill(store)
    assert store.count() == len(CORPUS)
    assert store.get("semantic-vendor01") == CORPUS[0]
    assert {m.id for m in store.list()} == {m.id for m in CORPUS}
    assert (root / "entries" / "semantic-vendor01.md").is_file()
    assert backend.remote_ids(store) == sorted(m.id for m in CORPUS)


QUESTION = "Which header must every request to the vendor API carry?"


def test_search_ranks_the_relevant_memory_first(backend: Opener, root: Path) -> None:
    """A whole question finds the memory that answers it, ahead of the others."""
    store = backend.open(root)
    fill(store)
    hits = store.search(QUESTION, k=3)
    assert hits, "no hit at all"
    assert hits[0].memory.id == "semantic-vendor01"
    assert hits[0].memory == CORPUS[0]  # text and envelope come from the file
    assert all(h.score > 0 for h in hits)
    if isinstance(store, ProjectedStore | PostgresStore):  # the remote ranked them, not the files
        explained, fallback = store.answer(QUESTION, k=3, explain=True)
        assert fallback is None
        assert [h.explain["backend"] for h in explained] == [backend.name] * len(explained)


def test_search_honours_app_and_type_filters(backend: Opener, root: Path) -> None:
    """Filters on app_id and type hold on every backend (mem0 OSS keeps app_id in metadata)."""
    store = backend.open(root)
    fill(store)
    question = "What must be up before deploys to staging start?"
    infra = store.search(question, k=5, filters=Filters(app_ids=("infra",)))
    assert [h.memory.id for h in infra][:1] == ["semantic-deploy01"]
    assert all(h.memory.app_id == "infra" for h in infra)
    billing = store.search(question, k=5, filters=Filters(app_ids=("billing-api",)))
    assert "semantic-deploy01" not in {h.memory.id for h in billing}
    procedural = store.search(
        "How do I run the test suite before pushing?", k=5, filters=Filters(types=("procedural",))
    )
    assert [h.memory.id for h in procedural] == ["procedural-tests1"]


def test_writing_the_same_memory_twice_keeps_one_copy(backend: Opener, root: Path) -> None:
    """The projection is keyed by the memory id: a repeated put is a no-op, never a double."""
    store = backend.open(root)
    store.put(CORPUS[0])
    store.put(CORPUS[0])
    assert store.count() == 1
    assert backend.remote_ids(store) == ["semantic-vendor01"]


def test_the_one_writer_dedups_on_every_backend(
    backend: Opener, root: Path, tmp_path: Path
) -> None:
    """The harvester's content dedup holds whatever the backend: a second draft is a duplicate."""
    store = backend.open(root)
    settings = settings_from_values(
        {"AGENTMEM_USER_ID": "tester", "AGENTMEM_ROOT": str(root)}, tmp_path
    )
    writer = Harvester(settings, store)
    draft = {
        "text": "Vendor Z needs header W on every call.",
        "type": "semantic",
        "confidence": 0.8,
    }
    first = writer.submit(draft, trigger="manual")
    second = writer.submit(
        {**draft, "text": "vendor z needs header W on every call"}, trigger="manual"
    )
    assert (first.status, second.status) == ("accepted", "duplicate")
    assert second.memory_id == first.memory_id
    assert backend.remote_ids(store) == [first.memory_id]


def test_a_hand_edited_file_wins_on_read(backend: Opener, root: Path) -> None:
    """Edit a memory's file by hand: get and search return the file's text, not the store's."""
    store = backend.open(root)
    fill(store)
    path = root / "entries" / "semantic-vendor01.md"
    edited = path.with_name(".edit.tmp")  # saved the way editors and git checkouts do
    edited.write_text(path.read_text().replace("X-Trace header", "X-Trace-Id header"))
    edited.replace(path)
    assert store.get("semantic-vendor01").text.endswith("X-Trace-Id header.")
    hits = store.search("Which header must every request to the vendor API carry?", k=3)
    assert hits[0].memory.text.endswith("X-Trace-Id header.")


def test_expired_memories_are_not_returned(backend: Opener, root: Path) -> None:
    """An expired memory stays on disk but leaves search and list (unless asked for)."""
    store = backend.open(root)
    old = (NOW - timedelta(days=1)).isoformat()
    store.put(
        mem("semantic-expired1", "The vendor API sandbox answers on port 8443.", expires_at=old)
    )
    store.put(mem("semantic-current1", "The vendor API production endpoint answers on port 443."))
    hits = store.search("Which port does the vendor API answer on?", k=5)
    assert [h.memory.id for h in hits] == ["semantic-current1"]
    assert [m.id for m in store.list()] == ["semantic-current1"]
    assert len(store.list(Filters(include_expired=True))) == 2


def test_rebuild_recreates_the_store_from_the_files(backend: Opener, root: Path) -> None:
    """Lose the derived store entirely; rebuild brings it back from the files alone."""
    store = backend.open(root)
    fill(store)
    remote = backend.name != "files"  # a store apart from the files: lose it for real
    if isinstance(store, ProjectedStore):
        for record in list(store.projection.records()):
            store.projection.delete(record.remote_id)
    elif remote:
        backend.wipe(store)
    if remote:
        assert backend.remote_ids(store) == []
    ticks: list[int] = []
    report = store.rebuild(progress=ticks.append) if remote else store.rebuild()
    assert report.memories == len(CORPUS)
    assert backend.remote_ids(store) == sorted(m.id for m in CORPUS)
    if remote:
        assert sum(ticks) == len(CORPUS)
    assert (
        store.search("Which header must every request to the vendor API carry?", k=1)[0].memory.id
        == "semantic-vendor01"
    )


def test_snapshot_restore_snapshot_is_lossless(backend: Opener, tmp_path: Path) -> None:
    """snapshot → restore into a new root → snapshot gives the same memories, all metadata."""
    first = backend.open(tmp_path / "a")
    fill(first)
    first.put(
        mem(
            "reflective-pattern",
            "Retries hide rate limits.",
            type="reflective",
            tags=["ops", "api"],
            cohort="b",
        )
    )
    one = snapshot(first, tmp_path / "one.json")
    second = backend.open(tmp_path / "b")
    assert restore(second, tmp_path / "one.json") == len(CORPUS) + 1
    two = snapshot(second, tmp_path / "two.json")
    assert one.memories == two.memories == len(CORPUS) + 1
    assert read_snapshot(tmp_path / "one.json") == read_snapshot(tmp_path / "two.json")
    assert second.get("reflective-pattern") == first.get("reflective-pattern")
    if two.remote is not None:
        assert not (two.remote["missing"] or two.remote["doubled"] or two.remote["owed"])


def test_restore_refuses_a_store_that_is_not_empty(backend: Opener, tmp_path: Path) -> None:
    """Restore never mixes with live data: a non-empty store is refused and left unchanged."""
    store = backend.open(tmp_path / "a")
    fill(store)
    snapshot(store, tmp_path / "snap.json")
    with pytest.raises(StoreError, match="empty store"):
        restore(store, tmp_path / "snap.json")
    assert store.count() == len(CORPUS)
