"""Where a loop-benchmark probe lost each need it missed: a diagnosis, not a score.

    python bench/needloss.py SCENARIO... [--json]

Replays each scenario as `bench/loopbench.py` does and, at every probe, for each need it
missed, looks for the memory that carries it and says where it was lost: never written;
withdrawn (superseded); under the confidence floor; of another app; not retrieved by the
goal's search (its rank among all memories of the scope); retrieved but under the
relevance bar or left out by a read-time rule (for a pack, the step that left it out:
`bench/packsteps.py`); chosen but cut by the pack's budget; packed
but its text trimmed. Causes are counted by kind at the end.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import shutil
import sys
import tempfile
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from agentmem import Goal, MemoryHooks, QueuedBundle
from agentmem.core.model import Memory
from agentmem.retrieval.history import history
from agentmem.retrieval.pack import CANDIDATES, goal_query
from agentmem.retrieval.places import LESSONS, RECORDS
from agentmem.retrieval.reader import Reader, own_words
from agentmem.stores.base import Filters
from agentmem.tools import Tools
from bench.loopbench import Clock, _fire, _items, hook_settings, quiet_logs, staged
from bench.loopformat import Scenario, Step, load_scenario
from bench.packsteps import traced

DEEP = 400  # how far down a search is read to find a memory's rank


def _rank(tools: Tools, query: str, memory: Memory, scope: Filters) -> tuple[int | None, float]:
    types = LESSONS if memory.type.value in LESSONS else RECORDS
    live = replace(scope, include_superseded=False, types=types)
    hits = tools.search_memory(query, DEEP, live)
    for n, hit in enumerate(hits):
        if hit.memory.id == memory.id:
            best = hits[0].score if hits else 0.0
            return n + 1, round(hit.score / best, 3) if best else 0.0
    return None, 0.0


def diagnose(
    hooks: MemoryHooks, probe: str, context: dict[str, Any], missed: list[str], packed: list[str]
) -> list[dict[str, Any]]:
    tools = Tools(Reader(hooks.store, touch=False), hooks.settings, clock=hooks.clock)
    floor = hooks.settings.confidence_floor
    everything = hooks.store.list(Filters(user_id=hooks.settings.user_id))
    superseded = {old for m in everything for old in m.supersedes}
    if probe == "pack":
        goal = Goal.model_validate(context["goal"])
        asks = [(goal_query(goal), tools.scope(goal.app_id))]
        hits, left_out = traced(tools.search_memory, goal, asks[0][1], floor)
        chosen = {h.memory.id for h in hits}
    else:
        left_out = {}
        bundles = [QueuedBundle.model_validate(b) for b in context["queue"]]
        asks = [(own_words(b.title, b.description, b.tags), tools.scope(b.app_id)) for b in bundles]
        chosen = set()
        for query, scope in asks:
            found = history(tools.search_memory, query, scope, floor)
            chosen |= {m.id for m in found.lessons} | {m.id for m in found.runs}
            if found.success is not None:
                chosen.add(found.success.id)
    out = []
    for pattern in missed:
        regex = re.compile(pattern, re.IGNORECASE)  # as the benchmark reads its needs
        carriers = [m for m in everything if regex.search(m.text)]
        if not carriers:
            out.append({"need": pattern, "cause": "never written"})
            continue
        verdicts = []
        for m in carriers:
            apps = {a for _, s in asks for a in (s.app_ids or ())}
            if m.id in superseded:
                by = [o for o in everything if m.id in o.supersedes]
                cause = "withdrawn (superseded by: " + " | ".join(o.text[:140] for o in by) + ")"
            elif apps and m.app_id not in apps:
                cause = "other app"
            elif m.confidence < floor:
                cause = "under floor"
            elif m.id in packed:
                cause = "packed, text trimmed"
            elif m.id in chosen:
                cause = (
                    "chosen, cut by pack budget"
                    if probe == "pack"
                    else "chosen, not told (word budget)"
                )
            else:
                ranks = [_rank(tools, q, m, s) for q, s in asks]
                found_ranks = [r for r in ranks if r[0] is not None]
                if not found_ranks:
                    cause = "not retrieved (no shared word)"
                else:
                    rank, share = min(found_ranks)
                    limit = CANDIDATES if probe == "pack" else 20
                    if rank > limit:
                        cause = f"not retrieved (rank {rank} > {limit})"
                    else:
                        cause = f"retrieved (rank {rank}, share {share}), not chosen"
                        if m.id in left_out:
                            cause += f" by {left_out[m.id]}"
                        elif probe == "pack":
                            cause += " by none (not in the pack's own search)"
            verdicts.append((cause, m))
        order = ["packed", "chosen", "retrieved", "not retrieved", "under", "other", "withdrawn"]
        order = [*order, "never"]
        verdicts.sort(key=lambda v: next(i for i, o in enumerate(order) if v[0].startswith(o)))
        cause, m = verdicts[0]
        out.append(
            {
                "need": pattern,
                "cause": cause,
                "memory": m.id,
                "type": m.type.value,
                "app": m.app_id,
                "conf": m.confidence,
                "text": m.text[:160],
                "others": [v[0] for v in verdicts[1:]],
                "each": {v[1].id: v[0] for v in verdicts},  # every carrier's own verdict
            }
        )
    return out


def fresh_hooks(scenario: Scenario, prefix: str) -> tuple[Path, Clock, MemoryHooks]:
    """A new temp folder (named with `prefix`), the scenario's clock at its first step, and
    MemoryHooks there with every hook on, as `bench/loopbench.py` stages a replay."""
    work = Path(tempfile.mkdtemp(prefix=prefix))
    env_file = work / ".env.executive"
    env_file.write_text("#\n", encoding="utf-8")
    clock = Clock(scenario.clock_at(scenario.steps[0].day))
    settings = hook_settings(scenario.user_id, "deterministic", False)
    return work, clock, MemoryHooks.from_env(env_file, environ=settings, clock=clock)


def missed_at(scenario: Scenario) -> Iterator[tuple[MemoryHooks, Step, list[str], list[str]]]:
    """Replay a scenario and, at each pack or synthesis probe that missed needs, yield the
    hooks (memory as it stands then), the step, the missed patterns and the packed ids."""
    work, clock, hooks = fresh_hooks(scenario, "needloss-")
    try:
        for step in scenario.steps:
            clock.now = scenario.clock_at(step.day)
            if step.probe == "harvest":
                continue
            hook, context = staged(step, work)
            ok, result = _fire(hooks, hook, context)
            if step.probe is None or not ok:
                continue
            items = _items(step.probe, result)
            missed = [p.pattern for p in step.needs if not any(p.search(t) for t in items)]
            packed = [e.id for e in result.pack.entries] if step.probe == "pack" else []
            if missed:
                yield hooks, step, missed, packed
    finally:
        shutil.rmtree(work, ignore_errors=True)


def run(scenario: Scenario) -> list[dict[str, Any]]:
    return [
        {"scenario": scenario.name, "step": step.index, "probe": step.probe, **d}
        for hooks, step, missed, packed in missed_at(scenario)
        for d in diagnose(hooks, step.probe, step.context, missed, packed)
    ]


def replayed(paths: list[str], run: Callable[[Scenario], list[dict[str, Any]]]) -> list[Any]:
    """`run`'s rows for every scenario file, the library's prints kept off stdout."""
    quiet_logs()
    rows = []
    for path in paths:
        with contextlib.redirect_stdout(sys.stderr):
            rows += run(load_scenario(path))
    return rows


def cli(
    description: str,
    run: Callable[[Scenario], list[dict[str, Any]]],
    lines: Callable[[dict[str, Any]], list[str]],
    kind: Callable[[dict[str, Any]], str],
) -> int:
    """A diagnosis's command line: its rows as a table (`lines` a row) or one JSON list,
    and the count of each `kind` on stderr."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("scenarios", nargs="+", help="scenario files (bench/loopbench.py's format)")
    parser.add_argument(
        "--json", action="store_true", help="one JSON object on stdout instead of the table"
    )
    args = parser.parse_args()
    rows = replayed(args.scenarios, run)
    if args.json:
        print(json.dumps(rows, indent=1))
    for line in [] if args.json else [line for r in rows for line in lines(r)]:
        print(line)
    print(json.dumps(Counter(kind(r) for r in rows), indent=1), file=sys.stderr)
    return 0


def _lines(r: dict[str, Any]) -> list[str]:
    head = f"{r['scenario']} step {r['step']} {r['probe']}: {r['cause']} :: {r['need']}"
    memory = [f"    [{r['type']} {r['app']} {r['conf']}] {r['text']}"] if "memory" in r else []
    return [head, *memory]


def main() -> int:
    return cli(
        "For each need a loop-benchmark probe missed, say where it was lost (never written, "
        "withdrawn, under the floor, another app, not retrieved, under the bar, cut by the "
        "budget) and count the causes.",
        run,
        _lines,
        _kind,
    )


def _kind(row: dict[str, Any]) -> str:
    """A cause's kind: its words before any figure, and for a retrieved need the step that
    left it out (`bench/packsteps.py`)."""
    cause = str(row["cause"])
    if " by " in cause and cause.startswith("retrieved"):
        return "retrieved, not chosen by " + cause.split(" by ", 1)[1].split(" (")[0]
    return cause.split(" (")[0]


if __name__ == "__main__":
    raise SystemExit(main())
