"""Hook B's pack on the postgres backend is the files backend's, on a corpus shaped as a loop's.

The scale benchmark's corpus (`bench/scale_pack.py`: runs that fail and are fixed, lessons
naming their goal, lessons replacing older ones) at a small size, loaded into both backends
from the same files. Hook B's own function packs the same goals on each; with the postings
a question may fetch made few, the fix and lesson look-ups (a record's whole text, filtered
to one app and a type) take the paths for words most memories hold (agentmem.stores.pg_admitted).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest

from agentmem.core.model import Memory
from agentmem.retrieval.reader import Reader
from agentmem.settings import settings_from_values
from agentmem.stores import pg_admitted, pg_bound
from agentmem.stores.base import Store
from agentmem.stores.pg_local import LocalServer
from agentmem.tools import Tools
from bench.scale import SEED, record, vocabulary
from bench.scale_pack import goals, loop_record
from hooks.pre_spawn_pack import pre_spawn_pack
from tests.test_postgres_parity import loaded

SIZE = 720  # sixty runs of twelve memories


def corpus(n: int) -> tuple[list[Memory], list[str]]:
    rng = random.Random(SEED + n)
    words = vocabulary(rng, 400)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    taught: dict[int, str] = {}
    memories = [
        Memory.model_validate(loop_record(record(i, rng, words, start), i, words, taught))
        for i in range(n)
    ]
    return memories, words


def packs(store: Store, root: Path, words: list[str]) -> list[list[str]]:
    settings = settings_from_values({"AGENTMEM_USER_ID": "bench", "AGENTMEM_ROOT": str(root)})
    out = []
    for goal in goals(SIZE, 24, words):
        # Reads not recorded: the second backend's decay must be the first's.
        pack = pre_spawn_pack(goal=goal, tools=Tools(Reader(store, touch=False), settings)).pack
        assert pack is not None
        out.append([e.id for e in pack.entries])
    return out


def test_hook_b_packs_on_postgres_as_on_files(
    pg_server: LocalServer, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same goals get the same pack entries, in the same order, from either backend,
    the server's paths for words most memories hold taken on the way (every admitted memory
    scored, or their postings fetched and pruned), and packs holding a failure, so the fix
    look-ups ran."""
    memories, words = corpus(SIZE)
    files, server = loaded(tmp_path / "memory", pg_server, memories)
    monkeypatch.setattr(pg_bound, "POSTINGS_MAX", 150)
    taken: list[int] = []
    search_sql: Callable[..., Any] = pg_admitted.search_sql

    def counted(*args: Any) -> Any:
        taken.append(1)
        return search_sql(*args)

    monkeypatch.setattr(pg_admitted, "search_sql", counted)
    pruned: list[bool] = []
    admitted: Callable[..., Any] = pg_admitted.candidates

    def fetched(*args: Any) -> Any:
        found = admitted(*args)
        pruned.append(found is not None)
        return found

    monkeypatch.setattr(pg_admitted, "candidates", fetched)
    want = packs(files, tmp_path / "memory", words)
    got = packs(server, tmp_path / "memory", words)
    assert got == want
    assert len(taken) >= 10 and sum(pruned) >= 10  # both: all admitted scored, and pruned
    failed = {m.id for m in memories if m.outcome is not None and m.outcome.value == "failure"}
    assert sum(bool(failed & set(p)) for p in want) >= 2
    files.close()
    server.close()
