"""Hook A's rule, held for every plugin and reasoner: a synthesis line that cites `[id]`
cites a memory that exists.

The built-in hook renders memory text inline (agentmem.retrieval.render), so a memory
cannot forge a line of its own; a host plugin or a model may still write one. After every
plugin has answered and before the host sees it, the runtime checks each line: a line
whose cited ids all name no memory is dropped. A synthesis that cited memories and has
none left is no synthesis (UncitedSynthesis). Lines that cite nothing (a bundle's heading,
"memory holds nothing relevant") are kept as they are.
"""

from __future__ import annotations

import re
from collections.abc import Callable

import structlog

from agentmem._exceptions import AgentMemError, MemoryNotFound
from agentmem.stores.base import ReadableStore

log = structlog.get_logger("agentmem")

CITED = re.compile(r"\[([a-z][a-z0-9-]{2,63})\]")  # a memory id in brackets


class UncitedSynthesis(AgentMemError):
    """Raised (inside the runtime) when every line of a synthesis that cited memory ids
    cited ids that name no memory: nothing is left to advise with."""

    def __init__(self, dropped: list[str]) -> None:
        self.dropped = dropped
        super().__init__(
            f"synthesis refused: its {len(dropped)} cited line(s) name no memory that exists"
        )


def in_store(store: ReadableStore) -> Callable[[str], bool]:
    """Whether an id names a memory in the store (its file, read without touching it)."""

    def exists(memory_id: str) -> bool:
        try:
            store.get(memory_id, touch=False)
        except MemoryNotFound:  # no such memory, or not an id; a store fault propagates
            return False
        return True

    return exists


def cited_only(synthesis: str, exists: Callable[[str], bool]) -> str:
    """The synthesis without the lines whose citations all name missing memories."""
    known: dict[str, bool] = {}
    kept: list[str] = []
    dropped: list[str] = []
    citing_kept = 0
    # splitlines: every break any reader may take for a new line (NEL, LS, PS too)
    for line in synthesis.splitlines():
        ids = CITED.findall(line)
        if not ids:
            kept.append(line)
        elif any(known.setdefault(i, exists(i)) for i in ids):
            kept.append(line)
            citing_kept += 1
        else:
            dropped.append(line)
    if not dropped:
        return synthesis
    missing = sorted({i for line in dropped for i in CITED.findall(line)})
    log.warning("synthesis_lines_dropped", count=len(dropped), missing_ids=missing)
    if citing_kept == 0:
        raise UncitedSynthesis(dropped)
    return "\n".join(kept)
