"""Every question the writer's judge was asked in a replay, recorded, and answered again:
to prove that a speed-up of the judge moved no verdict.

    python bench/judge_calls.py record OUT.jsonl SCENARIO_OR_PAIRS.json...
    python bench/judge_calls.py answer CALLS.jsonl > ANSWERS.jsonl
    python bench/judge_calls.py --diff BEFORE.jsonl AFTER.jsonl

`record` replays scenarios (`bench/loopbench.py`) and pairs files (`bench/changes.py`, both
channels) with the texts-only rules that `agentmem.core.verdict.compare` asks (`judge` with
every held memory it was given, `kin`, and the rules of two texts its own lookups ask)
wrapped to write each distinct call once. `answer` asks each recorded call again of the
code on `sys.path` (run it from a checkout of the old code and from the new one) and
prints one line per call; `--diff` names the calls whose answers differ.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench.judge_same import plain  # an answer as JSON (sets sorted)

# The names `compare` and its lookups call with texts alone (attributes of `verdict`).
PAIRS = (
    "set_apart",
    "restates",
    "_anew",
    "replaces",
    "replaces_elsewhere",
    "withdrawn_by_name",
    "keyed_anew",
    "retired_device",
    "retired_supply",
)
TEXTS = ("says_changed", "retraction", "told_apart", "withdrawn_names", "key_words")


def _held(rows: Sequence[dict[str, Any]]) -> list[Any]:
    from agentmem.core.held import Held

    return [Held(**{**r, "supersedes": tuple(r["supersedes"])}) for r in rows]


def ask(call: dict[str, Any]) -> Any:
    """The answer of the code on `sys.path` to one recorded call."""
    from agentmem.core import held, verdict

    name, args = call["name"], call["args"]
    if name == "judge":
        return plain(held.judge(args[0], _held(args[1]), args[2]))
    if name == "kin":
        return plain(held.kin(args[0], _held(args[1]), args[2]))
    if name == "withdrawn":
        from agentmem.core.retract import withdrawn

        return plain(withdrawn(args[0], [(p[0], p[1]) for p in args[1]]))
    rule: Callable[..., Any] | None = getattr(verdict, name, None)
    if rule is None:  # a reading the code on `sys.path` does not have retires nothing
        return False
    return plain(rule(*args))


def record(out: Path, files: Sequence[str]) -> int:
    from agentmem.core import verdict

    seen: dict[str, None] = {}

    def keep(name: str, args: list[Any]) -> None:
        seen.setdefault(json.dumps({"name": name, "args": plain(args)}, sort_keys=True))

    def wrapped(name: str) -> Callable[..., Any]:
        rule = getattr(verdict, name)

        def call(*args: Any) -> Any:
            keep(name, list(args))
            return rule(*args)

        return call

    for name in (*PAIRS, *TEXTS, "judge", "kin", "withdrawn"):
        setattr(verdict, name, wrapped(name))
    from bench import changes, loopbench

    scenarios = [f for f in files if not Path(f).name.startswith("pairs-")]
    pairs = [f for f in files if Path(f).name.startswith("pairs-")]
    with contextlib.redirect_stdout(io.StringIO()):
        if scenarios:
            loopbench.main([*scenarios, "--json"])
        if pairs:
            changes.main([*pairs, "--channel", "both", "--json"])
    out.write_text("".join(line + "\n" for line in seen), encoding="utf-8")
    print(f"{len(seen)} distinct calls", file=sys.stderr)
    return 0


def answer(calls: Path) -> int:
    for line in calls.read_text(encoding="utf-8").splitlines():
        print(json.dumps(ask(json.loads(line)), sort_keys=True))
    return 0


def diff(before: Path, after: Path, calls: Path | None) -> int:
    old = before.read_text(encoding="utf-8").splitlines()
    new = after.read_text(encoding="utf-8").splitlines()
    asked = calls.read_text(encoding="utf-8").splitlines() if calls else []
    moved = [i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b]
    for i in moved[:20]:
        print(f"line {i + 1}: {asked[i][:200] if asked else ''} {old[i]} -> {new[i]}")
    print(f"{len(old)} answers before, {len(new)} after, {len(moved)} differ")
    return 1 if moved or len(old) != len(new) else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("mode", nargs="?", choices=("record", "answer"))
    parser.add_argument("paths", nargs="*")
    parser.add_argument("--diff", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    parser.add_argument("--calls", type=Path, help="with --diff: name the calls that differ")
    args = parser.parse_args(argv)
    if args.diff:
        before, after = args.diff
        return diff(before, after, args.calls)
    if args.mode == "record" and len(args.paths) >= 2:
        return record(Path(args.paths[0]), args.paths[1:])
    if args.mode == "answer" and len(args.paths) == 1:
        return answer(Path(args.paths[0]))
    parser.error("record OUT FILES... | answer CALLS | --diff BEFORE AFTER")
    return 2


if __name__ == "__main__":
    raise SystemExit(main())
