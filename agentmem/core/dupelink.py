"""A duplicate that names what it replaces: the held memory takes the link.

A draft can say what it replaces (its `supersedes`: a retro's struck old value, a diff's
"- " line, a harvest's pattern) and still be a copy, or a restatement, of a held memory
that already tells the new value (a run lesson wrote "use Cropster" days before the
retro's "~~Artisan~~ Cropster"). Written, the draft would have superseded the old memory;
as a duplicate it is not written, and the old memory stayed live in packs and synthesis.
So the held memory takes the link: its `supersedes` gains the old ids, and it is written
again through the store like any write (same id, same content, the same checks).

An old id is not taken (`linkable`) when it is the held memory itself or already named by
it; when it is not held (gone), or is already superseded (not live: the link would add
nothing and would move no read); when it supersedes the held memory, directly or through
a chain (the link would make a cycle, and each would hide the other); when it is of
another user; when either is immutable (a principle is never replaced, nor rewritten); and
when it is newer than the held memory.
That last is a choice: the held text was written before the old claim existed, so
"the held text replaces it" would be a claim the held memory never made (the draft that
tells the change is newer than both, but it is not written), and a supersession that runs
back in time is what every reader of `supersedes` assumes never happens (a value changed
twice is read newest last). The kinds are not judged: a draft's own `supersedes` is its
hook's statement, which the writer takes as given (a harvest's assessment supersedes the
lesson a failure contradicts), so the held memory takes what the draft would have.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from datetime import UTC, datetime
from typing import Any

from agentmem._exceptions import AgentMemError, DuplicateMemory
from agentmem._log import get_logger
from agentmem.core.model import Memory, Problem
from agentmem.core.validate import MAX_REFS
from agentmem.stores.base import Filters, Rewriting, Store
from agentmem.stores.files import NotReadable

log = get_logger()

CHAIN = 10_000  # memories walked for a cycle at most: a longer chain is refused, not walked


def relink(
    store: Store,
    held_id: str,
    olds: Iterable[str],
    check: Callable[[dict[str, Any]], list[Problem]],
) -> list[str]:
    """Give the held memory `held_id` the links of `olds` it may take (`linkable`), through
    `check` (the writer's own validation of a record) and the store's write; return the ids
    it took. Called under the writer's lock. Store failures raise, as any write's do."""
    # one read of the store (on postgres a read of every row): the held memory is among
    # them; asked apart only if a store's listing lacks it
    memories = store.list(Filters(include_expired=True))
    held = next((m for m in memories if m.id == held_id), None)
    if held is None:
        try:
            held = store.get(held_id, touch=False)
        except AgentMemError:  # gone, or unreadable: nothing to link to
            return []
    taken = linkable(held, olds, memories)
    if not taken:
        return []
    record = relinked(held, taken)
    problems = check(record)
    if problems:
        log.info("memory_link_refused", held=held_id, problems=[p.as_dict() for p in problems])
        return []
    memory = Memory.model_validate(record)
    try:
        (store.rewrite if isinstance(store, Rewriting) else store.put)(memory)
    except (DuplicateMemory, NotReadable) as exc:
        log.info("memory_link_refused", held=held_id, reason=str(exc))
        return []
    log.info("memory_relinked", held=held_id, supersedes=taken)
    return taken


def linkable(held: Memory, olds: Iterable[str], memories: Sequence[Memory]) -> list[str]:
    """Of `olds` (a duplicate draft's `supersedes`), those the held memory takes: see the
    module docstring. `memories` are the store's memories (superseded and expired included)."""
    by_id = {m.id: m for m in memories}
    superseded = {old for m in memories for old in m.supersedes}
    taken: list[str] = []
    room = MAX_REFS - len(held.supersedes)
    for old_id in dict.fromkeys(olds):
        if len(taken) >= room:
            break
        old = by_id.get(old_id)
        if (
            old is None
            or old_id == held.id
            or old_id in held.supersedes
            or old_id in superseded
            or old.user_id != held.user_id
            or held.immutable
            or old.immutable
            or _newer(old, held)
            or _reaches(old_id, held.id, by_id)
        ):
            continue
        taken.append(old_id)
    return taken


def relinked(held: Memory, taken: Sequence[str]) -> dict[str, Any]:
    """The held memory's record with the taken ids added to its `supersedes`."""
    return {**held.record(), "supersedes": [*held.supersedes, *taken]}


def _newer(old: Memory, held: Memory) -> bool:
    """Whether `old` was written after `held` (an unreadable date is no evidence: taken)."""
    try:
        return _when(old.created_at) > _when(held.created_at)
    except (ValueError, TypeError):
        return False


def _when(stamp: str) -> datetime:
    when = datetime.fromisoformat(stamp)
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def _reaches(start: str, target: str, by_id: Mapping[str, Memory]) -> bool:
    """Whether `start` supersedes `target`, directly or through what it superseded (a
    chain of at most CHAIN memories; a longer one counts as reaching: refused)."""
    seen = {start}
    todo = [start]
    while todo:
        memory = by_id.get(todo.pop())
        for old in memory.supersedes if memory is not None else ():
            if old == target:
                return True
            if old not in seen:
                if len(seen) >= CHAIN:
                    return True
                seen.add(old)
                todo.append(old)
    return False
