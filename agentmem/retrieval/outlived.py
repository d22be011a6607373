"""A failure record a later lesson outlived: history, not how things are.

A run record is history. A failure, a partial or an aborted run is worth a worker's
reading while what it teaches still holds: its cause, in its summary and its failed
checks. When a later lesson of its app tells a change of the very thing the record names
(the host it could not reach is retired, the vendor it called no longer does the job, the
limit it ran into was lowered), or the run that fixed it wrote a lesson naming it, that
lesson is the later word on it and the record tells how things were: a worker reading
"ran against X, it failed" beside "X is gone" takes X for a way that once worked. The
writer replaces a lesson it sees restated; a run record is never restated, and nothing
links the change to it. Hook E's account of failures is the same history, dated by the
last failure it counts.

The test is structural: a record is outlived by a live lesson told beside it (in the same
pack, or the same hook A bundle), of the same app, written on a later day by another run
or by a document, that names one of the record's own distinctive tokens (`distinctive`: a
host, a path, an identifier, a number of three digits or more, a name capitalised inside a
sentence, a failed check's name) and that either says outright that something changed
(`agentmem.core.cues.says_changed`) or is the lesson of the run that fixed the record
(`agentmem.retrieval.fixrun`). Told beside the record, the lesson carries to the reader
what the record said of that thing, in its later form. So is a setback, or hook E's pattern
quoting one, that names a cause such a lesson says was not it ("not from X", "X was a red
herring": `agentmem.retrieval.denied`).

A run that went well is outlived only by a later change that gives one of its names anew
(`renamed`; a setback too: the database "db-orders01" it ran against is "db-orders02" since a
cutover, the change never naming the old one): it tells how the work went on a thing that
is no longer there. A lesson that merely names the same thing leaves it: how the same
work went well last time is what a worker reads it for.
"""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence

from agentmem.core.cues import says_changed
from agentmem.core.model import SETBACKS, Kind, Memory, MemoryType
from agentmem.harvest.runrecord import read_record
from agentmem.retrieval.denied import quotes_denied, told_later
from agentmem.retrieval.lingering import told_when
from agentmem.retrieval.names import distinctive as distinctive
from agentmem.retrieval.names import tokens

# Hook E's account of failures: what it quotes of them, between its quote marks.
QUOTED = re.compile(r'"([^"]+)"')
DIGITS, LETTERS = re.compile(r"\d+"), re.compile(r"[a-z]")
JOINERS = re.compile(r"[_./:-]+")
MIN_LETTERS = 3  # letters a name keeps around its digits for another number to rename it


def account(memory: Memory) -> str:
    """What a setback says of its run: its summary and failed checks with their details
    (not its goal: the goal names the work, not what broke); hook E's pattern, the
    failures it quotes."""
    if memory.kind is Kind.ASSESSMENT:
        return " ".join(QUOTED.findall(memory.text))
    record = read_record(memory.text)
    return " ".join([record.summary, *(c.detail for c in record.failed)])


def checks(memory: Memory) -> frozenset[str]:
    """The names of the checks a record says failed: each names one thing by making."""
    if memory.kind is Kind.ASSESSMENT:
        return frozenset()
    return frozenset(c.name.lower() for c in read_record(memory.text).failed if c.name)


def history_of_failures(memory: Memory) -> bool:
    """A failure, partial or aborted run's record, or hook E's account of failures."""
    if memory.kind is Kind.ASSESSMENT:
        return True
    return memory.type is MemoryType.EPISODIC and memory.outcome in SETBACKS


def outlived(memory: Memory, told: Sequence[Memory], fixes: Collection[str] = ()) -> bool:
    """Whether a lesson in `told` outlived the setback `memory` (module docstring); `fixes`
    are the ids of the lessons of the runs that fixed it. A plain success is outlived only
    by a change that gives one of its names anew (`renamed`)."""
    setback = history_of_failures(memory)
    if not setback and not (memory.type is MemoryType.EPISODIC and memory.outcome):
        return False
    own = distinctive(account(memory)) | checks(memory)
    when = told_when(memory)
    for lesson in told:
        if not told_later(lesson, memory, when):
            continue
        if setback and quotes_denied(memory, lesson, when):
            return True  # it quotes a cause the lesson says was not it (`denied`)
        said = tokens(lesson.text)
        if not own:
            continue
        if renamed(own, distinctive(lesson.text), said) and says_changed(lesson.text):
            return True
        if setback and own & said and (lesson.id in fixes or says_changed(lesson.text)):
            return True
    return False


def renamed(own: Collection[str], theirs: Collection[str], said: Collection[str]) -> bool:
    """A name of the record's (`own`) that a later text gives with other digits, never
    writing the record's own (`theirs` its names, `said` all its tokens): "db-orders02" for
    "db-orders01", "db-b7.lan" for "db-b3.lan". Only names of `MIN_LETTERS` letters or
    more around their digits: "v2" for "v1", "p2" for "p1" may be a version or two
    priorities, a rack of "12 ports" no host."""
    mine: dict[str, str] = {}
    for name in own:
        shape = DIGITS.sub("#", name)
        if shape != name and len(LETTERS.findall(shape)) >= MIN_LETTERS:
            mine[shape] = name
    return any(
        (old := mine.get(DIGITS.sub("#", name))) is not None
        and old != name
        and not _still_named(old, said)
        for name in theirs
    )


def _still_named(name: str, said: Collection[str]) -> bool:
    """The text writes the name, or a part of it that holds its digits ("ctl1" of
    "ctl1.farm.lan:5020"): it still speaks of the old one."""
    parts = [p for p in JOINERS.split(name) if DIGITS.search(p) and LETTERS.search(p)]
    return name in said or any(p in said for p in parts)
