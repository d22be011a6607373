"""A memory root whose file system refuses locks (ENOLCK: NFS without a lock service, a
read-only mount): writes fail loudly as store errors, never unlocked, never a traceback."""

from __future__ import annotations

import errno
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from agentmem.cli import main
from agentmem.core import locks as _locks
from tests.conftest import HooksFactory

RUN = {"run_id": "2026-11-29-r1", "goal": "ship the client", "outcome": "success"}


@pytest.fixture
def no_locks(monkeypatch: pytest.MonkeyPatch) -> None:
    """flock fails as it does on an NFS mount whose lock manager is not running."""

    def refuse(fd: int, operation: int) -> None:
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(_locks.fcntl, "flock", refuse)


def entries(root: Path) -> list[Path]:
    return list((root / "entries").glob("*.md")) if (root / "entries").exists() else []


@pytest.mark.usefixtures("no_locks")
def test_fire_reports_a_store_error_and_writes_nothing(
    make_hooks: HooksFactory, root: Path
) -> None:
    """Hook C cannot take the write lock: ok=False, the error names the lock, no file;
    before the fix the OSError escaped the writer untyped (and the CLI showed a traceback)."""
    result = make_hooks().fire("post_run_classify", run=RUN)
    assert result.ok is False and result.error is not None
    assert result.error.type == "StoreError" and "cannot lock" in result.error.message
    assert result.writes.store_errors and not result.writes.accepted
    assert entries(root) == []


@pytest.mark.usefixtures("no_locks")
def test_a_lesson_to_keep_as_tentative_is_a_store_error_not_kept(
    make_hooks: HooksFactory, root: Path
) -> None:
    """A below-range lesson is kept as tentative under a lock: when the root refuses locks it
    counts as a store error, the fire is not ok, and nothing says it was kept."""
    lesson = {"text": "The depot gate closes at 18:00 on Fridays.", "type": "semantic"}
    run = {**RUN, "lessons": [{**lesson, "confidence": 0.6}]}
    result = make_hooks().fire("post_run_classify", run=run)
    assert result.ok is False
    assert result.writes.store_errors and "cannot lock" in result.writes.store_errors[0]
    assert not result.writes.tentative and not result.writes.accepted
    assert "kept as tentative" not in (result.final_text or "")
    assert not (root / "tentative").exists() and entries(root) == []


@pytest.mark.usefixtures("no_locks")
def test_cli_add_exits_1_with_a_message(tmp_path: Path) -> None:
    """`agentmem add` on such a root exits 1 with one line saying why, no traceback."""
    root = tmp_path / "memory"
    env: dict[str, Any] = {"AGENTMEM_USER_ID": "tester"}
    args = ["--root", str(root), "add", "The vendor paginates at 100.", "--type", "semantic"]
    result = CliRunner().invoke(main, [*args, "--confidence", "0.8"], env=env)
    assert result.exit_code == 1, result.output
    assert "cannot lock" in result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert entries(root) == []
