"""A lesson that uses a name a newer lesson says is gone tells how things were.

"Rule R-7 is withdrawn; its replacement sets the limit by load", "the `--fast` flag was
removed", "we deleted sync_v1.py": a lesson written before such a statement that still
tells a worker to use the rule, the flag or the file is not how things are, whatever
values it states. The writer replaces such a lesson when it sees the pair
(`agentmem.core.dropped.dropped`); one it did not see reaches packs and hook A beside the
removal. Here the read leaves it out: an observation lesson (not a run record, whose
failure on the removed thing may still tell a worker why; not hook E's count of runs) of
the same app, written before a live lesson that says a name (one word: a rule id, a flag,
a file, a host; a phrase names too little to be sure) is removed, that mentions the name
and does not itself say it is gone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from agentmem.core.model import Hit, Kind, Memory, MemoryType
from agentmem.core.removal import mentions, removed
from agentmem.core.restate import retraction
from agentmem.retrieval.conflict import GLOBAL

# "R-7 is withdrawn": a rule or a standard is withdrawn as a tool is removed. Read here as
# the removal words `removed` knows; the writer's own judge keeps its own list.
WITHDRAWN = re.compile(r"\bwithdrawn\b", re.IGNORECASE)
MIN_NAME = 4  # characters of a removed name a lesson must mention


def gone(text: str) -> frozenset[str]:
    """The names `text` says are removed, gone or withdrawn (one word each)."""
    things = removed(WITHDRAWN.sub("retired", text))
    return frozenset(t for t in things if " " not in t and len(t) >= MIN_NAME)


def named_gone(hits: Sequence[Hit], every: Sequence[Hit]) -> list[Hit]:
    """`hits` without the lessons a newer live lesson among `hits` and `every` says use a
    name that is gone (see the module docstring)."""
    replaced = {i for h in [*hits, *every] for i in h.memory.supersedes}
    removals: list[tuple[Memory, frozenset[str]]] = []
    seen: set[str] = set()
    for hit in [*hits, *every]:
        memory = hit.memory
        if memory.id in seen or memory.id in replaced or not _lesson(memory):
            continue
        seen.add(memory.id)
        if retraction(memory.text) is None and (names := gone(memory.text)):
            removals.append((memory, names))
    if not removals:
        return list(hits)
    return [h for h in hits if not _uses_gone(h.memory, removals)]


def _uses_gone(lesson: Memory, removals: Sequence[tuple[Memory, frozenset[str]]]) -> bool:
    if not _lesson(lesson):
        return False
    own = gone(lesson.text)
    text = lesson.text.lower()
    for removal, names in removals:
        if removal.created_at <= lesson.created_at or removal.app_id not in (
            lesson.app_id,
            GLOBAL,
        ):
            continue
        if any(name not in own and mentions(text, name) for name in names):
            return True
    return False


def _lesson(memory: Memory) -> bool:
    return memory.kind is Kind.OBSERVATION and memory.type is not MemoryType.EPISODIC
