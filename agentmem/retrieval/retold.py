"""Older lessons that tell again, in their own words, a claim a retraction took back.

A retraction ("Retracted: the misprints were never caused by the damp paper; …") replaces
the one lesson the writer found it withdraws. The same belief was often told twice before
it: a run's lesson and a review's line ("wet mornings bring the smudges; damp paper, most
likely"), kept apart by the writer as no duplicate. The writer's link
takes the first out of every read; the second still tells the worker what was taken back.

An older live lesson leaves a read (`still_told`) when a live retraction on it, written
later, replaced a lesson on the read whose words it repeats (`SAME_BELIEF` content words
in common with the retracted lesson) and the retraction's claim is about it: it shares two
of the claim's words and more of the claim than of the reason
(`agentmem.core.retract.retracted`, the writer's own test, put to this one lesson).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from agentmem.core.model import Hit, Kind, Memory
from agentmem.core.retract import retracted, retraction
from agentmem.core.statement import terms

SAME_BELIEF = 3  # content words a lesson shares with the retracted one to tell it again


def retold(lesson: Memory, retractions: Sequence[Memory], held: Mapping[str, Memory]) -> bool:
    """Whether one of the live `retractions` took back a lesson (among `held`, by id) that
    `lesson`, written before it, tells again (see the module docstring)."""
    if lesson.kind is not Kind.OBSERVATION or retraction(lesson.text) is not None:
        return False
    mine = terms(lesson.text).content
    for taking in retractions:
        if taking.created_at <= lesson.created_at or lesson.id in taking.supersedes:
            continue
        olds = [held[i] for i in taking.supersedes if i in held]
        if not any(len(mine & terms(o.text).content) >= SAME_BELIEF for o in olds):
            continue
        if retracted(taking.text, [(lesson.id, lesson.text)]) == lesson.id:
            return True
    return False


def still_told(lessons: Sequence[Hit], every: Sequence[Hit]) -> list[Hit]:
    """`lessons` without those that tell again what a retraction took back (`retold`);
    `every` holds the read's lessons, replaced ones included."""
    replaced = {i for h in every for i in h.memory.supersedes}
    retractions = [
        h.memory
        for h in every
        if h.memory.id not in replaced
        and h.memory.kind is Kind.OBSERVATION
        and retraction(h.memory.text) is not None
    ]
    if not retractions:
        return list(lessons)
    held = {h.memory.id: h.memory for h in every}
    return [h for h in lessons if not retold(h.memory, retractions, held)]
