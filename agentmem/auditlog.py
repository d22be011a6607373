"""The audit ledger: one JSON line per hook fire, appended to the log file in settings.

The library emits structlog events for the host to route as it likes; this file is the
product's own record, written whatever the host configured, so `agentmem audit` always
has something to read. Secrets are redacted before a line is written.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from agentmem.secrets import redact


def scrub(value: Any) -> Any:
    """Redact secret-looking strings anywhere in a JSON-able value."""
    if isinstance(value, str):
        return redact(value)
    if isinstance(value, dict):
        return {k: scrub(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [scrub(v) for v in value]
    return value


def append(path: Path, event: dict[str, Any]) -> None:
    """Append one event as one line (a single write, so concurrent appends do not interleave)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    line = json.dumps(scrub(event), ensure_ascii=False, default=str) + "\n"
    fd = os.open(path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
    try:
        os.write(fd, line.encode("utf-8"))
    finally:
        os.close(fd)


def read(path: Path) -> Iterator[dict[str, Any]]:
    """Every event in the file; a torn or foreign line is skipped."""
    if not path.exists():
        return
    with path.open(encoding="utf-8") as handle:
        for line in handle:
            try:
                event = json.loads(line)
            except ValueError:
                continue
            if isinstance(event, dict):
                yield event
