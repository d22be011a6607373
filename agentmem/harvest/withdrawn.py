"""Lessons memory has taken back, and the runs that wrote them.

A lesson leaves packs for many reasons: a runbook that now says it among its steps takes its
place, a newer copy restates it. Memory *takes it back* when what supersedes it says it no
longer holds: a retraction, or a text saying the team no longer does what the lesson
prescribes (`agentmem.core.retract`); hook E's finding that it did not hold (a failure ran
with its setting, `agentmem.harvest.contradict`). The run that wrote such a lesson told
the same belief in its own account, so hook E's pattern quotes neither
(`agentmem.harvest.patterns`), and the next harvest rewrites a held pattern that did. A
newer value is not taking back: a text that supersedes a lesson for one figure it states
otherwise leaves the rest of the lesson, and the run's account, standing.
"""

from __future__ import annotations

from collections.abc import Sequence

from agentmem.core.model import Memory, MemoryType
from agentmem.core.retract import withdrawn

DID_NOT_HOLD_TAG = "did-not-hold"  # hook E's assessment of a lesson a later failure refuted
LESSONS = {MemoryType.SEMANTIC, MemoryType.PROCEDURAL}


def takes_back(newer: Memory, lesson: Memory) -> bool:
    """What supersedes the lesson says it no longer holds (see the module docstring)."""
    if DID_NOT_HOLD_TAG in newer.tags:
        return True
    return lesson.id in withdrawn(newer.text, [(lesson.id, lesson.text)])


def withdrawn_runs(memories: Sequence[Memory]) -> frozenset[str]:
    """The runs whose lesson (among `memories`) memory has taken back since."""
    by_id = {m.id: m for m in memories}
    return frozenset(
        old.run_id
        for newer in memories
        for old in (by_id.get(i) for i in newer.supersedes)
        if old is not None and old.type in LESSONS and takes_back(newer, old)
    )
