"""A memory's text and envelope by id, wherever it is now: `entries/`, `archive/` (GC and
purge move files there), or the last committed version when the root is in a git repository."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from agentmem._exceptions import AgentMemError
from agentmem.audit import gitlog
from agentmem.core.model import Kind, Memory
from agentmem.stores import frontmatter
from agentmem.stores.files import SUFFIX, EntryFiles


@dataclass(frozen=True)
class Entry:
    """One memory as the diff shows it; `state` says where its text was found."""

    id: str
    text: str | None
    type: str = "?"
    confidence: float | None = None
    kind: str = Kind.OBSERVATION.value
    app_id: str = "?"
    hook: str = "?"
    run_id: str = "?"
    source: str | None = None
    cites: tuple[str, ...] = ()
    supersedes: tuple[str, ...] = ()
    created_at: str = ""
    path: str | None = None
    state: str = "gone"  # live (entries/), archived, git (the last committed version), gone

    @classmethod
    def of(cls, memory: Memory, path: Path, state: str) -> Entry:
        return cls(
            memory.id, memory.text, memory.type.value, memory.confidence, memory.kind.value,
            memory.app_id, memory.trigger, memory.run_id, memory.source, memory.cites,
            memory.supersedes, memory.created_at, str(path), state,
        )  # fmt: skip

    def as_dict(self) -> dict[str, Any]:
        return {**self.__dict__, "cites": list(self.cites), "supersedes": list(self.supersedes)}


class Memories:
    """Finds a memory's text by id: `entries/`, else `archive/`, else git, else gone."""

    def __init__(self, root: Path, catalog: Mapping[str, Memory], git: Path | None) -> None:
        self.files = EntryFiles(root)
        self.catalog = catalog
        self.git = git
        self._found: dict[str, Entry] = {}
        self._archived: dict[str, list[Path]] | None = None

    def __call__(self, memory_id: str) -> Entry:
        if memory_id not in self._found:
            self._found[memory_id] = self._find(memory_id)
        return self._found[memory_id]

    def _find(self, memory_id: str) -> Entry:
        try:
            path = self.files.path_for(memory_id)
        except AgentMemError:
            return Entry(memory_id, None)
        memory = self.catalog.get(memory_id)
        if memory is not None:
            return Entry.of(memory, path, "live")
        for candidate in sorted(self.archived().get(memory_id, []), reverse=True):
            memory = _loose(candidate.read_text(encoding="utf-8", errors="replace"), memory_id)
            if memory is not None:  # purge keeps `<id>.N.md` for a later copy: newest first
                return Entry.of(memory, candidate, "archived")
        if self.git is not None:
            raw = gitlog.last_text(self.git, path)
            memory = None if raw is None else _loose(raw, memory_id)
            if memory is not None:
                return Entry.of(memory, path, "git")
        return Entry(memory_id, None, path=str(path))

    def archived(self) -> dict[str, list[Path]]:
        """The files under `archive/` by the memory id they hold (`<id>.md`, `<id>.N.md`)."""
        if self._archived is None:
            self._archived = {}
            if self.files.archive.is_dir():
                for path in self.files.archive.glob(f"*{SUFFIX}"):
                    self._archived.setdefault(path.name.split(".")[0], []).append(path)
        return self._archived


def _loose(raw: str, memory_id: str) -> Memory | None:
    """A memory from a file's text, whatever the file is called (archive copies, git)."""
    try:
        fields, body = frontmatter.parse(raw)
        return Memory.model_validate({**fields, "text": body, "id": memory_id})
    except (ValueError, frontmatter.FrontmatterError):
        return None
