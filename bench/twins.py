"""Old against new: the same expressions over every scenario and pairs text, read once by
the code at a git revision and once by the working tree, and the answers that differ.

For merging twins (two modules reading one concern each their own way) into one place: the
merge keeps the verdicts when no answer differs.

    .venv/bin/python bench/twins.py --rev main "m.SINCE.search(t) is not None" ...

An expression names the module it reads as `m` (`--module`), a text as `t`, and two texts
as `a` and `b` (each pairs file's old and new, both ways round, and each scenario's texts
one after another). Sets (and mappings) are compared sorted, anything else by `repr`.
"""

from __future__ import annotations

import argparse
import importlib
import json
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from itertools import pairwise
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
DATA = (ROOT / "bench" / "scenarios", ROOT / "bench" / "pairs", Path("/work/shared/data/loopbench"))


def strings(node: Any) -> Iterator[str]:
    """Every string value in a JSON tree that reads as a text (has a space in it)."""
    if isinstance(node, str):
        if " " in node:
            yield node
    elif isinstance(node, dict):
        for value in node.values():
            yield from strings(value)
    elif isinstance(node, list):
        for value in node:
            yield from strings(value)


def corpus() -> tuple[list[str], list[tuple[str, str]]]:
    """The texts, each once, and the pairs of texts."""
    texts: dict[str, None] = {}
    pairs: dict[tuple[str, str], None] = {}
    for folder in DATA:
        for path in sorted(folder.rglob("*.json")) if folder.is_dir() else []:
            data = json.loads(path.read_text())
            found = list(strings(data))
            texts.update(dict.fromkeys(found))
            if isinstance(data, list) and all(isinstance(p, dict) and "old" in p for p in data):
                for p in data:
                    pairs[(p["old"], p["new"])] = None
                    pairs[(p["new"], p["old"])] = None
            else:
                pairs.update(dict.fromkeys(pairwise(found)))
    return list(texts), list(pairs)


def canonical(value: Any) -> Any:
    """`value` with every set in it sorted, so two processes write it alike."""
    if isinstance(value, (set, frozenset)):
        return ("set", sorted((canonical(v) for v in value), key=repr))
    if isinstance(value, (list, tuple)):
        return [canonical(v) for v in value]
    if isinstance(value, dict):
        return sorted(((repr(k), canonical(v)) for k, v in value.items()), key=repr)
    return value


def shown(value: Any) -> str:
    return repr(canonical(value))


def answers(module: str, exprs: list[str]) -> list[list[str]]:
    """Each expression's answers over the corpus, read by the code on `sys.path`."""
    m = importlib.import_module(module)
    print(f"read by {m.__file__}", file=sys.stderr)
    texts, pairs = corpus()
    out = []
    for expr in exprs:
        code = compile(expr, "<expr>", "eval")
        two = "a" in code.co_names or "b" in code.co_names
        if two:
            out.append([shown(eval(code, {"m": m, "a": a, "b": b})) for a, b in pairs])
        else:
            out.append([shown(eval(code, {"m": m, "t": t})) for t in texts])
    return out


def run_at(rev: str | None, module: str, exprs: list[str]) -> list[list[str]]:
    """The answers of the code at `rev` (None: the working tree), in a process of its own."""
    with tempfile.TemporaryDirectory() as tmp:
        src = str(ROOT)
        if rev is not None:
            archive = subprocess.run(
                ["git", "-C", src, "archive", rev, "agentmem"], check=True, capture_output=True
            ).stdout
            subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
            src = tmp
        result = subprocess.run(
            [sys.executable, __file__, "--answers", "--module", module, *exprs],
            check=True,
            capture_output=True,
            text=True,
            env={"PYTHONPATH": src, "PATH": "/usr/bin:/bin", "PYTHONHASHSEED": "0"},
            cwd=tmp,
        )
        print(result.stderr.strip(), file=sys.stderr)
        answered: list[list[str]] = json.loads(result.stdout)
        return answered


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("exprs", nargs="+")
    parser.add_argument("--module", required=True)
    parser.add_argument("--rev", default="HEAD")
    parser.add_argument("--answers", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--show", type=int, default=5, help="differences shown per expression")
    args = parser.parse_args()
    if args.answers:
        sys.path.insert(0, str(ROOT / "bench"))
        print(json.dumps(answers(args.module, args.exprs)))
        return
    texts, pairs = corpus()
    old = run_at(args.rev, args.module, args.exprs)
    new = run_at(None, args.module, args.exprs)
    print(f"{len(texts)} texts, {len(pairs)} pairs")
    for expr, before, after in zip(args.exprs, old, new, strict=True):
        differ = [i for i, (x, y) in enumerate(zip(before, after, strict=True)) if x != y]
        print(f"{expr}: {len(before)} compared, {len(differ)} differ")
        inputs = pairs if len(before) == len(pairs) and len(pairs) != len(texts) else texts
        for i in differ[: args.show]:
            print(f"  {inputs[i]!r}\n    old {before[i]}\n    new {after[i]}")


if __name__ == "__main__":
    main()
