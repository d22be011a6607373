"""What git knows about a memory root: a memory file's last committed text, and the memory
files the commits of a window deleted or moved to `archive/`.

Used only when the root is inside a git work tree (the design keeps memory in the host's
repository); every call answers "nothing known" when git is absent, refuses or is slow.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

from agentmem.audit.window import Window
from agentmem.stores.files import ARCHIVE, ENTRIES, SUFFIX

GIT_TIMEOUT_S = 20.0


def _git(repo: Path, *args: str) -> str | None:
    try:
        done = subprocess.run(
            ["git", "-C", str(repo), *args],
            capture_output=True,
            text=True,
            timeout=GIT_TIMEOUT_S,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    return done.stdout if done.returncode == 0 else None


def repo_of(root: Path) -> Path | None:
    """The top of the git work tree holding `root`, or None (no git, or not in one)."""
    if not root.is_dir():
        return None
    out = _git(root, "rev-parse", "--show-toplevel")
    return Path(out.strip()) if out and out.strip() else None


def _relative(repo: Path, path: Path) -> str | None:
    try:
        return path.resolve().relative_to(repo.resolve()).as_posix()
    except ValueError:
        return None


def last_text(repo: Path, path: Path) -> str | None:
    """The file's text as last committed (before the commit that deleted it, if one did)."""
    relative = _relative(repo, path)
    if relative is None:
        return None
    rev = (_git(repo, "log", "-n", "1", "--format=%H", "--", relative) or "").strip()
    if not rev:
        return None
    for spec in (f"{rev}:{relative}", f"{rev}^:{relative}"):
        text = _git(repo, "show", spec)
        if text is not None:
            return text
    return None


def removed(repo: Path, root: Path, window: Window) -> list[tuple[str, str, float]]:
    """(memory id, how, commit time) for each memory file a commit in the window deleted
    from `entries/` ("deleted") or moved to `archive/` ("archived")."""
    entries, archive = _relative(repo, root / ENTRIES), _relative(repo, root / ARCHIVE)
    if entries is None or archive is None:
        return []
    out = _git(
        repo, "log", "--reverse", "-M", "--name-status", "--format=@%ct",
        f"--since=@{int(window.start.timestamp())}", f"--until=@{int(window.end.timestamp())}",
        "--", entries, archive,
    )  # fmt: skip
    found: list[tuple[str, str, float]] = []
    when = 0.0
    for line in (out or "").splitlines():
        if line.startswith("@"):
            when = float(line[1:])
            continue
        parts = line.split("\t")
        status, source = parts[0][:1], parts[1] if len(parts) > 1 else ""
        if not source.startswith(f"{entries}/") or not source.endswith(SUFFIX):
            continue
        memory_id = source.rsplit("/", 1)[1].removesuffix(SUFFIX)
        if status == "D":
            found.append((memory_id, "deleted", when))
        elif status == "R" and len(parts) > 2 and parts[2].startswith(f"{archive}/"):
            found.append((memory_id, "archived", when))
    return found
