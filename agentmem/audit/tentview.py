"""Tentative records where an operator or a host looks first: `agentmem status` and MCP.

Both read `<root>/tentative/` as hook C does (`harvest/tentfiles.py`): a damaged file (a
link, a FIFO, oversized, not JSON of a record, text memory cannot hold) is counted apart
with its reason and logged as `tentative_file_skipped`, never read as a record. A record
says when it was kept and from which run, not how often a run told the lesson since:
that is in the ledger, where every fire of hook C lists in `writes.tentative` each lesson
it kept, the file already there or not. `seen` counts those fires (at least the one that
kept the record: a ledger rotated away or deleted still leaves the record's own count).
"""

from __future__ import annotations

import json
import os
import re
import stat
from collections.abc import Collection
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from agentmem.audit.ledger import log_files
from agentmem.audit.tentative import summarize
from agentmem.harvest import tentadmin, tentfiles
from agentmem.harvest.tentfiles import Damaged

LOOK = "agentmem tentative list"  # where status sends an operator for the records themselves
KEEPER = "post_run_classify"  # the one hook that keeps tentative records
_UNPRINTABLE = re.compile(r"[\x00-\x1f\x7f-\x9f]")  # C0 and C1 controls: newline, escape


def plain(text: str) -> str:
    """`text` as one printable line: an undecodable byte of a file name (a lone surrogate)
    and any control character shown as its escape, so no terminal or JSON reader trips."""
    text = text.encode("utf-8", "backslashreplace").decode("utf-8")
    return _UNPRINTABLE.sub(lambda m: f"\\x{ord(m[0]):02x}", text)


def _shown(damaged: list[Damaged]) -> list[dict[str, str]]:
    return [{"path": plain(str(d.path)), "reason": plain(d.reason)} for d in damaged]


SHOWN = 10  # damaged files the human status names; JSON names every one


def counts(root: Path, now: datetime | None = None) -> dict[str, Any]:
    """What `agentmem status` says of the tentative records (its JSON `tentative`); a path
    as the CLI's JSON gives one, an undecodable byte as its \\udcXX escape."""
    summary = summarize(root, now)
    return {
        "pending": summary.by_status.get("pending", 0),
        "overdue": summary.overdue,
        "by_status": summary.by_status,
        "damaged": [d.as_dict() for d in summary.damaged],
        "see": LOOK,
    }


def _many(count: int, noun: str) -> str:
    return f"{count or 'no'} {noun}{'' if count == 1 else 's'}"


def status_lines(data: dict[str, Any]) -> list[str]:
    """The human status's lines for `counts(...)`: one, and the first damaged files."""
    pending, damaged = data["pending"], data["damaged"]
    head = f"tentative {_many(pending, 'pending lesson')}"
    if pending:
        head += " (held out of memory until corroborated)"
    if data["overdue"]:
        head += f", {data['overdue']} past expiry"
    if damaged:
        head += f"; {_many(len(damaged), 'damaged file')} skipped"
    if pending or damaged:
        head += f": {LOOK}"
    lines = [head, *(f"  damaged: {plain(d['path'])}: {plain(d['reason'])}" for d in damaged)]
    if len(damaged) > SHOWN:
        lines[SHOWN + 1 :] = [f"  … {len(damaged) - SHOWN} more damaged files: {LOOK}"]
    return lines


@dataclass
class Seen:
    """The fires of hook C that told one lesson, as the ledger holds them."""

    count: int
    first: float
    last: float


def _lines(path: Path) -> list[bytes]:
    """A ledger file's lines; not a regular file (a FIFO, a folder): none, without blocking."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return []
    with os.fdopen(fd, "rb") as handle:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            return []
        return [line for line in handle if b"tentative-" in line and b'"hook_run"' in line]


def _kept_by(line: bytes) -> tuple[float, list[Any]] | None:
    """When a `hook_run` line of hook C was written and the ids it kept, or None."""
    try:
        event = json.loads(line)
    except ValueError:  # a torn line, bad UTF-8, nested too deep
        return None
    if not isinstance(event, dict) or event.get("event") != "hook_run":
        return None
    writes, ts = event.get("writes"), event.get("ts")
    kept = writes.get("tentative") if isinstance(writes, dict) else None
    if event.get("hook") != KEEPER or not isinstance(kept, list):
        return None
    if isinstance(ts, bool) or not isinstance(ts, int | float):
        return None
    try:
        datetime.fromtimestamp(ts, UTC)  # NaN, or a year past 9999, is no time
    except (ValueError, OverflowError, OSError):
        return None
    return float(ts), kept


def sightings(log_path: Path, ids: Collection[str]) -> dict[str, Seen]:
    """For each of `ids`, the fires of hook C whose ledger line lists it as kept."""
    seen: dict[str, Seen] = {}
    if not ids:
        return seen  # nothing to look up: the ledger is not read
    for file in log_files(log_path):
        for line in _lines(file):
            if (found := _kept_by(line)) is None:
                continue
            ts, kept = found
            for record_id in {k for k in kept if isinstance(k, str) and k in ids}:
                if (was := seen.get(record_id)) is None:
                    seen[record_id] = Seen(1, ts, ts)
                else:
                    was.count += 1
                    was.first, was.last = min(was.first, ts), max(was.last, ts)
    return seen


def listed(
    root: Path,
    log_path: Path,
    *,
    app_id: str | None = None,
    settled: bool = False,
    limit: int | None = 50,
    now: datetime | None = None,
) -> dict[str, Any]:
    """The records a host lists, oldest first (pending ones unless `settled`), each as
    `agentmem tentative list --json` shows it plus `seen`, `first_seen` and `last_seen`;
    `total` before the `limit` (None: every one), and the damaged files skipped."""
    records, damaged = tentadmin.listing(root)
    chosen = [
        r
        for r in records
        if (settled or r.status == "pending")
        and (app_id is None or r.draft.get("app_id") == app_id)
    ]
    shown = chosen[:limit]
    seen = sightings(log_path, {r.id for r in shown})
    now = now or datetime.now(UTC)
    rows = []
    for record in shown:
        row = {**tentadmin.row(record, now), "seen": 1, "first_seen": record.kept_at}
        row["last_seen"] = record.kept_at
        if (told := seen.get(record.id)) is not None:
            kept = tentfiles.kept(record)
            first, last = (datetime.fromtimestamp(t, UTC) for t in (told.first, told.last))
            row["seen"] = told.count
            if first < kept:  # the ledger remembers an earlier fire than the record's
                row["first_seen"] = first.isoformat(timespec="seconds")
            if last > kept:
                row["last_seen"] = last.isoformat(timespec="seconds")
        rows.append(row)
    return {
        "tentative": rows,
        "total": len(chosen),
        "pending": sum(1 for r in records if r.status == "pending"),
        "damaged": _shown(damaged),
    }
