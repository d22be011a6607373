"""Changes told in many voices: does a later note that replaces or retracts a held lesson
take the old one out of the next worker's pack, while a restatement or a look-alike about
another thing leaves it in?

    python bench/changes.py PAIRS.json... [--channel lesson|retro|both] [--json] [--details]

A pairs file is a JSON list of objects, each an earlier lesson and a later text about it:

    {"domain": "...", "app_id": "kebab-app", "old": "...", "new": "...",
     "relation": "replaces" | "retracts" | "restates" | "different",
     "goal": "the next task on the topic"}

Each pair is replayed through `MemoryHooks` in a fresh memory root (deterministic reasoner,
every hook on, a scripted clock): day 0 a run whose lesson is `old`; day 5 the `new` text,
as a run lesson (channel `lesson`) or as a bullet of a retro file fired through hook D
(channel `retro`); day 6 hook B packs `goal` for the app. A pack entry shows a text when
most of the entry's words come from it (the closer of the two when both could claim it).

Scores, per relation and channel:
- replaces, retracts: `withdrawn` (old not shown) and `told` (new shown); ok = both.
- restates: ok = old or new shown (the fact still reaches the worker).
- different: ok = old shown (a look-alike must not take it away) and the new text written
  as a memory of its own (not merged into the old one as a restatement).
`merged` counts the pairs whose new text the writer took for a restatement of the old.
A fire not ok (every write of the text refused) counts its pair wrong, is named on
stderr and counted in the `all` row's `fires_not_ok`; the run goes on.

Pairs written blind (by people who never read this library's code) are what the figures
mean: a rule tuned to the pairs it is scored on proves nothing about other phrasings.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import tempfile
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from agentmem import MemoryHooks
from bench.loopbench import Clock, hook_settings, quiet_logs

RELATIONS = ("replaces", "retracts", "restates", "different")
CHANNELS = ("lesson", "retro")
START = datetime(2026, 3, 2, 12, tzinfo=UTC)
FIELDS = ("app_id", "old", "new", "relation", "goal")
WORD = re.compile(r"[a-z0-9]+")


class PairsError(ValueError):
    """A pairs file that is not what the module docstring describes."""


@dataclass
class Pair:
    where: str  # file:index, for messages
    app_id: str
    old: str
    new: str
    relation: str
    goal: str


@dataclass
class Outcome:
    pair: Pair
    channel: str
    old_shown: bool
    new_shown: bool
    merged: bool  # the writer took the new text for a restatement of the old one
    entries: list[str] = field(default_factory=list)
    failed: list[str] = field(default_factory=list)  # fires not ok: the pair counts as wrong

    @property
    def ok(self) -> bool:
        if self.failed:
            return False
        if self.pair.relation in ("replaces", "retracts"):
            return self.new_shown and not self.old_shown
        if self.pair.relation == "restates":
            return self.old_shown or self.new_shown
        return self.old_shown and not self.merged


def load_pairs(path: str) -> list[Pair]:
    """Read one pairs file; a PairsError names the item and field at fault."""
    try:
        raw = json.loads(Path(path).read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise PairsError(f"{path}: cannot read a JSON list of pairs ({exc})") from exc
    if not isinstance(raw, list):
        raise PairsError(f"{path}: expected a JSON list of pairs, got {type(raw).__name__}")
    pairs = []
    for index, item in enumerate(raw):
        where = f"{path}[{index}]"
        if not isinstance(item, dict):
            raise PairsError(f"{where}: expected an object, got {type(item).__name__}")
        for key in FIELDS:
            if not isinstance(item.get(key), str) or not item[key].strip():
                raise PairsError(f"{where}: field {key!r} must be a non-empty string")
        if item["relation"] not in RELATIONS:
            raise PairsError(
                f"{where}: relation {item['relation']!r} is not one of {', '.join(RELATIONS)}"
            )
        pairs.append(Pair(where, *(item[key].strip() for key in FIELDS)))
    return pairs


def words(text: str) -> set[str]:
    return {w for w in WORD.findall(text.lower()) if len(w) >= 3}


def shows(entry: str, text: str, other: str) -> bool:
    """The entry is mostly this text's words, and closer to it than to the other one."""
    e, t, o = words(entry), words(text), words(other)
    if not e or not t:
        return False
    mine = len(e & t) / len(e)
    if mine < 0.7:
        return False
    return len(e & t) / len(e | t) >= len(e & o) / len(e | o)


def replay(pair: Pair, channel: str, work: Path) -> Outcome:
    """Old lesson on day 0, the new text on day 5 by `channel`, hook B's pack on day 6."""
    env_file = work / ".env.executive"
    env_file.write_text("# bench/changes: settings come from the runner\n", encoding="utf-8")
    clock = Clock(START)
    hooks = MemoryHooks.from_env(
        env_file, environ=hook_settings("bench", "deterministic", False), clock=clock
    )
    failed: list[str] = []
    _check(hooks.fire("post_run_classify", run=_run(pair, 1, pair.old)), "old lesson", failed)
    clock.now = START + timedelta(days=5)
    if channel == "lesson":
        told = hooks.fire("post_run_classify", run=_run(pair, 2, pair.new))
        _check(told, "new lesson", failed)
    else:
        rel = f"retros/{(START + timedelta(days=5)).date()}-notes.md"
        (work / "retros").mkdir(exist_ok=True)
        (work / rel).write_text(f"# Weekly notes\n\n## Notes\n- {pair.new}\n", encoding="utf-8")
        retro = {"path": rel, "app_id": pair.app_id}
        told = hooks.fire("post_retro_distill", retro=retro)
        _check(told, "retro", failed)
    clock.now = START + timedelta(days=6)
    goal = {"title": pair.goal, "app_id": pair.app_id, "kind": "code", "tags": []}
    result = hooks.fire("pre_spawn_pack", goal=goal)
    _check(result, "pack", failed)
    texts = [entry.text for entry in result.pack.entries] if result.pack is not None else []
    old = any(shows(t, pair.old, pair.new) for t in texts)
    new = any(shows(t, pair.new, pair.old) for t in texts)
    return Outcome(pair, channel, old, new, bool(told.writes.duplicates), texts, failed)


