"""The read-time filters a pack's lessons pass (`agentmem.retrieval.select`), in one place:
a lesson that restates a replaced rule, retells a retracted belief, tells how things were
before a change, was retired by a newer one on the read's judgement, was turned around,
holds a value a newer lesson replaced or uses a name a newer one says is gone, leaves.
Packs sift the lessons the goal found, and again the lessons that joined them later (the
fix of a packed setback, `agentmem.retrieval.fixrun`), against the same lessons."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from agentmem.core.model import Hit
from agentmem.retrieval.beforechange import told_before
from agentmem.retrieval.conflict import outdated_in_place
from agentmem.retrieval.flipped import outturned
from agentmem.retrieval.lingering import Change, restates_old, retirements, what_changed
from agentmem.retrieval.namedgone import named_gone
from agentmem.retrieval.newerwins import Displaced, displaced, quotes_displaced, retired_here
from agentmem.retrieval.quoted import moved_hosts, names_moved_host
from agentmem.retrieval.retold import still_told


@dataclass(frozen=True)
class Sifted:
    """The lessons left, and what the records are sifted by: the changes on the read's
    ground and the values newer lessons retired."""

    lessons: list[Hit]
    moved: list[Change]
    newer_values: list[Displaced]


def sift(lessons: Sequence[Hit], pairs: Sequence[Hit], query: str) -> Sifted:
    """`lessons` less those the filters above leave out, judged against `pairs` (every
    lesson on the query, replaced ones and what replaced them included)."""
    said_before, texts = retirements(pairs), {h.memory.id: h.memory.text for h in pairs}
    kept = [h for h in lessons if not restates_old(h.memory, said_before, texts)]
    kept = still_told(kept, pairs)  # a belief a retraction took back, told again
    moved = what_changed(pairs)
    kept = [h for h in kept if not told_before(h.memory, moved)]
    hosts = moved_hosts(pairs)  # a note naming the host a thing moved off
    kept = [h for h in kept if not names_moved_host(h.memory, hosts)]
    kept = outturned(outdated_in_place(kept, pairs, query), pairs)
    newer_values = retired_here([*kept, *pairs], query)  # before the older ones leave
    kept = displaced(kept, pairs, query)
    kept = named_gone(kept, pairs)  # a newer lesson says a name it uses is gone
    kept = [h for h in kept if not quotes_displaced(h.memory, newer_values)]
    return Sifted(kept, moved, newer_values)
