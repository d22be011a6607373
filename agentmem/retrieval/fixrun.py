"""The lesson of the run that fixed a packed setback.

A loop that fails on something sends the next worker after it ("Fix the empty sender line in
the renewal letters", "Rerun the kiln batch with a slower ramp"), and that run's lesson says
what to do ("fill sender_line from the branch table when the signer field is empty"). The
failure a pack holds tells what broke; the lesson of its fix tells how to get past it. The
goal that found the failure often shares no word with that lesson: the lesson is told in the
fix's own words.

So for each setback a pack holds, its fix is the first later run of its app, within
`AFTER_DAYS`, that went well and whose goal names at least `SHARED` words of the setback's
account (its goal, summary and failed checks' details); the fix's best live lesson (an
observation written by that run, found by a search of the fix's own record) joins the
pack beside the setback, unless the pack already holds it or the read-time filters leave it
out (`agentmem.retrieval.select` sifts it against the lessons on the goal and on its own
words: a fix a later change replaced tells how things were).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace
from datetime import timedelta

from agentmem.core.model import SETBACKS, Hit, Kind, Memory, MemoryType, Outcome
from agentmem.harvest.followup import words
from agentmem.harvest.runrecord import read_record, record_goal, run_day
from agentmem.stores.base import Filters

Search = Callable[[str, int, Filters], list[Hit]]

AFTER_DAYS = 7  # a fix comes soon after what it fixed
SHARED = 2  # words of the setback's account the fix's goal names: one is chance
RECORDS_LOOKED = 10  # the setback's own question's best records the fix is looked for in
LESSONS_LOOKED = 10  # the fix's own question's best lessons its lesson is looked for in
LESSON_TYPES = tuple(t.value for t in MemoryType if t is not MemoryType.EPISODIC)
RECORD_TYPES = (MemoryType.EPISODIC.value,)


def account(memory: Memory) -> frozenset[str]:
    """What a record says of its run: its goal, summary and failed checks' details."""
    record = read_record(memory.text)
    details = [c.detail or c.name for c in record.failed]
    return words(" ".join([record_goal(memory.text), record.summary, *details]))


def fix_of(search: Search, scope: Filters, setback: Memory) -> Memory | None:
    """The first run after `setback` that fixed it (module docstring), if any."""
    said = account(setback)
    apps = (setback.app_id,)
    live = replace(scope, app_ids=apps, include_superseded=False, types=RECORD_TYPES)
    start = run_day(setback)
    end = start + timedelta(days=AFTER_DAYS)
    fixes = [
        h.memory
        for h in search(setback.text, RECORDS_LOOKED, live)
        if h.memory.id != setback.id
        and h.memory.outcome is Outcome.SUCCESS
        and h.memory.created_at > setback.created_at
        and run_day(h.memory) <= end
        and len(said & words(record_goal(h.memory.text))) >= SHARED
    ]
    return min(fixes, key=lambda m: m.created_at, default=None)


def taught_by(search: Search, scope: Filters, run: Memory) -> Hit | None:
    """The best live lesson `run` wrote, as a search of its record finds it."""
    live = replace(scope, app_ids=(run.app_id,), include_superseded=False, types=LESSON_TYPES)
    return next(
        (
            h
            for h in search(run.text, LESSONS_LOOKED, live)
            if h.memory.run_id == run.run_id and h.memory.kind is Kind.OBSERVATION
        ),
        None,
    )


def fixes(search: Search, scope: Filters, chosen: Sequence[Hit]) -> list[Hit]:
    """The lessons of the fixes of the setbacks `chosen` holds, each scored as its setback
    (so it is cut with it, not before it), none the pack already holds."""
    have = {h.memory.id for h in chosen}
    search = asked_once(search)  # two records of one run (one text) look for one fix
    out: list[Hit] = []
    for hit in chosen:
        memory = hit.memory
        if memory.type is not MemoryType.EPISODIC or memory.outcome not in SETBACKS:
            continue
        fix = fix_of(search, scope, memory)
        lesson = None if fix is None else taught_by(search, scope, fix)
        if lesson is None or lesson.memory.id in have:
            continue
        have.add(lesson.memory.id)
        explain = {**lesson.explain, "fixed": memory.id}
        out.append(lesson.model_copy(update={"score": hit.score, "explain": explain}))
    return out


def asked_once(search: Search) -> Search:
    """`search`, each question (words, k, scope) put to the store once: asked again, the
    hits of the first time. Within one pack nothing is written between the two."""
    asked: dict[tuple[str, int, Filters], list[Hit]] = {}

    def once(query: str, k: int, scope: Filters) -> list[Hit]:
        if (query, k, scope) not in asked:
            asked[query, k, scope] = search(query, k, scope)
        return asked[query, k, scope]

    return once
