"""What a backfill costs: a generated corpus through every lane, then the same again.

Run: `.venv/bin/python bench/backfill.py [--runs 2000] [--principles 200]`. Prints, per
lane, items, memories written, duplicates, and seconds for the first run and for the
second (which must write nothing). Everything is real: files in a temp folder, the one
writer, the file store. One process, one run; figures vary with the machine.
"""

from __future__ import annotations

import argparse
import json
import logging
import tempfile
import time
from pathlib import Path

import structlog

from agentmem import MemoryHooks
from agentmem._plugins import make_manager
from agentmem.harvest.backfill import plan, run
from agentmem.settings import settings_from_values

OUTCOMES = ("success", "failure", "partial", "aborted")


def corpus(folder: Path, runs: int, principles: int) -> dict[str, Path]:
    (folder / "retros").mkdir(parents=True)
    (folder / "constitution.md").write_text(
        "# Constitution\n"
        + "".join(f"{i}. Rule {i}: keep invariant {i} true.\n" for i in range(principles))
    )
    for week in range(20):
        (folder / "retros" / f"weekly-{week}.md").write_text(
            "# Weekly retro\n## Lessons\n"
            + "".join(f"- Week {week} lesson {n} about area {n * 7 + week}.\n" for n in range(10))
        )
    (folder / "capabilities.md").write_text(
        "".join(f"- Capability {i}: can operate tool {i}.\n" for i in range(100))
    )
    (folder / "ledger.jsonl").write_text(
        "".join(
            json.dumps(
                {
                    "run_id": f"2026-11-{1 + i % 28:02d}-r{i}",
                    "app_id": f"app-{i % 5}",
                    "outcome": OUTCOMES[i % 4],
                    "summary": f"Run {i} worked on goal {i % 97}.",
                }
            )
            + "\n"
            for i in range(runs)
        )
    )
    return {
        "principles": folder / "constitution.md",
        "retros": folder / "retros",
        "capabilities": folder / "capabilities.md",
        "episodic": folder / "ledger.jsonl",
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=2000)
    parser.add_argument("--principles", type=int, default=200)
    args = parser.parse_args()
    structlog.configure(wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING))
    with tempfile.TemporaryDirectory() as tmp:
        base = Path(tmp)
        lanes = corpus(base / "corpus", args.runs, args.principles)
        values = {"AGENTMEM_USER_ID": "bench", "AGENTMEM_ROOT": str(base / "memory")}
        hooks = MemoryHooks(
            settings_from_values(values, base_dir=base),
            plugin_manager=make_manager(entry_points=False),
        )
        print(
            f"{'lane':<13}{'items':>7}{'written':>9}{'dups':>7}{'first s':>10}{'second s':>10}{'2nd written':>13}"
        )
        for lane, path in lanes.items():
            items = plan(path, lane, base)
            started = time.perf_counter()
            first = run(items, hooks.harvester, lane)
            middle = time.perf_counter()
            second = run(plan(path, lane, base), hooks.harvester, lane)
            ended = time.perf_counter()
            print(
                f"{lane:<13}{len(items):>7}{len(first.written):>9}{len(first.duplicates):>7}"
                f"{middle - started:>10.2f}{ended - middle:>10.2f}{len(second.written):>13}"
            )


if __name__ == "__main__":
    main()
