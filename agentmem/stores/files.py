"""The canonical store: one markdown file per memory under `<root>/entries/`, in git.

Every other store is derived from these files; where they disagree, the files win.
"""

from __future__ import annotations

import contextlib
import errno
import os
import stat
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import structlog
from pydantic import ValidationError as PydanticValidationError

from agentmem._exceptions import MemoryNotFound, StoreError
from agentmem.core.model import ID_PATTERN, Memory
from agentmem.core.validate import validate_draft
from agentmem.stores import frontmatter

log = structlog.get_logger("agentmem")

ENTRIES = "entries"
ARCHIVE = "archive"
CACHE = ".agentmem"
SUFFIX = ".md"
TEMP_GRACE_S = 60.0  # a temp file younger than this may belong to a write still in flight


@dataclass(frozen=True)
class BrokenFile:
    """A file under entries/ that could not be read as a memory, and why."""

    path: Path
    reason: str


class NotReadable(StoreError):
    """Raised before a memory file is written when it would not read back as the memory
    given (over the size cap, not UTF-8, a field the YAML round trip changes)."""

    def __init__(self, path: Path, reason: str) -> None:
        self.reason = reason
        super().__init__(f"would not read back: {reason}", path=str(path))


# O_NOFOLLOW: a link is opened only after its target is checked to be inside the root;
# O_NONBLOCK: a FIFO named like a memory must not hang the reader (it is refused after).
_READ_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0)
DAMAGED = ".damaged"


def set_aside(path: Path, reason: str, action: str = "rebuilt from entries/") -> None:
    """Move a damaged derived file out of the way (as `NAME.damaged`), with a warning."""
    aside = path.with_name(path.name + DAMAGED)
    try:
        os.replace(path, aside)
        moved = f"set aside as {aside.name}; {action}"
    except FileNotFoundError:
        return
    except OSError as exc:  # a read-only root: ignored in this process instead
        moved = f"could not be set aside ({exc.strerror}); ignored, {action}"
    log.warning("derived_state_damaged", path=str(path), reason=reason, action=moved)


def named(exc: OSError, path: Path) -> OSError:
    """`exc` naming the file it failed on: a failed write or fsync says only its errno."""
    return OSError(exc.errno, exc.strerror, str(path))


