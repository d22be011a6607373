"""Tentative records on disk: one JSON file each under `<root>/tentative/`, read as hostile.

The files sit in the host's repository, where a merge, a hand edit or a stranger's commit can
change them. A record is read only when it is a regular file (not a link, a FIFO or a
folder), within the size cap (checked before a byte is read), UTF-8, JSON of the record's
shape, named after its own id, and holding no text a memory could not hold (a lone
surrogate, a control character, the pack's marker). Anything else is skipped with a
`tentative_file_skipped` warning naming the path and the fault, and is never settled,
promoted or counted; a `<root>/tentative` that is itself a link is neither read nor written.
"""

from __future__ import annotations

import errno
import json
import os
import re
import stat
from collections.abc import Iterator
from dataclasses import asdict, dataclass, field, fields
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import structlog

from agentmem._exceptions import StoreError
from agentmem.core.validate import CONTROL, SURROGATE
from agentmem.retrieval.render import MARKER
from agentmem.stores.files import atomic_write

log = structlog.get_logger("agentmem")

FOLDER = "tentative"
SUFFIX = ".json"
ID = re.compile(r"tentative-[0-9a-f]{12}\Z")
MAX_BYTES = 256 * 1024  # a memory file's cap: a record holds one draft and a few word lists
STATUSES = ("pending", "promoted", "contradicted", "expired")
DAYS = 30  # a guess nothing settled in a month is dropped, not promoted by a late look-alike
# O_NOFOLLOW: a link is refused, never followed; O_NONBLOCK: a FIFO must not hang the reader.
_READ_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)


@dataclass
class Tentative:
    """One kept lesson and what became of it."""

    id: str
    draft: dict[str, Any]  # the draft as the hook proposed it
    run: str  # the host's id of the run that wrote it
    evidence: list[str]  # the checks the worker named as its evidence
    asked: list[str]  # words of the lesson the run's failed checks said
    topic: list[str]  # words of the run's own goal and summary
    kept_at: str
    status: str = "pending"  # pending, promoted, contradicted, expired
    settled_by: str | None = None  # the run that settled it
    memory_id: str | None = None  # the memory it became
    notes: list[str] = field(default_factory=list)


@dataclass(frozen=True)
class Damaged:
    """A file under `<root>/tentative/` that is not read as a record, and why."""

    path: Path
    reason: str

    def as_dict(self) -> dict[str, str]:
        return {"path": str(self.path), "reason": self.reason}


class Unreadable(ValueError):
    """A tentative file that is not read as a record; the message says why."""


def _bytes(path: Path) -> bytes:
    try:
        fd = os.open(path, _READ_FLAGS)
    except OSError as exc:
        if exc.errno == errno.ELOOP:
            raise Unreadable("a symbolic link; not followed") from exc
        raise Unreadable(exc.strerror or str(exc)) from exc
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise Unreadable("not a regular file")
        if st.st_size > MAX_BYTES:
            raise Unreadable(f"larger than {MAX_BYTES} bytes ({st.st_size}); not read")
        with os.fdopen(os.dup(fd), "rb") as handle:
            data = handle.read(MAX_BYTES + 1)
    except OSError as exc:
        raise Unreadable(exc.strerror or str(exc)) from exc
    finally:
        os.close(fd)
    if len(data) > MAX_BYTES:  # grew between the stat and the read
        raise Unreadable(f"larger than {MAX_BYTES} bytes; not read")
    return data


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for key, item in value.items():
            yield str(key)
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def _text_fault(data: dict[str, Any]) -> str | None:
    """What a memory's text may not hold, anywhere in the record (a promotion writes it)."""
    for text in _strings(data):
        if (found := SURROGATE.search(text)) is not None:
            return f"a lone surrogate U+{ord(found[0]):04X}"
        if (found := CONTROL.search(text)) is not None:
            return f"a control character U+{ord(found[0]):04X}"
        if (found := MARKER.search(text)) is not None:
            return f"the pack marker {found[0]!r}"
    return None


