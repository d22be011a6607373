"""The writer's own CPU per add, on the files and postgres backends.

    python bench/add_cpu.py [--size 10000] [--adds 300] [--backend files,postgres]
                            [--profile 30] [--dump PATH] [--json]

A store of `--size` made-up lessons (`bench.lessons`: values, times, commands, names,
change words) is written straight to `entries/` and indexed (files), or loaded into a
server from such a root by `rebuild` (postgres: AGENTMEM_POSTGRES_URL, else a throwaway
local server from the wheel). Then one writer, in this process, submits `--adds` drafts
through the Harvester: each a reworded, revalued, withdrawn or unrelated telling of a
lesson the store holds, so the judge meets real candidates. Printed per backend: the
writer's CPU per add (process time, ms), the wall time per add, the outcomes, the load
average before and after, and for a local server its CPU per add. `--profile N` prints
the N functions with the most cumulative CPU time (cProfile on a CPU clock, which
inflates Python-heavy parts a little); `--dump PATH` writes that profile to
PATH.<backend> for `pstats`.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import os
import pstats
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from agentmem.core.model import content_key, memory_id
from agentmem.core.writer import Harvester
from agentmem.settings import settings_from_values
from agentmem.stores import frontmatter
from agentmem.stores.base import Store
from bench.lessons import Lessons

SEED = 20261203
TYPES = ("semantic", "procedural", "semantic", "reflective")
APPS = ("app-one", "app-two", "_global")


def populate(root: Path, n: int, held: Sequence[str], lessons: Lessons) -> None:
    """n lessons as files: the held texts the drafts are told of, then made-up others."""
    entries = root / "entries"
    entries.mkdir(parents=True)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    for i in range(n):
        text = held[i] if i < len(held) else lessons.text()
        kind, app = TYPES[i % len(TYPES)], APPS[i % len(APPS)]
        when = start + timedelta(minutes=i)
        data = {
            "id": memory_id(kind, content_key(f"{text} {i}", "bench", "executive", app)),
            "type": kind,
            "confidence": 0.8,
            "user_id": "bench",
            "agent_id": "executive",
            "app_id": app,
            "run_id": f"{when.date().isoformat()}-run-{i // 12}",
            "schema_version": 1,
            "trigger": "backfill",
            "kind": "observation",
            "immutable": False,
            "created_at": when.isoformat(timespec="seconds"),
        }
        (entries / f"{data['id']}.md").write_text(frontmatter.render(data, text), "utf-8")


def drafts_and_held(adds: int) -> tuple[list[dict[str, Any]], list[str]]:
    lessons = Lessons(SEED)
    pairs = [lessons.pair() for _ in range(adds + 1)]  # the first warms the writer up
    drafts = [
        {"text": d, "type": TYPES[i % 2], "confidence": 0.8, "app_id": APPS[i % len(APPS)]}
        for i, (d, _) in enumerate(pairs)
    ]
    return drafts, [h for _, h in pairs]


def open_store(backend: str, tmp: Path, n: int, held: list[str], url: str) -> Store:
    """A writer's store over n lessons (for postgres: a loop with an empty root of its own,
    the n lessons loaded into the server from another root)."""
    source = tmp / "loader" / "memory"
    populate(source, n, held, Lessons(SEED + 1))
    if backend == "files":
        from agentmem.stores.filestore import FileStore

        store = FileStore(source)
        store.rebuild()
        return store
    from agentmem.stores.postgres import PostgresStore

    schema = f"add_cpu_{n}"
    loader = PostgresStore(source, url, schema=schema)
    with loader.connection() as conn:
        conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE".encode())
    loader.close()
    loader = PostgresStore(source, url, schema=schema)
    loader.rebuild()
    with loader.connection() as conn:
        conn.execute("VACUUM ANALYZE")
    loader.close()
    writer_root = tmp / "writer" / "memory"
    writer_root.mkdir(parents=True)
    return PostgresStore(writer_root, url, schema=schema)


def measure(
    backend: str, n: int, adds: int, url: str, profile: int, dump: str = ""
) -> dict[str, Any]:
    from bench.scale_pg import server_cpu_s

    drafts, held = drafts_and_held(adds)
    with tempfile.TemporaryDirectory(prefix="agentmem-add-cpu-") as tmp:
        store = open_store(backend, Path(tmp), n, held, url)
        settings = settings_from_values(
            {"AGENTMEM_USER_ID": "bench", "AGENTMEM_ROOT": str(store.root)}
        )
        writer = Harvester(settings, store)
        writer.submit(drafts[0], trigger="manual")  # imports, the first statements: once
        load = [os.getloadavg()[0]]
        server = server_cpu_s() if backend == "postgres" else None
        profiler = cProfile.Profile(time.process_time) if profile or dump else None
        outcomes: Counter[str] = Counter()
        cpu, wall = time.process_time(), time.perf_counter()
        if profiler is not None:
            profiler.enable()
        for draft in drafts[1:]:
            outcomes[writer.submit(draft, trigger="manual").status] += 1
        if profiler is not None:
            profiler.disable()
        cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
        load.append(os.getloadavg()[0])
        after = server_cpu_s() if server is not None else None
        store.close()
    if profiler is not None and dump:
        profiler.dump_stats(f"{dump}.{backend}")
    if profiler is not None and profile:
        stats = pstats.Stats(profiler, stream=sys.stderr)
        stats.sort_stats("cumulative").print_stats(profile)
    return {
        "backend": backend,
        "memories": n,
        "adds": adds,
        "cpu_ms_per_add": round(1000 * cpu / adds, 2),
        "wall_ms_per_add": round(1000 * wall / adds, 2),
        "server_cpu_ms_per_add": None
        if server is None or after is None
        else round(1000 * (after - server) / adds, 2),
        "outcomes": dict(outcomes),
        "load": [round(x, 1) for x in load],
        "profiled": profiler is not None,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--adds", type=int, default=300)
    parser.add_argument("--backend", default="files,postgres", help="files, postgres or both")
    parser.add_argument("--profile", type=int, default=0, help="print the top N (cProfile)")
    parser.add_argument("--dump", default="", help="write the cProfile to DUMP.<backend>")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    import logging

    import structlog

    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))
    backends = [b.strip() for b in args.backend.split(",") if b.strip()]
    url = ""
    if "postgres" in backends:
        from bench.scale_pg import server_url

        url = server_url()
    rows = []
    for backend in backends:
        row = measure(backend, args.size, args.adds, url, args.profile, args.dump)
        rows.append(row)
        if not args.json:
            print(
                f"{backend:>8} {row['memories']} memories: writer CPU {row['cpu_ms_per_add']:.2f}"
                f" ms/add, wall {row['wall_ms_per_add']:.2f} ms/add"
                + (
                    f", server CPU {row['server_cpu_ms_per_add']:.2f} ms/add"
                    if row["server_cpu_ms_per_add"] is not None
                    else ""
                )
                + f"; {row['outcomes']}; load {row['load'][0]}->{row['load'][1]}"
                + (" (profiled)" if row["profiled"] else ""),
                flush=True,
            )
    if args.json:
        print(json.dumps(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
