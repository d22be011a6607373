"""What an audit costs: reading a big ledger, folding it, counting the memory files, the HTML.

Run: `.venv/bin/python bench/audit_report.py [--events 100000] [--memories 500]`.
Fires real hooks to get realistic `hook_run` lines and memory files, then copies those lines
(with their times spread over 30 days) until the ledger holds `--events` lines, and times
`agentmem.audit.build` over a 30-day window, the terminal table and the HTML page. One run,
one process; prints seconds and the ledger's size.
"""

from __future__ import annotations

import argparse
import json
import logging
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

import structlog

from agentmem import MemoryHooks
from agentmem._plugins import make_manager
from agentmem.audit import Window, build
from agentmem.audit.html import render as render_html
from agentmem.audit.table import render
from agentmem.settings import HOOK_FLAGS, settings_from_values

DAYS = 30


def seed(root: Path, memories: int) -> MemoryHooks:
    """Real fires: runs (each writes one episodic memory) and packs, stamped over 30 days."""
    values = {"AGENTMEM_ENABLED": "true", "AGENTMEM_USER_ID": "bench", "AGENTMEM_ROOT": str(root)}
    values.update(dict.fromkeys(HOOK_FLAGS.values(), "true"))
    now = datetime.now(UTC)
    clock_value = [now - timedelta(days=DAYS)]
    hooks = MemoryHooks(
        settings_from_values(values),
        plugin_manager=make_manager(entry_points=False),
        clock=lambda: clock_value[0],
    )
    for i in range(memories):
        clock_value[0] = now - timedelta(days=DAYS) + timedelta(seconds=i * DAYS * 86400 / memories)
        day = clock_value[0].date().isoformat()
        hooks.post_run_classify(
            run={"run_id": f"{day}-run-{i}", "goal": f"goal {i % 50}", "outcome": "success"}
        )
        if i % 10 == 0:
            hooks.pre_spawn_pack(goal={"title": f"goal {i % 50}"})
    return hooks


def inflate(path: Path, events: int) -> None:
    """Repeat the real lines, spread over the window, until the ledger holds `events` lines."""
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    start = time.time() - DAYS * 86400
    with path.open("w") as handle:
        for i in range(events):
            event = dict(lines[i % len(lines)])
            event["ts"] = start + i * DAYS * 86400 / events
            handle.write(json.dumps(event) + "\n")


def timed(label: str, fn: object) -> object:
    started = time.perf_counter()
    value = fn()  # type: ignore[operator]
    print(f"{label:<34} {time.perf_counter() - started:8.3f} s")
    return value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--events", type=int, default=100_000)
    parser.add_argument("--memories", type=int, default=500)
    args = parser.parse_args()
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp) / "memory"
        hooks = timed(f"seed {args.memories} real runs", lambda: seed(root, args.memories))
        settings = hooks.settings  # type: ignore[attr-defined]
        settings = settings.model_copy(update={"log_max_bytes": 10**12})
        inflate(settings.log_path, args.events)
        size = settings.log_path.stat().st_size
        print(f"ledger: {args.events} lines, {size / 1e6:.1f} MB; {args.memories} memory files")
        now = datetime.now(UTC)
        window = Window(now - timedelta(days=DAYS), now + timedelta(minutes=1))
        report = timed("build (read, fold, alarms, growth)", lambda: build(settings, window))
        timed("terminal table", lambda: render(report))  # type: ignore[arg-type]
        page = timed("HTML page", lambda: render_html(report))  # type: ignore[arg-type]
        print(f"events in window: {report.events}; HTML {len(page) / 1e3:.0f} kB")  # type: ignore[attr-defined, arg-type]


if __name__ == "__main__":
    main()
