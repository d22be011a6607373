"""Lessons memory has taken back, and the runs that wrote them.

A lesson leaves packs for many reasons: a runbook that now says it among its steps takes its
place, a newer copy restates it. Memory *takes it back* when what supersedes it says it no
longer holds: a retraction, or a text saying the team no longer does what the lesson
prescribes (`agentmem.core.retract`); hook E's finding that it did not hold (a failure ran
with its setting, `agentmem.harvest.contradict`). The run that wrote such a lesson told
the same belief in its own account, so hook E's pattern quotes neither
(`agentmem.harvest.patterns`), and the next harvest rewrites a held pattern that did. Nor
does it quote a run whose record, written before a lesson was taken back or replaced,
quotes the exact thing that took away (`taken`: the withdrawn practice's flag, the replaced
count; `agentmem.core.takenaway`); a pack leaves such a record out too. A
newer value is not taking back: a text that supersedes a lesson for one figure it states
otherwise leaves the rest of the lesson, and the run's account, standing.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from agentmem.core.model import Memory, MemoryType
from agentmem.core.retract import withdrawn
from agentmem.core.takenaway import put_in_place, swapped, told_of, withdrawn_names

DID_NOT_HOLD_TAG = "did-not-hold"  # hook E's assessment of a lesson a later failure refuted
LESSONS = {MemoryType.SEMANTIC, MemoryType.PROCEDURAL}


def takes_back(newer: Memory, lesson: Memory) -> bool:
    """What supersedes the lesson says it no longer holds (see the module docstring)."""
    if DID_NOT_HOLD_TAG in newer.tags:
        return True
    written = {lesson.id: f"{lesson.run_id} {lesson.created_at}"}  # a claim may name its day
    return lesson.id in withdrawn(newer.text, [(lesson.id, lesson.text)], written)


def withdrawn_runs(memories: Sequence[Memory], records: Sequence[Memory] = ()) -> frozenset[str]:
    """The runs whose lesson (among `memories`) memory has taken back since, and those
    whose record (among `records`) quotes what a lesson's withdrawal or replacement took
    away, written before it (`taken`)."""
    by_id = {m.id: m for m in memories}
    runs = {
        old.run_id
        for newer in memories
        for old in (by_id.get(i) for i in newer.supersedes)
        if old is not None and old.type in LESSONS and takes_back(newer, old)
    }
    gone = taken(memories)
    return frozenset(runs | {r.run_id for r in records if quotes_taken(r, gone)})


def taken(memories: Sequence[Memory]) -> dict[str, str]:
    """What the lessons among `memories` that were taken back or replaced lost, in the
    words a run record quotes it (`agentmem.core.takenaway`: a withdrawn practice's names,
    a replaced count), each with when it was lost."""
    by_id = {m.id: m for m in memories}
    out: dict[str, str] = {}
    for newer in memories:
        for old in (by_id.get(i) for i in newer.supersedes):
            if old is None or old.type not in LESSONS:
                continue
            if takes_back(newer, old):
                values = withdrawn_names(newer.text, old.text)
            else:
                values = swapped(old.text, newer.text) | put_in_place(old.text, newer.text)
            for value in values:
                out[value] = max(out.get(value, ""), newer.created_at)
    return out


def quotes_taken(record: Memory, gone: Mapping[str, str]) -> bool:
    """A run record written before a lesson lost something (`taken`) that quotes it."""
    return any(record.created_at < when and told_of(record.text, v) for v, when in gone.items())
