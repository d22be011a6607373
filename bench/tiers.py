"""Three tiers: what the daily log, hot state, the witness and GC cost, measured here.

    python bench/tiers.py [--appends N] [--memories N]

Prints figures only; nothing here is asserted (tests pin behaviour, benches measure).
"""

from __future__ import annotations

import argparse
import logging
import subprocess
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import structlog

from agentmem import MemoryHooks
from agentmem.harvest.gc import GarbageCollector
from agentmem.harvest.witness import Witness
from agentmem.settings import settings_from_values
from agentmem.tiers import HotState, load_context

WRITER = """
import sys
from pathlib import Path
from agentmem.tiers.daily import DailyLog
log = DailyLog(Path(sys.argv[1]))
for i in range(int(sys.argv[2])):
    log.append(f"{sys.argv[3]}-{i} " + "x" * 200)
"""


def daily(root: Path, appends: int) -> None:
    started = time.perf_counter()
    procs = [
        subprocess.Popen([sys.executable, "-c", WRITER, str(root), str(appends), tag])
        for tag in ("A", "B")
    ]
    for proc in procs:
        proc.wait()
    elapsed = time.perf_counter() - started
    lines = sum(
        1
        for p in (root / "daily").glob("*.md")
        for line in p.read_text().splitlines()
        if line.startswith("- ")
    )
    print(
        f"daily: 2 processes × {appends} appends → {lines} lines in {elapsed:.2f}s "
        f"({lines / elapsed:,.0f} lines/s, fsync per line, interpreter start included)"
    )


def hot(root: Path, iterations: int = 500) -> None:
    state = HotState(root)
    biggest = 0
    started = time.perf_counter()
    for i in range(iterations):
        state.set(f"k{i % 60}", "v" * (i % 90))
        biggest = max(biggest, state.tick().size_bytes)
    elapsed = time.perf_counter() - started
    print(
        f"hot: {iterations} set+tick iterations, {elapsed / iterations * 1000:.2f} ms each; "
        f"largest hot.json {biggest} bytes, cold keys {len(state.items('cold'))}"
    )


def witness_and_gc(root: Path, memories: int) -> None:
    settings = settings_from_values({"AGENTMEM_USER_ID": "bench", "AGENTMEM_ROOT": str(root)})
    hooks = MemoryHooks(settings)
    for i in range(memories):
        hooks.harvester.submit(
            {
                "text": f"Service {i} handles {i % 50} requests per day; see docs/s{i}.md",
                "type": "semantic",
                "confidence": 0.8,
            },
            trigger="manual",
        )
    started = time.perf_counter()
    report = Witness(settings).run()
    elapsed = time.perf_counter() - started
    print(
        f"witness: {memories} memories, {len(report.checks)} claims checked in {elapsed:.2f}s "
        f"({report.counts()})"
    )
    started = time.perf_counter()
    found = GarbageCollector(settings).candidates(datetime.now(UTC) + timedelta(days=91))
    elapsed = time.perf_counter() - started
    print(f"gc: {len(found)} of {memories} proposed (91 days ahead) in {elapsed:.2f}s")
    ctx = load_context(True, settings=settings)
    sub = load_context(False, "which service handles requests", settings=settings)
    print(
        f"context: main {ctx.tokens} tokens, sub-agent {sub.tokens} tokens "
        f"(budget {sub.budget}); sub-agent left out: {[x.source for x in sub.left_out][:3]}"
    )


def main() -> None:
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--appends", type=int, default=1000)
    parser.add_argument("--memories", type=int, default=1000)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "memory"
        daily(root, args.appends)
        hot(root)
        witness_and_gc(root, args.memories)


if __name__ == "__main__":
    main()
