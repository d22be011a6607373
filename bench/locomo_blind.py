"""LoCoMo, tuned blind: the ranking's b and neighbour weights chosen on all conversations but
one and scored on that one, in turn (leave-one-out), beside the defaults on the same runs.

    python bench/locomo_blind.py DATA_DIR [--json] [--b 0.3,0.4,0.5,0.6,0.75]
                                          [--neighbours "0 | 0.5 | 0.5,0.25 | 0.5,0.25,0.1"]

Each conversation is written once through the one writer (as in `bench/locomo.py`); every
(b, neighbour weights) pair of the grid then reopens the same files with those parameters
and asks every question through the reader, recording recall@10 per question. For each
held-out conversation, the pair with the best question-weighted R@10 on the others is
chosen, and the held-out questions are scored with it. `blind_recall@10` is the
question-weighted mean over every held-out question: a figure no parameter was fitted to.
`defaults_recall@10` is the shipped parameters on the same questions, for comparison.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

if __package__ in (None, ""):  # run as a script: make the repository importable
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from agentmem.retrieval.ranking import DEFAULT_PARAMS, RankingParams
from agentmem.retrieval.reader import Reader
from agentmem.stores.filestore import FileStore
from bench.locomo import Conversation, FilesBackend, load_dir, quiet_logs

B_GRID = (0.3, 0.4, 0.5, 0.6, 0.75)
NEIGHBOUR_GRID: tuple[tuple[float, ...], ...] = (
    (),
    (0.5,),
    (0.5, 0.25),
    (0.5, 0.25, 0.1),
    (0.25, 0.1),
    (0.7, 0.35, 0.15),
)


@dataclass(frozen=True)
class Fold:
    """One held-out conversation: the pair chosen on the others and what it scored."""

    held_out: str
    questions: int
    chosen: RankingParams
    recall10: float  # summed over the held-out questions (divide by `questions`)
    defaults_recall10: float


def recalls(
    backend: FilesBackend, root: Path, conversation: Conversation, params: RankingParams
) -> list[float]:
    """Recall@10 of every question, the files reopened with these parameters."""
    store = FileStore(root, params=params)
    backend._reader = Reader(store, touch=False)
    try:
        out = []
        for q in conversation.questions:
            top = backend.ask(q.text, 10)
            out.append(len(set(q.evidence) & set(top[:10])) / len(q.evidence))
        return out
    finally:
        store.close()


def grid(bs: Sequence[float], weights: Sequence[tuple[float, ...]]) -> list[RankingParams]:
    pairs = [RankingParams(k1=DEFAULT_PARAMS.k1, b=b, neighbours=w) for b in bs for w in weights]
    return pairs if DEFAULT_PARAMS in pairs else [*pairs, DEFAULT_PARAMS]


Scores = dict[str, dict[RankingParams, list[float]]]  # conversation → pair → R@10 per question


def score_all(conversations: Sequence[Conversation], pairs: Sequence[RankingParams]) -> Scores:
    """Every question's R@10 under every pair; each conversation written once."""
    scores: Scores = {}
    for conversation in conversations:
        backend = FilesBackend()
        try:
            backend.load(conversation, captions=False)
            assert backend._store is not None
            root = backend._store.root
            scores[conversation.name] = {p: recalls(backend, root, conversation, p) for p in pairs}
        finally:
            backend.close()
        print(f"{conversation.name}: {len(pairs)} parameter pairs scored", file=sys.stderr)
    return scores


def fit(scores: Scores, names: Sequence[str], pairs: Sequence[RankingParams]) -> RankingParams:
    """The pair with the best question-weighted R@10 over these conversations (ties: the
    larger b, then the fewer neighbour weights, so the choice never depends on order)."""

    def key(p: RankingParams) -> tuple[float, float, int]:
        total = sum(sum(scores[name][p]) for name in names)
        count = sum(len(scores[name][p]) for name in names)
        return (total / max(count, 1), p.b, -len(p.neighbours))

    return max(pairs, key=key)


def leave_one_out(scores: Scores, pairs: Sequence[RankingParams]) -> list[Fold]:
    """Each conversation held out in turn, scored with the pair fitted on the others."""
    folds = []
    for held, by_pair in scores.items():
        chosen = fit(scores, [name for name in scores if name != held], pairs)
        folds.append(
            Fold(
                held,
                len(by_pair[chosen]),
                chosen,
                sum(by_pair[chosen]),
                sum(by_pair[DEFAULT_PARAMS]),
            )
        )
    return folds


def report(folds: Sequence[Fold], pairs: int) -> dict[str, Any]:
    n = max(sum(f.questions for f in folds), 1)
    return {
        "questions": sum(f.questions for f in folds),
        "pairs": pairs,
        "blind_recall@10": round(sum(f.recall10 for f in folds) / n, 4),
        "defaults_recall@10": round(sum(f.defaults_recall10 for f in folds) / n, 4),
        "folds": [
            {
                "held_out": f.held_out,
                "questions": f.questions,
                "b": f.chosen.b,
                "neighbours": list(f.chosen.neighbours),
                "recall@10": round(f.recall10 / max(f.questions, 1), 4),
                "defaults_recall@10": round(f.defaults_recall10 / max(f.questions, 1), 4),
            }
            for f in folds
        ],
    }


def _weights(text: str) -> list[tuple[float, ...]]:
    sets = []
    for part in text.split("|"):
        weights = tuple(float(w) for w in part.split(",") if w.strip() and float(w) != 0)
        sets.append(weights)
    return sets


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("data_dir", type=Path, help="folder of LoCoMo conversation files")
    parser.add_argument("--json", action="store_true", help="print one JSON object")
    parser.add_argument("--b", default=",".join(str(b) for b in B_GRID), help="b values")
    parser.add_argument(
        "--neighbours",
        default=" | ".join(",".join(str(w) for w in ws) or "0" for ws in NEIGHBOUR_GRID),
        help="neighbour weight sets separated by |, e.g. '0 | 0.5,0.25,0.1'",
    )
    args = parser.parse_args(argv)
    quiet_logs()
    conversations = load_dir(args.data_dir)
    if len(conversations) < 2:
        raise SystemExit(f"{args.data_dir}: leave-one-out needs at least two conversations")
    pairs = grid([float(b) for b in args.b.split(",")], _weights(args.neighbours))
    result = report(leave_one_out(score_all(conversations, pairs), pairs), len(pairs))
    if args.json:
        print(json.dumps(result))
        return 0
    for f in result["folds"]:
        weights = ",".join(str(w) for w in f["neighbours"]) or "none"
        print(
            f"{f['held_out']:>12}  n={f['questions']:<4} chosen b {f['b']} neighbours {weights}"
            f"  R@10 {f['recall@10']:.3f} (defaults {f['defaults_recall@10']:.3f})"
        )
    print(
        f"blind R@10 {result['blind_recall@10']:.3f}  defaults R@10 "
        f"{result['defaults_recall@10']:.3f}  ({result['questions']} questions, "
        f"{result['pairs']} parameter pairs)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