def _run(pair: Pair, number: int, lesson: str) -> dict[str, Any]:
    day = (START + timedelta(days=5 * (number - 1))).date()
    return {
        "run_id": f"{day}-run-{number:03d}",
        "goal": f"Routine work on {pair.app_id}",
        "outcome": "success",
        "summary": "Done.",
        "app_id": pair.app_id,
        "verifiers": [{"name": "tests", "passed": True}],
        "lessons": [{"text": lesson, "type": "semantic", "confidence": 0.8, "evidence": []}],
        "tags": [],
    }


def _check(result: Any, what: str, failed: list[str]) -> None:
    """A fire not ok is the pair judged wrong, and said on stderr: every write of a text
    refused loses what the text told, which is what the benchmark measures."""
    if not result.ok:
        failed.append(f"the {what} fire was not ok: {result.reason}")


def summarise(outcomes: Sequence[Outcome]) -> dict[str, Any]:
    """ok rate per channel and relation, and withdrawn/told for the changes."""
    out: dict[str, Any] = {}
    for channel in sorted({o.channel for o in outcomes}):
        rows: dict[str, Any] = {}
        mine = [o for o in outcomes if o.channel == channel]
        for relation in RELATIONS:
            group = [o for o in mine if o.pair.relation == relation]
            if not group:
                continue
            count = Counter(
                ok=sum(o.ok for o in group),
                old=sum(o.old_shown for o in group),
                new=sum(o.new_shown for o in group),
                merged=sum(o.merged for o in group),
            )
            row = {"pairs": len(group), "ok": round(count["ok"] / len(group), 3)}
            if relation != "restates":
                row["merged"] = round(count["merged"] / len(group), 3)
            if relation in ("replaces", "retracts"):
                row["withdrawn"] = round(1 - count["old"] / len(group), 3)
                row["told"] = round(count["new"] / len(group), 3)
            rows[relation] = row
        rows["all"] = {
            "pairs": len(mine),
            "ok": round(sum(o.ok for o in mine) / len(mine), 3),
            "fires_not_ok": sum(len(o.failed) for o in mine),
        }
        out[channel] = rows
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="changes.py",
        description=__doc__.split("\n\n")[0] if __doc__ else None,
        epilog="Prints one row per channel and relation: the share of pairs judged right.",
    )
    parser.add_argument("pairs", nargs="+", help="pairs files (JSON lists, see the module doc)")
    parser.add_argument("--channel", choices=(*CHANNELS, "both"), default="both")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--details", action="store_true", help="list every pair judged wrong")
    args = parser.parse_args(argv)
    try:
        pairs = [pair for path in args.pairs for pair in load_pairs(path)]
    except PairsError as exc:
        print(f"changes.py: {exc}", file=sys.stderr)
        return 2
    quiet_logs()
    channels = CHANNELS if args.channel == "both" else (args.channel,)
    outcomes = []
    with tempfile.TemporaryDirectory(prefix="bench-changes-") as tmp:
        for number, (pair, channel) in enumerate((p, c) for c in channels for p in pairs):
            work = Path(tmp) / str(number)
            work.mkdir()
            outcomes.append(replay(pair, channel, work))
            for failure in outcomes[-1].failed:
                print(f"changes.py: {pair.where} ({channel}): {failure}", file=sys.stderr)
            if not args.json and number % 20 == 19:
                print(f"  {number + 1} of {len(pairs) * len(channels)}", file=sys.stderr)
    summary = summarise(outcomes)
    wrong = [o for o in outcomes if not o.ok]
    if args.json:
        if args.details:
            summary["wrong"] = [
                {
                    "where": o.pair.where,
                    "channel": o.channel,
                    "relation": o.pair.relation,
                    "old_shown": o.old_shown,
                    "new_shown": o.new_shown,
                    "merged": o.merged,
                    **({"failed": o.failed} if o.failed else {}),
                }
                for o in wrong
            ]
        print(json.dumps(summary, indent=1))
        return 0
    for channel, rows in summary.items():
        for relation, row in rows.items():
            extra = "".join(f"  {k} {v}" for k, v in row.items() if k not in ("pairs", "ok"))
            print(f"{channel:7s} {relation:10s} pairs {row['pairs']:4d}  ok {row['ok']:.3f}{extra}")
    if args.details:
        for o in wrong:
            print(
                f"wrong: {o.pair.where} {o.channel} {o.pair.relation}: "
                f"old shown {o.old_shown}, new shown {o.new_shown}, merged {o.merged}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
