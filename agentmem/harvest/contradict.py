"""Lessons a later failure contradicts: the run did what the lesson says and still failed.

A lesson (a semantic or procedural observation) is contradicted by a run record when the
run failed after the lesson was written, in the lesson's app (any app for a `_global`
lesson), and its summary (the run's own account of what it did; a failed check's detail
states the limit it hit, "after 100 requests in 10 s", not what the run did) states one of
the lesson's own values (the 4 GiB limit, the 04:00 UTC slot, the 60 s timeout: a measured
setting, as `agentmem.core.restate` reads values; a bare number, a version or a weekday is
a fact, not a setting) and its record shares at least
`MIN_SHARED` of its content terms: the same ground, the same setting, and still a failure.

The failure a lesson was drawn from is its evidence, not evidence against it: not the run
that wrote it, nor, for a lesson no run wrote (a retro, a postmortem, a decision record,
a daily note: its run id names no run record), a run of the day it tells of (its run id's
day, the day its writer looked back on). A postmortem written the day a run failed takes
its lesson from that failure; a failure of a later day that ran with the same setting
still shows it did not hold. Nor is a failure of the day a run wrote the lesson, when it
ran before that run (its run id sorts first): the loop's clock may stamp both with one time,
and a rerun that failed in the morning cannot refute the lesson its successor wrote at noon
(a wave that stalled at 09:00, before the 11:00 run found the cause and wrote it down).
Hook E writes what it found as an assessment citing the lesson and the failures, which
supersedes the lesson: it leaves packs and synthesis, and stays in the files.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from agentmem.core.model import SETBACKS, Kind, Memory, MemoryType
from agentmem.core.statement import terms
from agentmem.harvest.runrecord import read_record, run_day

MIN_SHARED = 2
LESSONS = {MemoryType.SEMANTIC, MemoryType.PROCEDURAL}
GLOBAL = "_global"
# A bare number, a version or a weekday is a fact; so is a number glued to "B" ("room 4B",
# "gate 12B", "a 7B model"): a label or a count far more often than a byte size one sets.
FACTS = {"number", "version", "address", "day", "b"}
# A time right after a failure verb says when the run failed, not what it ran with ("seven
# depots timed out at 19:35" is no run of "the solver job starts at 19:35"); so does a time
# the run was stopped at ("39 shards were cut off at 02:00" bears a drain's warning out).
FAILED_AT = re.compile(
    r"\b(?:timed out|failed|crashed|broke|died|hung|stalled|errored|went down|cut off|"
    r"killed|terminated|preempted|evicted|interrupted|stopped|aborted|shut down)\s+"
    r"(?:at|around|by|from)\s+\d{1,2}(?::\d{2})?(?:\s*[ap]\.?m\b\.?)?",
    re.IGNORECASE,
)
DIGITS = re.compile(r"\d+|\D+")


@dataclass
class Contradiction:
    """A lesson and the later failures that ran with its value."""

    lesson: Memory
    failures: list[Memory] = field(default_factory=list)


def _told(record: Memory) -> str:
    said = read_record(record.text)
    checks = " ".join(f"{c.name} {c.detail}" for c in said.failed)
    return f"{said.summary} {checks}"


def _values(text: str) -> set[tuple[str, str]]:
    """The measured settings a text states: sizes, durations, rates, times of day. A bare
    number, a version or a weekday is a fact about the world, not a setting one applies."""
    return {
        (kind, v)
        for kind, values in terms(text).values.items()
        if kind not in FACTS
        for v in values
    }


def contradicted(lessons: Sequence[Memory], records: Sequence[Memory]) -> list[Contradiction]:
    """Each live lesson with the failures after it that ran with its value."""
    failures = [r for r in records if r.type is MemoryType.EPISODIC and r.outcome in SETBACKS]
    runs = {r.run_id for r in records if r.type is MemoryType.EPISODIC}
    found = []
    for lesson in lessons:
        if lesson.type not in LESSONS or lesson.kind is not Kind.OBSERVATION:
            continue
        values = _values(lesson.text)
        content = terms(lesson.text).content
        if not values:
            continue
        against = [
            record
            for record in failures
            # after the lesson (the same second counts), and not the run it came from
            if record.created_at >= lesson.created_at
            and not _drawn_from(lesson, record, runs)
            and not _ran_before(record, lesson, runs)
            and (lesson.app_id == GLOBAL or record.app_id == lesson.app_id)
            and values & _values(FAILED_AT.sub(" ", read_record(record.text).summary))
            and len(content & terms(_told(record)).content) >= MIN_SHARED
        ]
        if against:
            found.append(Contradiction(lesson, against))
    return found


def _drawn_from(lesson: Memory, record: Memory, runs: set[str]) -> bool:
    """Whether the failure is one the lesson was drawn from (see the module docstring):
    the run that wrote it, or, when no run wrote it, a run of the day it tells of."""
    if record.run_id == lesson.run_id:
        return True
    return lesson.run_id not in runs and run_day(record) == run_day(lesson)


def _ran_before(record: Memory, lesson: Memory, runs: set[str]) -> bool:
    """Whether the failure ran before the run that wrote the lesson, that same day."""
    if lesson.run_id not in runs or run_day(record) != run_day(lesson):
        return False
    return _order(record.run_id) < _order(lesson.run_id)


def _order(run_id: str) -> tuple[tuple[int, int, str], ...]:
    """A run id's sort key, its numbers as numbers ("run-9" before "run-10")."""
    return tuple(
        (0, int(part), "") if part.isdigit() else (1, 0, part) for part in DIGITS.findall(run_id)
    )


def describe(found: Contradiction) -> str:
    """What E writes: which lesson did not hold and the failures that show it, in their
    checks' own words (the lesson's text is not repeated: it no longer holds)."""
    latest = found.failures[-1]
    said = read_record(latest.text)
    why = "; ".join(f"{c.name}: {c.detail}" if c.detail else c.name for c in said.failed)
    runs = ", ".join(r.run_id for r in found.failures)
    return (
        f"Did not hold: lesson [{found.lesson.id}] in {found.lesson.app_id}. Run(s) {runs} "
        f"did what it says and still failed ({why or said.summary})."
    )
