"""A replaced lesson that another lesson says still holds: the pack keeps it.

A lesson is replaced when a newer one is judged to say the same thing anew. Sometimes the
judge is wrong: a decision on one thing replaces a lesson on its neighbour ("the default
compiler is now X" replacing "the GPU stack is built with compiler Y"), though the decision
itself, or a review after it, says the neighbour is untouched ("the GPU stack stays on Y").
The replaced lesson then never reaches a worker, and the words that say it still holds are
a clause in a lesson about something else, which the goal's words rarely find first.

So a replaced lesson on the goal's query comes back when every value it states (a version,
a threshold, a clock time) is named by a lesson on the query that says it stays, and no
lesson that replaced it names any of them. A replacement that names the old value again
("A moves to 12:00; B keeps 14:00", after "A and B close at 14:00") judged the old lesson
itself: the value may have moved for the very subject the old lesson told, so it stays
replaced. Nor does a lesson come back that a replacement takes back (it says the lesson no
longer holds: "the dips were the transmitter drifting, not pump P2", of "the dips come from
pump P2 cycling": `agentmem.retrieval.takenback.gainsays`, the writer's own reading): that
replacement is no decision on a neighbour, and the values it leaves unnamed (the 1.0 bar
the dips fall below) were never what it withdrew. It comes back at its own score, the replaced lesson's discount kept: a lesson the
store judged replaced competes as a weaker one, and does not push out a live lesson.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agentmem.core.model import Hit, Kind
from agentmem.core.stays import STILL, any_word
from agentmem.retrieval.takenback import gainsays

# Words saying a thing did not change: "unchanged", "not affected", "stays", "excepted".
# (`agentmem.core.stays`'s words, but not "remains" nor "kept", and a change denied:
# a lesson here says a neighbour's value is spared by a decision)
STAYS = any_word(
    ("stays?", "keeps?"), STILL, ("unchanged", "not (?:affected|touched|changed)", "excepted")
)
# A stated value: a dotted or timed number ("0.97", "8:30", "12.4") or a pinned name
# ("lua@5.4.6"). Plain integers are counts and days as often as settings: left out.
VALUE = re.compile(r"(?<![\w.])[a-z]*@?\d+(?:[.:]\d+)+[a-z]*|[a-z]+@\d[\w.]*", re.I)


def values(text: str) -> set[str]:
    """The values a text states, lower-cased."""
    return {v.lower() for v in VALUE.findall(text)}


def still_held(live: Sequence[Hit], every: Sequence[Hit], bar: float) -> list[Hit]:
    """The replaced lessons in `every` (the query's lessons, replaced ones included) that a
    lesson on the query says still hold (module docstring), scoring at least `bar`."""
    held = {h.memory.id for h in live}
    kept = {v for h in every if STAYS.search(h.memory.text) for v in values(h.memory.text)}
    out: list[Hit] = []
    for hit in every:
        memory = hit.memory
        if memory.id in held or memory.kind is not Kind.OBSERVATION or hit.score < bar:
            continue
        stated = values(memory.text)
        if not stated or not stated <= kept:
            continue
        by = [h for h in [*live, *every] if memory.id in h.memory.supersedes]
        if any(gainsays(h.memory, memory) for h in by):
            continue  # said no longer to hold, not mistaken for a neighbour's decision
        if by and not any(stated & values(h.memory.text) for h in by):
            out.append(hit)
            held.add(memory.id)
    return out
