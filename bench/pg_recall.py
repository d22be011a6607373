"""The semantic leg on a large store: the HNSW index's top 10 against the exact top 10.

    HF_HUB_OFFLINE=1 .venv/bin/python bench/pg_recall.py --size 100000 --queries 50 \
        [--ef 200,400,1000] [--keep]

On the server AGENTMEM_POSTGRES_URL names (else a local PostgreSQL from the wheel, for
this run), in the schema `recall_<size>`: the scale benchmark's memories (bench/scale.py's
corpus, generated straight into the server as its `--pg-direct-above` does), each with its
MiniLM vector (the files backend's document, encoded here in batches: minutes of CPU at
100K), the HNSW index built after the vectors are in (as a rebuild into an empty schema
would leave it, faster). `--keep` keeps the schema, and a later run with `--keep` measures
it again without generating or encoding anything (on a server this run started, the schema
ends with the server: `--vectors FILE` keeps the memories' vectors instead, so a rerun
encodes nothing). For the scale benchmark's questions:

- fused recall@10 at each ef: the ids shared by the fused ranking through the index
  (above pg_vector_rank.EXACT_MAX memories: the 200 nearest from the index,
  `hnsw.ef_search` = ef) and the exact fused ranking (every vector read), out of 10;
- vector recall@10 and @200: the index's nearest vectors against the exact nearest (by
  inner product, the index left unused), at each ef;
- p50 / p95 of the fused statement, exact and through the index at each ef;
- pruned (agentmem.stores.pg_vector_prune, at the default ef): how many of the unpruned
  statement's top 10 (through the index, the default ef) it gives, and of the exact ones;
  its p50 / p95 against the unpruned statement's (the two alternate which runs first), and
  how many candidates it scored exactly of how many. `--force-prune` prunes every
  question (else only those with more than `--prune-min` candidates, the store's default);
- store p50: SemanticPostgresStore.search (the question encoded, then the statement), as
  a loop sees it, reads not recorded: pruned as the store does by default (or forced),
  then pruning off, each on a store that has not encoded the questions yet.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import numpy as np
from numpy.typing import NDArray

from agentmem.core.model import Memory
from agentmem.retrieval.ranking import DEFAULT_PARAMS
from agentmem.retrieval.semantic import MiniLmEncoder
from agentmem.stores import pg_write
from agentmem.stores.base import Filters
from agentmem.stores.bm25 import tokenize
from agentmem.stores.pg_rank import RankRequest
from agentmem.stores.pg_vector import VectorLeg
from agentmem.stores.pg_vector_prune import PRUNE_MIN
from agentmem.stores.pg_vector_prune import rank as pruned_rank
from agentmem.stores.pg_vector_rank import NEAR, fused_sql, run
from agentmem.stores.pg_vector_store import SemanticPostgresStore
from bench.scale import SEED, record, vocabulary
from bench.scale_pg import DIRECT_BATCH, server_url


class CachedEncoder:
    """The encoder, with each text's vector kept in a file (.npz): a rerun reads the vectors
    instead of encoding them again. Queries go to the encoder as they are (not kept)."""

    def __init__(self, encoder: MiniLmEncoder, path: Path) -> None:
        self.name = encoder.name
        self._encoder = encoder
        self._path = path
        self._known: dict[str, NDArray[np.float32]] = {}
        if path.exists():
            held = np.load(path)
            self._known = dict(zip(held["texts"].tolist(), held["vectors"], strict=True))
            print(f"  {len(self._known)} vectors read from {path}", flush=True)

    def encode(self, texts: Sequence[str]) -> NDArray[np.float32]:
        missing = [t for t in dict.fromkeys(texts) if t not in self._known]
        if missing:
            self._known.update(zip(missing, self._encoder.encode(missing), strict=True))
        return np.stack([self._known[t] for t in texts])

    def save(self) -> None:
        texts = list(self._known)
        vectors = np.stack([self._known[t] for t in texts])
        with self._path.open("wb") as out:
            np.savez(out, texts=np.array(texts), vectors=vectors)


def generate(store: SemanticPostgresStore, n: int) -> dict[str, float]:
    """The scale corpus of n memories, their rows, their vectors, then the index."""
    rng = random.Random(SEED + n)
    words = vocabulary(rng)
    start = datetime(2026, 1, 1, tzinfo=UTC)
    took: dict[str, float] = {"rows_s": 0.0, "encode_s": 0.0, "vectors_s": 0.0}
    store.call(lambda conn: conn.execute("DROP INDEX embeddings_ip"))
    for first in range(0, n, DIRECT_BATCH):
        clock = time.perf_counter()
        memories = [
            Memory.model_validate(record(i, rng, words, start))
            for i in range(first, min(n, first + DIRECT_BATCH))
        ]
        rows = [pg_write.make_row(m, store.origin) for m in memories]
        store.call(lambda conn, r=rows: pg_write.insert_many(conn, r))  # type: ignore[misc]
        took["rows_s"] += time.perf_counter() - clock
        clock = time.perf_counter()
        embedded = store.vectors.embed(memories)
        took["encode_s"] += time.perf_counter() - clock
        clock = time.perf_counter()
        store.call(lambda conn, e=embedded: store.vectors.write(conn, e))  # type: ignore[misc]
        took["vectors_s"] += time.perf_counter() - clock
        print(f"  {first + len(memories)} memories", flush=True)
    clock = time.perf_counter()
    with store.connection() as conn:
        ext = store.vectors.ext(conn)
        conn.execute("SET maintenance_work_mem = '1GB'")
        conn.execute(  # the index of pg_vector.STEP, built once over every vector
            f"CREATE INDEX embeddings_ip ON embeddings USING hnsw (v {ext.as_string(conn)}.vector_ip_ops)".encode()
        )
        took["index_s"] = time.perf_counter() - clock
        conn.execute("VACUUM ANALYZE")
    return took


def drop(url: str, schema: str) -> None:
    import psycopg

    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE".encode())


def nearest(conn: Any, ext: str, vector: str, k: int, ef: int | None) -> list[int]:
    """The k nearest memories by inner product: through the index at `ef`, or exact."""
    with conn.transaction():
        if ef is None:
            conn.execute("SET LOCAL enable_indexscan = off")
        else:
            conn.execute(f"SET LOCAL hnsw.ef_search = {ef}")
        rows = conn.execute(
            f"SELECT mem FROM embeddings ORDER BY v OPERATOR({ext}.<#>) %s::{ext}.vector "
            "LIMIT %s".encode(),
            (vector, k),
        ).fetchall()
    return [int(r[0]) for r in rows]


def timed(fn: Any) -> tuple[Any, float]:
    clock = time.perf_counter()
    out = fn()
    return out, (time.perf_counter() - clock) * 1000


def p50_p95(samples: list[float]) -> str:
    ordered = sorted(samples)
    return f"{statistics.median(ordered):.1f} / {ordered[int(0.95 * (len(ordered) - 1))]:.1f} ms"


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=100_000)
    parser.add_argument("--queries", type=int, default=50)
    parser.add_argument("--ef", default="200,400,1000", help="hnsw.ef_search values (>= 200)")
    parser.add_argument("--keep", action="store_true", help="keep (and reuse) the schema")
    parser.add_argument(
        "--threads",
        type=int,
        default=1,
        help="torch threads encoding (on a shared machine, "
        "more threads than idle cores spin: fewer texts a second, not more)",
    )
    parser.add_argument("--prune-min", type=int, default=PRUNE_MIN, help="candidates pruned above")
    parser.add_argument("--force-prune", action="store_true", help="prune every question")
    parser.add_argument(
        "--vectors",
        type=Path,
        help="a file (.npz) keeping the memories' vectors: read if there, else written",
    )
    args = parser.parse_args(argv)
    prune_min = 0 if args.force_prune else args.prune_min
    import torch

    torch.set_num_threads(args.threads)
    n, efs = args.size, [int(e) for e in args.ef.split(",")]
    url, schema = server_url(), f"recall_{args.size}"
    encoder = MiniLmEncoder()
    root = Path(tempfile.mkdtemp()) / "memory"
    store = SemanticPostgresStore(root, url, schema=schema, semantic=encoder)
    held = store.call(lambda conn: conn.execute("SELECT count(*) FROM embeddings").fetchone())
    if not args.keep or int(held[0]) < n:
        store.close()
        drop(url, schema)
        cached = CachedEncoder(encoder, args.vectors) if args.vectors else None
        store = SemanticPostgresStore(root, url, schema=schema, semantic=cached or encoder)
        before = os.getloadavg()[0]
        took = generate(store, n)
        if cached is not None:
            cached.save()
        shown = "  ".join(f"{k} {v:.0f}" for k, v in took.items())
        print(f"generated {n}: {shown}  load {before:.1f}-{os.getloadavg()[0]:.1f}", flush=True)
    rng = random.Random(SEED + n)
    words = vocabulary(rng)
    questions = [
        f"What do we know about {' '.join(rng.sample(words, rng.randint(2, 5)))}?"
        for _ in range(args.queries)
    ]
    leg = VectorLeg(encoder)
    now = time.time()
    exact_ms: list[float] = []
    fused: dict[int, list[float]] = {ef: [] for ef in efs}
    fused_ms: dict[int, list[float]] = {ef: [] for ef in efs}
    vec10: dict[int, list[float]] = {ef: [] for ef in efs}
    vec200: dict[int, list[float]] = {ef: [] for ef in efs}
    pruned: dict[str, list[float]] = {
        k: [] for k in ("ms", "unpruned_ms", "same", "identical", "exact")
    }
    work: dict[str, list[float]] = {"candidates": [], "scored": []}
    load_before = os.getloadavg()[0]
    with store.connection() as conn:
        ext = store.vectors.ext(conn)
        name = ext.as_string(conn)
        for question in questions:
            vector, negated = leg.query(question)
            request = RankRequest(tuple(tokenize(question)), 10, Filters(), DEFAULT_PARAMS, now)
            statement, values = fused_sql(request, (vector, negated, ext), exact_max=n)
            exact, ms = timed(lambda s=statement, v=values: run(conn, s, v))
            exact_ms.append(ms)
            want = {r.memory_id for r in exact}
            near10 = set(nearest(conn, name, vector, 10, None))
            near200 = set(nearest(conn, name, vector, 200, None))
            for ef in efs:
                statement, values = fused_sql(request, (vector, negated, ext), exact_max=0)
                got, ms = timed(lambda s=statement, v=values, e=ef: run(conn, s, v, ef_search=e))
                fused_ms[ef].append(ms)
                fused[ef].append(len(want & {r.memory_id for r in got}) / max(1, len(want)))
                vec10[ef].append(len(near10 & set(nearest(conn, name, vector, 10, ef))) / 10)
                vec200[ef].append(len(near200 & set(nearest(conn, name, vector, 200, ef))) / 200)
            vectors = (vector, negated, ext)
            statement, values = fused_sql(request, vectors, exact_max=0)
            seen: dict[str, float] = {}

            def unpruned_run(s: Any = statement, v: Any = values) -> Any:
                return run(conn, s, v)

            def pruned_run(r: Any = request, x: Any = vectors, s: Any = seen) -> Any:
                return pruned_rank(conn, r, x, exact_max=0, prune_min=prune_min, seen=s)

            if len(pruned["ms"]) % 2:  # each runs first every other question
                got, ms_b = timed(pruned_run)
                unpruned, ms_a = timed(unpruned_run)
            else:
                unpruned, ms_a = timed(unpruned_run)
                got, ms_b = timed(pruned_run)
            pruned["unpruned_ms"].append(ms_a)
            pruned["ms"].append(ms_b)
            if got is None:  # not pruned: the unpruned statement answers
                got = unpruned
            else:
                work["candidates"].append(seen["candidates"])
                work["scored"].append(seen["scored"])
            ids = [r.memory_id for r in got]
            told = [r.memory_id for r in unpruned]
            pruned["same"].append(len(set(ids) & set(told)) / max(1, len(told)))
            pruned["identical"].append(float(ids == told))
            pruned["exact"].append(len(set(ids) & want) / max(1, len(want)))
    load_after = os.getloadavg()[0]
    print(f"{n} memories, {len(questions)} questions, load {load_before:.1f}-{load_after:.1f}")
    print(f"  exact fused statement p50 / p95 {p50_p95(exact_ms)}")
    for ef in efs:
        print(
            f"  ef_search {ef:>4}: fused recall@10 {statistics.mean(fused[ef]):.3f} "
            f"(min {min(fused[ef]):.1f}), vector recall@10 {statistics.mean(vec10[ef]):.3f}, "
            f"@200 {statistics.mean(vec200[ef]):.3f}, statement p50 / p95 {p50_p95(fused_ms[ef])}"
        )
    print(
        f"  pruned (ef_search {NEAR}, prune_min {prune_min}): the unpruned top 10 "
        f"{statistics.mean(pruned['same']):.3f} (min {min(pruned['same']):.1f}, {sum(pruned['identical']):.0f} lists identical), exact "
        f"{statistics.mean(pruned['exact']):.3f}; statement p50 / p95 {p50_p95(pruned['ms'])} "
        f"against {p50_p95(pruned['unpruned_ms'])} unpruned; {len(work['scored'])} questions "
        f"pruned, median {statistics.median(work['scored'] or [0]):.0f} scored of "
        f"{statistics.median(work['candidates'] or [0]):.0f} candidates"
    )
    for label, minimum in (("pruned", prune_min), ("unpruned", 10**9)):
        fresh = SemanticPostgresStore(root, url, schema=schema, semantic=encoder)
        fresh.semantic_prune_min = minimum
        searched = []
        for question in questions:  # none asked of this store yet: each one is encoded
            searched.append(timed(lambda q=question, f=fresh: f.search(q, 10, touch=False))[1])
        fresh.close()
        print(f"  store search {label} (encode + statement) p50 / p95 {p50_p95(searched)}")
    store.close()
    if not args.keep:
        drop(url, schema)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
