"""One writer across processes: an exclusive advisory lock on a file under the root."""

from __future__ import annotations

import fcntl
import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from agentmem._exceptions import StoreError


@contextmanager
def exclusive(path: Path) -> Iterator[None]:
    """Hold an flock on `path` for the block; released by the kernel if the process dies.

    A folder that cannot hold the lock (read-only, or a network file system without a
    lock service, where flock fails with ENOLCK) raises StoreError: writing unlocked could
    store the same content twice, so nothing is written.
    """
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        raise StoreError(f"cannot open the lock file: {exc}", path=str(path)) from exc
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
        except OSError as exc:
            raise StoreError(
                f"cannot lock ({exc}); is the memory root on a file system without locks?",
                path=str(path),
            ) from exc
        yield
    finally:
        os.close(fd)  # closing the descriptor releases the lock
