"""A loop that runs for months, compressed: N fires against one store, resources sampled.

    .venv/bin/python bench/soak.py [--fires 20000] [--json] [--hung] [--flat] [--log-max-bytes B]

A host loop as the design describes it, on the embedded store, every hook on: per
iteration hook A (1–3 bundles queued; idle iterations with nothing queued), hook B (a pack
written into a worker folder) and hook C (the run's record, sometimes with lessons and
failing verifiers), hook D every 10th iteration (a retro file), hook E every 50th. A
scripted clock moves 5 minutes per iteration, so decay and harvest windows act as they
would over weeks. With `--hung`, a host plugin also hangs forever on hook C once in a
hundred fires (a stuck network call): quarantine must keep threads bounded. With `--flat`,
the loop replays 100 runs over and over (hook C is idempotent per run, lessons dedup), so
the store stops growing: what RSS still gains then is the runtime's, not the index's.

Printed as a table (or `--json`): RSS, open file descriptors and threads at each tenth
of the run; per-fire time of the first and of the last thousand fires (mean, p50, p95);
the ledger's bytes and files (rotation holds it under `log_max_bytes × (log_keep + 1)`);
memories written; fires not ok (by error type).
"""

from __future__ import annotations

import argparse
import json
import logging
import os
import random
import statistics
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import structlog

from agentmem import Contribution, MemoryHooks, Tools, hookimpl
from agentmem._plugins import make_manager
from agentmem.audit import ledger as auditlog
from agentmem.settings import settings_from_values

APPS = ("billing-api", "webshop", "search-index")
TASKS = (
    "add retries to the {c} client",
    "fix the flaky {c} test",
    "migrate the {c} schema",
    "speed up the {c} endpoint",
    "document the {c} module",
)
COMPONENTS = ("vendor", "checkout", "cache", "auth", "ranking", "db")
CAUSES = (
    "migration lock timeout on the orders table",
    "vendor API returned 400 without the X-Trace header",
    "cache warm-up missing before deploy",
    "import order rejected by ruff",
)
LESSONS = (
    "Send the X-Trace header on every {c} call.",
    "Warm the {c} cache before deploying.",
    "Run migrations on {c} outside business hours to avoid lock timeouts.",
    "Run `ruff check --fix` before committing {c} changes.",
)


class HangsSometimes:
    """A host plugin whose call hangs forever once in a hundred (`--hung`)."""

    def __init__(self, seed: int) -> None:
        self.random = random.Random(seed)
        self.forever = threading.Event()

    @hookimpl
    def post_run_classify(self, run: Any, tools: Tools) -> Contribution | None:
        if self.random.random() < 0.01:
            self.forever.wait()
        return None


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 11, 1, 9, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return 0.0


def open_fds() -> int:
    return len(os.listdir("/proc/self/fd"))


def ledger_size(path: Path) -> tuple[int, int]:
    files = auditlog.log_files(path)
    return sum(f.stat().st_size for f in files if f.exists()), len(files)


