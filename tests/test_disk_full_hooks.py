"""A full disk while each hook fires: a value naming the file and the errno, never a raise.

The device is a double (`DiskFullDouble`): `os.write`, `os.fsync` and `os.replace` raise
ENOSPC for any file under the test's folder while armed, the lowest level the library
writes through. After each fire: nothing half-written in `entries/`, the root still reads,
and the same fire succeeds once the space is back.
"""

from __future__ import annotations

import errno
import io
import os
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import structlog
from structlog.testing import capture_logs

from agentmem import HookResult, MemoryHooks
from agentmem.stores.access import AccessLog
from agentmem.stores.files import atomic_write
from agentmem.tiers.daily import DailyLog

FULL = os.strerror(errno.ENOSPC)
RUN = {"run_id": "2027-03-02-r1", "goal": "Rotate the parcel tracker's keys", "app_id": "tracker"}
RETRO = "# Retro\n## Lessons learned\n- The parcel tracker rate-limits at 5 rps.\n"


class DiskFullDouble:
    """Stands in for a full device under `folder` (the real one cannot be filled on demand)."""

    def __init__(self, folder: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        self.folder = str(folder.resolve())
        self.armed = False
        self.hits = 0
        real_write, real_fsync, real_replace = os.write, os.fsync, os.replace

        def fd_inside(fd: int) -> bool:
            try:
                return os.readlink(f"/proc/self/fd/{fd}").startswith(self.folder)
            except OSError:
                return False

        def full(inside: bool) -> None:
            if self.armed and inside:
                self.hits += 1
                raise OSError(errno.ENOSPC, FULL)  # as the kernel says it: no file name

        def write(fd: int, data: Any) -> int:
            full(fd_inside(fd))
            return real_write(fd, data)

        def fsync(fd: Any) -> None:
            full(fd_inside(fd if isinstance(fd, int) else fd.fileno()))
            real_fsync(fd)

        def replace(src: Any, dst: Any, **kwargs: Any) -> None:
            full(str(Path(dst).resolve()).startswith(self.folder))
            real_replace(src, dst, **kwargs)

        monkeypatch.setattr(os, "write", write)
        monkeypatch.setattr(os, "fsync", fsync)
        monkeypatch.setattr(os, "replace", replace)


def _seed(hooks: MemoryHooks) -> None:
    hooks.harvester.submit(
        {"text": "The parcel tracker signs each call with a rotating key.", "type": "principle"},
        trigger="backfill",
    )
    for day in (2, 3, 4):  # three failed runs: a pattern the harvest can promote
        run = {**RUN, "run_id": f"2027-03-0{day}-r", "outcome": "failure"}
        run["verifiers"] = [{"name": "smoke", "passed": False}]
        assert hooks.post_run_classify(run=run).ok


FIRES: dict[str, Callable[[MemoryHooks, Path], HookResult]] = {
    "pre_goal_synthesis": lambda h, _: h.pre_goal_synthesis(
        queue=[{"id": "q1", "title": "parcel tracker keys"}]
    ),
    "pre_spawn_pack": lambda h, tmp: h.pre_spawn_pack(
        goal={"title": "rotate the parcel tracker keys"}, worker_dir=tmp / "worker"
    ),
    "post_run_classify": lambda h, _: h.post_run_classify(
        run={**RUN, "run_id": "2027-03-09-r", "outcome": "success"}
    ),
    "post_retro_distill": lambda h, _: h.post_retro_distill(retro={"path": "retro.md"}),
    "judgment_harvest": lambda h, _: h.judgment_harvest(),
}
# What each hook must write to succeed; a read hook that writes nothing of its own stays ok.
WRITES = {"pre_spawn_pack", "post_run_classify", "post_retro_distill", "judgment_harvest"}


def _left_over(root: Path) -> list[str]:
    return [p.name for p in (root / "entries").iterdir() if not p.name.endswith(".md")]


@pytest.mark.parametrize("hook", list(FIRES))
def test_each_hook_on_a_full_disk_returns_a_value_naming_the_file(
    hook: str, make_hooks: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every hook, fired while the disk is full: a not-ok result naming the file and
    'No space left on device' (a read hook with nothing to write stays ok), no temp file
    left in entries/, the root still reads, and the fire succeeds once space is back."""
    (tmp_path / "retro.md").write_text(RETRO, encoding="utf-8")
    (tmp_path / "worker").mkdir()
    hooks: MemoryHooks = make_hooks()
    root = hooks.settings.root
    _seed(hooks)
    disk = DiskFullDouble(tmp_path, monkeypatch)
    before = sorted(p.name for p in (root / "entries").iterdir())
    disk.armed = True
    result = FIRES[hook](hooks, tmp_path)
    disk.armed = False
    assert disk.hits, "the double never fired: the test proves nothing"
    if hook in WRITES:
        assert not result.ok and result.error is not None, result
        assert FULL in result.error.message and str(tmp_path) in result.error.message
    else:
        assert result.ok, result
    assert _left_over(root) == []
    assert sorted(p.name for p in (root / "entries").iterdir()) == before  # nothing landed
    assert len(hooks.store.list()) == len(before)  # the root still reads
    assert FIRES[hook](hooks, tmp_path).ok  # space back: the same fire succeeds


def test_fire_survives_a_log_sink_on_a_full_disk(make_hooks: Any) -> None:
    """A host whose structlog prints to a file on the full disk: the line is lost, the fire
    still returns its value (it once raised OSError out of `fire` from its last event)."""

    class FullFile(io.StringIO):
        def write(self, _text: str) -> int:
            raise OSError(errno.ENOSPC, FULL)

    hooks: MemoryHooks = make_hooks()
    structlog.configure(logger_factory=structlog.PrintLoggerFactory(file=FullFile()))
    try:
        result = hooks.post_run_classify(run={**RUN, "outcome": "success"})
    finally:
        structlog.reset_defaults()
    assert result.ok and result.writes.accepted


def _full_error() -> sqlite3.OperationalError:
    """sqlite's own words for a full device, with its result code (a failed page write)."""
    error = sqlite3.OperationalError("database or disk is full")
    error.sqlite_errorcode = sqlite3.SQLITE_FULL  # type: ignore[attr-defined]
    return error


class FullDiskConnectionDouble:
    """The sidecar's connection on a full device: reads answer, writes fail as sqlite's do."""

    def __init__(self, real: sqlite3.Connection) -> None:
        self.real = real

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)

    def executemany(self, sql: str, rows: Any) -> sqlite3.Cursor:
        raise _full_error()


def test_access_stats_on_a_full_disk_keep_the_file_and_skip_the_update(tmp_path: Path) -> None:
    """A full disk is not damage: the sidecar stays where it is with its counts, the update
    is skipped with a warning, and no read fails for it."""
    path = tmp_path / "access.sqlite"
    access = AccessLog(path)
    access.touch(["semantic-00000000000a"])
    access._db = FullDiskConnectionDouble(access._db)  # type: ignore[assignment]
    with capture_logs() as logs:
        access.touch([f"semantic-{i:012x}" for i in range(2000)])
    events = [e["event"] for e in logs]
    assert "access_stats_not_updated" in events and "derived_state_damaged" not in events
    assert path.is_file() and not path.with_name(path.name + ".damaged").exists()
    assert access.get("semantic-00000000000a") is not None  # the counts it held are kept
    access.close()


def test_access_stats_opened_on_a_full_disk_count_in_memory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sidecar that cannot even be opened for lack of space is kept, not set aside; the
    counts of this process live in memory, seeded from the file."""
    path = tmp_path / "access.sqlite"
    first = AccessLog(path)
    first.touch(["semantic-00000000000b"])
    first.close()
    real = AccessLog._open

    def full_open(self: AccessLog) -> sqlite3.Connection:
        raise _full_error()

    monkeypatch.setattr(AccessLog, "_open", full_open)
    with capture_logs() as logs:
        access = AccessLog(path)
    monkeypatch.setattr(AccessLog, "_open", real)
    assert "derived_state_damaged" not in [e["event"] for e in logs]
    assert path.is_file() and access.get("semantic-00000000000b") is not None
    access.touch(["semantic-00000000000c"])
    assert access.get("semantic-00000000000c") is not None


def test_a_failed_append_or_atomic_write_names_its_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The kernel's "[Errno 28] ..." says no file; the error that leaves the writer does, and
    an atomic write leaves neither the new file nor its temp file behind."""
    disk = DiskFullDouble(tmp_path, monkeypatch)
    disk.armed = True
    with pytest.raises(OSError, match=FULL) as appended:
        DailyLog(tmp_path).append("checked the loading bay doors")
    with pytest.raises(OSError, match=FULL) as written:
        atomic_write(tmp_path / "state" / "shift.md", "night shift notes")
    assert appended.value.errno == errno.ENOSPC and appended.value.filename is not None
    assert written.value.filename == str(tmp_path / "state" / "shift.md")
    assert list((tmp_path / "state").iterdir()) == []