def _shape_fault(data: dict[str, Any], stem: str) -> str | None:
    names = {f.name for f in fields(Tentative)}
    if unknown := sorted(set(data) - names):
        return f"unknown field {unknown[0]!r}"
    if missing := [n for n in ("id", "draft", "run", "kept_at") if n not in data]:
        return f"missing field {missing[0]!r}"
    if not isinstance(data["id"], str) or not ID.match(data["id"]):
        return f"id {str(data['id'])[:40]!r} is not tentative-<12 hex digits>"
    if data["id"] != stem:
        return f"id {data['id']!r} does not match the file name"
    if not isinstance(data["draft"], dict) or not isinstance(data["run"], str):
        return "draft must be an object and run a string"
    for name in ("evidence", "asked", "topic", "notes"):
        value = data.get(name, [])
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            return f"{name} must be a list of strings"
    if data.get("status", "pending") not in STATUSES:
        return f"status must be one of {', '.join(STATUSES)}"
    for name in ("settled_by", "memory_id"):
        if not isinstance(data.get(name), str | None):
            return f"{name} must be a string or null"
    try:
        datetime.fromisoformat(data["kept_at"]) + timedelta(days=DAYS)  # its expiry a date too
    except (TypeError, ValueError, OverflowError):
        return f"kept_at {str(data['kept_at'])[:40]!r} is not an ISO time"
    return None


def check(data: Any, stem: str | None = None) -> Tentative:
    """A record from parsed JSON (a file's, named `stem`; or a snapshot's), or Unreadable."""
    if not isinstance(data, dict):
        raise Unreadable("not a JSON object")
    name = stem if stem is not None else str(data.get("id"))
    try:
        fault = _shape_fault(data, name) or _text_fault(data)
    except RecursionError:
        fault = "nested too deep"
    if fault is not None:
        raise Unreadable(fault)
    return Tentative(**data)


def read(path: Path) -> Tentative:
    """One record, or Unreadable saying why the file is not one."""
    raw = _bytes(path)  # Unreadable is a ValueError: raised outside the JSON's own except
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError as exc:
        raise Unreadable(f"not UTF-8 ({exc.reason})") from exc
    except (ValueError, RecursionError) as exc:  # RecursionError: nested too deep
        raise Unreadable(f"not JSON ({str(exc)[:80]})") from exc
    return check(data, path.name.removesuffix(SUFFIX))


def aware(when: datetime) -> datetime:
    """A time without a timezone (a kept_at edited by hand) read as UTC, as hook C writes it."""
    return when if when.tzinfo is not None else when.replace(tzinfo=UTC)


def kept(record: Tentative) -> datetime:
    """When the record was kept, with a timezone."""
    return aware(datetime.fromisoformat(record.kept_at))


def expires(record: Tentative) -> datetime:
    """When a pending record nothing settled is dropped (by the next run of its app)."""
    return kept(record) + timedelta(days=DAYS)


def linked(folder: Path) -> bool:
    """`<root>/tentative` is a symbolic link: never read or written through."""
    return folder.is_symlink()


def scan(folder: Path) -> tuple[list[Tentative], list[Damaged]]:
    """Every record under `folder` by file name, and the files skipped (each logged)."""
    if linked(folder):
        damaged = [Damaged(folder, "the folder is a symbolic link; not followed")]
    elif not folder.is_dir():
        return [], []
    else:
        damaged = []
    records: list[Tentative] = []
    names = [] if damaged else sorted(e.name for e in os.scandir(folder))
    for name in names:
        if not name.endswith(SUFFIX) or name.startswith("."):
            continue  # an atomic write's temp file, a README: not records
        try:
            records.append(read(folder / name))
        except Unreadable as exc:
            damaged.append(Damaged(folder / name, str(exc)))
    for bad in damaged:
        log.warning("tentative_file_skipped", path=str(bad.path), reason=bad.reason)
    return records, damaged


def load(folder: Path) -> Iterator[Tentative]:
    """The records a settle reads: the readable ones, in file-name order."""
    yield from scan(folder)[0]


def save(folder: Path, record: Tentative) -> None:
    """Write one record whole; refused (StoreError) through a linked folder or a bad id."""
    if linked(folder):
        raise StoreError("a symbolic link; tentative records are not written through it",
                         path=str(folder))  # fmt: skip
    if not ID.match(record.id):
        raise StoreError(f"not a tentative id: {record.id!r}", path=str(folder))
    atomic_write(folder / f"{record.id}{SUFFIX}", json.dumps(asdict(record), indent=2) + "\n")
