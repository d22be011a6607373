"""The audit ledger: one JSON line per hook fire, appended to the log file in settings.

The library emits structlog events for the host to route as it likes; this file is the
product's own record, written whatever the host configured, so `agentmem audit` always
has something to read. Secrets are redacted before a line is written: whatever the secret
guard recognises, string values under secret-named keys, and the exact values of settings
whose name says they hold a key, token, secret or password.

The file rotates by size: past `max_bytes` it becomes `log.jsonl.1` (the older ones shift
up to `.keep`, the oldest is dropped), so the ledger stays bounded; readers span them all.
One line is bounded too: past `MAX_LINE_BYTES` its strings are clipped and its lists cut,
with markers saying how much went and `"truncated": true`; numbers (every count) stay.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable, Iterator, Mapping, Sized
from pathlib import Path
from typing import TYPE_CHECKING, Any
from urllib.parse import urlsplit

from pydantic import SecretStr

from agentmem._bounds import clip, shrink
from agentmem.core.locks import exclusive
from agentmem.core.secrets import redact
from agentmem.core.workercheck import SECRET_NAME

if TYPE_CHECKING:
    from agentmem.settings import Settings

DEFAULT_MAX_BYTES = 5_000_000
DEFAULT_KEEP = 5
SECRET_KEY = re.compile(
    r"(?i)(?:^|[_-])(?:api[_-]?key|secret|token|passw(?:or)?d|credentials?|authorization)$"
)
MIN_SECRET_CHARS = 4  # shorter "secrets" would redact ordinary words everywhere
# One encoder, built once: json.dumps with options builds a new encoder on every call.
_ENCODER = json.JSONEncoder(ensure_ascii=False, default=str)
MEMO_CHARS, MEMO_ENTRIES = 64, 4096  # what a Scrubber remembers: short strings, a few thousand
MAX_LINE_BYTES = 64 * 1024  # one ledger line at most (a 20 MB summary once made one 20 MB line)
SHRINK_STEPS = ((2000, 50), (400, 10), (100, 3))  # (characters, list items), tried in turn
LINE_KEYS = 64  # keys kept per mapping when a line is cut (an event has about 25)


def secret_values(settings: Settings) -> list[str]:
    """Exact values of secret settings: every `SecretStr` field (a key, a server URL that may
    carry a password) and every field whose name says KEY, TOKEN, SECRET or PASSWORD; for a
    URL, its password on its own too (it can appear without the rest of the URL)."""
    found: list[str] = []
    for name in type(settings).model_fields:
        value = getattr(settings, name)
        if isinstance(value, SecretStr):
            value = value.get_secret_value()
        elif not SECRET_NAME.search(name):
            continue
        if isinstance(value, str) and len(value.strip()) >= MIN_SECRET_CHARS:
            found.append(value.strip())
            password = _url_password(value.strip())
            if password is not None and len(password) >= MIN_SECRET_CHARS:
                found.append(password)
    return found


def _url_password(value: str) -> str | None:
    try:
        return urlsplit(value).password if "://" in value else None
    except ValueError:  # not a URL after all (a bad port, say)
        return None


class Scrubber:
    """Redacts secrets anywhere in a JSON-able value; exact values are replaced longest first."""

    def __init__(self, values: Iterable[str] = ()) -> None:
        self.values = sorted(
            {v for v in values if len(v) >= MIN_SECRET_CHARS}, key=len, reverse=True
        )
        # Every fire's event repeats the same keys and short values (hook names, reasons):
        # remember their scrubbed form; bounded, and a pure function of the text.
        self._short: dict[str, str] = {}
        self._keys: dict[str, tuple[str, bool]] = {}

    def text(self, text: str) -> str:
        if len(text) <= MEMO_CHARS and (known := self._short.get(text)) is not None:
            return known
        clean = text
        for value in self.values:
            clean = clean.replace(value, "[redacted setting]")
        clean = redact(clean)
        if len(text) <= MEMO_CHARS:
            if len(self._short) >= MEMO_ENTRIES:
                self._short.clear()
            self._short[text] = clean
        return clean

    def key(self, key: object) -> tuple[str, bool]:
        """A mapping key scrubbed, and whether string values under it are secrets by name."""
        name = str(key)
        known = self._keys.get(name)
        if known is None:
            if len(self._keys) >= MEMO_ENTRIES:
                self._keys.clear()
            known = self._keys[name] = (self.text(name), bool(SECRET_KEY.search(name)))
        return known

    def __call__(self, value: Any, key: str = "") -> Any:
        kind = type(value)
        if kind is dict or (kind is not str and isinstance(value, Mapping)):
            return self._mapping(value)
        if value is None or kind is bool or kind is int or kind is float:
            return value
        if isinstance(value, str):
            if value and SECRET_KEY.search(key):
                return "[redacted]"
            return self.text(value)
        if isinstance(value, bool | int | float):  # their subclasses: an IntEnum, say
            return value
        if isinstance(value, list | tuple | set | frozenset):
            return [self(v) for v in value]
        return value

    def _mapping(self, value: Mapping[Any, Any]) -> dict[str, Any]:
        # A log event is one flat-ish dict of scalars: those are handled here, in the loop,
        # so a fire's event costs a few µs to scrub rather than a call per field.
        out: dict[str, Any] = {}
        keys = self._keys
        for k, v in value.items():
            name, secret_name = keys.get(k) or self.key(k)
            kind = type(v)
            if v is None or kind is bool or kind is int or kind is float:
                out[name] = v
            elif kind is str:
                out[name] = "[redacted]" if v and secret_name else self.text(v)
            elif (kind is list or kind is dict) and not v:
                out[name] = kind()
            else:
                out[name] = self(v, str(k))
        return out


def scrub(value: Any) -> Any:
    """Redact secret-looking strings anywhere in a JSON-able value."""
    return Scrubber()(value)


def log_files(path: Path) -> list[Path]:
    """The ledger's files, oldest first: `log.jsonl.N` … `log.jsonl.1`, then `log.jsonl`."""
    rotated: list[tuple[int, Path]] = []
    if path.parent.is_dir():
        for candidate in path.parent.glob(f"{path.name}.*"):
            suffix = candidate.name.removeprefix(f"{path.name}.")
            if suffix.isdigit():
                rotated.append((int(suffix), candidate))
    files = [p for _, p in sorted(rotated, reverse=True)]
    return [*files, path] if path.exists() else files


