"""Every first reading of a text (`statement.terms`, each of its readings, and the helpers it
reads with) on every string of the scenarios, the pairs files and the tests, and on
`scale`'s drafts, printed one line a text: run it on the code before a change and after
(`--code DIR` reads DIR's `agentmem`), then `--diff`, to prove a speed-up of the first
reading moved no answer.

    python bench/terms_same.py --code /tmp/base > before.jsonl
    python bench/terms_same.py > after.jsonl
    python bench/terms_same.py --diff before.jsonl after.jsonl
"""

from __future__ import annotations

import argparse
import ast
import importlib
import json
import random
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
# `statement.READINGS`, written out: the code before it had none
READINGS = (
    *("content", "head", "names", "values", "tokens", "change", "cued", "proper", "first"),
    *("cue", "joins", "people", "roles", "files", "in_files", "inner", "moved", "parts"),
    *("codes", "amounts", "behind"),
)
DRAFTS = 2000  # `scale`'s drafts (the texts a writer fleet's judge reads most)


def texts() -> list[str]:
    """Each distinct text of the data files (`bench.twins`) and of the tests, then `scale`'s
    drafts."""
    from bench.scale import sentence, vocabulary
    from bench.twins import corpus

    found, _ = corpus()
    for path in sorted((ROOT / "tests").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        found += [
            n.value
            for n in ast.walk(tree)
            if isinstance(n, ast.Constant) and isinstance(n.value, str)
        ]
    rng = random.Random(17)
    words = vocabulary(rng)
    for i in range(DRAFTS):
        one = sentence(rng, words)
        found.append(f"{one} {sentence(rng, words)} {rng.random():.4f}" if i % 2 else f"{one} {i}")
    return list(dict.fromkeys(found))


def _plain(value: Any) -> Any:
    if isinstance(value, frozenset | set):
        return sorted((_plain(v) for v in value), key=repr)
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    if hasattr(value, "items"):
        return {str(k): _plain(v) for k, v in sorted(value.items())}
    if hasattr(value, "span"):  # a match
        return [value.span(), value.group(0)]
    return value


def readings(text: str) -> dict[str, Any]:
    """Every reading of one text by the code on `sys.path`."""
    statement = importlib.import_module("agentmem.core.statement")
    names = importlib.import_module("agentmem.core.names")
    values = importlib.import_module("agentmem.core.values")
    cues = importlib.import_module("agentmem.core.cues")
    read = statement.terms(text)
    plain = values.raw_values(text)
    return {
        "terms": {name: _plain(getattr(read, name)) for name in READINGS},
        "content_and_values": _plain(tuple(statement.content_and_values(text))),
        "identifiers": names.IDENTIFIER.findall(text),
        "raw_values": _plain(plain),
        "pointed_at": cues.pointed_at(text),
        "forward": cues.pointed_at(text, back=False),
        "windows_back": cues.windows_back(text),
        "in_files": _plain(names._only_in_files(text)),
    }


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--code", type=Path, help="a checkout whose agentmem to read with")
    parser.add_argument("--diff", nargs=2, type=Path, metavar=("BEFORE", "AFTER"))
    args = parser.parse_args(argv)
    if args.diff:
        sys.path.insert(0, str(ROOT))
        from bench.judge_calls import diff

        return diff(*args.diff, None)
    sys.path.insert(0, str(args.code or ROOT))
    sys.path.insert(1, str(ROOT))  # bench.scale, for the drafts
    for text in texts():
        print(json.dumps({"text": text[:80], **readings(text)}, sort_keys=True))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
