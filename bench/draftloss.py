"""Where a need the distiller drafted was lost: the draft's own fate, not the best carrier's.

    python bench/draftloss.py SCENARIO... [--json]

`bench/needloss.py` says where a missed need was lost by the memory that came nearest to
serving it, often a run record. This asks of the retro lessons: for each need a probe
missed, was it drafted (the distiller, run on a retro fired before the probe, made a draft
the need's pattern matches)? If so, what became of the memory written from that retro
(same source) that carries it: never written (refused or judged a duplicate), withdrawn
(a later memory superseded it), another app's, not retrieved, under the bar, cut by the
budget, or packed and trimmed. Classes (a) writer, (b) retrieval, (c) rendering."""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import shutil
import sys
import tempfile
from collections import Counter
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from agentmem import MemoryHooks
from agentmem.harvest.distill import distill
from agentmem.stores.base import Filters
from bench.loopbench import Clock, _fire, _items, hook_settings, quiet_logs, staged
from bench.loopformat import Scenario, Step, load_scenario
from bench.needloss import diagnose

CLASS = (
    ("withdrawn", "a"),
    ("never written", "a"),
    ("packed", "c"),
    ("", "b"),  # another app, under the floor, not retrieved, not chosen, cut by a budget
)


def drafts(step: Step) -> list[str]:
    """The draft texts the distiller makes of a retro step's file, as hook D calls it."""
    if step.file is None:
        return []
    retro = step.context.get("retro") or {}
    plan = distill(
        step.file[1],
        step.file[0],
        periodic=bool(retro.get("periodic")),
        run_id=retro.get("run_id"),
        app_id=retro.get("app_id"),
    )
    return [str(d["text"]) for d in plan.drafts]


def fate(row: dict[str, Any], sources: set[str], by_id: dict[str, str | None]) -> str:
    """The verdict of the carrier written from a drafting retro, else "never written"."""
    own = [cause for mid, cause in row.get("each", {}).items() if by_id.get(mid) in sources]
    return own[0] if own else "never written"


def run(scenario: Scenario) -> list[dict[str, Any]]:
    work = Path(tempfile.mkdtemp(prefix="draftloss-"))
    env_file = work / ".env.executive"
    env_file.write_text("#\n", encoding="utf-8")
    clock = Clock(scenario.clock_at(scenario.steps[0].day))
    settings = hook_settings(scenario.user_id, "deterministic", False)
    hooks = MemoryHooks.from_env(env_file, environ=settings, clock=clock)
    drafted: list[tuple[str, str]] = []  # (retro path, draft text) of the retros so far
    found = []
    try:
        for step in scenario.steps:
            clock.now = scenario.clock_at(step.day)
            if step.probe == "harvest":
                continue
            if step.fire == "post_retro_distill" and step.file is not None:
                drafted += [(step.file[0], text) for text in drafts(step)]
            hook, context = staged(step, work)
            ok, result = _fire(hooks, hook, context)
            if step.probe is None or not ok:
                continue
            items = _items(step.probe, result)
            missed = [p.pattern for p in step.needs if not any(p.search(t) for t in items)]
            packed = [e.id for e in result.pack.entries] if step.probe == "pack" else []
            rows = diagnose(hooks, step.probe, step.context, missed, packed) if missed else []
            every = hooks.store.list(Filters(user_id=hooks.settings.user_id))
            by_id = {m.id: m.source for m in every}
            for row in rows:
                regex = re.compile(row["need"], re.IGNORECASE)
                sources = {path for path, text in drafted if regex.search(text)}
                cause = fate(row, sources, by_id) if sources else "not drafted"
                kind = next((c for word, c in CLASS if cause.startswith(word)), "b")
                found.append(
                    {
                        "scenario": scenario.name,
                        "step": step.index,
                        "probe": step.probe,
                        "need": row["need"],
                        "drafted": bool(sources),
                        "class": kind if sources else "-",
                        "cause": cause,
                    }
                )
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return found


def main() -> int:
    parser = argparse.ArgumentParser(
        description="For each need a loop-benchmark probe missed that a retro's draft "
        "carried, say what became of the draft's memory, and count the classes."
    )
    parser.add_argument("scenarios", nargs="+", help="scenario files (bench/loopbench.py's format)")
    parser.add_argument("--json", action="store_true", help="one JSON list on stdout")
    args = parser.parse_args()
    quiet_logs()
    rows = []
    for path in args.scenarios:
        with contextlib.redirect_stdout(sys.stderr):
            rows += run(load_scenario(path))
    if args.json:
        print(json.dumps(rows, indent=1))
    else:
        for r in rows:
            print(f"{r['scenario']} step {r['step']} {r['probe']} ({r['class']}): {r['cause']}")
            print(f"    need: {r['need']}")
    kinds = Counter(f"{r['class']} {r['cause'].split(' (')[0]}" for r in rows)
    print(json.dumps(kinds, indent=1), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
