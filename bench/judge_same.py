"""Every verdict rule's answer on many draft/held pairs, to tell whether a change to the
judge's code changed any verdict (a speed-up must not).

    python bench/judge_same.py --pairs 5000 [--texts FILE.json] > after.jsonl
    python bench/judge_same.py --diff before.jsonl after.jsonl
    python bench/judge_same.py --pairs 400 --groups 80 --digests > tests/data/judge_same.json

Pairs are made-up lessons (`bench.lessons`), and with `--texts` (a JSON list of strings)
each text paired with the texts that share most words with it. Each line holds one pair's
answers: every rule the judge asks of a draft and a held text, both texts read as
statements (`terms`, every field) and read together, and for each group of a draft and
the held texts it would meet, `judge`'s verdict and the lessons `kin` adds. Run once on the
code before a change and once after, then `--diff`: any line that differs is a verdict
the change moved. `tests/test_judge_same.py` keeps a fixed sample of this as a test.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import json
import random
import sys
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from agentmem.core import restate, verdict
from agentmem.core.apart import kept_apart, set_apart
from agentmem.core.dropped import dropped
from agentmem.core.later import recued, reequipped
from agentmem.core.narrowed import narrowed
from agentmem.core.oldtool import retired, unrun
from agentmem.core.percase import split_by_case
from agentmem.core.retract import retraction, withdrawn
from agentmem.core.slots import renewed, reslotted, siblings, told_apart
from agentmem.core.statement import READINGS, Terms, terms
from agentmem.core.takeover import took_over
from agentmem.core.together import read_together
from bench.lessons import Lessons

# Every rule of two texts the judge asks (`agentmem.core.verdict`), by name.
PAIR_RULES: dict[str, Callable[[str, str], Any]] = {
    "restates": restate.restates,
    "replaces": restate.replaces,
    "restated": restate.restated,
    "replaces_elsewhere": restate.replaces_elsewhere,
    "substituted": restate.substituted,
    "set_apart": set_apart,
    "kept_apart": kept_apart,
    "took_over": took_over,
    "narrowed": narrowed,
    "retired": retired,
    "split_by_case": split_by_case,
    "dropped": dropped,
    "renewed": renewed,
    "reslotted": reslotted,
    "recued": recued,
    "reequipped": reequipped,
    "anew": verdict._anew,
    "withdrawn": lambda d, h: withdrawn(d, [("h", h)]),
    "unrun": lambda d, h: unrun(d, [h], [("h", h)]),
    "siblings": lambda d, h: siblings(d, [h], [("h", h)]),
    "retold": lambda d, h: verdict.retold(d, [h], [("h", h)]),
}
TEXT_RULES: dict[str, Callable[[str], Any]] = {
    "says_changed": restate.says_changed,
    "retraction": retraction,
    "told_apart": told_apart,
    "terms": terms,
}
TYPES = ("semantic", "procedural", "reflective", "principle")


def plain(value: Any) -> Any:
    """A rule's answer as JSON, sets sorted (so two runs print it alike)."""
    if isinstance(value, Terms):
        return {name: plain(getattr(value, name)) for name in READINGS}
    if isinstance(value, frozenset | set):
        return sorted((plain(v) for v in value), key=repr)
    if isinstance(value, tuple | list):
        return [plain(v) for v in value]
    if isinstance(value, dict):
        return {str(k): plain(v) for k, v in sorted(value.items())}
    if hasattr(value, "items"):  # a Mapping
        return {str(k): plain(v) for k, v in sorted(value.items())}
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return plain(dataclasses.asdict(value))
    return value


def answers(draft: str, held: str) -> dict[str, Any]:
    out: dict[str, Any] = {"draft": draft, "held": held}
    for name, rule in PAIR_RULES.items():
        out[name] = plain(rule(draft, held))
    for name, text_rule in TEXT_RULES.items():
        out[name] = [plain(text_rule(draft)), plain(text_rule(held))]
    out["together"] = plain(read_together(draft, held))
    return out


