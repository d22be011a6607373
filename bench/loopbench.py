"""Loop benchmark: replay an agent loop's scripted history through the hooks, score the probes.

    python bench/loopbench.py SCENARIO... [--json] [--reasoner R] [--semantic] [--details]
                                          [--keep]

The format and every score are defined in LOOPBENCH.md (docs/loopbench.md has it in
brief). Each scenario replays in a fresh work folder (the host's repository: retro files are
written there, `memory/` under it is the memory root) through `MemoryHooks` alone, every
hook flag on, the clock at the step's day, 12:00 UTC. Nothing here knows any scenario: a
file in the format is scored as it is, and a malformed one is refused (exit 2) with the
step index and the field at fault.

`--reasoner R` sets AGENTMEM_REASONER (default deterministic) and `--semantic` turns on the
files backend's semantic leg (AGENTMEM_SEMANTIC). Other AGENTMEM_* variables of the process
pass through (a chat reasoner's endpoint, model and key live there), except those the runner
owns (the master switch and hook flags, root, user, log file, role, reasoner, semantic).
`--details` adds each probe's findings (the table, or a `probes` list per scenario in the
JSON); `--keep` keeps the work folders and names them on stderr. Logs go to stderr only:
with `--json`, stdout is the one JSON object.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import logging
import os
import re
import shutil
import sys
import tempfile
import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any

import structlog

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from agentmem import MemoryHooks, SettingsError
from bench.loopformat import PROBE_HOOK, Scenario, ScenarioError, Step, lint, load_scenario
from bench.loopscore import (
    COUNTS,
    KEYS,
    ProbeScore,
    Tally,
    near_duplicates,
    read_entries,
    score_probe,
)

HARVEST_TRIGGER = "judgment_harvest"
ROOT = "memory"  # the memory root inside the work folder (AGENTMEM_ROOT's default name)

# The variables the runner sets for every replay; the process's values of these never apply.
OWNED = (
    "AGENTMEM_ENABLED",
    "AGENTMEM_HOOK_PRE_GOAL",
    "AGENTMEM_HOOK_PRE_SPAWN",
    "AGENTMEM_HOOK_POST_RUN",
    "AGENTMEM_HOOK_POST_RETRO",
    "AGENTMEM_HOOK_JUDGMENT",
    "AGENTMEM_ROOT",
    "AGENTMEM_USER_ID",
    "AGENTMEM_LOG_FILE",
    "AGENTMEM_ROLE",
    "AGENTMEM_REASONER",
    "AGENTMEM_SEMANTIC",
)


# -- replay -----------------------------------------------------------------------------------
@dataclass
class Replay:
    scenario: Scenario
    tally: Tally
    probes: list[ProbeScore]
    pairs: list[tuple[str, str, float]]
    failures: list[str]  # fires not ok: step, hook, reason
    work: Path


def hook_settings(user_id: str, reasoner: str, semantic: bool) -> dict[str, str]:
    """What the runner sets: every hook on, the scenario's user, the chosen reasoner."""
    flags = dict.fromkeys(OWNED[:6], "true")
    return {
        **flags,
        "AGENTMEM_ROOT": ROOT,
        "AGENTMEM_USER_ID": user_id,
        "AGENTMEM_ROLE": "executive",
        "AGENTMEM_REASONER": reasoner,
        "AGENTMEM_SEMANTIC": "true" if semantic else "false",
    }


def passthrough(environ: Mapping[str, str]) -> dict[str, str]:
    """The process's AGENTMEM_* variables that still apply (none the runner owns)."""
    return {k: v for k, v in environ.items() if k.startswith("AGENTMEM_") and k not in OWNED}


class Clock:
    """The scripted clock MemoryHooks reads: set to each step's day, 12:00 UTC."""

    def __init__(self, now: datetime) -> None:
        self.now = now

    def __call__(self) -> datetime:
        return self.now


