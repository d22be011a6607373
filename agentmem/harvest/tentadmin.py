"""Tentative records by hand: list them, drop one, promote one; and carry them in snapshots.

Hook C keeps and settles tentative records on its own (`harvest/tentative.py`); these are
the user's levers beside it, taking the same lock. A promotion by hand is the automatic
one without the corroboration: the lesson goes through the one writer at its type's lowest
confidence (a semantic lesson kept at 0.6 becomes memory at 0.7), and the record says it
was promoted by hand. Dropping deletes the record's file (a damaged one too), so nothing
settles or promotes it later; the lesson is not memory and never was.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import asdict
from datetime import datetime
from pathlib import Path
from typing import Any

from agentmem._exceptions import DraftRejected, StoreError, TentativeError, TentativeNotFound
from agentmem.core.locks import exclusive
from agentmem.core.model import TYPE_RULES, MemoryType
from agentmem.core.writer import Harvester
from agentmem.harvest.tentative import _promoted
from agentmem.harvest.tentfiles import (
    FOLDER,
    ID,
    SUFFIX,
    Damaged,
    Tentative,
    Unreadable,
    aware,
    check,
    expires,
    linked,
    read,
    save,
    scan,
)

BY_HAND = "manual"  # settled_by of a record promoted by hand (a run's id otherwise)


def folder_of(root: Path) -> Path:
    return root / FOLDER


@contextmanager
def _locked(root: Path) -> Iterator[Path]:
    folder = folder_of(root)
    if linked(folder):
        raise StoreError("a symbolic link; tentative records are not changed through it",
                         path=str(folder))  # fmt: skip
    with exclusive(root / ".agentmem" / "tentative.lock"):
        yield folder


def why_held(record: Tentative) -> str:
    """Why the lesson is not memory: its confidence against its type's range."""
    draft = record.draft
    try:
        rule = TYPE_RULES[MemoryType(str(draft.get("type")))]
    except ValueError:
        return f"type {draft.get('type')!r} is not a lesson type"
    return (
        f"confidence {draft.get('confidence')} is below {draft.get('type')}'s range "
        f"{rule.low}-{rule.high}"
    )


def row(record: Tentative, now: datetime) -> dict[str, Any]:
    """What `agentmem tentative list` shows of a record (its JSON form too)."""
    due = expires(record)
    overdue = aware(now) > due
    return {
        "id": record.id,
        "text": str(record.draft.get("text", "")),
        "type": record.draft.get("type"),
        "confidence": record.draft.get("confidence"),
        "app_id": record.draft.get("app_id"),
        "run": record.run,
        "kept_at": record.kept_at,
        "why": why_held(record),
        "evidence": record.evidence,
        "status": record.status,
        "expires_at": due.isoformat(timespec="seconds") if record.status == "pending" else None,
        "overdue": record.status == "pending" and overdue,
        "settled_by": record.settled_by,
        "memory_id": record.memory_id,
    }


def listing(root: Path) -> tuple[list[Tentative], list[Damaged]]:
    """Every readable record (oldest first) and every file skipped as damaged."""
    records, damaged = scan(folder_of(root))
    return sorted(records, key=lambda r: (r.kept_at, r.id)), damaged


def _path(folder: Path, record_id: str) -> Path:
    if not isinstance(record_id, str) or not ID.match(record_id):
        raise TentativeNotFound(str(record_id))
    path = folder / f"{record_id}{SUFFIX}"
    if not os.path.lexists(path):
        raise TentativeNotFound(record_id)
    return path


def drop(harvester: Harvester, record_id: str) -> Tentative | None:
    """Delete one record's file (the link itself, if it is one); the record, if readable."""
    harvester.check_role()
    with _locked(harvester.store.root) as folder:
        path = _path(folder, record_id)
        try:
            record: Tentative | None = read(path)
        except Unreadable:
            record = None  # a damaged file is dropped all the same: that is the way out
        path.unlink()
    return record


def promote(harvester: Harvester, record_id: str, *, force: bool = False) -> Tentative:
    """Write the lesson as memory at its type's lowest confidence, through the one writer.

    A record already promoted, or (without `force`) one a run contradicted or let expire,
    raises TentativeError; a draft the writer refuses raises DraftRejected, the record
    unchanged."""
    harvester.check_role()
    with _locked(harvester.store.root) as folder:
        path = _path(folder, record_id)
        try:
            record = read(path)
        except Unreadable as exc:
            raise TentativeError(record_id, f"damaged ({exc}); drop it instead") from exc
        if record.status == "promoted":
            raise TentativeError(record_id, f"already promoted, as {record.memory_id}")
        if record.status != "pending" and not force:
            raise TentativeError(
                record_id, f"{record.status} by {record.settled_by}; --force promotes it anyway"
            )
        outcome = harvester.submit(_promoted(record), trigger=BY_HAND)
        if outcome.status == "rejected" or outcome.memory_id is None:
            raise DraftRejected(outcome.problems)
        now = harvester.clock().isoformat(timespec="seconds")
        record.notes.append(f"promoted by hand at {now} (was {record.status})")
        record.status, record.settled_by, record.memory_id = "promoted", BY_HAND, outcome.memory_id
        save(folder, record)
    return record


def dumped(root: Path) -> tuple[list[dict[str, Any]], list[Damaged]]:
    """The records as a snapshot holds them (by id), and the files left out as damaged."""
    records, damaged = scan(folder_of(root))
    return [asdict(r) for r in sorted(records, key=lambda r: r.id)], damaged


def parsed(values: Any, where: str) -> list[Tentative]:
    """A snapshot's `tentative` list, checked as a file is (StoreError names the entry)."""
    if values is None:
        return []  # a snapshot from before tentative records were carried
    if not isinstance(values, list):
        raise StoreError("tentative: expected a list", path=where)
    records: list[Tentative] = []
    for index, value in enumerate(values):
        try:
            records.append(check(value))
        except Unreadable as exc:
            raise StoreError(f"tentative[{index}]: {exc}", path=where) from exc
    if len({r.id for r in records}) != len(records):
        raise StoreError("tentative: an id appears twice", path=where)
    return records


def held(root: Path) -> int:
    """Files under `<root>/tentative` (records or not): a restore needs none."""
    folder = folder_of(root)
    if linked(folder):
        return 1
    if not folder.is_dir():
        return 0
    return sum(1 for e in os.scandir(folder) if e.name.endswith(SUFFIX))


def restored(root: Path, records: list[Tentative]) -> int:
    """Write a snapshot's records back, each as it was."""
    if not records:
        return 0
    with _locked(root) as folder:
        for record in records:
            save(folder, record)
    return len(records)