def atomic_write(path: Path, data: str, *, sync_folder: bool = True) -> None:
    """Write a file whole or not at all: temp file in the same folder, fsync, rename.

    `sync_folder=False` leaves the folder's fsync (what makes the rename outlive a power
    cut) to the caller, who makes it once for a batch of files (`EntryFiles.deferred`):
    each file is still whole or absent, only its presence waits for the batch's sync."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
    try:
        os.fchmod(fd, 0o644)  # mkstemp makes 0600; memory files are shared in git
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(data)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException as exc:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        if isinstance(exc, OSError) and exc.filename is None:  # a bare "[Errno 28] ..."
            raise named(exc, path) from exc
        raise
    if sync_folder:
        fsync_folder(path.parent)


def fsync_folder(folder: Path) -> None:
    """Make the renames into `folder` durable (its entries outlive a power cut)."""
    dir_fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(dir_fd)
    finally:
        os.close(dir_fd)


def check_id(memory_id: str) -> str:
    """Refuse any id that is not a plain memory id, so no path can escape the root."""
    if not isinstance(memory_id, str) or not ID_PATTERN.fullmatch(memory_id):
        raise MemoryNotFound(str(memory_id))
    return memory_id


class EntryFiles:
    """Read and write the canonical markdown files of one memory root."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.entries = root / ENTRIES
        self.archive = root / ARCHIVE
        self.cache = root / CACHE
        self._batch = threading.local()  # the folders a batch of this thread left unsynced

    @contextmanager
    def deferred(self) -> Iterator[None]:
        """Within the block, this thread's writes fsync each file but not its folder; the
        folders written are fsynced once when the block ends (however it ends), so a batch
        of n files costs n + 1 fsyncs, not 2n. A crash inside leaves each file whole or
        absent, as ever. Nested blocks sync at the outer one's end."""
        if getattr(self._batch, "folders", None) is not None:
            yield
            return
        self._batch.folders = set()
        try:
            yield
        finally:
            folders, self._batch.folders = self._batch.folders, None
            for folder in sorted(folders):
                try:
                    fsync_folder(folder)
                except OSError as exc:
                    raise StoreError(f"cannot sync the folder: {exc}", path=str(folder)) from exc

    def path_for(self, memory_id: str) -> Path:
        return self.entries / f"{check_id(memory_id)}{SUFFIX}"

    def exists(self, memory_id: str) -> bool:
        return self.path_for(memory_id).is_file()

    def write(self, memory: Memory) -> Path:
        path = self.path_for(memory.id)
        text = self.render(memory, path)
        folders: set[Path] | None = getattr(self._batch, "folders", None)
        try:
            atomic_write(path, text, sync_folder=folders is None)
        except OSError as exc:
            raise StoreError(f"cannot write memory file: {exc}", path=str(path)) from exc
        if folders is not None:
            folders.add(path.parent)
        return path

    def render(self, memory: Memory, path: Path | None = None) -> str:
        """The file text of a memory, checked to read back as this very memory.

        Acknowledged means readable: the text is parsed again exactly as the reader will
        parse the file (size cap, universal newlines, YAML, the validator), and anything
        that would come back different, or not at all, raises NotReadable before a byte
        is written.
        """
        path = path or self.path_for(memory.id)
        record = memory.record()
        body = record.pop("text")
        text = frontmatter.render(record, body)
        try:
            text.encode("utf-8")
            # What read_text gives back: "\r\n" and a lone "\r" read as "\n".
            raw = text.replace("\r\n", "\n").replace("\r", "\n")
            back = self._decode(raw, path)
        except UnicodeEncodeError as exc:
            raise NotReadable(path, f"not encodable as UTF-8 ({exc.reason})") from exc
        except StoreError as exc:
            raise NotReadable(path, str(exc).removeprefix(f"{path}: ")) from exc
        want = {**memory.record(), "text": memory.text.strip()}
        got = back.record()
        if got != want:
            field = next(k for k in sorted({*want, *got}) if want.get(k) != got.get(k))
            raise NotReadable(path, f"{field} would read back as {got.get(field)!r:.80}")
        return text

    def read(self, memory_id: str) -> Memory:
        path = self.path_for(memory_id)
        if not path.is_file():
            raise MemoryNotFound(memory_id)
        return self.parse(path)

    def parse(self, path: Path) -> Memory:
        """Read one file as a memory, or raise StoreError naming the path and the fault."""
        return self._decode(self.read_text(path), path)

    def read_text(self, path: Path) -> str:
        """A file's text as `Path.read_text` gives it (universal newlines), read only when
        it is a regular file inside the root and under the size cap (stat first: a 50 MB
        file is refused without being read)."""
        try:
            fd = os.open(path, _READ_FLAGS)
        except OSError as exc:
            if exc.errno != errno.ELOOP:
                raise StoreError(str(exc), path=str(path)) from exc
            fd = self._open_link(path)
        try:
            st = os.fstat(fd)
            if not stat.S_ISREG(st.st_mode):
                raise StoreError("not a regular file", path=str(path))
            if st.st_size > frontmatter.MAX_FILE_BYTES:
                raise StoreError(
                    f"file larger than {frontmatter.MAX_FILE_BYTES} bytes ({st.st_size}); not read",
                    path=str(path),
                )
            with os.fdopen(os.dup(fd), "rb") as handle:
                data = handle.read(frontmatter.MAX_FILE_BYTES + 1)
        except OSError as exc:
            raise StoreError(str(exc), path=str(path)) from exc
        finally:
            os.close(fd)
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise StoreError(str(exc), path=str(path)) from exc
        return text.replace("\r\n", "\n").replace("\r", "\n")

    def _open_link(self, path: Path) -> int:
        """Open what a symbolic link points at, if that is inside the memory root."""
        try:
            target = path.resolve(strict=True)
            inside = target.is_relative_to(self.root.resolve())
        except (OSError, RuntimeError) as exc:  # dangling, or a loop of links
            raise StoreError(f"a link that does not resolve ({exc})", path=str(path)) from exc
        if not inside:
            raise StoreError(
                f"a link to {target}, outside the memory root; not followed", path=str(path)
            )
        try:
            return os.open(target, _READ_FLAGS)
        except OSError as exc:  # swapped for another link since: not followed either
            raise StoreError(str(exc), path=str(path)) from exc

    def _decode(self, raw: str, path: Path) -> Memory:
        try:
            fields, body = frontmatter.parse(raw)
        except frontmatter.FrontmatterError as exc:
            raise StoreError(str(exc), path=str(path)) from exc
        record = {**fields, "text": body}
        record.setdefault("id", path.stem)
        if record["id"] != path.stem:
            raise StoreError(
                f"frontmatter id {record['id']!r} does not match the file name", path=str(path)
            )
        problems = validate_draft(record)
        if problems:
            detail = "; ".join(f"{p.field}: {p.reason}" for p in problems)
            raise StoreError(f"invalid memory: {detail}", path=str(path))
        try:
            return Memory.model_validate(record)
        except PydanticValidationError as exc:
            raise StoreError(f"invalid memory: {exc.errors()[0]['msg']}", path=str(path)) from exc

    def orphans(self, older_than_s: float = TEMP_GRACE_S) -> list[Path]:
        """Temp files a killed writer left between its write and its rename (hidden, so no
        reader sees them), old enough that no write in flight can still own them."""
        if not self.entries.is_dir():
            return []
        cutoff = time.time() - older_than_s
        return [
            Path(entry.path)
            for entry in os.scandir(self.entries)
            if entry.name.startswith(".") and entry.name.endswith(".tmp") and entry.is_file()
            and entry.stat().st_mtime < cutoff
        ]  # fmt: skip

    def paths(self) -> Iterator[Path]:
        if not self.entries.is_dir():
            return
        for entry in os.scandir(self.entries):
            if entry.name.endswith(SUFFIX) and not entry.name.startswith(".") and entry.is_file():
                yield Path(entry.path)