def replay(
    scenario: Scenario,
    *,
    reasoner: str = "deterministic",
    semantic: bool = False,
    environ: Mapping[str, str] | None = None,
    work: Path | None = None,
    plugins: Sequence[object] = (),
    warn: Callable[[str], None] = lambda _: None,
) -> Replay:
    """Fire every step through a fresh MemoryHooks in `work` (a new temp folder if None).

    `plugins` are host plugins registered after the built-ins (tests use them; the CLI
    registers none)."""
    made = work is None
    if work is None:
        work = Path(tempfile.mkdtemp(prefix=f"loopbench-{_slug(scenario.name)}-"))
    work.mkdir(parents=True, exist_ok=True)
    # The env file places the host's repository (base_dir: retro paths resolve against it);
    # the settings go through `environ`, so no value needs quoting for a dotenv parser.
    env_file = work / ".env.executive"
    env_file.write_text("# loopbench: settings come from the runner's environ\n", encoding="utf-8")
    outside = passthrough(os.environ if environ is None else environ)
    settings = {**outside, **hook_settings(scenario.user_id, reasoner, semantic)}
    clock = Clock(scenario.clock_at(scenario.steps[0].day))
    started = time.perf_counter()
    try:
        hooks = MemoryHooks.from_env(env_file, environ=settings, clock=clock)
    except SettingsError:
        if made:  # nothing ran: leave no folder behind
            shutil.rmtree(work, ignore_errors=True)
        raise
    for plugin in plugins:
        hooks.register(plugin)
    tally, probes, failures = Tally(), [], []
    root = work / ROOT
    for step in scenario.steps:
        clock.now = scenario.clock_at(step.day)
        if step.probe == "harvest":
            entries, _ = read_entries(root, warn)
            texts = [e.text for e in entries if e.fields.get("trigger") == HARVEST_TRIGGER]
            probes.append(score_probe(step, True, texts))
            continue
        hook, context = staged(step, work)
        ok, result = _fire(hooks, hook, context)
        tally.fires += 1
        if not ok:
            tally.fires_not_ok += 1
            failures.append(f"{step.label}: {result}")
        if step.probe is not None:
            probes.append(score_probe(step, ok, _items(step.probe, result) if ok else []))
    entries, count = read_entries(root, warn)
    pairs = near_duplicates(entries)
    tally.seconds = time.perf_counter() - started
    tally.memories, tally.near_duplicates = count, len(pairs)
    tally = sum((p.tally() for p in probes), tally)
    return Replay(scenario, tally, probes, pairs, failures, work)


def staged(step: Step, work: Path) -> tuple[str, dict[str, Any]]:
    """The hook a step fires and its context, with what the host does first done in `work`:
    the step's file written, the worker's folder made (a host makes it before it spawns one)."""
    hook = step.fire or PROBE_HOOK[str(step.probe)]
    context = dict(step.context)
    if step.file is not None:
        target = work / step.file[0]
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(step.file[1], encoding="utf-8")
    if "worker_dir" in context:
        context["worker_dir"] = work / context["worker_dir"]
        context["worker_dir"].mkdir(parents=True, exist_ok=True)
    if hook == "judgment_harvest":
        context.setdefault("window", {})
    return hook, context


def _fire(hooks: MemoryHooks, hook: str, context: dict[str, Any]) -> tuple[bool, Any]:
    """Fire one hook; (ok, result) or (False, why). `fire` promises never to raise: if it
    does, that is a library bug, reported as the fire's failure rather than ending the replay."""
    try:
        result = hooks.fire(hook, **context)
    except Exception as exc:  # the library's promise broken: say so, score it as not ok
        return (
            False,
            f"fire raised {type(exc).__name__}: {exc} (a library bug: fire must not raise)",
        )
    if not result.ok:
        error = f"{result.error.type}: {result.error.message}" if result.error else result.reason
        return False, error or "ok=False"
    return True, result


def _items(kind: str, result: Any) -> list[str]:
    """What a read probe scores: the pack's entries' texts, or the synthesis line by line."""
    if kind == "pack":
        return [entry.text for entry in result.pack.entries] if result.pack is not None else []
    return [line for line in (result.synthesis or "").splitlines() if line.strip()]


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or "scenario"


# -- output -----------------------------------------------------------------------------------


def report(replays: Sequence[Replay], details: bool = False) -> dict[str, Any]:
    """The one JSON object: total scores, then `per_scenario` keyed by scenario name."""
    total = sum((r.tally for r in replays), Tally())
    per: dict[str, Any] = {}
    for r in replays:
        name = (
            r.scenario.name
            if r.scenario.name not in per
            else f"{r.scenario.name} ({r.scenario.path})"
        )
        per[name] = r.tally.scores()
        if details:
            per[name]["probes"] = [p.as_dict() for p in r.probes]
            per[name]["near_duplicate_pairs"] = [list(p) for p in r.pairs]
            per[name]["fires_failed"] = r.failures
    return {**total.scores(), "per_scenario": per}


