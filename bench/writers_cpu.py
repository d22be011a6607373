"""Why 8 writers cost more CPU per add than one: the same writers, 1 and 8 at a time.

    python bench/writers_cpu.py [--size 10000] [--adds 50] [--writers 1,8] [--rounds 2]
                                [--profile DIR] [--json]

One store of `--size` memories is loaded into a server once (AGENTMEM_POSTGRES_URL, else a
throwaway local server from the wheel), as `bench/scale.py --backend postgres
--pg-direct-above 1000` loads it. Then, `--rounds` times, for each count in `--writers`:
that many writer processes (`bench/scale.py`'s, each a loop with an empty root of its own)
each write `--adds` drafts, and the run prints adds/s, the writers' CPU per add (process
time) and the server's, the load average, and each writer's CPU per add over its first
ten adds and over the rest (a process pays its caches and first statements once; with few
adds a writer, that cost is a large share), and what the writers' judges were given
(`bench.judged`: held memories a draft, the share of them that are the run's new rows, the
texts read for the first time in the process). `--profile DIR` dumps one cProfile file a
writer (CPU clock) into DIR/<count>-<round>/. `--ending word` makes each draft unique by
a made-up word inside its sentence instead of a random number after it (the judge reads
the number as a second sentence holding a value, and weighs such drafts longer).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench import scale_pg


def split(each: list[list[float]], head: int = 10) -> dict[str, float]:
    """Mean CPU (ms) per add of the writers' first `head` adds and of the rest."""
    first = [ms for one in each for ms in one[:head]]
    rest = [ms for one in each for ms in one[head:]]
    return {
        "first_ms": round(statistics.fmean(first), 2) if first else 0.0,
        "rest_ms": round(statistics.fmean(rest), 2) if rest else 0.0,
    }


def judged_line(judged: dict[str, int]) -> str:
    """Held memories weighed per draft, the share of them written today, texts read anew
    per draft (`bench.judged`)."""
    drafts = judged.get("drafts", 0)
    if not drafts:
        return "not counted"
    held = judged.get("held", 0)
    return (
        f"{held / drafts:.2f} held a draft, {judged.get('held_today', 0) / max(held, 1):.0%}"
        f" of them new rows, {judged.get('texts_read', 0) / drafts:.2f} texts read anew a draft"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=10_000)
    parser.add_argument("--adds", type=int, default=50)
    parser.add_argument("--writers", default="1,8")
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--profile", type=Path, default=None)
    parser.add_argument(
        "--ending", choices=("number", "word"), default="number", help="what makes a draft unique"
    )
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.ending == "word":
        os.environ["AGENTMEM_BENCH_ENDING"] = "word"
    url = scale_pg.server_url()
    schema = f"writers_cpu_{args.size}"
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE".encode())
    scale_pg.load(args.size, url, schema, direct=True)
    rows: list[dict[str, Any]] = []
    for round_ in range(args.rounds):
        for count in (int(c) for c in args.writers.split(",") if c.strip()):
            if args.profile is not None:
                folder = args.profile / f"{count}-{round_}"
                folder.mkdir(parents=True, exist_ok=True)
                os.environ["AGENTMEM_BENCH_PROFILE"] = str(folder)
            with tempfile.TemporaryDirectory(prefix="agentmem-writers-cpu-") as tmp:
                roots = [Path(tmp) / f"loop{i}" / "memory" for i in range(count)]
                got = scale_pg.adds(
                    "postgres", roots, args.adds, args.size, url, schema, writers=count
                )
            row = {"round": round_, "writers": count, **got, **split(got["add8_cpu_ms_each"])}
            del row["add8_cpu_ms_each"]
            rows.append(row)
            if not args.json:
                print(
                    f"round {round_} {count} writers: {row['add8_per_s']}/s, writer CPU"
                    f" {row['add8_client_cpu_ms']} ms/add (first ten {row['first_ms']}, rest"
                    f" {row['rest_ms']}), server {row['add8_server_cpu_ms']} ms/add, load"
                    f" {row['add8_load']}; judge: {judged_line(row.get('add8_judged', {}))}",
                    flush=True,
                )
    if args.json:
        print(json.dumps(rows))
    return 0 if rows else 1  # no writer count given: nothing measured


if __name__ == "__main__":
    raise SystemExit(main())
