"""Where a loop-benchmark harvest probe lost each need it missed: a diagnosis, not a score.

    python bench/harvestloss.py SCENARIO... [--json]

Replays each scenario as `bench/loopbench.py` does and, at every harvest probe, for each
need it missed, lists the run records that carry it (a failure's check or account that
says it, or a success's): what hook E had to read. A need no record carries came from
elsewhere (a retro, a daily note, a lesson). Each hook E memory off every need and related
pattern of its probe is listed too (`off topic`), as harvest precision counts it.
`bench/needloss.py` does the same for pack and synthesis probes.
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from agentmem.core.model import SETBACKS, MemoryType
from agentmem.harvest.runrecord import read_record
from agentmem.stores.base import Filters
from bench.loopbench import HARVEST_TRIGGER, ROOT, _fire, staged
from bench.loopformat import Scenario
from bench.loopscore import read_entries, score_probe
from bench.needloss import cli, fresh_hooks


def run(scenario: Scenario) -> list[dict[str, Any]]:
    work, clock, hooks = fresh_hooks(scenario, "harvestloss-")
    rows: list[dict[str, Any]] = []
    try:
        for step in scenario.steps:
            clock.now = scenario.clock_at(step.day)
            if step.probe != "harvest":
                _fire(hooks, *staged(step, work))
                continue
            entries, _ = read_entries(work / ROOT)
            texts = [e.text for e in entries if e.fields.get("trigger") == HARVEST_TRIGGER]
            score = score_probe(step, True, texts)
            topical = (*step.needs, *step.related)
            off = [t[:200] for t in texts if not any(p.search(t) for p in topical)]
            records = hooks.store.list(Filters(user_id=hooks.settings.user_id))
            runs = [m for m in records if m.type is MemoryType.EPISODIC]
            base = {"scenario": scenario.name, "step": step.index}
            for need in score.missed:
                pattern = next(p for p in step.needs if p.pattern == need)
                carriers = []
                for m in runs:
                    record = read_record(m.text)
                    said = [
                        f"{c.name}: {c.detail}" for c in record.failed if pattern.search(c.detail)
                    ]
                    if said or pattern.search(record.summary):
                        kind = "failure" if m.outcome in SETBACKS else "success"
                        carriers.append(f"{kind} {m.run_id} {m.app_id} {said} | {record.summary}")
                rows.append({**base, "need": need, "carriers": carriers})
            rows += [{**base, "need": "(off topic)", "carriers": [t]} for t in off]
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return rows


def _lines(r: dict[str, Any]) -> list[str]:
    head = f"{r['scenario']} step {r['step']}: {r['need']}"
    return [head, *(f"    {c[:400]}" for c in r["carriers"] or ["(no run record says it)"])]


def _kind(r: dict[str, Any]) -> str:
    if r["need"] == "(off topic)":
        return "off topic"
    failures = [c for c in r["carriers"] if c.startswith("failure")]
    return f"missed, carried by {min(len(failures), 3)} failure record(s)"


if __name__ == "__main__":
    raise SystemExit(
        cli(
            "For each need a harvest probe missed, list the run records that carry it, and "
            "every hook E memory off its probe's topic.",
            run,
            _lines,
            _kind,
        )
    )
