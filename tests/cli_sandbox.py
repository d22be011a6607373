"""A throwaway sandbox for one fuzzed CLI call, and the hostile paths the fuzz names in it.

Layout (one fresh box per case, deleted after it):

    tmp_path/            watched: nothing in it may change outside the box
      outside/           a decoy a stray write would land beside
      box-XXXX/          the sandbox
        cwd/             the working directory; every relative path starts here
        home/            $HOME
        tmp/             $TMPDIR and tempfile.tempdir (demo's default root lands here)
        memory/          the memory root passed as --root

A path argument is drawn relative to cwd and never climbs above the box: at most one
leading "../", and no generated component is "." or "..". "{box}" in a drawn path is the
box's absolute path, so absolute forms stay inside too.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

from hypothesis import strategies as st

from tests.conftest import ALL_ON

BOX = "{box}"
SNAPSHOT = {"format": "agentmem-snapshot", "version": 1, "memories": []}
ONE_MEMORY = {
    "id": "semantic-0123456789ab",
    "text": "The vendor API needs the X-Trace header.",
    "type": "semantic",
    "confidence": 0.8,
    "app_id": "_global",
    "run_id": "2026-11-29-r1",
    "user_id": "fuzz",
}
# Files waiting in cwd: good ones, and every way a file can be wrong for the command
# that reads it (not UTF-8, not JSON, nested past the recursion limit, too many digits).
FILES: dict[str, bytes] = {
    "snap.json": json.dumps(SNAPSHOT).encode(),
    "one.json": json.dumps({**SNAPSHOT, "memories": [ONE_MEMORY]}).encode(),
    "twice.json": json.dumps({**SNAPSHOT, "memories": [ONE_MEMORY, ONE_MEMORY]}).encode(),
    "wrong.json": json.dumps({**SNAPSHOT, "memories": [{"id": 5, "text": []}]}).encode(),
    "future.json": json.dumps({**SNAPSHOT, "version": 10**300}).encode(),
    "bad.json": b"[1, 2",
    "empty.json": b"",
    "latin1.json": b'{"format": "\xff\xfe"}',
    "deep.json": b"[" * 100_000,
    "digits.json": b'{"version": ' + b"9" * 5000 + b"}",
    "draft.json": json.dumps({"text": "x y z", "type": "semantic", "confidence": 0.8}).encode(),
    "retro.md": b"# Retro\n\n## Lessons\n- Always send the X-Trace header to the vendor.\n",
    "latin1.md": b"# Retro\n\n## Lessons\n- caf\xe9 \xff\n",
    "runs.jsonl": b'{"run_id": "2026-11-29-r1", "app_id": "a", "outcome": "success", "summary": "s"}\n',
    "good.env": b"AGENTMEM_USER_ID=fuzz\nAGENTMEM_ROOT=memory\n",
    "latin1.env": b"AGENTMEM_USER_ID=\xff\xfe\n",
    "junk.env": b"AGENTMEM_NOPE=1\n=\n\x00\n",
    "adir/inner.json": json.dumps(SNAPSHOT).encode(),
}
FIXED_PATHS = [
    *[name for name in FILES if "/" not in name],
    "adir",
    "adir/",
    ".",
    "..",
    "",
    "-",
    "../up.json",
    "../cwd/snap.json",
    "missing/deeper/out.json",
    "snap.json/under-a-file.json",
    "adir/../out.json",
    "new.json",
    "\x00",
    "a\x00b.json",
    "adir/\x00",
    "ünïcödé.json",
    "\udcff.json",  # a non-UTF-8 byte in a file name, as argv decodes it
    "x" * 300,  # longer than a file name may be
    f"{BOX}/abs.json",
    f"{BOX}/cwd/snap.json",
    f"{BOX}/memory",
]
COMPONENT = st.text(alphabet="ab._- é\x00", min_size=1, max_size=6).filter(
    lambda c: c not in {".", ".."}
)
PATHS = st.one_of(
    st.sampled_from(FIXED_PATHS),
    st.builds(
        lambda prefix, parts: prefix + "/".join(parts),
        st.sampled_from(["", "./", "../", "adir/", "missing/", "snap.json/", f"{BOX}/"]),
        st.lists(COMPONENT, min_size=1, max_size=3),
    ),
)


@dataclass(frozen=True)
class Sandbox:
    """One case's box; `outer` is the watched folder the box sits in."""

    outer: Path
    box: Path

    @property
    def cwd(self) -> Path:
        return self.box / "cwd"

    @property
    def root(self) -> Path:
        return self.box / "memory"

    @property
    def env(self) -> dict[str, str]:
        """$HOME and $TMPDIR in the box; every hook on and a user, so writes get through."""
        return {
            "HOME": str(self.box / "home"),
            "TMPDIR": str(self.box / "tmp"),
            "AGENTMEM_USER_ID": "fuzz",
            **ALL_ON,
        }

    def place(self, arg: str) -> str:
        """The argument with "{box}" made the box's absolute path."""
        return arg.replace(BOX, str(self.box))


def seed(outer: Path) -> None:
    """The decoy beside every box."""
    decoy = outer / "outside"
    decoy.mkdir(exist_ok=True)
    (decoy / "keep.json").write_text(json.dumps(SNAPSHOT), encoding="utf-8")


@contextlib.contextmanager
def sandbox(outer: Path) -> Iterator[Sandbox]:
    """A fresh box with its files, entered as cwd with tempfile pointed inside; gone after."""
    box = Sandbox(outer, Path(tempfile.mkdtemp(prefix="box-", dir=outer)))
    for folder in ("cwd/adir", "home", "tmp"):
        (box.box / folder).mkdir(parents=True)
    for name, data in FILES.items():
        (box.cwd / name).write_bytes(data)
    (box.box / "up.json").write_bytes(FILES["snap.json"])
    saved = tempfile.tempdir
    tempfile.tempdir = str(box.box / "tmp")
    try:
        with contextlib.chdir(box.cwd):
            yield box
    finally:
        tempfile.tempdir = saved
        shutil.rmtree(box.box, ignore_errors=True)


def tree(folder: Path, skip: Path | None = None) -> dict[str, tuple[int, int]]:
    """Every file (size, mtime) and folder (-1, -1) under `folder`, outside `skip`."""
    found: dict[str, tuple[int, int]] = {}
    for dirpath, dirnames, filenames in os.walk(folder):
        here = Path(dirpath)
        if skip is not None and here.is_relative_to(skip):
            dirnames.clear()
            continue
        for name in dirnames:
            if skip is None or here / name != skip:
                found[str((here / name).relative_to(folder))] = (-1, -1)
        for name in filenames:
            stat = (here / name).lstat()
            found[str((here / name).relative_to(folder))] = (stat.st_size, stat.st_mtime_ns)
    return found