def _size(path: Path) -> int:
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return 0


def rotate(path: Path, keep: int = DEFAULT_KEEP) -> None:
    """Shift `log.jsonl` to `.1` (and `.n` to `.n+1`), dropping what is past `keep`."""
    for index in range(keep, 0, -1):
        older = path.with_name(f"{path.name}.{index}")
        if not older.exists():
            continue
        if index == keep:
            older.unlink()
        else:
            older.replace(path.with_name(f"{path.name}.{index + 1}"))
    if path.exists():
        if keep > 0:
            path.replace(path.with_name(f"{path.name}.1"))
        else:
            path.unlink()


def append(
    path: Path,
    event: Mapping[str, Any],
    *,
    scrubber: Scrubber | None = None,
    max_bytes: int = DEFAULT_MAX_BYTES,
    keep: int = DEFAULT_KEEP,
    scrubbed: bool = False,
) -> None:
    """Append one event as one line: a single O_APPEND write, so appends do not interleave.

    `scrubbed=True` only when the caller already ran the same scrubber over the event (the
    runtime does, for the structlog event it emits first): scrubbing it twice cost a fire
    as much as its plugin call.

    Rotation happens before the write, under a lock, and only when the file is past
    `max_bytes`; the size is checked again under the lock so two writers rotate once.
    """
    clean = dict(event) if scrubbed else (scrubber or Scrubber())(dict(event))
    data = line(clean)
    fd = _open_append(path)
    try:
        if os.fstat(fd).st_size >= max_bytes:  # the open file's size: no second path lookup
            os.close(fd)
            fd = -1
            with exclusive(path.with_name(f".{path.name}.lock")):
                if _size(path) >= max_bytes:
                    rotate(path, keep)
            fd = _open_append(path)
        os.write(fd, data)
    finally:
        if fd >= 0:
            os.close(fd)


