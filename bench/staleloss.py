"""Why a stale item reached a probe: for each held lesson a probe showed as stale, was the
later text that replaced it (a) never compared with it (the writer's judge was not given it
among the held candidates), (b) compared, and no rule saw a replacement, or (c) never
written as a memory (the hooks dropped it)? A diagnosis, not a score.

    python bench/staleloss.py SCENARIO... [--json]

The replacement is taken to be a later draft that matches one of the probe's needs and is
of the stale lesson's subject (`_subject`: it says one of the lesson's leading terms that
are not names, what it is about: "sorter" of "Line 2's optical sorter is a Tomra …"), the
one that says most of them, then most of the lesson's words. A probe asks several needs,
and a draft of another need that shares more words ("Line 2", a unit, a date) is not what
replaced the lesson. When no draft of its subject matches a need, the scenario's own later
texts of its subject are searched for one (then the text was never written: group c), and
when none holds one the stale item is counted `unknown`.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import re
import shutil
import sys
import tempfile
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import Any

if __package__ in (None, ""):
    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from agentmem import MemoryHooks
from agentmem.core import verdict as judged
from agentmem.core.statement import terms
from bench.loopbench import Clock, _fire, _items, hook_settings, quiet_logs, staged
from bench.loopformat import Scenario, Step, load_scenario
from bench.loopscore import read_entries

WORD = re.compile(r"[a-z0-9]{3,}")
SUBJECT = 3  # a lesson's leading content terms that are not names: what it is about


def _stamp(text: str) -> str:
    return re.sub(r"\D", "", text)[:12]


def _words(text: str) -> set[str]:
    return set(WORD.findall(text.lower()))


def _subject(text: str) -> frozenset[str]:
    """The lesson's first SUBJECT content terms that are not names ("optical", "sorter" of
    "Line 2's optical sorter is a Tomra Sentinel II"): its role, device or duty."""
    told = terms(text)
    return frozenset([t for t in told.head if t not in told.proper][:SUBJECT])


def _of_subject(subject: frozenset[str], text: str) -> int:
    """How many of the subject's terms the text says, a term as a word of its own stem
    too ("sorts" of "sorter")."""
    told = terms(text)
    said = told.content | told.tokens
    return sum(any(_stemmed(a, b) or _stemmed(b, a) for b in said) for a in subject)


def _stemmed(a: str, b: str) -> bool:
    return a == b or (len(b) >= 4 and a.startswith(b))


def _paired(old: str, texts: list[str]) -> str | None:
    """Of `texts`, the one of the old lesson's subject that says most of it, then most of
    its content terms (stemmed: "trailers" of "trailer"; no "the" counted), then of its
    words; None when none says a term of it."""
    subject, words, content = _subject(old), _words(old), terms(old).content
    scored = [
        (_of_subject(subject, t), len(content & terms(t).content), len(words & _words(t)), t)
        for t in texts
    ]
    scored = [s for s in scored if s[0]]
    return max(scored, key=lambda s: (s[0], s[1], s[2]))[3] if scored else None


class Recorder:
    """Every draft the writer judged: its text, time, and every held id any lookup of its
    judgement returned."""

    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []
        self._seen: set[str] | None = None
        self._compare = judged.compare
        self._matches = judged._matches

    def matches(self, store: Any, text: str, filters: Any, k: int = judged.CANDIDATES) -> Any:
        hits = self._matches(store, text, filters, k)
        if self._seen is not None:
            self._seen.update(h.memory.id for h in hits)
        return hits

    def compare(self, store: Any, record: Mapping[str, Any]) -> Any:
        self._seen = set()
        try:
            verdict = self._compare(store, record)
        finally:
            seen, self._seen = self._seen, None
        self.calls.append(
            {
                "text": record["text"],
                "created": str(record.get("created_at")),
                "app": record.get("app_id"),
                "trigger": record.get("trigger"),
                "type": record.get("type"),
                "seen": sorted(seen or ()),
                "replaces": list(verdict.replaces),
                "restates": verdict.restates,
            }
        )
        return verdict

    def __enter__(self) -> Recorder:
        judged.compare = self.compare  # type: ignore[assignment]
        judged._matches = self.matches  # type: ignore[assignment]
        return self

    def __exit__(self, *_: object) -> None:
        judged.compare = self._compare  # type: ignore[assignment]
        judged._matches = self._matches  # type: ignore[assignment]


def _step_texts(step: Step) -> list[str]:
    out: list[str] = []
    if step.file is not None:
        out.append(step.file[1])
    run = step.context.get("run")
    if isinstance(run, Mapping):
        out.append(json.dumps(run))
    return out


def run(scenario: Scenario) -> list[dict[str, Any]]:
    work = Path(tempfile.mkdtemp(prefix="staleloss-"))
    (work / ".env.executive").write_text("#\n", encoding="utf-8")
    clock = Clock(scenario.clock_at(scenario.steps[0].day))
    hooks = MemoryHooks.from_env(
        work / ".env.executive",
        environ=hook_settings(scenario.user_id, "deterministic", False),
        clock=clock,
    )
    rows: list[dict[str, Any]] = []
    try:
        with Recorder() as rec:
            for step in scenario.steps:
                clock.now = scenario.clock_at(step.day)
                if step.probe is None or step.probe == "harvest":
                    if step.probe is None:
                        hook, context = staged(step, work)
                        _fire(hooks, hook, context)
                    continue
                hook, context = staged(step, work)
                ok, result = _fire(hooks, hook, context)
                if not ok:
                    continue
                items = _items(step.probe, result)
                stale = [t for t in items if any(p.search(t) for p in step.stale)]
                if not stale:
                    continue
                entries, _ = read_entries(work / "memory")
                for item in stale:
                    rows.append(_diagnose(scenario, step, item, entries, rec.calls))
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return rows


def _diagnose(
    scenario: Scenario, step: Step, item: str, entries: list[Any], calls: list[dict[str, Any]]
) -> dict[str, Any]:
    pats = [p for p in step.stale if p.search(item)]
    held = [e for e in entries if any(p.search(e.text) for p in pats) and e.text[:60] in item] or [
        e for e in entries if any(p.search(e.text) for p in pats)
    ]
    row: dict[str, Any] = {
        "scenario": scenario.name,
        "step": step.index,
        "probe": step.probe,
        "item": item[:200],
    }
    if not held:
        row["group"] = "unknown (no held memory)"
        return row
    old = min(held, key=lambda e: str(e.fields.get("created_at")))
    row["old_id"] = old.id
    row["old_trigger"] = old.fields.get("trigger")
    born = _stamp(str(old.fields.get("created_at")))
    later = [
        c
        for c in calls
        if _stamp(c["created"]) > born
        and any(p.search(c["text"]) for p in step.needs)
        and not any(p.search(c["text"]) for p in pats)
    ]
    lessons = [c for c in later if c["type"] in judged.JUDGED]
    by_text = {c["text"]: c for c in lessons}
    paired = _paired(old.text, list(by_text))
    if paired is None:
        records = _paired(old.text, [c["text"] for c in later])
        if records is not None:
            row["new"] = records[:200]
            row["group"] = "c (told only in a run record)"
            return row
    if paired is not None:
        best = by_text[paired]
        row["new"] = best["text"][:200]
        row["new_trigger"] = best["trigger"]
        if old.id in best["replaces"]:
            row["group"] = "replaced, still shown"
        elif old.id in best["seen"]:
            row["group"] = "b (compared, not seen as replacement)"
        else:
            row["group"] = "a (never compared)"
        return row
    subject = _subject(old.text)
    for s in scenario.steps:
        if s.day <= step.day and s.index < step.index:
            for t in _step_texts(s):
                if (
                    any(p.search(t) for p in step.needs)
                    and not any(p.search(t) for p in pats)
                    and _stamp(str(scenario.clock_at(s.day))) > born
                    and _of_subject(subject, t)
                ):
                    row.setdefault("raw", t[:200])
    row["group"] = "c (never written)" if "raw" in row else "unknown"
    return row


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else "")
    parser.add_argument("scenarios", nargs="+")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    quiet_logs()
    with contextlib.redirect_stdout(sys.stderr):  # a library print never reaches the JSON
        rows = [row for path in args.scenarios for row in run(load_scenario(path))]
    print(json.dumps(Counter(r["group"] for r in rows), indent=1), file=sys.stderr)
    if args.json:
        print(json.dumps(rows, indent=1))
        return 0
    for r in rows:
        print(f"{r['scenario']} step {r['step']} {r['probe']}: {r['group']}")
        print(f"    old: {r.get('item', '')[:150]}")
        for key in ("new", "raw"):
            if key in r:
                print(f"    {key}: {r[key][:150]}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