def group(rng: random.Random, draft: str, held: Sequence[str], index: int) -> dict[str, Any]:
    """`judge` and `kin` on a draft and the held texts it would meet (types and
    supersession made up)."""
    memories = [
        verdict.Held(
            f"m{index}-{i}",
            text,
            rng.choice(TYPES),
            superseded=rng.random() < 0.15,
            written=f"2026-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}-run 2026-05-01T12:00:00",
            supersedes=(f"m{index}-{i + 1}",) if rng.random() < 0.1 else (),
        )
        for i, text in enumerate(held)
    ]
    kind = rng.choice(TYPES[:3])
    found = verdict.judge(draft, memories, kind)
    kin = verdict.kin(draft, memories, found.replaces) if found.replaces else []
    return {"draft": draft, "type": kind, "verdict": plain(found), "kin": kin}


class Near:
    """The texts that share most search tokens with a text (an inverted index)."""

    def __init__(self, texts: Sequence[str]) -> None:
        from agentmem.stores.bm25 import tokenize

        self.tokenize = tokenize
        self.texts = list(texts)
        self.holding: dict[str, list[int]] = {}
        for i, text in enumerate(self.texts):
            for token in set(tokenize(text)):
                self.holding.setdefault(token, []).append(i)

    def __call__(self, text: str, k: int) -> list[str]:
        counts: Counter[int] = Counter()
        for token in set(self.tokenize(text)):
            counts.update(self.holding.get(token, ()))
        ranked = sorted(counts.items(), key=lambda c: (-c[1], c[0]))
        return [self.texts[i] for i, _ in ranked if self.texts[i] != text][:k]


def rows(seed: int, pairs: int, groups: int, texts: Sequence[str] = ()) -> Iterator[dict[str, Any]]:
    lessons = Lessons(seed)
    made = [lessons.pair() for _ in range(pairs)]
    for draft, held in made:
        yield answers(draft, held)
    near = Near(texts)
    for text in texts:
        for held in near(text, 4):
            yield answers(text, held)
    rng = random.Random(seed)
    pool = Near([h for _, h in made] + list(texts))
    drafts = [d for d, _ in made] + list(texts)
    for i in range(min(groups, len(drafts))):
        draft = drafts[i]
        own = [made[i][1]] if i < len(made) else []
        held = own + [h for h in pool(draft, 8) if h not in own][: 8 - len(own)]
        yield group(rng, draft, held, i)


def digest(row: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps(row, sort_keys=True).encode()).hexdigest()[:16]


def diff(before: Path, after: Path) -> int:
    old = before.read_text(encoding="utf-8").splitlines()
    new = after.read_text(encoding="utf-8").splitlines()
    moved = [i for i, (a, b) in enumerate(zip(old, new, strict=False)) if a != b]
    for i in moved[:20]:
        a, b = json.loads(old[i]), json.loads(new[i])
        keys = [k for k in sorted({*a, *b}) if a.get(k) != b.get(k)]
        print(f"line {i + 1}: {keys}: {a.get('draft')!r}")
    print(f"{len(old)} lines before, {len(new)} after, {len(moved)} differ")
    return 1 if moved or len(old) != len(new) else 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seed", type=int, default=17)
    parser.add_argument("--pairs", type=int, default=5000)
    parser.add_argument("--groups", type=int, default=1000)
    parser.add_argument("--texts", type=Path, help="a JSON list of texts, paired by shared words")
    parser.add_argument("--diff", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    parser.add_argument(
        "--digests", action="store_true", help="print the sample's digests (the test's data)"
    )
    args = parser.parse_args(argv)
    if args.diff:
        return diff(*args.diff)
    if args.digests:
        found = [digest(row) for row in rows(args.seed, args.pairs, args.groups)]
        sample = {"seed": args.seed, "pairs": args.pairs, "groups": args.groups}
        print(json.dumps({**sample, "digests": found}, indent=0))
        return 0
    texts = json.loads(args.texts.read_text(encoding="utf-8")) if args.texts else []
    for row in rows(args.seed, args.pairs, args.groups, texts):
        print(json.dumps(row, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
