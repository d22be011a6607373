"""Adds/s of 8 concurrent writers whose fires write several drafts, batched or not, alternated.

    python bench/batch_adds.py [--size 10000] [--backend postgres,files] [--adds 48]
                               [--fire 3] [--rounds 2] [--writers 8|1] [--json]
    python bench/batch_adds.py --puts 300 [--backend postgres,files] [--fire 3] [--rounds 4]
    python bench/batch_adds.py --interleave [--size 10000] [--adds 120] [--rounds 2] ...

One store of `--size` memories per backend (postgres: a schema of the local server from
the wheel, fsync on, loaded from files as bench/scale.py loads it; files: one root the 8
writers share), then `--rounds` rounds of two runs each, in turn: the 8 writers
(bench/scale_pg.write) with their fires' drafts written one by one as before (each paying
its folder fsync and its commit: "unbatched"), then as one batch a fire
(agentmem.stores.pg_batch: "batched"). Each writer writes `--adds` drafts, `--fire` a fire.
The order alternates from round to round (unbatched first, then batched first), so a load
that rises or falls through the run weighs on both alike. Per run: adds/s across the 8,
writer CPU per add, server CPU per add and server transactions per add (postgres), the load
average before and after. Timing is bench output only; no test asserts on it.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import scale_pg
from bench.scale import SEED, populate, run_child, sentence, vocabulary


def rounds(
    backend: str, size: int, adds: int, fire: int, count: int, writers: int = 8
) -> list[dict[str, Any]]:
    """The alternated runs on one backend (see the module docstring)."""
    rows: list[dict[str, Any]] = []
    with tempfile.TemporaryDirectory(prefix="agentmem-batch-adds-") as tmp:
        url, schema, shared = "", "", Path(tmp) / "shared" / "memory"
        if backend == "postgres":
            import psycopg

            url, schema = scale_pg.server_url(), f"batch_{size}"
            with psycopg.connect(url, autocommit=True) as conn:
                conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE".encode())
            run_child("--pg", "load", str(size), schema, "--url", url)
        else:
            from agentmem.stores.filestore import FileStore

            rng = random.Random(SEED + size)
            populate(shared, size, rng, vocabulary(rng))
            store = FileStore(shared)
            store.rebuild()
            store.close()
        for number in range(count if writers >= 0 else 0):
            order = (False, True) if number % 2 == 0 else (True, False)
            for batched in order:
                if backend == "postgres":  # a loop per root, each root new to this run
                    run = Path(tmp) / f"r{number}{'b' if batched else 'u'}"
                    roots = [run / f"loop{i}" / "memory" for i in range(scale_pg.WRITERS)]
                else:
                    roots = [shared]
                measured = (
                    scale_pg.adds(backend, roots, adds, size, url, schema, fire, batched)
                    if writers > 1
                    else alone(backend, roots[0], adds, size, url, schema, fire, batched)
                )
                row = {"backend": backend, "memories": size, "writers": writers}
                row.update({"round": number, "fire": fire})
                row.update(batched=batched, **measured)
                rows.append(row)
                print(line(row), file=sys.stderr, flush=True)
        for number in range(count if writers < 0 else 0):  # --interleave
            root = Path(tmp) / f"i{number}" / "memory" if backend == "postgres" else shared
            for part in interleaved(backend, root, adds, size, url, schema, fire):
                row = {"backend": backend, "memories": size, "writers": 1, "round": number}
                row.update(fire=fire, **part)
                rows.append(row)
                print(line(row), file=sys.stderr, flush=True)
        if backend == "postgres":
            import psycopg

            with psycopg.connect(url, autocommit=True) as conn:
                conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE".encode())
    return rows


def one_writer(
    backend: str, root: Path, adds: int, n: int, url: str, schema: str
) -> tuple[Any, list[dict[str, Any]]]:
    """A Harvester over a store of `root` (postgres: the fleet's schema) and adds + 1 drafts
    of the corpus of n's words (the last one to warm the writer)."""
    from agentmem.core.writer import Harvester
    from agentmem.settings import settings_from_values
    from agentmem.stores.base import Store
    from agentmem.stores.filestore import FileStore
    from agentmem.stores.postgres import PostgresStore

    rng = random.Random()
    words = vocabulary(random.Random(SEED + n))
    drafts = [
        {"text": f"{sentence(rng, words)} {rng.random()}", "type": "semantic", "confidence": 0.8}
        for _ in range(adds + 1)
    ]
    store: Store = (
        PostgresStore(root, url, schema=schema) if backend == "postgres" else FileStore(root)
    )
    settings = settings_from_values({"AGENTMEM_USER_ID": "bench", "AGENTMEM_ROOT": str(root)})
    return Harvester(settings, store), drafts


def alone(
    backend: str, root: Path, adds: int, n: int, url: str, schema: str, fire: int, batched: bool
) -> dict[str, Any]:
    """One writer in this process (`--writers 1`): where an add's waits for the disk show in
    its wall time, which 8 writers on 2 cores hide behind each other's CPU."""
    from agentmem.stores.postgres import PostgresStore

    writer, drafts = one_writer(backend, root, adds, n, url, schema)
    store = writer.store
    writer.batched = batched
    assert writer.submit(drafts.pop(), trigger="manual").status == "accepted"  # warm
    waited = Waits(store if isinstance(store, PostgresStore) else None)
    load_before = os.getloadavg()[0]
    cpu, wall = time.process_time(), time.perf_counter()
    with waited:
        for first in range(0, adds, fire):
            writes = writer.submit_many(drafts[first : first + fire], trigger="manual")
            assert len(writes.accepted) == len(drafts[first : first + fire]), writes
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    store.close()
    return {
        "add8_per_s": round(adds / wall, 1),  # one writer's, under the same key
        "add8_client_cpu_ms": round(1000 * cpu / adds, 2),
        "wall_ms_per_add": round(1000 * wall / adds, 2),
        "fsyncs_per_add": round(waited.fsyncs / adds, 2),
        "fsync_ms_per_add": round(1000 * waited.fsync_s / adds, 2),
        "server_calls_per_add": round(waited.calls / adds, 2),
        "server_calls_ms_per_add": round(1000 * waited.calls_s / adds, 2),
        "add8_load": [round(load_before, 1), round(os.getloadavg()[0], 1)],
    }


def interleaved(
    backend: str, root: Path, adds: int, n: int, url: str, schema: str, fire: int
) -> list[dict[str, Any]]:
    """`--interleave`: one writer in this process whose fires are in turn unbatched and
    batched, each mode's CPU, wall time and waits summed apart: a load that drifts through
    the run weighs on both alike, fire by fire."""
    from agentmem.stores.postgres import PostgresStore

    writer, drafts = one_writer(backend, root, adds, n, url, schema)
    store = writer.store
    assert writer.submit(drafts.pop(), trigger="manual").status == "accepted"  # warm
    waited = Waits(store if isinstance(store, PostgresStore) else None)
    sums = {mode: [0.0, 0.0, 0, 0.0, 0, 0.0, 0] for mode in (False, True)}
    load_before = os.getloadavg()[0]
    with waited:
        for number, first in enumerate(range(0, adds, fire)):
            writer.batched = number % 2 == 1
            before = (waited.fsyncs, waited.fsync_s, waited.calls, waited.calls_s)
            cpu, wall = time.process_time(), time.perf_counter()
            writes = writer.submit_many(drafts[first : first + fire], trigger="manual")
            cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
            assert len(writes.accepted) == len(drafts[first : first + fire]), writes
            got = sums[writer.batched]
            got[0] += cpu
            got[1] += wall
            got[2] += waited.fsyncs - before[0]
            got[3] += waited.fsync_s - before[1]
            got[4] += waited.calls - before[2]
            got[5] += waited.calls_s - before[3]
            got[6] += len(writes.accepted)
    store.close()
    load = [round(load_before, 1), round(os.getloadavg()[0], 1)]
    rows = []
    for batched, (cpu, wall, fsyncs, fsync_s, calls, calls_s, added) in sums.items():
        rows.append(
            {
                "batched": batched,
                "adds": added,
                "add8_per_s": round(added / wall, 1),
                "add8_client_cpu_ms": round(1000 * cpu / added, 2),
                "wall_ms_per_add": round(1000 * wall / added, 2),
                "fsyncs_per_add": round(fsyncs / added, 2),
                "fsync_ms_per_add": round(1000 * fsync_s / added, 2),
                "server_calls_per_add": round(calls / added, 2),
                "server_calls_ms_per_add": round(1000 * calls_s / added, 2),
                "add8_load": load,
            }
        )
    return rows


def puts(backend: str, root: Path, count: int, fire: int, batched: bool, url: str, schema: str,
         seed: int) -> dict[str, Any]:  # fmt: skip
    """`--puts N`: the file and the row alone, no writer before them (no judge, no lookup):
    N memories put `fire` at a time, in one `batch()` each or not; wall time per put."""
    from contextlib import nullcontext
    from datetime import UTC, datetime

    from agentmem.core.model import Memory
    from agentmem.stores.base import Store
    from agentmem.stores.filestore import FileStore
    from agentmem.stores.postgres import PostgresStore
    from bench.scale import record

    rng = random.Random(seed)
    words = vocabulary(random.Random(SEED))
    start = datetime(2026, 6, 1, tzinfo=UTC)
    memories = [Memory.model_validate(record(i, rng, words, start)) for i in range(count + 1)]
    store: Store = (
        PostgresStore(root, url, schema=schema) if backend == "postgres" else FileStore(root)
    )
    store.put(memories.pop())  # the connection, the folders
    waited = Waits(store if isinstance(store, PostgresStore) else None)
    wall = time.perf_counter()
    with waited:
        for first in range(0, count, fire):
            with store.batch() if batched else nullcontext():  # type: ignore[attr-defined]
                for memory in memories[first : first + fire]:
                    store.put(memory)
    wall = time.perf_counter() - wall
    store.close()
    return {
        "wall_ms_per_put": round(1000 * wall / count, 2),
        "fsyncs_per_put": round(waited.fsyncs / count, 2),
        "fsync_ms_per_put": round(1000 * waited.fsync_s / count, 2),
        "server_calls_per_put": round(waited.calls / count, 2),
        "server_calls_ms_per_put": round(1000 * waited.calls_s / count, 2),
    }


def put_rounds(backend: str, count: int, fire: int, rounds_: int) -> list[dict[str, Any]]:
    """`--puts`: alternated unbatched and batched runs of `puts`, each in a fresh root (and,
    on postgres, a fresh schema of the local server from the wheel, fsync on)."""
    rows = []
    url = scale_pg.server_url() if backend == "postgres" else ""
    with tempfile.TemporaryDirectory(prefix="agentmem-batch-puts-") as tmp:
        for number in range(rounds_):
            for batched in (False, True) if number % 2 == 0 else (True, False):
                name = f"puts{number}{'b' if batched else 'u'}"
                row: dict[str, Any] = {"backend": backend, "round": number, "fire": fire}
                row["batched"] = batched
                row.update(puts(backend, Path(tmp) / name, count, fire, batched, url, name, number))
                row["load"] = round(os.getloadavg()[0], 1)
                rows.append(row)
                print(json.dumps(row), file=sys.stderr, flush=True)
    return rows


class Waits:
    """Within the block: how many fsyncs this process made and how long they took, and (a
    postgres store given) how many server calls and their wall time, commit waits included:
    the waits batching saves, which the load's scheduling hides in the adds/s."""

    def __init__(self, store: Any) -> None:
        self.store = store
        self.fsyncs, self.fsync_s, self.calls, self.calls_s = 0, 0.0, 0, 0.0
        self._fsync = os.fsync

    def __enter__(self) -> Waits:
        real, store = self._fsync, self.store

        def fsync(fd: int) -> None:
            started = time.perf_counter()
            real(fd)
            self.fsyncs += 1
            self.fsync_s += time.perf_counter() - started

        os.fsync = fsync
        if store is not None:
            call = store.call

            def counted(fn: Any) -> Any:
                started = time.perf_counter()
                try:
                    return call(fn)
                finally:
                    self.calls += 1
                    self.calls_s += time.perf_counter() - started

            store.call = counted
        return self

    def __exit__(self, *_: object) -> None:
        os.fsync = self._fsync
        if self.store is not None:
            del self.store.call  # the class's method again


def line(row: dict[str, Any]) -> str:
    server = row.get("add8_server_cpu_ms")
    statements = row.get("add8_statements_per_add")
    return (
        f"{row['backend']:>8} {row['memories']} {row['writers']} writer(s) round {row['round']} "
        f"{'batched  ' if row['batched'] else 'unbatched'} fires of {row['fire']}: "
        f"{row['add8_per_s']:.1f} adds/s, writer cpu {row['add8_client_cpu_ms']:.1f} ms/add"
        f"{'' if server is None else f', server cpu {server:.1f} ms/add'}"
        f"{'' if statements is None else f', {statements:.2f} transactions/add'}"
        f", load {row['add8_load'][0]}->{row['add8_load'][1]}"
        + (
            f"; wall {row['wall_ms_per_add']:.1f} ms/add, {row['fsyncs_per_add']:.2f} fsyncs "
            f"({row['fsync_ms_per_add']:.1f} ms), {row['server_calls_per_add']:.2f} server calls "
            f"({row['server_calls_ms_per_add']:.1f} ms) an add"
            if "wall_ms_per_add" in row
            else ""
        )
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--backend", default="postgres,files")
    parser.add_argument("--adds", type=int, default=48, help="drafts per writer per run")
    parser.add_argument("--fire", type=int, default=3, help="drafts a fire writes")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--writers", type=int, default=8, help="8, or 1 (in this process)")
    parser.add_argument("--puts", type=int, default=0, help="the file and row alone: N puts")
    parser.add_argument(
        "--interleave", action="store_true", help="one writer, its fires in turn each way"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON list")
    args = parser.parse_args(argv)
    rows = []
    for backend in (b.strip() for b in args.backend.split(",") if b.strip()):
        if args.puts:
            rows += put_rounds(backend, args.puts, args.fire, args.rounds)
        else:
            writers = -1 if args.interleave else args.writers
            rows += rounds(backend, args.size, args.adds, args.fire, args.rounds, writers)
    if args.json:
        print(json.dumps(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
