"""The postings remade when the tokenizer changes (agentmem.stores.pg_terms), timed at scale.

    python bench/pg_remake.py [--sizes 10000,100000] [--runs 2] [--keep] [--json]

For each size, on the server AGENTMEM_POSTGRES_URL names (else a throwaway local server, as
bench/scale.py starts it), in a schema of its own:

- the store of N memories is loaded as bench/scale.py loads it (`rebuild` from files up to
  `--direct-above`, generated rows above), once, in a child process;
- each run marks the schema's tokenizer stale as an upgrade finds it (the `tokenizer` key
  in `meta` holding another format), then times the first open of the new release (a
  store's first search: `first_call_s`, what its caller waits) and the remake it starts in
  its thread (every row's postings made again and swapped in). Figures: rows,
  seconds to the swap, rows/s, CPU seconds of this process (the client's tokenizing) and of the local
  server's processes (None for a server given by URL), the load average before and after;
- meanwhile a loop that was already searching the schema (a process of its own, opened
  before the mark) searches without pause: its longest search during the remake is how
  long a search waits for it (the remake holds the postings table until it commits),
  against its median search before the remake.

The same tokenizer remakes the postings, so the rows' lengths do not change (as from
format 3 to 4, which folds stems and keeps the token counts): no memories row is
rewritten. `--other-terms` makes the stale postings another tokenizer's before each run
(every length one longer, a tenth of the memories' terms spelled otherwise), so the remake
changes every row's length and those terms, as a tokenizer that splits words otherwise
would. `--keep` keeps each schema and reuses one a kept run left with N memories.
"""

from __future__ import annotations

import argparse
import json
import os
import select
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import psycopg

from bench import scale, scale_pg

QUESTIONS = 50  # the searcher's questions, asked in turn


def remake(
    n: int, url: str, schema: str, searcher: bool = True, other_terms: bool = False
) -> dict[str, Any]:
    """One run: mark the tokenizer stale, then time the first open (see the docstring)."""
    from agentmem.stores.bm25 import INDEX_FORMAT
    from agentmem.stores.pg_terms import KEY
    from agentmem.stores.postgres import PostgresStore

    if other_terms:
        _other_tokenizer(url, schema)
    proc = _searcher(n, url, schema) if searcher else None  # opened on the current format
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(
            f"UPDATE {schema}.meta SET value = %s WHERE key = %s".encode(),
            (str(INDEX_FORMAT - 1), KEY),
        )
    load_before = os.getloadavg()[0]
    server_before = scale_pg.server_cpu_s()
    began, cpu, started = time.time(), time.process_time(), time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="agentmem-remake-first-") as tmp:
        store = PostgresStore(Path(tmp) / "memory", url, schema=schema)
        store.search("What do we know about the first call?", 10, touch=False)
        first_call = time.perf_counter() - started
        assert store.behind.wait(3600)  # the remake, in the store's thread
        seconds = time.perf_counter() - started
        client_cpu = time.process_time() - cpu
        server_after = scale_pg.server_cpu_s()
        ended = time.time()
        store.close()
    with psycopg.connect(url, autocommit=True, options=f"-c search_path={schema}") as conn:
        held = conn.execute("SELECT value FROM meta WHERE key = %s", (KEY,)).fetchone()
        rows = conn.execute("SELECT count(*) FROM memories").fetchone()
    assert held is not None and held[0] == str(INDEX_FORMAT), held
    assert rows is not None
    row: dict[str, Any] = {
        "memories": n,
        "rows": int(rows[0]),
        "first_call_s": round(first_call, 3),
        "remake_s": round(seconds, 2),
        "rows_per_s": round(int(rows[0]) / seconds),
        "client_cpu_s": round(client_cpu, 2),
        "server_cpu_s": None
        if server_before is None or server_after is None
        else round(server_after - server_before, 2),
        "load": [round(load_before, 1), round(os.getloadavg()[0], 1)],
    }
    if proc is not None:
        row.update(_waits(proc, began, ended))
    return row


def _other_tokenizer(url: str, schema: str) -> None:
    """Make the postings look another tokenizer's: every length one longer (the rows', the
    postings' and the totals), a tenth of the memories' terms spelled otherwise."""
    with psycopg.connect(url, autocommit=True, options=f"-c search_path={schema}") as conn:
        conn.execute(
            "UPDATE postings SET dl = dl + 1, term = CASE WHEN mem % 10 = 0 "
            "THEN term || '~' ELSE term END"
        )
        conn.execute("UPDATE memories SET doc_len = doc_len + 1")
        conn.execute("UPDATE stats SET total = total + n")
        conn.execute("VACUUM ANALYZE postings")
        conn.execute("VACUUM ANALYZE memories")


