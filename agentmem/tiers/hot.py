"""Hot and cold state (seed 004, pattern 1): what the loop loads every iteration, kept small.

`<root>/hot.json` is a flat object of key-value data, hard-capped (4 KB by default): a
write that would make the file larger is refused with the size, and nothing changes. The
host calls `tick()` once per iteration; a key not referenced (set or read) in the last 5
iterations moves to `<root>/cold.json`, which is read only on demand. Which iteration last
referenced each key is bookkeeping, kept in `.agentmem/` so it never counts toward the cap.
"""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from agentmem._exceptions import StoreError
from agentmem._log import get_logger
from agentmem.core.locks import exclusive
from agentmem.core.secrets import find_secrets_in
from agentmem.stores.files import atomic_write
from agentmem.tiers._errors import HotOverBudget, TierInputError

log = get_logger()

HOT = "hot.json"
COLD = "cold.json"
CAP_BYTES = 4096
COLD_AFTER = 5
KEY = re.compile(r"[A-Za-z_][A-Za-z0-9_.-]{0,63}\Z")  # \Z: no key ends in a newline

Tier = Literal["hot", "cold"]


def render(items: dict[str, Any]) -> bytes:
    """The exact bytes of a hot or cold file: compact, one key per line, sorted."""
    return (json.dumps(items, indent=0, sort_keys=True, ensure_ascii=False) + "\n").encode()


@dataclass
class Tick:
    """What one iteration's tick did, and the hot file's size after it."""

    iteration: int
    size_bytes: int
    cap_bytes: int
    demoted: list[str] = field(default_factory=list)


@dataclass
class _Refs:
    iteration: int = 0
    last: dict[str, int] = field(default_factory=dict)


class HotState:
    """The hot file, the cold file and the reference counter of one memory root."""

    def __init__(
        self, root: Path, *, cap_bytes: int = CAP_BYTES, cold_after: int = COLD_AFTER
    ) -> None:
        self.root = root
        self.cap_bytes = cap_bytes
        self.cold_after = cold_after
        self.hot_path = root / HOT
        self.cold_path = root / COLD
        self._refs_path = root / ".agentmem" / "hot-refs.json"
        self._lock = root / ".agentmem" / "hot.lock"

    # -- the host's surface ---------------------------------------------------------------
    def set(self, key: str, value: Any) -> int:
        """Put a key in hot state; return the hot file's new size. Refused over the cap."""
        _check_key(key)
        try:
            alone = json.dumps({key: value}, ensure_ascii=False)
        except (TypeError, ValueError) as exc:
            raise TierInputError(key, repr(value)[:60], f"not JSON data: {exc}") from exc
        # Hot state is loaded into every main session; cold holds only what hot held. (A
        # value that can never fit is refused below for its size, without being scanned.)
        secrets = find_secrets_in({key: value}) if len(alone.encode()) <= self.cap_bytes else []
        if secrets:
            reason = f"looks like a secret ({', '.join(secrets)}); hot state never stores keys"
            raise TierInputError(key, "[redacted]", reason)
        with exclusive(self._lock):
            hot, cold, refs = self._load()
            data = render({**hot, key: value})
            if len(data) > self.cap_bytes:
                raise HotOverBudget(key, len(data), self.cap_bytes)
            hot[key] = value
            refs.last[key] = refs.iteration
            self._save(hot, cold.pop(key, None) is not None, cold, refs)
            return len(data)

    def get(self, key: str) -> tuple[Any, Tier]:
        """A key's value and where it was. A cold key read again comes back hot if it fits."""
        _check_key(key)
        with exclusive(self._lock):
            hot, cold, refs = self._load()
            if key in hot:
                refs.last[key] = refs.iteration
                self._save_refs(refs)
                return hot[key], "hot"
            if key not in cold:
                raise TierInputError("key", key, "not in hot or cold state")
            value = cold[key]
            if len(render({**hot, key: value})) <= self.cap_bytes:
                hot[key] = value
                del cold[key]
                refs.last[key] = refs.iteration
                self._save(hot, True, cold, refs)
            return value, "cold"

    def delete(self, key: str) -> None:
        """Drop a key from hot and cold state."""
        _check_key(key)
        with exclusive(self._lock):
            hot, cold, refs = self._load()
            if key not in hot and key not in cold:
                raise TierInputError("key", key, "not in hot or cold state")
            hot.pop(key, None)
            refs.last.pop(key, None)
            self._save(hot, cold.pop(key, None) is not None, cold, refs)

    def items(self, tier: Tier = "hot") -> dict[str, Any]:
        """Everything in one tier, without counting as a reference."""
        hot, cold, _ = self._load()
        return hot if tier == "hot" else cold

    def size(self) -> int:
        return self.hot_path.stat().st_size if self.hot_path.is_file() else 0

    def tick(self) -> Tick:
        """End of one iteration: demote what went unreferenced, report the hot file's size."""
        with exclusive(self._lock):
            hot, cold, refs = self._load()
            refs.iteration += 1
            stale = sorted(
                k
                for k in hot
                if refs.iteration - refs.last.get(k, refs.iteration) >= self.cold_after
            )
            for key in stale:
                cold[key] = hot.pop(key)
                refs.last.pop(key, None)
            for key in hot:
                refs.last.setdefault(key, refs.iteration)  # a hand-added key starts now
            self._save(hot, bool(stale), cold, refs)
        result = Tick(refs.iteration, self.size(), self.cap_bytes, stale)
        log.info(
            "hot_tick",
            iteration=result.iteration,
            size_bytes=result.size_bytes,
            cap_bytes=result.cap_bytes,
            demoted=result.demoted,
        )
        return result

    # -- files ----------------------------------------------------------------------------
    def _load(self) -> tuple[dict[str, Any], dict[str, Any], _Refs]:
        refs = _Refs()
        if self._refs_path.is_file():
            raw = _read_object(self._refs_path)
            refs = _Refs(int(raw.get("iteration", 0)), dict(raw.get("last", {})))
        return _read_object(self.hot_path), _read_object(self.cold_path), refs

    def _save(
        self, hot: dict[str, Any], cold_changed: bool, cold: dict[str, Any], refs: _Refs
    ) -> None:
        data = render(hot)
        if len(data) > self.cap_bytes and len(data) > self.size():
            raise HotOverBudget("(hot)", len(data), self.cap_bytes)
        if cold_changed:  # cold first: a key is never in neither file
            atomic_write(self.cold_path, render(cold).decode())
        if not self.hot_path.is_file() or self.hot_path.read_bytes() != data:
            atomic_write(self.hot_path, data.decode())
        self._save_refs(refs)

    def _save_refs(self, refs: _Refs) -> None:
        # Bookkeeping only (losing it just restarts the counts), so no fsync: rename is enough.
        tmp = self._refs_path.with_suffix(".tmp")
        tmp.write_text(json.dumps({"iteration": refs.iteration, "last": refs.last}))
        os.replace(tmp, self._refs_path)


def _check_key(key: str) -> None:
    if not isinstance(key, str) or not KEY.fullmatch(key):
        raise TierInputError("key", str(key), "expected a letter or _, then letters, digits, _ . -")


def _read_object(path: Path) -> dict[str, Any]:
    if not path.is_file():
        return {}
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError) as exc:
        raise StoreError(f"not readable JSON: {exc}", path=str(path)) from exc
    if not isinstance(data, dict):
        raise StoreError("expected a JSON object of key-value data", path=str(path))
    return data
