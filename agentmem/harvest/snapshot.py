"""Snapshot and restore: every memory of the active store, with all its metadata, in one JSON file.

A snapshot holds the full record of every memory (the files' truth). On a mem0 backend it
also pages through every remote record and says how the remote store compared, so a nightly
snapshot doubles as a drift check. Restore loads a snapshot into an empty store through the
store's own write path (file first, then the projection); round trips are lossless.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from pydantic import ValidationError as PydanticValidationError

from agentmem._exceptions import StoreError
from agentmem.core.model import Memory
from agentmem.core.validate import validate_draft
from agentmem.harvest import tentadmin
from agentmem.stores.base import Filters, Store
from agentmem.stores.files import atomic_write

FORMAT = "agentmem-snapshot"
VERSION = 1
FOLDER = "snapshots"


def default_path(root: Path, today: datetime | None = None) -> Path:
    """`<root>/snapshots/YYYY-MM-DD.json`."""
    day = (today or datetime.now(UTC)).date().isoformat()
    return root / FOLDER / f"{day}.json"


@dataclass
class SnapshotReport:
    """Where a snapshot went and what it holds."""

    path: str
    backend: str
    memories: int
    remote: dict[str, Any] | None = None
    tentative: int = 0  # tentative records (harvest/tentadmin.py) carried beside the memories
    tentative_skipped: list[dict[str, str]] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _backend(store: Store) -> str:
    return str(getattr(store, "backend", "files"))


def _remote_check(store: Store) -> dict[str, Any] | None:
    from agentmem.stores.drift import measure
    from agentmem.stores.projected import ProjectedStore

    if not isinstance(store, ProjectedStore):
        return None
    drift = measure(store)
    return {
        "records": drift.remote,
        "missing": drift.missing,
        "stale": drift.stale,
        "doubled": drift.doubled,
        "orphans": drift.orphans,
        "owed": [o.memory_id for o in store.outbox.pending()],
    }


def snapshot(store: Store, path: Path) -> SnapshotReport:
    """Write every memory (expired ones too) to `path`, atomically, sorted by id."""
    memories = sorted(store.list(Filters(include_expired=True)), key=lambda m: m.id)
    remote = _remote_check(store)
    tentative, skipped = tentadmin.dumped(store.root)
    data = {
        "format": FORMAT,
        "version": VERSION,
        "created_at": datetime.now(UTC).isoformat(timespec="seconds"),
        "backend": _backend(store),
        "count": len(memories),
        "memories": [m.record() for m in memories],
        "tentative": tentative,
    }
    if remote is not None:
        data["remote"] = remote
    try:
        atomic_write(path, json.dumps(data, indent=1, ensure_ascii=False, sort_keys=True) + "\n")
    except OSError as exc:
        raise StoreError(f"cannot write snapshot: {exc}", path=str(path)) from exc
    report = SnapshotReport(str(path), _backend(store), len(memories), remote, len(tentative))
    report.tentative_skipped = [d.as_dict() for d in skipped]
    return report


def read_snapshot(path: Path) -> list[Memory]:
    """Parse and check a snapshot file; any fault names the memory and the field."""
    return _memories(_document(path), path)


def _document(path: Path) -> dict[str, Any]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError, RecursionError) as exc:  # RecursionError: nested too deep
        raise StoreError(f"cannot read snapshot: {exc}", path=str(path)) from exc
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise StoreError(f"not an agentmem snapshot (format must be {FORMAT!r})", path=str(path))
    if data.get("version") != VERSION:
        raise StoreError(
            f"snapshot version {data.get('version')!r} is not {VERSION}", path=str(path)
        )
    return data


def _memories(data: dict[str, Any], path: Path) -> list[Memory]:
    records = data.get("memories")
    if not isinstance(records, list):
        raise StoreError("memories: expected a list", path=str(path))
    memories: list[Memory] = []
    seen: set[str] = set()
    for index, record in enumerate(records):
        where = f"memories[{index}]"
        if not isinstance(record, dict):
            raise StoreError(f"{where}: expected an object", path=str(path))
        problems = validate_draft(record)
        if "id" not in record:
            raise StoreError(f"{where}.id: missing", path=str(path))
        if problems:
            detail = "; ".join(f"{where}.{p.field}: {p.reason}" for p in problems)
            raise StoreError(detail, path=str(path))
        try:
            memory = Memory.model_validate(record)
        except PydanticValidationError as exc:
            first = exc.errors()[0]
            field = ".".join(str(p) for p in first["loc"])
            raise StoreError(f"{where}.{field}: {first['msg']}", path=str(path)) from exc
        if memory.id in seen:
            raise StoreError(f"{where}.id: {memory.id!r} appears twice", path=str(path))
        seen.add(memory.id)
        memories.append(memory)
    return memories


def restore(store: Store, path: Path) -> int:
    """Load a snapshot into an empty store; return how many memories were written."""
    return restore_all(store, path)[0]


def restore_all(store: Store, path: Path) -> tuple[int, int]:
    """Load a snapshot into an empty store: (memories, tentative records) written.

    The whole file is checked before anything is written; a store that already holds
    memories (or broken files, or tentative files) is refused, so a restore never mixes
    with live data.
    """
    data = _document(path)
    memories = _memories(data, path)
    records = tentadmin.parsed(data.get("tentative"), str(path))
    held = store.count()
    broken = len(store.broken())
    kept = tentadmin.held(store.root)
    if held or broken or kept:
        raise StoreError(
            f"restore needs an empty store; {store.root} holds {held} memories"
            + (f" and {broken} broken files" if broken else "")
            + (f" and {kept} tentative files" if kept else "")
        )
    for memory in memories:
        store.put(memory)
    return len(memories), tentadmin.restored(store.root, records)
