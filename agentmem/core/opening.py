"""What a statement opens on, past the verb that tells a change: "We moved the cache off
our own host: …" is about the cache, as "Cache entries expire …" is. A statement's
head is its first content words (`agentmem.core.statement`), and a change told as an
action opens on the verb ("moved", "switched", "migrated"), which no statement of the
state before it opens on."""

from __future__ import annotations

from agentmem.core.statement import Terms
from agentmem.stores.bm25 import tokenize

# Verbs that tell a change as an action, as search terms ("moved": move).
CHANGE_VERBS = frozenset(
    tokenize("moved switched replaced migrated changed swapped retired ported rehomed")
)


def opens_alike(draft: Terms, held: Terms) -> bool:
    """Both open on the same word, the draft's change verb aside."""
    if draft.head[:1] == held.head[:1]:
        return True
    return (
        draft.head[:1] != () and draft.head[0] in CHANGE_VERBS and draft.head[1:2] == held.head[:1]
    )
