"""The held lessons a replacement takes along (`kin`): those that still tell the value
the draft retired in a lesson it replaces, told again in other words (`retold`), an old
holder still named, or a command of a tool swapped for another."""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from agentmem.core.apart import set_apart
from agentmem.core.heldmemory import RETRACTABLE, Held
from agentmem.core.oldtool import unrun
from agentmem.core.restate import restated
from agentmem.core.retract import CLAUSE
from agentmem.core.slots import siblings
from agentmem.core.statement import terms
from agentmem.core.stillnamed import still_named
from agentmem.core.stillset import still_set
from agentmem.core.together import read_together

UNKEPT = ("date", "code", "number", "version", "address", "which")  # not followed by `retold`


def kin(draft: str, held: Sequence[Held], replaced: Sequence[str]) -> list[str]:
    """The held lessons that state a value the draft retired in a lesson it replaces
    (`agentmem.core.slots.siblings`): a new hold time learnt once retires every lesson
    that still tells the old one of the same thing, the how-to as much as the rule; and a
    command the draft swapped for another tool's is gone from every lesson that runs it
    (`agentmem.core.oldtool.unrun`)."""
    gone = [m.text for m in held if m.id in replaced]
    others = [
        (m.id, m.text)
        for m in held
        if m.id not in replaced
        and not m.superseded
        and m.type in RETRACTABLE
        and not set_apart(draft, m.text)
    ]
    found = siblings(draft, gone, others) + retold(draft, gone, others)
    found += [i for i in still_named(draft, gone, others) if i not in found]  # old holder
    found += [i for i in still_set(draft, gone, others) if i not in found]  # a setting of it
    return found + [i for i in unrun(draft, gone, others) if i not in found]


def retold(draft: str, replaced: Sequence[str], others: Sequence[tuple[str, str]]) -> list[str]:
    """Of `others` (held lessons as id and text), those that tell again what a lesson the
    draft replaces told (`restated`: one thing, give or take a detail) with the same value
    of a measure, a time or a day, a value the draft no longer states. A fact learnt twice
    (a run's lesson, then a weekly note's line) goes with what replaces either: "the kiln
    is serviced on the first Monday of each month" goes with "kiln service is the first
    Monday (next one: 2 March)" once "kiln service is now the day the glaze ships" replaces the
    note. A lesson that says what the draft says, that shares no such value, or that gives
    it only behind its own advice (`_opening`), stays."""
    told = {v for found in terms(draft).values.values() for v in found}
    out = []
    for memory_id, text in others:
        if restated(draft, text):
            continue
        for old in replaced:
            kept = _kept(old, text) & _opening(text)
            if kept and not kept & told and restated(old, text):
                out.append(memory_id)
                break
    return out


@lru_cache(maxsize=4096)  # a text meets many others per add: read once
def _opening(text: str) -> frozenset[str]:
    """The values a text states in its first clause, what it is about: a value told later,
    in a reason or a detail behind its own advice ("send the pack as a link: the 10 MB cap
    bounced it"), is not what the lesson tells, and the advice holds whatever the value."""
    first = CLAUSE.split(text, maxsplit=1)[0]
    return frozenset(v for found in terms(first).values.values() for v in found)


def _kept(a: str, b: str) -> set[str]:
    """The values of a measure, a time or a day that both texts state (not a count, a date,
    a version or a command: two tellings of one fact may well give those apart)."""
    ta, tb = read_together(a, b)
    return {
        v
        for kind, found in ta.values.items()
        if kind not in UNKEPT
        for v in found & tb.values.get(kind, frozenset())
    }
