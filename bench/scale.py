"""The stores at scale: synthetic stores of 1K, 10K and 100K memories (or more).

    python bench/scale.py [--sizes 1000,10000,100000] [--queries 200] [--json]
                          [--backend files|postgres|files,postgres] [--writers-adds 100]

For each size and the files backend, in a fresh child process (so peak memory is that
size's alone):

- setup: N memory files written straight to `entries/` (not timed; the one writer's
  fsyncs would take minutes and are measured below as add throughput instead);
- rebuild_s: `FileStore.rebuild()` from the files alone (parse, validate, index, save);
- reopen_s: a new FileStore plus its first search, from the saved catalog and index;
- search p50/p95 ms: one whole-question search, last access recorded (as hooks do);
- answer_pack p50/p95 ms: the reader's multi-hop answer (k=30) and the pack built from it
  (what this figure timed as "pack" before hook B packed by `for_worker`);
- hookb_pack p50/p95 ms: the pack as hook B builds it (`for_worker`'s searches, fixes and
  read-time filters, then the pack; `bench/scale_pack.py`), for half as many goals as
  questions, with the store searches one pack made (mean and max, counted);
- add_per_s: memories per second through the Harvester into the store of that size;
- search_after_add_s: hook C then hook B, as an agent loop runs them: one memory written,
  then a search (the first since the write), timed; the median of CYCLES such cycles;
- add8_per_s: 8 writer processes on the same root at once, memories per second in all;
- peak_mb: the child's peak resident memory.

For the postgres backend, see bench/scale_pg.py (the same figures, a fleet memory of N on
one server, measured from a loop whose own root is empty; 8 writers are 8 loops).
"""

from __future__ import annotations

import argparse
import json
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from agentmem.core.model import content_key, memory_id
from agentmem.core.writer import Harvester
from agentmem.retrieval.pack import build_pack
from agentmem.retrieval.reader import Reader
from agentmem.settings import settings_from_values
from agentmem.stores import frontmatter
from agentmem.stores.filestore import FileStore
from bench import scale_pack, scale_pg

SEED = 20261129
TYPES = [("semantic", 0.8), ("procedural", 0.75), ("episodic", 1.0), ("reflective", 0.8)]
APPS = ["billing-api", "search-api", "web-app", "_global"]
RUN_SIZE = 12  # memories per synthetic run, so neighbour context has runs to work with
CYCLES = 7  # write-then-search cycles timed for search_after_add_s


def vocabulary(rng: random.Random, size: int = 6000) -> list[str]:
    letters = "abcdefghijklmnopqrstuvwxyz"
    words = {"".join(rng.choice(letters) for _ in range(rng.randint(4, 9))) for _ in range(size)}
    return sorted(words)


def sentence(rng: random.Random, words: Sequence[str]) -> str:
    # Zipf-like: a few words are everywhere, most are rare, as in real notes.
    picks = [words[min(int(rng.paretovariate(1.1)) - 1, len(words) - 1)] for _ in range(4)]
    picks += rng.sample(words, rng.randint(8, 22))
    rng.shuffle(picks)
    return " ".join(picks).capitalize() + "."


def record(i: int, rng: random.Random, words: Sequence[str], start: datetime) -> dict[str, Any]:
    kind, confidence = TYPES[i % len(TYPES)]
    text = sentence(rng, words)
    app = APPS[i % len(APPS)]
    when = start + timedelta(minutes=i)
    return {
        "id": memory_id(kind, content_key(f"{text} {i}", "bench", "executive", app)),
        "type": kind,
        "confidence": confidence,
        "user_id": "bench",
        "agent_id": "executive",
        "app_id": app,
        "run_id": f"{when.date().isoformat()}-run-{i // RUN_SIZE}",
        "schema_version": 1,
        "trigger": "backfill",
        "kind": "observation",
        "immutable": False,
        "created_at": when.isoformat(timespec="seconds"),
        "text": text,
    }


def populate(root: Path, n: int, rng: random.Random, words: Sequence[str]) -> None:
    entries = root / "entries"
    entries.mkdir(parents=True)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    taught: dict[int, str] = {}
    for i in range(n):
        data = scale_pack.loop_record(record(i, rng, words, start), i, words, taught)
        body = data.pop("text")
        (entries / f"{data['id']}.md").write_text(frontmatter.render(data, body), encoding="utf-8")


