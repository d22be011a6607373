"""The judge's CPU a draft when its held candidates are read cold, as a fleet writer reads
the other writers' new rows (issue 17): `bench/scale.py`'s drafts (a sentence and a random
number after it), each judged against `--held` texts no earlier draft met, in one process.

    python bench/judge_cold.py [--drafts 300] [--held 8] [--profile PATH] [--json]

Run it from two checkouts in turn (main, a branch, main, a branch): the drafts and held texts
are the same for a seed, so the figures compare code, not text. `--profile PATH` dumps a
cProfile (CPU clock) of the judging for `pstats`.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import random
import sys
import time
from collections.abc import Sequence
from pathlib import Path

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from agentmem.core.held import Held, judge
from bench.scale import SEED, TYPES, sentence, vocabulary
from bench.scale_pg import _unique


def cases(drafts: int, held: int, seed: int = SEED) -> list[tuple[str, list[Held]]]:
    """`drafts` drafts, each with `held` fresh held texts: every other one a stored row of
    any type (a sentence), the rest another writer's new lesson (a sentence and a number)."""
    rng = random.Random(seed)
    words = vocabulary(rng)
    out = []
    for i in range(drafts):
        draft = _unique(sentence(rng, words), rng)
        found = []
        for j in range(held):
            stored = j % 2 == 1
            text = sentence(rng, words) if stored else _unique(sentence(rng, words), rng)
            kind = TYPES[j % len(TYPES)][0] if stored else "semantic"
            found.append(Held(id=f"{i}-{j}", text=text, type=kind))
        out.append((draft, found))
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--drafts", type=int, default=300)
    parser.add_argument("--held", type=int, default=8)
    parser.add_argument("--profile", type=Path)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    judged = cases(args.drafts, args.held)
    profile = cProfile.Profile(time.process_time) if args.profile else None
    start = time.process_time()
    if profile is not None:
        profile.enable()
    for draft, held in judged:
        judge(draft, held, "semantic")
    if profile is not None:
        profile.disable()
        profile.dump_stats(str(args.profile))
    spent = time.process_time() - start
    out = {"drafts": len(judged), "held": args.held, "judge_ms_a_draft": 1000 * spent / len(judged)}
    print(json.dumps(out) if args.json else f"judge {out['judge_ms_a_draft']:.2f} ms a draft")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
