"""What is under entries/ right now: parsed memories keyed by id, kept fresh by file stamps.

The parsed catalog is cached in `.agentmem/catalog.json` so a new process re-reads only
the files whose size or mtime changed since; the cache is derived and may be deleted.
A write appends one line to `catalog.journal` instead of saving the whole snapshot, so a
write costs the same at 200 memories as at 100,000; the journal is folded into the
snapshot once it grows past a tenth of the catalog. Whatever the cache says, every load
checks it against the files' stamps, so a lost or stale line only costs a re-parse.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
from collections import deque
from pathlib import Path
from typing import Any

from agentmem._exceptions import StoreError
from agentmem.core.model import Memory, content_key
from agentmem.stores.base import Progress
from agentmem.stores.files import BrokenFile, EntryFiles, atomic_write, set_aside

CACHE_VERSION = 1
JOURNAL_MIN = 200  # journal lines kept before folding them into the snapshot
HISTORY = 1024  # catalog changes remembered for `added_since`
Stamp = tuple[int, int]


def _stamp(path: Path) -> Stamp | None:
    try:
        st = path.stat()
    except FileNotFoundError:
        return None
    return (st.st_mtime_ns, st.st_size)


class Catalog:
    """Parsed memories plus the stamps that say when to parse again."""

    def __init__(self, files: EntryFiles, sweep_interval_s: float = 1.0) -> None:
        self.files = files
        self.sweep_interval_s = sweep_interval_s
        self.memories: dict[str, Memory] = {}
        self.broken: dict[str, BrokenFile] = {}
        self.version = 0  # bumped on every change, so derived indexes know to rebuild
        # (version, ids that arrived) per change; None for any other change
        self._history: deque[tuple[int, tuple[str, ...] | None]] = deque(maxlen=HISTORY)
        self._stamps: dict[str, Stamp] = {}
        self._keys: dict[str, str] = {}
        self._swept_at = float("-inf")
        self._sweep_every = sweep_interval_s
        self._dir_stamp: Stamp | None = None
        self._cache_path = files.cache / "catalog.json"
        self._journal_path = files.cache / "catalog.journal"
        self._journal_lines = 0
        self._load_cache()
        self.refresh(force=True)

    # -- cache -------------------------------------------------------------------------
    def _load_cache(self) -> None:
        try:
            raw = self._cache_path.read_bytes()
        except OSError:
            raw = None  # no cache yet (or none readable): every file is parsed
        if raw is not None:
            try:
                self._load_snapshot(raw)
            except (ValueError, KeyError, TypeError, AttributeError, IndexError) as exc:
                # `[]`, `null`, a truncated or non-UTF-8 file: whatever it held is set aside
                # and the files are read instead (it is derived state).
                self.memories.clear()
                self._stamps.clear()
                self._keys.clear()
                set_aside(self._cache_path, f"{type(exc).__name__}: {exc}")
        self._replay_journal()

    def _load_snapshot(self, raw: bytes) -> None:
        data = json.loads(raw.decode("utf-8"))
        if not isinstance(data, dict):
            raise TypeError(f"expected a JSON object, got {type(data).__name__}")
        if data.get("version") != CACHE_VERSION:
            return  # another format: read the files instead
        for name, (stamp, record) in data["entries"].items():
            memory = Memory.model_validate(record)
            self._stamps[name] = (int(stamp[0]), int(stamp[1]))
            self._add(memory)

    def _replay_journal(self) -> None:
        try:
            raw = self._journal_path.read_bytes()
        except OSError:
            return
        try:
            lines = raw.decode("utf-8").splitlines()
        except UnicodeDecodeError as exc:
            # The stamp check below re-reads every file written since the snapshot.
            set_aside(self._journal_path, f"not UTF-8 ({exc.reason} at byte {exc.start})")
            return
        for line in lines:
            try:
                entry = json.loads(line)
                name = entry["name"]
                self._drop(name[: -len(".md")])
                if entry.get("record") is None:
                    self._stamps.pop(name, None)
                else:
                    self._add(Memory.model_validate(entry["record"]))
                    self._stamps[name] = (int(entry["stamp"][0]), int(entry["stamp"][1]))
            except (ValueError, KeyError, TypeError, IndexError, AttributeError):
                continue  # a torn or foreign line: the stamp check re-reads that file
        self._journal_lines = len(lines)

    def _journal(self, name: str, stamp: Stamp | None, memory: Memory | None) -> None:
        entry = {
            "name": name,
            "stamp": stamp,
            "record": None if memory is None else memory.record(),
        }
        line = (json.dumps(entry) + "\n").encode("utf-8")
        try:
            self._journal_path.parent.mkdir(parents=True, exist_ok=True)
            fd = os.open(self._journal_path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o644)
            try:
                os.write(fd, line)
            finally:
                os.close(fd)
        except OSError:
            return  # the cache is advisory; the next load re-reads changed files
        self._journal_lines += 1
        if self._journal_lines > max(JOURNAL_MIN, len(self.memories) // 10):
            self._save_cache()

    def _save_cache(self) -> None:
        entries = {
            name: (stamp, self.memories[name[: -len(".md")]].record())
            for name, stamp in self._stamps.items()
            if name[: -len(".md")] in self.memories
        }
        # A cache that cannot be saved is rebuilt next time; the files are intact.
        with contextlib.suppress(OSError):
            atomic_write(
                self._cache_path, json.dumps({"version": CACHE_VERSION, "entries": entries})
            )
            os.unlink(self._journal_path)  # folded into the snapshot just written
        self._journal_lines = 0

    # -- bookkeeping -------------------------------------------------------------------
    def _add(self, memory: Memory) -> None:
        self.memories[memory.id] = memory
        self._keys[content_key(memory.text, memory.user_id, memory.agent_id, memory.app_id)] = (
            memory.id
        )

    def _drop(self, memory_id: str) -> None:
        memory = self.memories.pop(memory_id, None)
        if memory is not None:
            key = content_key(memory.text, memory.user_id, memory.agent_id, memory.app_id)
            if self._keys.get(key) == memory_id:
                del self._keys[key]

    def id_for_key(self, key: str) -> str | None:
        return self._keys.get(key)

    def note_written(self, memory: Memory, path: Path) -> None:
        """Record a file this process just wrote, without waiting for the next sweep.

        Called under the writer's lock, so the folder's new mtime is this write's own and
        need not trigger a sweep of every file.
        """
        stamp = _stamp(path)
        if stamp is not None:
            self._stamps[path.name] = stamp
        arrived = memory.id not in self.memories
        self._drop(memory.id)
        self._add(memory)
        self.broken.pop(str(path), None)
        self._changed((memory.id,) if arrived else None)
        self._dir_stamp = _stamp(self.files.entries)
        self._journal(path.name, stamp, memory)

    def note_removed(self, memory_id: str) -> None:
        self._stamps.pop(f"{memory_id}.md", None)
        self._drop(memory_id)
        self._changed(None)
        self._dir_stamp = _stamp(self.files.entries)
        self._journal(f"{memory_id}.md", None, None)

    def _changed(self, arrived: tuple[str, ...] | None) -> None:
        self.version += 1
        self._history.append((self.version, arrived))

    def added_since(self, version: int) -> list[str] | None:
        """The ids that arrived after `version`, when arriving is all that happened since;
        None when a memory changed or went away (or the history does not reach back)."""
        ids: list[str] = []
        expected = version + 1
        for changed_at, arrived in self._history:
            if changed_at <= version:
                continue
            if changed_at != expected or arrived is None:
                return None
            ids.extend(arrived)
            expected += 1
        return ids if expected == self.version + 1 else None

    # -- freshness ---------------------------------------------------------------------
    def refresh(self, force: bool = False, progress: Progress | None = None) -> bool:
        """Pick up added, removed and hand-edited files; return whether anything changed.

        Adds, removals and atomic writes change the folder's mtime, which is checked on
        every call; an in-place edit only shows in the file's own stamp, which a full sweep
        checks at most once per `sweep_interval_s` (always when forced).
        """
        dir_stamp = _stamp(self.files.entries)
        due = time.monotonic() - self._swept_at >= self._sweep_every
        if not (force or due or dir_stamp != self._dir_stamp):
            return False
        self._dir_stamp = dir_stamp
        started = time.monotonic()
        changed, arrived = self._sweep(progress)
        self._swept_at = time.monotonic()
        # On a large root a sweep takes seconds; spacing sweeps by 20× their
        # own cost keeps them under 5% of the time instead of running on every other call.
        # An interval of 0 is a request to sweep on every call, and is kept as such.
        if self.sweep_interval_s > 0:
            self._sweep_every = max(self.sweep_interval_s, 20 * (self._swept_at - started))
        if changed:
            self._changed(arrived)
            self._save_cache()
        return changed

    def _sweep(self, progress: Progress | None = None) -> tuple[bool, tuple[str, ...] | None]:
        """Re-read what changed; return whether anything did and, when all of it was new
        memories arriving, their ids."""
        seen: set[str] = set()
        changed = False
        arrived: list[str] | None = []
        for path in self.files.paths():
            if progress is not None:
                progress(1)
            name = path.name
            seen.add(name)
            stamp = _stamp(path)
            if stamp is None or self._stamps.get(name) == stamp:
                continue
            changed = True
            if name in self._stamps or path.stem in self.memories:
                arrived = None  # an edit, not an arrival
            self._stamps[name] = stamp
            self._drop(path.stem)
            try:
                memory = self.files.parse(path)
                if arrived is not None and memory.id in self.memories:
                    arrived = None
                elif arrived is not None:
                    arrived.append(memory.id)
                self._add(memory)
                self.broken.pop(str(path), None)
            except StoreError as exc:
                self.broken[str(path)] = BrokenFile(path, str(exc).removeprefix(f"{path}: "))
        for name in set(self._stamps) - seen:
            changed, arrived = True, None
            del self._stamps[name]
            self._drop(name[: -len(".md")])
            self.broken.pop(str(self.files.entries / name), None)
        return changed, None if arrived is None else tuple(arrived)

    def reset(self, progress: Progress | None = None) -> None:
        """Forget the cache and read every file again (what `rebuild` does)."""
        self.memories.clear()
        self._stamps.clear()
        self._keys.clear()
        self.broken.clear()
        for path in (self._cache_path, self._journal_path):
            with contextlib.suppress(FileNotFoundError):
                os.unlink(path)
        self.refresh(force=True, progress=progress)
        self._changed(None)

    def info(self) -> dict[str, Any]:
        return {"memories": len(self.memories), "broken": len(self.broken)}