def percentiles(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return statistics.median(ordered), ordered[min(len(ordered) - 1, int(0.95 * len(ordered)))]


def timed(fn: Callable[[], Any]) -> float:
    started = time.perf_counter()
    fn()
    return time.perf_counter() - started


def measure(n: int, queries: int, writer_adds: int = 0) -> dict[str, Any]:
    """Every figure for one store size (run in a child process)."""
    rng = random.Random(SEED + n)
    words = vocabulary(rng)
    with tempfile.TemporaryDirectory(prefix="agentmem-scale-") as tmp:
        root = Path(tmp) / "memory"
        populate(root, n, rng, words)
        store = FileStore(root)
        rebuild_s = timed(store.rebuild)
        store.close()
        questions = [
            f"What do we know about {' '.join(rng.sample(words, rng.randint(2, 5)))}?"
            for _ in range(queries)
        ]
        store = FileStore(root)
        reopen_s = timed(lambda: store.search(questions[0], 10))
        search_ms = [timed(lambda q=q: store.search(q, 10)) * 1000 for q in questions]
        reader = Reader(store)
        pack_ms = [
            timed(lambda q=q: build_pack(reader.ask(q, 30).hits)) * 1000
            for q in questions[: max(1, queries // 2)]
        ]
        hook_b = scale_pack.hook_b(store, root, scale_pack.goals(n, max(1, queries // 2), words))
        settings = settings_from_values({"AGENTMEM_USER_ID": "bench", "AGENTMEM_ROOT": str(root)})
        writer = Harvester(settings, store)
        adds = max(5, min(100, 200_000 // max(n, 1)))
        drafts = [
            {"text": sentence(rng, words), "type": "semantic", "confidence": 0.8}
            for _ in range(adds)
        ]
        add_s = timed(lambda: [writer.submit(d, trigger="manual") for d in drafts])
        store.search(questions[1], 10)  # catch up with the adds above, untimed
        after_add = []
        for cycle in range(CYCLES):
            writer.submit(
                {"text": sentence(rng, words), "type": "semantic", "confidence": 0.8},
                trigger="manual",
            )
            after_add.append(
                timed(lambda c=cycle: store.search(questions[(2 + c) % len(questions)], 10))
            )
        store.close()
        peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
        add8 = scale_pg.adds("files", [root], writer_adds, n) if writer_adds else {}
    s50, s95 = percentiles(search_ms)
    p50, p95 = percentiles(pack_ms)
    return {
        "memories": n,
        "rebuild_s": round(rebuild_s, 3),
        "reopen_s": round(reopen_s, 3),
        "search_p50_ms": round(s50, 3),
        "search_p95_ms": round(s95, 3),
        "answer_pack_p50_ms": round(p50, 3),
        "answer_pack_p95_ms": round(p95, 3),
        **hook_b,
        "add_per_s": round(adds / add_s, 1),
        "adds_measured": adds,
        "search_after_add_s": round(statistics.median(after_add), 4),
        "search_after_add_max_s": round(max(after_add), 4),
        "peak_mb": round(peak_mb, 1),
        **add8,
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,10000,100000")
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--json", action="store_true", help="print one JSON list")
    parser.add_argument("--backend", default="files", help="files, postgres or both (a,b)")
    parser.add_argument(
        "--writers-adds", type=int, default=100, help="adds per writer, 8 writers (0: skip)"
    )
    parser.add_argument(
        "--files-writers-max",
        type=int,
        default=100_000,
        help="largest files store the 8 writers run on (each holds the whole catalog in RAM)",
    )
    parser.add_argument(
        "--files-max",
        type=int,
        default=10_000_000,
        help="largest store the files backend is measured at (writing 1M files takes hours)",
    )
    parser.add_argument("--one", type=int, help=argparse.SUPPRESS)  # the child's entries
    parser.add_argument("--pg", nargs=3, metavar=("STEP", "N", "SCHEMA"), help=argparse.SUPPRESS)
    parser.add_argument("--url", default="", help=argparse.SUPPRESS)
    parser.add_argument(
        "--pg-direct-above",
        type=int,
        default=scale_pg.DIRECT_ABOVE,
        help="postgres: load larger stores as generated rows, without writing files first",
    )
    parser.add_argument(
        "--pg-keep",
        action="store_true",
        help="postgres: keep each size's schema, and measure a kept one again without loading",
    )
    parser.add_argument("--writer", nargs=6, help=argparse.SUPPRESS)
    parser.add_argument("--fire-drafts", type=int, default=1, help=argparse.SUPPRESS)
    parser.add_argument("--unbatched", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.one is not None or args.pg or args.writer:
        return child(args)
    backends = [b.strip() for b in args.backend.split(",") if b.strip()]
    url = scale_pg.server_url() if "postgres" in backends else ""
    rows = []
    for size in (int(s) for s in args.sizes.split(",") if s.strip()):
        for backend in backends:
            row = {"backend": backend, "memories": size}
            if backend == "files" and size > args.files_max:
                continue
            if backend == "files":
                adds = args.writers_adds if size <= args.files_writers_max else 0
                row.update(
                    run_child(
                        "--one",
                        str(size),
                        "--writers-adds",
                        str(adds),
                        "--queries",
                        str(args.queries),
                    )
                )
            else:
                row.update(
                    scale_pg.run(
                        size,
                        args.queries,
                        args.writers_adds,
                        url,
                        run_child,
                        args.pg_direct_above,
                        args.pg_keep,
                    )
                )
            rows.append(row)
            if not args.json:
                print(line(row), flush=True)
    if args.json:
        print(json.dumps(rows))
    return 0


def run_child(*argv: str) -> dict[str, Any]:
    done = subprocess.run(
        [sys.executable, __file__, *argv], capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise SystemExit(f"scale child {argv} failed: {done.stderr[-3000:]}")
    return dict(json.loads(done.stdout.strip().splitlines()[-1]))


def child(args: argparse.Namespace) -> int:
    import logging

    import structlog

    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))
    if args.writer:
        backend, root, count, n, url, schema = args.writer
        scale_pg.write(
            backend,
            Path(root),
            int(count),
            int(n),
            url,
            schema,
            args.fire_drafts,
            not args.unbatched,
        )
    elif args.pg:
        step, n, schema = args.pg
        if step.startswith("load"):
            seconds = scale_pg.load(int(n), args.url, schema, direct=step == "load-direct")
            print(json.dumps({"load_s": round(seconds, 3)}))
        else:
            print(json.dumps(scale_pg.measure(int(n), args.queries, args.url, schema)))
    else:
        print(json.dumps(measure(args.one, args.queries, args.writers_adds)))
    return 0


def line(row: dict[str, Any]) -> str:
    def ms(key: str) -> str:
        return f"{row[key]:.2f}" if row.get(key) is not None else "-"

    built = (
        f"rebuild {row['rebuild_s']:.2f} s"
        if "rebuild_s" in row
        else (f"load {row['load_s']:.1f} s" if row["load_s"] is not None else "store kept")
    )
    add = f"add {row['add_per_s']:.1f}/s  " if "add_per_s" in row else ""
    add8 = ""
    if row.get("add8_per_s"):
        server_cpu = row.get("add8_server_cpu_ms")
        calls = row.get("add8_calls_per_add")
        statements = row.get("add8_statements_per_add")
        add8 = (
            f"8 writers {row['add8_per_s']:.0f}/s (cpu/add client {row['add8_client_cpu_ms']:.1f}"
            f" ms{'' if server_cpu is None else f', server {server_cpu:.1f} ms'}"
            f"{'' if calls is None else f'; {calls:.2f} server calls'}"
            f"{'' if statements is None else f', {statements:.2f} statements'}; load "
            f"{row['add8_load'][0]}->{row['add8_load'][1]})  "
        )
    server = f"  server {row['server_mb']:.0f} MB" if row.get("server_mb") is not None else ""
    searched = " (load {}->{})".format(*row["search_load"]) if row.get("search_load") else ""
    return (
        f"{row['backend']:>8} {row['memories']:>8} memories  search p50 {ms('search_p50_ms')} ms "
        f"p95 {ms('search_p95_ms')} ms{searched}  answer pack p50 {ms('answer_pack_p50_ms')} ms  "
        f"hook B pack p50 {ms('hookb_pack_p50_ms')} p95 {ms('hookb_pack_p95_ms')} ms "
        f"({row.get('hookb_searches_mean')} searches a pack, at most "
        f"{row.get('hookb_searches_max')})  {built}  "
        f"reopen {row['reopen_s']:.2f} s  {add}{add8}"
        f"search after add {row['search_after_add_s'] * 1000:.1f} ms  "
        f"client peak {row['peak_mb']:.0f} MB{server}"
    )


if __name__ == "__main__":
    raise SystemExit(main())
