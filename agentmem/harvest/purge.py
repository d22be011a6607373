"""Purge: move test memories out of memory by cohort, tag or app. Never deletes.

Seed 000 purged 22 test memories after its backfill. Here a purge moves each selected
file from `<root>/entries/` to `<root>/archive/` (restorable by moving it back), under
the writer's lock, then rebuilds the derived store. The files are the truth, so the
selection reads the files, not the index.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path

from agentmem._exceptions import AgentMemError, StoreError
from agentmem.core.locks import exclusive
from agentmem.core.model import Memory
from agentmem.harvest.gc import record_move
from agentmem.settings import Settings
from agentmem.stores.files import EntryFiles


class PurgeError(AgentMemError):
    """Raised when a purge is not told exactly one thing to select by."""


@dataclass(frozen=True)
class Selector:
    """Exactly one of cohort, tag or app."""

    cohort: str | None = None
    tag: str | None = None
    app_id: str | None = None

    def __post_init__(self) -> None:
        values = {"--cohort": self.cohort, "--tag": self.tag, "--app": self.app_id}
        given = {flag: value for flag, value in values.items() if value is not None}
        if len(given) != 1:
            got = f"; got {', '.join(given)}" if given else ""
            raise PurgeError(f"purge: give exactly one of --cohort, --tag, --app{got}")
        ((flag, value),) = given.items()
        if not value.strip():
            raise PurgeError(f"purge: {flag} must not be empty")

    def admits(self, memory: Memory) -> bool:
        if self.cohort is not None:
            return memory.cohort == self.cohort
        if self.tag is not None:
            return self.tag in memory.tags
        return memory.app_id == self.app_id

    def describe(self) -> str:
        if self.cohort is not None:
            return f"cohort {self.cohort}"
        if self.tag is not None:
            return f"tag {self.tag}"
        return f"app {self.app_id}"


@dataclass(frozen=True)
class Moved:
    """One memory file moved (or, in a dry run, to be moved) to the archive."""

    id: str
    source: Path
    target: Path


def _target(archive: Path, memory_id: str) -> Path:
    """archive/<id>.md, or <id>.N.md when an earlier purge already holds that name."""
    target = archive / f"{memory_id}.md"
    n = 1
    while target.exists():
        n += 1
        target = archive / f"{memory_id}.{n}.md"
    return target


def select(files: EntryFiles, selector: Selector) -> list[Memory]:
    """The memories whose files match, oldest first; a broken file is never touched."""
    chosen = []
    for path in files.paths():
        try:
            memory = files.parse(path)
        except StoreError:
            continue
        if selector.admits(memory):
            chosen.append(memory)
    return sorted(chosen, key=lambda m: (m.created_at, m.id))


def purge(
    root: Path, selector: Selector, *, dry_run: bool = False, settings: Settings | None = None
) -> list[Moved]:
    """Move every selected memory file to `<root>/archive/`; a dry run only lists them.
    Given the settings, the move is written to their audit ledger (for `agentmem diff`)."""
    files = EntryFiles(root)
    with exclusive(files.cache / "write.lock"):
        moved = []
        for memory in select(files, selector):
            source = files.path_for(memory.id)
            target = _target(files.archive, memory.id)
            if not dry_run:
                files.archive.mkdir(parents=True, exist_ok=True)
                os.replace(source, target)
            moved.append(Moved(memory.id, source, target))
    if moved and settings is not None and not dry_run:
        by = f"purged by {selector.describe()}"
        record_move(settings, "memory_archived", [m.id for m in moved], by)
    return moved
