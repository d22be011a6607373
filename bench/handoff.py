"""What handing a plugin call to another thread costs, by where the scheduler puts the threads.

Run: `.venv/bin/python bench/handoff.py [--n 5000]`. An enabled fire runs its plugins on a
parked worker thread (so a hung plugin cannot hold the loop): one lock hands the call over,
another hands it back. This times that round trip with an empty call, each case in its own
process: two bare locks with the threads left to the scheduler, both pinned to one CPU for
the whole run, and pinned to different CPUs; then agentmem's own pool, which pins the two
threads to the caller's CPU for each call only (and gives the worker the caller's CPUs
back before it runs the plugin), and the same pool with that off
(`AGENTMEM_PIN_HANDOFF=false`).

On a VM an idle vCPU halts, and waking the worker on it costs a trip through the hypervisor;
the gap between the "one CPU" and "two CPUs" rows is that cost.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import threading
import time

CASES: dict[str, tuple[int, int] | str | None] = {
    "left to the scheduler": None,
    "both pinned to one CPU": (0, 0),
    "pinned to two CPUs": (0, 1),
    "agentmem pool, pin per call": "pool",
    "agentmem pool, pin off": "pool-unpinned",
}


def pool_round_trip_us(n: int, pin: bool) -> list[float]:
    """Seven samples of agentmem's own handoff (POOL.call of an empty function)."""
    from agentmem._worker import POOL

    def empty() -> None:
        return None

    POOL.call(empty, {}, 5, pin=pin)  # start the worker
    samples = []
    for _ in range(7):
        start = time.perf_counter()
        for _ in range(n):
            POOL.call(empty, {}, 5, pin=pin)
        samples.append((time.perf_counter() - start) / n * 1e6)
    return samples


def round_trip_us(n: int, pins: tuple[int, int] | str | None) -> list[float]:
    """Seven samples of the mean µs per round trip over `n` calls."""
    if isinstance(pins, str):
        return pool_round_trip_us(n, pin=pins == "pool")
    go, done = threading.Lock(), threading.Lock()
    go.acquire()
    done.acquire()

    def serve() -> None:
        if pins is not None:
            os.sched_setaffinity(0, {pins[1]})
        while True:
            go.acquire()
            done.release()

    if pins is not None:
        os.sched_setaffinity(0, {pins[0]})
    threading.Thread(target=serve, daemon=True).start()
    samples = []
    for _ in range(7):
        start = time.perf_counter()
        for _ in range(n):
            go.release()
            done.acquire(timeout=5)
        samples.append((time.perf_counter() - start) / n * 1e6)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=5000, help="round trips per sample")
    parser.add_argument("--case", choices=list(CASES), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.case is not None:  # the child: one case, one process
        samples = round_trip_us(args.n, CASES[args.case])
        print(f"{min(samples):.1f} {statistics.median(samples):.1f}")
        return
    if not hasattr(os, "sched_setaffinity") or len(os.sched_getaffinity(0)) < 2:
        print("needs Linux and two CPUs (os.sched_setaffinity); nothing measured")
        return
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"n={args.n} round trips per sample, 7 samples, load average {load}")
    print(f"{'threads':<30} {'best µs':>9} {'median µs':>10}")
    for name in CASES:
        out = subprocess.run(
            [sys.executable, __file__, "--n", str(args.n), "--case", name],
            capture_output=True,
            text=True,
            check=True,
        ).stdout.split()
        print(f"{name:<30} {out[0]:>9} {out[1]:>10}")


if __name__ == "__main__":
    main()
