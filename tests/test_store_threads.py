"""One store shared by host threads: concurrent writes, searches and listings never raise,
and afterwards the store ranks exactly as a store opened fresh on the same files."""

from __future__ import annotations

import sys
import threading
from collections.abc import Callable, Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from agentmem import FileStore, Harvester
from agentmem.settings import settings_from_values

WORDS = [
    "vendor",
    "retry",
    "header",
    "lint",
    "cache",
    "deploy",
    "token",
    "budget",
    "schema",
    "queue",
]


@pytest.fixture
def switchy() -> Iterator[None]:
    """Switch threads every few microseconds, so a race has thousands of chances."""
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


def run_together(jobs: list[Callable[[], None]]) -> list[BaseException]:
    errors: list[BaseException] = []
    start = threading.Barrier(len(jobs))

    def wrap(job: Callable[[], None]) -> None:
        start.wait()
        try:
            job()
        except BaseException as exc:  # collected for the assertion, with its type
            errors.append(exc)

    threads = [threading.Thread(target=wrap, args=(job,)) for job in jobs]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(120)
    return errors


def test_writes_and_searches_from_many_threads(root: Path, switchy: None) -> None:
    """Two writer threads and three readers on one FileStore: nothing raises, every write
    is found, and the live store's ranking equals a fresh store's over the same files."""
    settings = settings_from_values(
        {"AGENTMEM_ROOT": str(root), "AGENTMEM_USER_ID": "tester"}, base_dir=root.parent
    )
    store = FileStore(root)
    harvester = Harvester(settings, store)
    harvester.submit(
        {"text": "seed lesson about vendor retry", "type": "semantic", "confidence": 0.8},
        trigger="backfill",
    )

    def writer(offset: int) -> Callable[[], None]:
        def job() -> None:
            for i in range(60):
                words = " ".join(WORDS[(i * 7 + j + offset) % len(WORDS)] for j in range(4))
                harvester.submit(
                    {
                        "text": f"lesson {offset}-{i}: {words}",
                        "type": "semantic",
                        "confidence": 0.8,
                    },
                    trigger="post_run_classify",
                )

        return job

    def reader(query: str) -> Callable[[], None]:
        def job() -> None:
            for _ in range(150):
                store.search(query, k=5)
                store.list()

        return job

    errors = run_together(
        [writer(0), writer(3), reader("vendor retry"), reader("lint cache"), reader("queue")]
    )
    assert errors == []
    assert store.count() == 121
    fresh = FileStore(root)
    for query in ("vendor retry", "lint cache deploy", "schema queue budget"):
        live = [(h.memory.id, round(h.score, 9)) for h in store.search(query, k=10, touch=False)]
        again = [(h.memory.id, round(h.score, 9)) for h in fresh.search(query, k=10, touch=False)]
        assert [i for i, _ in live] == [i for i, _ in again]


def test_a_racing_readers_earlier_time_never_moves_a_last_access_back(root: Path) -> None:
    """Two readers ask the clock, then record their reads in the other order: the memory
    keeps the later time, in this store and in one opened fresh (so both rank alike)."""
    settings = settings_from_values(
        {"AGENTMEM_ROOT": str(root), "AGENTMEM_USER_ID": "tester"}, base_dir=root.parent
    )
    store = FileStore(root)
    outcome = Harvester(settings, store).submit(
        {"text": "vendor retry needs the trace header", "type": "semantic", "confidence": 0.8},
        trigger="backfill",
    )
    assert outcome.memory_id is not None
    later = datetime(2026, 6, 2, 9, 0, 0, 500_000, tzinfo=UTC)
    for when in (later, later - timedelta(seconds=1)):  # the first reader writes last
        store.clock = lambda when=when: when
        assert [h.memory.id for h in store.search("vendor retry", k=1)] == [outcome.memory_id]
    assert store.access_stats(outcome.memory_id) == (later, 2)
    assert FileStore(root).access_stats(outcome.memory_id) == (later, 2)
    fresh = FileStore(root)
    fresh.clock = store.clock
    live = store.search("vendor retry", k=1, touch=False)
    again = fresh.search("vendor retry", k=1, touch=False)
    assert [h.score for h in live] == [h.score for h in again]
