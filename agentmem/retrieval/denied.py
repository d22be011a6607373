"""A run record, or hook E's pattern of runs, that quotes a cause a later lesson denied.

A failure's record tells what the run tried and blamed: "rebuilt the cache with the v2
keys as agreed; still half the lookups miss". When a later lesson of the same app names
the real cause and says, of the thing the run went by, that it was not it ("misses come
from the 6-character key cut, not from v2 keys"; "the cut-over outage had nothing to do
with the r7 proxy"), the record quotes a belief that was found wrong: a worker reading it
takes the denied thing for the cause, or the fix, the loop once agreed on. So does hook E's
pattern that quotes such a record as its example. The record leaves packs and hook A's
bundles when such a lesson is told beside it (`agentmem.retrieval.outlived`), and hook E
quotes it in no pattern (`denied_runs`).

The link is structural: the lesson is of the record's app, written on a later day by
another run or by a document, and the thing it denies holds a name the record writes
(`agentmem.retrieval.outlived.distinctive`: an identifier, a host, a path, a number of
three digits or more, a capitalised name). A denial only counts when it denies a cause
("not from X", "not due to X", "rather than from X", "had nothing to do with X", "X was not
the cause", "X was a red herring"): "use the east queue, not q7" (or "rather than q7")
prescribes another way and leaves a failure on q7 standing (what failed there still fails
there). A record that denies the thing itself agrees with the lesson and stays.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import replace

from agentmem.core.model import SETBACKS, Hit, Kind, Memory, MemoryType
from agentmem.harvest.runrecord import read_record
from agentmem.retrieval.names import distinctive, tokens
from agentmem.stores.base import Filters

Search = Callable[[str, int, Filters], list[Hit]]
LOOKED = 8  # the best lessons of a setback's own question a denial is looked for in
LESSONS = tuple(t.value for t in MemoryType if t is not MemoryType.EPISODIC)

# The thing: up to a clause's end (a stop or a colon inside "db-4.lan:5432" is no end).
THING = r"(?P<{}>(?:[^,;:.()!?]|[.:](?=\S)){{1,80}})"
# A cause denied: "not from X", "never due to X", "rather than from X", "had nothing to do
# with X" after the thing; "X was not the cause", "X was a red herring" before the verdict.
AFTER = re.compile(
    r"\b(?:not|never)\s+(?:(?:come\s+|came\s+)?from|due\s+to|because\s+of|caused\s+by)\s+"
    + THING.format("after")
    + r"|\brather\s+than\s+(?:from|by|due\s+to|because\s+of)\s+"
    + THING.format("rather")
    + r"|\b(?:had|has|have)\s+nothing\s+to\s+do\s+with\s+"
    + THING.format("with"),
    re.IGNORECASE,
)
BEFORE = re.compile(
    THING.format("before")
    + r"\s+(?:was|were|is|are)(?:\s+not|n't)\s+(?:it|the\s+(?:cause|culprit|problem))\b"
    + r"|"
    + THING.format("herring")
    + r"\s+(?:was|were|is|are)\s+(?:just\s+|only\s+)?a\s+red\s+herring\b",
    re.IGNORECASE,
)


def denied(text: str) -> frozenset[str]:
    """The names (`distinctive` tokens, lower case) in what `text` denies as a cause."""
    names = distinctive(text)
    out: set[str] = set()
    for pattern in (AFTER, BEFORE):
        for match in pattern.finditer(text):
            thing = next(g for g in match.groups() if g)
            out |= names & tokens(thing)
    return frozenset(out)


def quoted(memory: Memory) -> frozenset[str]:
    """The names a setback's record writes (goal aside: the goal names the work, not what
    the run went by), or hook E's pattern's whole text (its example and shared words)."""
    if memory.kind is Kind.ASSESSMENT:
        return distinctive(memory.text)
    record = read_record(memory.text)
    return distinctive(" ".join([record.summary, *(c.detail for c in record.failed)]))


def told_later(lesson: Memory, memory: Memory, when: str) -> bool:
    """Whether `lesson` can speak of what `memory` tells happened on `when`: an observation
    of its app that is no run record, written on a later day, by another run."""
    return (
        lesson.kind is Kind.OBSERVATION
        and lesson.type is not MemoryType.EPISODIC
        and lesson.app_id == memory.app_id
        and lesson.created_at[:10] > when[:10]
        and not (memory.run_id and lesson.run_id == memory.run_id)
    )


def quotes_denied(memory: Memory, lesson: Memory, when: str) -> bool:
    """Whether `lesson` denies as a cause a thing the setback or pattern `memory` (what it
    tells happened on `when`) names: of its app, an observation written on a later day, by
    another run (`told_later`; see the module docstring)."""
    if not told_later(lesson, memory, when):
        return False
    names = denied(lesson.text) & quoted(memory)
    return bool(names) and not names <= denied(memory.text)


def denied_runs(records: Sequence[Memory], lessons: Sequence[Memory]) -> frozenset[str]:
    """The runs whose failure record names a cause a later lesson among `lessons` denied:
    hook E's pattern quotes none of them."""
    return frozenset(
        r.run_id
        for r in records
        if r.run_id
        and r.type is MemoryType.EPISODIC
        and r.outcome in SETBACKS
        and any(quotes_denied(r, lesson, r.created_at) for lesson in lessons)
    )


def denied_here(search: Search, scope: Filters, setbacks: Sequence[Memory]) -> frozenset[str]:
    """The ids of the setbacks a live lesson of their app, found by a search of what each
    one's run said (its summary and failed checks), denies a cause of (`quotes_denied`): a
    pack leaves them out even when the denial did not make the pack (the goal that found
    the record rarely shares a word with the lesson that named the real cause). One search
    per distinct account."""
    out: set[str] = set()
    asked: dict[tuple[str, str], list[Memory]] = {}
    for setback in setbacks:
        record = read_record(setback.text)
        said = " ".join([record.summary, *(c.detail for c in record.failed)]).strip()
        if not said:
            continue
        key = (setback.app_id, said)
        if key not in asked:
            live = replace(
                scope, app_ids=(setback.app_id,), include_superseded=False, types=LESSONS
            )
            asked[key] = [h.memory for h in search(said, LOOKED, live)]
        if any(quotes_denied(setback, m, setback.created_at) for m in asked[key]):
            out.add(setback.id)
    return frozenset(out)
