"""Can a static embedding tell "same subject, new value" from a look-alike about another
thing? Offline, on pairs files (`bench/changes.py`'s format): for each pair, the judge's own
verdict (`agentmem.core.held.judge`, the later text against the earlier lesson alone) and
the cosine of the two texts with their values masked, under WordLlama's bundled 256-d
static embeddings (in the `dev` extra; loaded from its wheel, never downloaded).

    python bench/embedsep.py PAIRS.json... [--json]

Printed per relation: the AUC of the cosine against the look-alikes ("different"), over all
pairs and over those the rules found nothing in; and, per threshold, how many of the rules'
missed replacements and retractions, and how many look-alikes, reach it. An aid to the judge
is worth building only where the first count grows faster than the second.

Measured 2026-12-05 (`cae1fc5`, wordllama 0.4.0.post1): it does not. Where the rules found
nothing, the AUC of replacements / retractions against look-alikes is 0.38 / 0.37 on pairs
a–k (528 pairs) and 0.42 / 0.39 on l–w (576): below chance. The look-alikes share the held
lesson's words by design, so they read as closer than a change told in new words; at 0.6,
1 of 23 missed changes (a–k) and 17 of 79 (l–w) reach it, against 32 of 130 and 36 of 134
look-alikes. Other readings were no better (unmasked 0.41, word-aligned 0.28, first clause
0.23, IDF-weighted 0.38, a–k). Restatements do stand out (0.78 / 0.72), which is not what
the stale goal needs.

Built anyway as a trial (not landed): the judge's last rule between two lessons also took a
held lesson as replaced when the draft gives a new value of a kind the held lesson states
and the masked cosine is at least 0.6 (after every guard of `held._anew_told`). Measured
with and without on the same machine (fresh state of `cae1fc5`): the loop benchmark's 100
stale 0.0095 -> 0.0087 (93 -> 84 items), need 0.9444 -> 0.9423, pack precision 0.9132 ->
0.9112; written-blind a-l stale 0.0119 -> 0.0105, need 0.9413 -> 0.9387; m-z stale
0.0088 -> 0.0084, need 0.9375 -> 0.9366; the ten need 1.0 -> 0.9949 (`oss-release` lost
"pandas extra on 3": the arrow extra's lesson replaced it). Pairs (lesson channel, retro
identical): a-k 500 -> 496 of 528 (no change gained, 4 look-alikes lost), l-w 480 -> 481 of
576 (7 changes gained, 6 look-alikes lost). Read by hand in six scenarios, the aid linked 4
right pairs at cosines 0.63-0.76 and 7 wrong ones at 0.65-0.77 (the vip queue against the
general queue, the ante room against the buffer room, the pandas extra against the arrow
extra, D-AALA against D-AALB, three "stays" clauses of one decision against its change): no
threshold keeps the one and not the other.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from functools import lru_cache
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from agentmem.core.held import Held, judge

RELATIONS = ("replaces", "retracts", "restates")
THRESHOLDS = (0.4, 0.5, 0.6, 0.7, 0.8)
LIMIT = 2000  # characters read of a text: a lesson's subject is told early
DIGITS = frozenset("0123456789")


def masked(text: str) -> str:
    """The text (its first LIMIT characters) without its values, the tokens that hold a
    digit: what it says a thing is, not the value it gives it. Linear in the text; a lone
    surrogate is replaced, never raised on."""
    kept = [t for t in text[:LIMIT].split() if not DIGITS.intersection(t)]
    return " ".join(kept).encode("utf-8", "replace").decode("utf-8")


@lru_cache(maxsize=1)
def model() -> Any:
    """WordLlama from its own wheel, offline (the wheel ships its tokenizer under
    `tokenizers/`, found only when its folder is given as the cache)."""
    try:
        import wordllama  # type: ignore[import-untyped]
        from wordllama import WordLlama
    except ImportError as e:
        raise SystemExit("embedsep needs wordllama (the dev extra: pip install -e .[dev])") from e
    return WordLlama.load(cache_dir=Path(wordllama.__file__).parent, disable_download=True)


def cosine(a: str, b: str) -> float:
    """The cosine of the two texts' mean token vectors, values masked."""
    vectors = model().embed([masked(a) or "-", masked(b) or "-"], norm=True)
    return float(vectors[0] @ vectors[1])


def auc(positive: Sequence[float], negative: Sequence[float]) -> float | None:
    """The chance that a positive scores above a negative (ties half); None when either is empty."""
    if not positive or not negative:
        return None
    wins = sum((p > n) + 0.5 * (p == n) for p in positive for n in negative)
    return round(wins / (len(positive) * len(negative)), 3)


def rows(paths: Sequence[str]) -> list[dict[str, Any]]:
    """Each pair: its relation, whether the rules judged anything, its masked cosine."""
    out = []
    for path in paths:
        for pair in json.loads(Path(path).read_text(encoding="utf-8")):
            verdict = judge(pair["new"], [Held("old", pair["old"], "semantic")], "semantic")
            found = bool(verdict.replaces or verdict.restates)
            out.append(
                {
                    "relation": pair["relation"],
                    "found": found,
                    "cosine": cosine(pair["old"], pair["new"]),
                }
            )
    return out


def report(table: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """AUCs per relation against the look-alikes, and counts per threshold."""
    missed = [r for r in table if not r["found"]]

    def of(subset: Sequence[dict[str, Any]], relations: Sequence[str]) -> list[float]:
        return [r["cosine"] for r in subset if r["relation"] in relations]

    out: dict[str, Any] = {"pairs": len(table), "rules_found_nothing": len(missed)}
    for name, subset in (("all", table), ("rules_found_nothing", missed)):
        others = of(subset, ("different",))
        out[f"auc_{name}"] = {rel: auc(of(subset, (rel,)), others) for rel in RELATIONS}
    changes, others = of(missed, ("replaces", "retracts")), of(missed, ("different",))
    out["missed_changes"], out["missed_lookalikes"] = len(changes), len(others)
    out["at"] = {
        str(t): {"changes": sum(c >= t for c in changes), "lookalikes": sum(c >= t for c in others)}
        for t in THRESHOLDS
    }
    return out


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("pairs", nargs="+")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    result = report(rows(args.pairs))
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    print(f"{result['pairs']} pairs, the rules found nothing in {result['rules_found_nothing']}")
    for name in ("all", "rules_found_nothing"):
        aucs = "  ".join(f"{rel} {v}" for rel, v in result[f"auc_{name}"].items())
        print(f"AUC against look-alikes ({name}): {aucs}")
    print(
        f"cosine >= t among {result['missed_changes']} missed changes / {result['missed_lookalikes']} look-alikes:"
    )
    for t, counts in result["at"].items():
        print(f"  {t}: {counts['changes']} / {counts['lookalikes']}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
