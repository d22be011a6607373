"""What a fire costs the host loop: gated off, flag off, an enabled no-op plugin, a bare call.

Run: `.venv/bin/python bench/overhead.py [--n 20000]`. Prints µs per call and the ratio to
a bare Python function call, all measured in one process, one run. structlog is set up as
its docs advise for production (a level-filtering logger at WARNING, cached on first use);
the audit ledger is written as usual in the enabled case (every fire that runs appends one
line to it).

Targets: gated off ≤ 5 µs (a loop may fire every hook every iteration with most of them
off), enabled no-op ≤ 1 ms (an agent iteration takes seconds).
"""

from __future__ import annotations

import argparse
import logging
import os
import statistics
import tempfile
import threading
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import structlog

from agentmem import Contribution, HarvestWindow, HookResult, MemoryHooks, Tools, hookimpl
from agentmem._plugins import make_manager
from agentmem._worker import POOL
from agentmem.audit import ledger as auditlog
from agentmem.settings import settings_from_values

TARGET_GATED_US = 5.0
TARGET_NOOP_US = 1000.0


class NoOp:
    """An enabled plugin that does nothing: the runtime's own cost, nothing else."""

    @hookimpl
    def judgment_harvest(self, window: HarvestWindow, tools: Tools) -> Contribution | None:
        return None


def bare() -> None:
    return None


def samples_us(fn: Callable[[], Any], n: int, repeats: int = 7) -> list[float]:
    """`repeats` samples, each the mean µs per call across `n` calls."""
    samples = []
    for _ in range(repeats):
        start = time.perf_counter()
        for _ in range(n):
            fn()
        samples.append((time.perf_counter() - start) / n * 1e6)
    return samples


def per_call_us(fn: Callable[[], Any], n: int, repeats: int = 7) -> float:
    """The best sample (the least disturbed by the rest of the machine)."""
    return min(samples_us(fn, n, repeats))


def where_it_goes(hooks: MemoryHooks, window: HarvestWindow, n: int) -> list[tuple[str, float]]:
    """The parts of an enabled fire, each timed alone (µs per call)."""
    result = hooks.fire("judgment_harvest", window=window)
    fields = result.log_fields()
    scrubber = auditlog.scrubber_for(hooks.settings)
    path = hooks.settings.log_path
    return [
        ("HookResult() (a dataclass, every fire)", per_call_us(lambda: HookResult(hook="x"), n)),
        ("plugin call handed to a parked worker", per_call_us(lambda: POOL.call(bare, {}, 5), n)),
        ("plugin call on a new thread per fire", per_call_us(new_thread, n)),
        ("scrub the event's fields (once per fire)", per_call_us(lambda: scrubber(fields), n)),
        (
            "ledger append of the scrubbed line",
            per_call_us(lambda: auditlog.append(path, fields, scrubbed=True), n),
        ),
    ]


def new_thread() -> None:
    thread = threading.Thread(target=bare, daemon=True)
    thread.start()
    thread.join(5)


def make(root: Path, values: dict[str, str]) -> MemoryHooks:
    settings = settings_from_values(
        {"AGENTMEM_ROOT": str(root), "AGENTMEM_USER_ID": "bench", **values}, base_dir=root
    )
    return MemoryHooks(settings, plugin_manager=make_manager(defaults=False, entry_points=False))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--n", type=int, default=20_000, help="calls per sample (gated cases)")
    args = parser.parse_args()
    # structlog's production advice: a level-filtering logger, cached on first use.
    structlog.configure(
        wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING),
        cache_logger_on_first_use=True,
    )

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "memory"
        master_off = make(root, {})
        flag_off = make(root, {"AGENTMEM_ENABLED": "true"})
        enabled = make(root, {"AGENTMEM_ENABLED": "true", "AGENTMEM_HOOK_JUDGMENT": "true"})
        enabled.register(NoOp())
        window = HarvestWindow()
        assert enabled.fire("judgment_harvest", window=window).ok  # warm: the store opens once

        n_run = max(args.n // 10, 200)
        cases = [
            ("bare function call", bare, args.n, None),
            (
                "fire, AGENTMEM_ENABLED off",
                lambda: master_off.fire("judgment_harvest", window=window),
                args.n,
                TARGET_GATED_US,
            ),
            (
                "fire, hook flag off",
                lambda: flag_off.fire("judgment_harvest", window=window),
                args.n,
                TARGET_GATED_US,
            ),
            (
                "fire, enabled no-op plugin",
                lambda: enabled.fire("judgment_harvest", window=window),
                n_run,
                TARGET_NOOP_US,
            ),
        ]
        rows = [(name, samples_us(fn, n), target) for name, fn, n, target in cases]
        parts = where_it_goes(enabled, window, n_run)
    base = min(rows[0][1])
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"n={args.n} (gated), {n_run} (enabled); 7 samples; load average {load}")
    print("verdict on the best sample, the least disturbed by the rest of the machine")
    header = f"{'case':<30} {'best µs':>10} {'median µs':>10} {'× bare':>8} {'target':>10}"
    print(f"{header}  verdict")
    for name, samples, target in rows:
        best, median = min(samples), statistics.median(samples)
        verdict = "" if target is None else ("ok" if best <= target else "MISSED")
        shown = "" if target is None else f"≤ {target:g} µs"
        print(
            f"{name:<30} {best:>10.3f} {median:>10.3f} {best / base:>8.1f} {shown:>10}  {verdict}"
        )
    print("where an enabled fire's time goes (the same run):")
    for name, us in parts:
        print(f"  {name:<44} {us:>10.3f}")


if __name__ == "__main__":
    main()