def summary_ms(seconds: list[float]) -> dict[str, float]:
    ms = sorted(s * 1000 for s in seconds)
    return {
        "mean": round(statistics.fmean(ms), 2),
        "p50": round(ms[len(ms) // 2], 2),
        "p95": round(ms[int(len(ms) * 0.95)], 2),
    }


class Loop:
    """The scripted host loop: one `step()` is one iteration's fires."""

    def __init__(self, hooks: MemoryHooks, repo: Path, seed: int, *, flat: bool = False) -> None:
        self.hooks = hooks
        self.repo = repo
        self.random = random.Random(seed)
        self.iteration = 0
        self.flat = flat  # replay the same 100 runs: a store that stops growing

    def fires(self) -> list[tuple[str, Callable[[], dict[str, Any]]]]:
        i = self.iteration
        plan: list[tuple[str, Callable[[], dict[str, Any]]]] = [
            ("pre_goal_synthesis", self.queue),
            ("pre_spawn_pack", self.goal),
            ("post_run_classify", self.run),
        ]
        if i % 10 == 9:
            plan.append(("post_retro_distill", self.retro))
        if i % 50 == 49:
            plan.append(("judgment_harvest", lambda: {}))
        return plan

    def pick(self) -> tuple[str, str, str]:
        component = self.random.choice(COMPONENTS)
        return self.random.choice(APPS), self.random.choice(TASKS).format(c=component), component

    def queue(self) -> dict[str, Any]:
        if self.random.random() < 0.2:
            return {"queue": []}  # an idle iteration: hook A must not read
        bundles = []
        for n in range(self.random.randint(1, 3)):
            app, title, _ = self.pick()
            bundles.append({"id": f"b{self.iteration}-{n}", "title": title, "app_id": app})
        return {"queue": bundles}

    def goal(self) -> dict[str, Any]:
        app, title, _ = self.pick()
        worker = self.repo / "workers" / f"w{self.iteration % 8}"
        worker.mkdir(parents=True, exist_ok=True)
        return {"goal": {"title": title, "app_id": app}, "worker_dir": worker}

    def run(self) -> dict[str, Any]:
        if self.flat:  # the same run every 100 iterations: same content, a duplicate
            self.random.seed(self.iteration % 100)
        app, title, component = self.pick()
        failed = self.random.random() < 0.3
        cause = self.random.choice(CAUSES)
        day = "2026-11-01" if self.flat else self.hooks.clock().date().isoformat()
        run: dict[str, Any] = {
            "run_id": f"{day}-run-{self.iteration % 100 if self.flat else self.iteration}",
            "goal": title,
            "outcome": "failure" if failed else "success",
            "summary": f"{title}: {cause}." if failed else f"{title}: done, verifiers green.",
            "app_id": app,
            "verifiers": [
                {"name": "tests", "passed": not failed, "detail": cause if failed else ""},
                {"name": "lint", "passed": True},
            ],
            "tags": [component],
        }
        if self.random.random() < 0.25:
            lesson = self.random.choice(LESSONS).format(c=component)
            run["lessons"] = [{"text": lesson, "evidence": ["tests"]}]
        return {"run": run}

    def retro(self) -> dict[str, Any]:
        app, title, _ = self.pick()
        path = self.repo / "retros" / f"retro-{self.iteration}.md"
        path.parent.mkdir(parents=True, exist_ok=True)
        lessons = "\n".join(
            f"- {self.random.choice(LESSONS).format(c=c)}"
            for c in self.random.sample(COMPONENTS, 3)
        )
        path.write_text(f"# Retro: {title}\n\n## Lessons\n\n{lessons}\n", encoding="utf-8")
        return {"retro": {"path": str(path.relative_to(self.repo)), "app_id": app}}


def soak(
    fires: int,
    root: Path,
    *,
    hung: bool,
    log_max_bytes: int,
    log_keep: int,
    seed: int,
    flat: bool = False,
) -> dict[str, Any]:
    clock = Clock()
    values = {
        "AGENTMEM_ENABLED": "true",
        "AGENTMEM_HOOK_PRE_GOAL": "true",
        "AGENTMEM_HOOK_PRE_SPAWN": "true",
        "AGENTMEM_HOOK_POST_RUN": "true",
        "AGENTMEM_HOOK_POST_RETRO": "true",
        "AGENTMEM_HOOK_JUDGMENT": "true",
        "AGENTMEM_USER_ID": "soak",
        "AGENTMEM_ROOT": str(root / "memory"),
        "AGENTMEM_LOG_MAX_BYTES": str(log_max_bytes),
        "AGENTMEM_LOG_KEEP": str(log_keep),
    }
    if hung:
        values["AGENTMEM_HOOK_TIMEOUT_S"] = "0.5"
    settings = settings_from_values(values, base_dir=root)
    hooks = MemoryHooks(settings, plugin_manager=make_manager(entry_points=False), clock=clock)
    if hung:
        hooks.register(HangsSometimes(seed))
    loop = Loop(hooks, root, seed, flat=flat)
    times: list[float] = []
    failed: Counter[str] = Counter()
    samples: list[dict[str, Any]] = []
    every = max(1, fires // 10)
    done = 0
    while done < fires:
        for hook, context in loop.fires():
            if done >= fires:
                break
            kwargs = context()
            started = time.perf_counter()
            result = hooks.fire(hook, **kwargs)
            times.append(time.perf_counter() - started)
            if not result.ok:
                failed[result.error.type if result.error else "not ok"] += 1
            done += 1
            if done % every == 0 or done == 1:
                size, files = ledger_size(settings.log_path)
                samples.append(
                    {
                        "fires": done,
                        "rss_mb": round(rss_mb(), 1),
                        "open_fds": open_fds(),
                        "threads": threading.active_count(),
                        "ledger_bytes": size,
                        "ledger_files": files,
                    }
                )
        loop.iteration += 1
        clock.now += timedelta(minutes=5)
    window = min(1000, len(times))
    return {
        "fires": fires,
        "iterations": loop.iteration,
        "hung_plugin": hung,
        "flat": flat,
        "memories": len(list((root / "memory" / "entries").glob("*.md"))),
        "first_fires_ms": summary_ms(times[:window]),
        "last_fires_ms": summary_ms(times[-window:]),
        "window": window,
        "not_ok": dict(failed.most_common()),
        "ledger_bound_bytes": log_max_bytes * (log_keep + 1),
        "samples": samples,
    }


def print_table(report: dict[str, Any]) -> None:
    print(
        f"{report['fires']} fires ({report['iterations']} loop iterations), "
        f"{report['memories']} memories written"
        + (", a host plugin hanging on 1% of hook C fires" if report["hung_plugin"] else "")
        + (", 100 runs replayed (a store that stops growing)" if report["flat"] else "")
    )
    print(f"{'fires':>7} {'RSS MB':>8} {'fds':>5} {'threads':>8} {'ledger B':>11} {'files':>6}")
    for s in report["samples"]:
        print(
            f"{s['fires']:>7} {s['rss_mb']:>8} {s['open_fds']:>5} {s['threads']:>8} "
            f"{s['ledger_bytes']:>11} {s['ledger_files']:>6}"
        )
    n = report["window"]
    for label, key in ((f"first {n}", "first_fires_ms"), (f"last {n}", "last_fires_ms")):
        t = report[key]
        print(f"per fire, {label}: mean {t['mean']} ms, p50 {t['p50']} ms, p95 {t['p95']} ms")
    print(f"ledger bound (log_max_bytes × (log_keep + 1)): {report['ledger_bound_bytes']} B")
    print(f"fires not ok: {report['not_ok'] or 0}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fires", type=int, default=20_000)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--hung", action="store_true", help="a host plugin hangs on 1%% of C")
    parser.add_argument("--flat", action="store_true", help="replay 100 runs: no growth")
    parser.add_argument("--log-max-bytes", type=int, default=2_000_000)
    parser.add_argument("--log-keep", type=int, default=2)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--root", type=Path, default=None, help="keep the run here")
    args = parser.parse_args(argv)
    # As a production host would: library events filtered at WARNING, not printed per fire.
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))
    with tempfile.TemporaryDirectory(prefix="agentmem-soak-") as tmp:
        root = args.root or Path(tmp)
        report = soak(
            args.fires,
            root,
            hung=args.hung,
            log_max_bytes=args.log_max_bytes,
            log_keep=args.log_keep,
            seed=args.seed,
            flat=args.flat,
        )
    if args.json:
        json.dump(report, sys.stdout, indent=2)
        print()
    else:
        print_table(report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