def _searcher(n: int, url: str, schema: str) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        [sys.executable, __file__, "--searcher", str(n), url, schema],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    time.sleep(1.0)  # a second of searches before the remake, for the median
    return proc


def _waits(proc: subprocess.Popen[str], began: float, ended: float) -> dict[str, Any]:
    """The searcher's searches: those that overlapped the remake, the longest of them."""
    time.sleep(1.0)  # and a second after
    out, _ = proc.communicate("stop\n", timeout=600)
    if proc.returncode != 0:
        raise SystemExit(f"the searcher failed ({proc.returncode})")
    spans = json.loads(out.strip().splitlines()[-1])
    before = [b - a for a, b, _ in spans if b < began]
    during = [b - a for a, b, _ in spans if b >= began and a <= ended]
    return {
        "search_before_p50_ms": round(1000 * statistics.median(before), 1) if before else None,
        "searches_during": len(during),
        "search_wait_max_s": round(max(during), 2) if during else None,
        "answered_by": sorted({by for _, _, by in spans}),
    }


def search(n: int, url: str, schema: str) -> None:
    """The searching loop (a child process): open the store, say "ready", search until a
    line comes on stdin, then print every search's start, end and who answered."""
    import random

    from agentmem.stores.postgres import PostgresStore

    rng = random.Random(scale.SEED + n)
    words = scale.vocabulary(rng)
    questions = [
        f"What do we know about {' '.join(rng.sample(words, rng.randint(2, 5)))}?"
        for _ in range(QUESTIONS)
    ]
    spans: list[tuple[float, float, str]] = []
    with tempfile.TemporaryDirectory(prefix="agentmem-remake-search-") as tmp:
        store = PostgresStore(Path(tmp) / "memory", url, schema=schema)
        store.search(questions[0], 10, touch=False)  # connected and migrated, as a running loop
        print("ready", flush=True)
        i = 0
        while not select.select([sys.stdin], [], [], 0)[0]:
            started = time.time()
            store.search(questions[i % QUESTIONS], 10, touch=False)
            spans.append((started, time.time(), store.answered_by))
            i += 1
        store.close()
    print(json.dumps(spans))


def loaded(n: int, url: str, schema: str, direct_above: int, keep: bool) -> str:
    """Load the store of n memories (or keep a kept one); say how it was made."""
    with psycopg.connect(url, autocommit=True) as conn:
        if keep and scale_pg.kept_rows(conn, schema) == n:
            return "kept"
        conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE".encode())
    step = "load-direct" if n > direct_above else "load"
    done = scale.run_child("--pg", step, str(n), schema, "--url", url)
    return f"{'generated' if step == 'load-direct' else 'files'}, {done['load_s']:.0f} s"


def line(row: dict[str, Any]) -> str:
    return (
        f"{row['memories']:>8} memories ({row['loaded']}), run {row['run']}: remade "
        f"{row['rows']} rows in {row['remake_s']:.1f} s (first call {row['first_call_s']} s), "
        f"{row['rows_per_s']} rows/s; CPU "
        f"client {row['client_cpu_s']} s, server {row['server_cpu_s']} s; load "
        f"{row['load'][0]}->{row['load'][1]}; a search waited {row.get('search_wait_max_s')} s "
        f"({row.get('searches_during')} during, p50 before "
        f"{row.get('search_before_p50_ms')} ms)"
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="10000,100000")
    parser.add_argument("--runs", type=int, default=2, help="remakes per size")
    parser.add_argument("--direct-above", type=int, default=scale_pg.DIRECT_ABOVE)
    parser.add_argument("--keep", action="store_true", help="keep each size's schema")
    parser.add_argument("--no-searcher", action="store_true", help="time the remake alone")
    parser.add_argument(
        "--other-terms", action="store_true", help="stale postings of another tokenizer"
    )
    parser.add_argument("--json", action="store_true", help="print one JSON list")
    parser.add_argument("--searcher", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.searcher:
        size, url, schema = args.searcher
        search(int(size), url, schema)
        return 0
    url = scale_pg.server_url()
    rows = []
    for n in (int(s) for s in args.sizes.split(",") if s.strip()):
        schema = f"remake_{n}"
        made = loaded(n, url, schema, args.direct_above, args.keep)
        for run in range(1, args.runs + 1):
            row = {"loaded": made, "run": run, "at": time.strftime("%H:%M:%S", time.gmtime())}
            row.update(
                remake(n, url, schema, searcher=not args.no_searcher, other_terms=args.other_terms)
            )
            row["other_terms"] = args.other_terms
            rows.append(row)
            if not args.json:
                print(line(row), flush=True)
        if not args.keep:
            with psycopg.connect(url, autocommit=True) as conn:
                conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE".encode())
    if args.json:
        print(json.dumps(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
