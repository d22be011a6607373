"""A success's record that is the only memory of a value it set stays in reach of the pack.

The read-time rules leave out a run record written before a change that still quotes what
the change retired (`agentmem.retrieval.beforechange.tells_retired`, `told_before`): an
old run's values went stale. They trust the change: that a replaced lesson's values the
replacement no longer states were retired. Often the replacement is no change of those
values at all: a lesson that adds a test to an acceptance list, a measurement ("reached
12.1 m below CD") beside a design depth, a retro's grab-bag line that shares one word
("flow") with the procedure it replaced. Then the success that set the value ("Spec table
for N330 entered: iodine 77-87 g/kg", "S-1 alarm at 85% and S-2 at 87% of volume",
"frames go to AT-1 within 4 h of the quench") was the only memory still telling it, and
the worker lost it. On the written-blind tuning scenarios such records were the largest
single loss of packs whose need was retrieved.

So a plain success left out by one of those rules comes back when what the rule held
against it is a value it states (no name, tool, path or command: those a change does
retire by leaving them out), and no lesson written after the run gives a value of the
same kind another value in a clause on the same thing (`SAME_THING` words shared with the
record's clause holding it): nothing later tells that slot, so nothing tells it anew. A
stale run's value was changed by a later lesson that says its new value of the same
thing ("temper 180 °C for 2 h" after "temper 170 °C"); that record still goes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence, Set

from agentmem.core.model import Hit, Kind, Memory, MemoryType, Outcome
from agentmem.core.removal import mentions
from agentmem.retrieval.commanded import GONE, OPTION, TOOL
from agentmem.retrieval.conflict import NO_SLOT
from agentmem.retrieval.lingering import Change, quotes_retired, readings
from agentmem.retrieval.newerwins import same_value
from agentmem.retrieval.stated import COMMON_KINDS

SAME_THING = 2  # words a later lesson's clause shares with the record's about a value
NAMED = (TOOL, GONE, OPTION)  # what a change retires by leaving it out: never a value


def only_memory(record: Memory, lessons: Sequence[Memory]) -> bool:
    """Whether `record` is a plain success stating values of its own (a kind a slot has)
    that no lesson among `lessons` written after it gives another value of, on the same
    thing: the record is the only memory of those values (module docstring)."""
    if record.type is not MemoryType.EPISODIC or record.outcome is not Outcome.SUCCESS:
        return False
    mine = _values(record.text)
    if not mine:
        return False
    later = [
        m
        for m in lessons
        if m.created_at > record.created_at
        and m.type is not MemoryType.EPISODIC
        and m.kind is Kind.OBSERVATION
    ]
    for lesson in later:
        for (kind, value), words in _values(lesson.text).items():
            for (own, had), said in mine.items():
                if own != kind or same_value(value, had):
                    continue
                if len(words & said) >= SAME_THING:
                    return False
    return True


def _values(text: str) -> Mapping[tuple[str, str], frozenset[str]]:
    """The values `text` states of a kind a slot has, each with its clause's words."""
    return {
        key: words
        for key, words in readings(text).items()
        if key[0] not in NO_SLOT and key[0] not in COMMON_KINDS
    }


def quotes_values_only(record: Memory, moved: Sequence[Change]) -> bool:
    """Whether what `told_before` holds against `record` is only values: every change it
    quotes (`quotes_retired`) retired of it no tool, command or option."""
    quoted = [c for c in moved if quotes_retired(record, [c])]
    if not quoted:
        return False
    for change in quoted:
        named = {k: w for k, w in change.retired.items() if k[0] in NAMED}
        if named and quotes_retired(record, [change._replace(retired=named)]):
            return False
    return True


UNIT_AFTER = r"\d[\d.,]*\s*(?:[-–]\s*\d[\d.,]*\s*)?"  # "77-87 g/kg", "2100 mJ/cm²"


def tells_values_only(record: Memory, retired: Mapping[str, str]) -> bool:
    """Whether what `tells_retired` holds against `record` (the retired things it names,
    dated after it) is only values: each holds a digit its values state, or is the unit
    of one of its numbers ("g/kg" of "77-87 g/kg"); a name, a path or a command is not."""
    told = [
        value
        for value, when in retired.items()
        if record.created_at < when and mentions(record.text, value)
    ]
    if not told:
        return False
    numbers = {v for _, v in _values(record.text)}
    low = record.text.lower()
    for value in told:
        if any(ch.isdigit() for ch in value):
            head = re.match(r"[\d.,\-–]+", value.strip())
            number = head.group(0).strip(".,-–") if head else ""
            if not any(same_value(number, n) or number in n for n in numbers):
                return False
        elif not re.search(UNIT_AFTER + re.escape(value), low):
            return False
    return True


MAX_ALONE = 1  # places beside the pack's one plain success for such records
ALONE_RELEVANT = 0.35  # share of the best record's score one needs (the records' own bar)


def alone_places(records: Sequence[Hit], chosen: Sequence[Hit], alone: Set[str]) -> list[Hit]:
    """The best of `records` (the goal's same work) kept as the only memory of its values
    (`alone`), over the records' bar, when the pack does not hold it yet: at most
    `MAX_ALONE`. The pack's one plain-success place goes to the newest doing of the goal's
    work, which tells how it went, not the value an older run set; the record that is the
    only memory of that value takes a place of its own."""
    best = max((h.score for h in records), default=0.0)
    held = {h.memory.id for h in chosen}
    out = [
        h
        for h in records
        if h.memory.id in alone and h.memory.id not in held and h.score >= ALONE_RELEVANT * best
    ]
    return sorted(out, key=lambda h: -h.score)[:MAX_ALONE]
