"""The judge's CPU a call, on calls `bench/judge_calls.py record` wrote: each `judge` call
asked once in a fresh process, timed by process CPU, with the withdrawal gate
(`agentmem.core.withdrawgate`) as it is or held open (`--open`: every draft read against
its lessons, as before the gate), and the share `withdrawn` took (`--profile`).

    python bench/judge_cpu.py CALLS.jsonl [--calls 1500] [--open] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))


def judge_calls(path: Path, most: int) -> list[dict[str, Any]]:
    """`most` recorded `judge` calls with held memories, spread evenly over the file."""
    calls = [
        c
        for c in (json.loads(line) for line in path.read_text(encoding="utf-8").splitlines())
        if c["name"] == "judge" and c["args"][1]  # a draft weighed against held memories
    ]
    step = max(1, len(calls) // most)
    return calls[::step][:most]


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("calls", type=Path)
    parser.add_argument("--calls", dest="most", type=int, default=1500)
    parser.add_argument("--open", action="store_true", help="the gate held open")
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    from agentmem.core import held as held_module
    from bench.judge_calls import _held

    try:
        from agentmem.core import withdrawgate
    except ImportError:  # code from before the gate
        withdrawgate = None  # type: ignore[assignment]
    if args.open and withdrawgate is not None:
        withdrawgate.GATED = False
    calls = [
        (c["args"][0], _held(c["args"][1]), c["args"][2])
        for c in judge_calls(args.calls, args.most)
    ]
    profile = cProfile.Profile() if args.profile else None
    start = time.process_time()
    if profile is not None:
        profile.enable()
    for draft, held, kind in calls:
        held_module.judge(draft, held, kind)
    if profile is not None:
        profile.disable()
    spent = time.process_time() - start
    gated = passed = None
    if withdrawgate is not None:  # counted after the timing, not to warm its caches
        gated, withdrawgate.GATED = withdrawgate.GATED, True
        passed = sum(withdrawgate.may_withdraw(draft) for draft, _, _ in calls)
    out = {
        "calls": len(calls),
        "gated": gated,
        "drafts_passing_gate": passed,
        "judge_ms_a_call": round(1000 * spent / max(len(calls), 1), 2),
    }
    if profile is not None:
        stats = pstats.Stats(profile)
        total = stats.total_tt or 1.0  # type: ignore[attr-defined]  # the profile's own clock
        for name in ("withdrawn", "may_withdraw", "denies", "_told_over"):
            cumulative = sum(
                v[3]
                for k, v in stats.stats.items()
                if k[2] == name  # type: ignore[attr-defined]
            )
            out[f"share_{name}"] = round(cumulative / total, 3)
    print(json.dumps(out) if args.json else "\n".join(f"{k}: {v}" for k, v in out.items()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
