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

import re
import sys
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from agentmem.harvest.distill import distill
from agentmem.stores.base import Filters
from bench.loopformat import Scenario, Step
from bench.needloss import cli, diagnose, missed_at

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
    found = []
    for hooks, step, missed, packed in missed_at(scenario):
        before = [s for s in scenario.steps if s.index < step.index and s.file is not None]
        drafted = [
            (s.file[0], text)
            for s in before
            if s.fire == "post_retro_distill" and s.file is not None
            for text in drafts(s)
        ]
        every = hooks.store.list(Filters(user_id=hooks.settings.user_id))
        by_id = {m.id: m.source for m in every}
        for row in diagnose(hooks, step.probe, step.context, missed, packed):
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
    return found


def main() -> int:
    return cli(
        "For each need a loop-benchmark probe missed that a retro's draft carried, say what "
        "became of the draft's memory, and count the classes.",
        run,
        lambda r: [
            f"{r['scenario']} step {r['step']} {r['probe']} ({r['class']}): {r['cause']}",
            f"    need: {r['need']}",
        ],
        lambda r: f"{r['class']} {str(r['cause']).split(' (')[0]}",
    )


if __name__ == "__main__":
    raise SystemExit(main())
