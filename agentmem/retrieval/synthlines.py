"""Hook A's lines: a bundle's history (`agentmem.retrieval.history`) put into words.

Each bundle gets a heading and its lines in telling order (`lines`): the runs counted by
outcome, citing the newest; the causes of at most `MAX_FAILURES` failures, in their
records' words (`why`: failed checks, else the summary); the lessons, each saying what it
replaced; how the nearest success went; the facts of runs counted but not told
(`agentmem.retrieval.synthfacts`). Every line cites the memories it rests on. When a
bundle's words run short, `fit` keeps lines by `PRIORITY` and shows them in telling order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from agentmem.core.model import Kind, Memory, Outcome
from agentmem.core.practice import withdraws_practice
from agentmem.harvest.runrecord import read_record

if TYPE_CHECKING:  # the history imports `why` and `MAX_FAILURES` from here
    from agentmem.retrieval.history import History

MAX_FAILURES = 2  # the failures whose causes a bundle's history tells

# What is kept first when a bundle's words run short: the lessons, then those that only say
# a practice was dropped ("we stopped X": history beside a fact that holds now), then the
# run counts, then the failures' causes, then how the nearest success went. Lines are shown
# in the order the history is told.
PRIORITY = {
    "lesson": 0,
    "dropped": 1,
    "runs": 2,
    "pattern": 3,
    "failure": 4,
    "success": 5,
    "fact": 6,  # a clause of a run counted (`agentmem.retrieval.synthfacts`)
}


NAMES = {"semantic": "fact", "procedural": "how-to", "reflective": "pattern"}
MAX_CITED_RUNS = 5  # the newest runs a count line cites (the count covers them all)


@dataclass(frozen=True)
class Line:
    kind: str  # a key of PRIORITY
    text: str


def lines(label: str, found: History, inline: Callable[[str], str]) -> tuple[str, list[Line]]:
    """The bundle's heading and its lines in telling order, each citing what it says."""
    if found.empty:
        return f"{label}: memory holds nothing about it", []
    out: list[Line] = []
    if found.runs:
        newest = _cite(found.runs[:MAX_CITED_RUNS])
        out.append(Line("runs", f"  - {_counts(found.runs)}, newest {newest}"))
    for run in found.failures[:MAX_FAILURES]:
        out.append(Line("failure", f"  - {_cause(run, inline)} [{run.id}]"))
    for lesson in found.lessons:
        replaced = f" (replaces {_cite_ids(lesson.supersedes)})" if lesson.supersedes else ""
        name = NAMES.get(lesson.type.value, lesson.type.value)
        kind = "pattern" if lesson.kind is Kind.ASSESSMENT else "lesson"
        kind = "dropped" if kind == "lesson" and withdraws_practice(lesson.text) else kind
        out.append(Line(kind, f"  - {name} [{lesson.id}]{replaced}: {inline(lesson.text)}"))
    if found.success is not None and (summary := read_record(found.success.text).summary):
        run = found.success
        out.append(Line("success", f"  - {run.run_id} succeeded: {inline(summary)} [{run.id}]"))
    for fact in found.facts:
        run, said = fact.run, WORDS.get((fact.run.outcome or Outcome.SUCCESS).value, "ended")
        out.append(Line("fact", f"  - {run.run_id} {said}: {inline(fact.clause)} [{run.id}]"))
    return f"{label}:", out


def fit(found: list[Line], words: int) -> list[Line]:
    """The lines that fit `words`, chosen by PRIORITY, shown in telling order."""
    kept: set[int] = set()
    for i in sorted(range(len(found)), key=lambda i: (PRIORITY[found[i].kind], i)):
        cost = len(found[i].text.split())
        if cost <= words:
            kept.add(i)
            words -= cost
    return [line for i, line in enumerate(found) if i in kept]


def _counts(runs: Sequence[Memory]) -> str:
    by_outcome: dict[str, int] = {}
    for run in runs:
        outcome = (run.outcome or Outcome.SUCCESS).value
        by_outcome[outcome] = by_outcome.get(outcome, 0) + 1
    said = ", ".join(
        f"{n} {WORDS.get(outcome, outcome)}" for outcome, n in sorted(by_outcome.items())
    )
    return f"{len(runs)} earlier run(s) on it: {said}"


WORDS = {"success": "succeeded", "failure": "failed", "partial": "partial", "aborted": "aborted"}


def _cause(run: Memory, inline: Callable[[str], str]) -> str:
    """Why a run failed, in its record's words (`why`), else its whole text."""
    said = why(run) or run.text
    return f"{run.run_id} {(run.outcome or Outcome.FAILURE).value}: {inline(said)}"


def why(run: Memory) -> str:
    """A run's failed checks as its record tells them, else its summary: what hook A tells
    of a failure (`_cause`), and so what the facts told beside it need not say again."""
    record = read_record(run.text)
    checks = "; ".join(f"{c.name}: {c.detail}" if c.detail else c.name for c in record.failed)
    return checks or record.summary


def _cite(memories: Sequence[Memory]) -> str:
    return _cite_ids([m.id for m in memories])


def _cite_ids(ids: Sequence[str]) -> str:
    return " ".join(f"[{i}]" for i in ids)