def _cell(tally: Tally, key: str) -> str:
    value = tally.scores()[key]
    if key in COUNTS:
        part, whole = (getattr(tally, k) for k in COUNTS[key])
        return "–" if value is None else f"{value:.2f} ({part}/{whole})"
    return f"{value:.2f}" if isinstance(value, float) else str(value)


def table(replays: Sequence[Replay], header: str, details: bool = False) -> str:
    """Scores as rows, one column per scenario and one for the total."""
    columns = [(r.scenario.name, r.tally) for r in replays]
    if len(replays) > 1:
        columns.append(("total", sum((r.tally for r in replays), Tally())))
    rows = [["score", *(name for name, _ in columns)]]
    rows += [[key, *(_cell(t, key) for _, t in columns)] for key in KEYS]
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    lines = [header, ""]
    for n, row in enumerate(rows):
        lines.append(
            "  ".join(
                c.ljust(w) if i == 0 else c.rjust(w)
                for i, (c, w) in enumerate(zip(row, widths, strict=True))
            )
        )
        if n == 0:
            lines.append("  ".join("-" * w for w in widths))
    if details:
        for r in replays:
            lines += ["", f"{r.scenario.name}: probes", *_probe_lines(r)]
    return "\n".join(lines)


def _probe_lines(r: Replay) -> Iterator[str]:
    for p in r.probes:
        state = "" if p.ok else " NOT OK"
        yield f"  {p.step.label}{state}: found {len(p.found)}/{len(p.found) + len(p.missed)}, {len(p.items)} items, {p.on_topic} on topic, {len(p.stale)} stale"
        for pattern in p.missed:
            yield f"      missed  {pattern}"
        for text in p.stale:
            yield f"      stale   {text[:110]}"
    for a, b, similarity in r.pairs:
        yield f"  near duplicate ({similarity:.2f}): {a} ~ {b}"
    for failure in r.failures:
        yield f"  not ok: {failure}"


def quiet_logs() -> None:
    """Library logs at WARNING and up, on stderr: stdout carries only the figures. (Stdlib
    logging needs nothing: with no handler set up, it writes warnings to stderr already.)"""
    structlog.configure(
        wrapper_class=structlog.make_filtering_bound_logger(logging.WARNING),
        logger_factory=structlog.PrintLoggerFactory(file=sys.stderr),
    )


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("scenarios", nargs="+", metavar="SCENARIO", help="scenario JSON files")
    parser.add_argument("--json", action="store_true", help="print one JSON object, nothing else")
    parser.add_argument("--reasoner", default="deterministic", choices=("deterministic", "openai"))
    parser.add_argument("--semantic", action="store_true", help="the files backend's semantic leg")
    parser.add_argument("--details", action="store_true", help="each probe's findings too")
    parser.add_argument(
        "--keep", action="store_true", help="keep the work folders (named on stderr)"
    )
    args = parser.parse_args(argv)
    quiet_logs()

    def warn(message: str) -> None:
        print(f"loopbench: {message}", file=sys.stderr)

    try:
        scenarios = [load_scenario(path) for path in args.scenarios]
    except ScenarioError as exc:
        warn(f"malformed scenario: {exc}")
        return 2
    replays = []
    for scenario in scenarios:
        for note in lint(scenario):
            warn(f"{scenario.path}: {note}")
        try:
            with contextlib.redirect_stdout(sys.stderr):  # whatever a dependency prints
                done = replay(scenario, reasoner=args.reasoner, semantic=args.semantic, warn=warn)
        except SettingsError as exc:  # an AGENTMEM_* value (or a missing one) the library refuses
            warn(f"settings: {exc}")
            return 2
        for failure in done.failures:
            warn(f"{scenario.name}: not ok: {failure}")
        if args.keep:
            warn(f"{scenario.name}: work folder kept at {done.work}")
        else:
            shutil.rmtree(done.work, ignore_errors=True)
        replays.append(done)
    if args.json:
        print(json.dumps(report(replays, args.details), indent=2))
    else:
        passed = ", ".join(sorted(passthrough(os.environ))) or "none"
        header = f"loop benchmark: reasoner {args.reasoner}, semantic {'on' if args.semantic else 'off'}, other AGENTMEM_* from the environment: {passed}"
        print(table(replays, header, args.details))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
