"""The local test server starts from a clone under a folder only its owner may enter.

Run as root, the bundled PostgreSQL runs as the wheel's `pgserver` user, who cannot enter
a folder of mode 700 (what `mktemp -d` makes): a clone there held the wheel's binaries out
of that user's reach, and every postgres test failed on initdb.
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path

import pytest

from agentmem._exceptions import StoreError
from agentmem.stores import pg_local
from agentmem.stores.pg_local import LocalServer, shut_folder

as_root = pytest.mark.skipif(os.geteuid() != 0, reason="only root runs the server as another user")


def test_shut_folder_names_the_first_folder_others_cannot_enter() -> None:
    """The first folder on the way (the path itself included) without o+x is named."""
    top = Path(tempfile.mkdtemp(prefix="agentmem-reach-")).resolve()  # pytest's is 700
    try:
        top.chmod(0o755)
        outer = top / "outer"
        inner = outer / "inner"
        inner.mkdir(parents=True)
        outer.chmod(0o700)
        assert shut_folder(inner) == outer
        outer.chmod(0o755)
        inner.chmod(0o700)
        assert shut_folder(inner) == inner
        inner.chmod(0o755)
        assert shut_folder(inner) is None
    finally:
        shutil.rmtree(top)


@as_root
def test_server_starts_from_a_wheel_under_a_private_folder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The wheel's PostgreSQL installed under a 700 folder (a clone under `mktemp -d`): the
    server runs from a copy its user can reach, answers, and the copy goes with it."""
    private = tmp_path / "clone"
    private.mkdir()
    private.chmod(0o700)
    real = pg_local._bin().parent  # site-packages/<package>/<install>, libs beside
    install = private / "site" / real.parent.name / real.name
    shutil.copytree(real, install, symlinks=True)
    libs = real.parent.with_name(real.parent.name + ".libs")
    shutil.copytree(libs, install.parent.with_name(libs.name), symlinks=True)
    monkeypatch.setattr(pg_local, "_bin", lambda: install / "bin")
    with LocalServer.create(fsync=False) as server:
        assert server.execute("SELECT 1") == [(1,)]
        assert server.data.parent in server.bin.parents
        base = server.data.parent
    assert not base.exists()


@as_root
def test_unreachable_temp_folder_fails_once_with_the_fix(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A temp folder the server's user cannot enter: one clear error naming the folder,
    its mode and the fix, and nothing left behind."""
    shut = tmp_path / "shut"
    shut.mkdir()
    shut.chmod(0o700)
    monkeypatch.setattr(tempfile, "tempdir", str(shut))
    with pytest.raises(StoreError) as caught:
        LocalServer.create(fsync=False)
    said = str(caught.value)
    assert str(shut) in said and "mode 700" in said and "TMPDIR" in said
    assert list(shut.iterdir()) == []
