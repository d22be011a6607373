"""A writer killed mid-batch (tests/test_batch_writes.py): writes COUNT drafts as one batch.

Usage: python -m tests.batch_worker ROOT BACKEND URL SCHEMA COUNT

The drafts go through `Harvester.submit_many` as one fire's would (one batch); before each
next draft is taken, the id the writer just accepted is printed (flushed), so the test knows
what had landed when it kills this process.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from agentmem.core.writer import Harvester
from agentmem.results import Writes
from agentmem.settings import settings_from_values
from agentmem.stores.base import Store
from agentmem.stores.filestore import FileStore


def drafts(count: int) -> list[dict[str, Any]]:
    """The batch: distinct lessons of distinct things, so none restates another."""
    return [
        {
            "text": f"Lesson {i}: the zq{i}x service answers within {100 + i} ms on node n{i}.",
            "type": "semantic",
            "confidence": 0.8,
        }
        for i in range(count)
    ]


def open_store(root: Path, backend: str, url: str, schema: str) -> Store:
    if backend == "postgres":
        from agentmem.stores.postgres import PostgresStore

        return PostgresStore(root, url, schema=schema, replay_interval_s=0.0)
    return FileStore(root)


def main() -> None:
    root, backend, url, schema = Path(sys.argv[1]), sys.argv[2], sys.argv[3], sys.argv[4]
    count = int(sys.argv[5])
    store = open_store(root, backend, url, schema)
    settings = settings_from_values({"AGENTMEM_USER_ID": "batch", "AGENTMEM_ROOT": str(root)})
    writer = Harvester(settings, store)
    writes = Writes()

    def announced() -> Iterator[dict[str, Any]]:
        for draft in drafts(count):
            yield draft
            print(" ".join(writes.accepted[-1:]) or "-", flush=True)

    print("ready", flush=True)
    writer.submit_many(announced(), trigger="manual", writes=writes)
    print("done", flush=True)


if __name__ == "__main__":
    main()