def _encode(event: Mapping[str, Any]) -> bytes:
    # A lone surrogate (a rejected draft's mis-decoded text) is kept as its JSON escape.
    return (_ENCODER.encode(event) + "\n").encode("utf-8", "backslashreplace")


def line(event: Mapping[str, Any], max_bytes: int = MAX_LINE_BYTES) -> bytes:
    """The event as one JSON line of at most `max_bytes`: cut down in steps when longer.

    Only a scrubbed event is cut (a cut never leaves half a key behind, see `_bounds`).
    """
    data = _encode(event)
    if len(data) <= max_bytes:
        return data
    for chars, items in SHRINK_STEPS:
        cut = {k: shrink(v, chars, items, keys=LINE_KEYS) for k, v in event.items()}
        cut["truncated"] = True
        data = _encode(cut)
        if len(data) <= max_bytes:
            return data
    # Thousands of keys: the top level's scalars alone, which hold the counts.
    scalars = {
        clip(str(k), 100): clip(v, 100) if isinstance(v, str) else v
        for k, v in list(event.items())[:LINE_KEYS]
        if v is None or isinstance(v, str | int | float | bool)
    }
    return _encode({**scalars, "truncated": True})


def _open_append(path: Path) -> int:
    flags = os.O_WRONLY | os.O_APPEND | os.O_CREAT
    try:
        return os.open(path, flags, 0o644)
    except FileNotFoundError:  # the first line: make the folder then, not on every fire
        path.parent.mkdir(parents=True, exist_ok=True)
        return os.open(path, flags, 0o644)


_LAST: list[tuple[Settings, Scrubber, Path]] = []  # settings are frozen: one is enough


def _for(settings: Settings) -> tuple[Scrubber, Path]:
    # Every fire scrubs its event and appends it to the ledger: build both once per settings.
    if _LAST and _LAST[0][0] is settings:
        return _LAST[0][1], _LAST[0][2]
    scrubber, path = Scrubber(secret_values(settings)), settings.log_path
    _LAST[:] = [(settings, scrubber, path)]
    return scrubber, path


def scrubber_for(settings: Settings) -> Scrubber:
    """A scrubber that also knows the exact values of the settings' keys and tokens."""
    return _for(settings)[0]


def record(settings: Settings, event: Mapping[str, Any], *, scrubbed: bool = False) -> None:
    """Append one event to the settings' ledger, scrubbed of the settings' own secrets
    (`scrubbed=True`: the caller already ran `scrubber_for(settings)` over it)."""
    scrubber, path = _for(settings)
    append(
        path,
        event,
        scrubber=scrubber,
        max_bytes=settings.log_max_bytes,
        keep=settings.log_keep,
        scrubbed=scrubbed,
    )


def context_fields(hook: str, context: Mapping[str, Any]) -> dict[str, Any]:
    """What the audit needs to know of a fire's context: how much was queued for hook A."""
    if hook != "pre_goal_synthesis":
        return {}
    queue = context.get("queue")
    return {"queued": len(queue) if isinstance(queue, Sized) else 0}


def _read_one(path: Path) -> Iterator[dict[str, Any]]:
    try:
        handle = path.open(encoding="utf-8", errors="replace")
    except FileNotFoundError:  # rotated away between listing and reading
        return
    with handle:
        for line in handle:
            try:
                event = json.loads(line)
            except ValueError:
                continue
            if isinstance(event, dict):
                yield event


def read(path: Path) -> Iterator[dict[str, Any]]:
    """Every event in the ledger and its rotated files, oldest first; torn lines skipped."""
    for file in log_files(path):
        yield from _read_one(file)
