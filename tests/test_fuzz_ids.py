"""Fuzzing memory ids: `../`, absolute paths, NUL bytes, any text. Nothing is read or
written outside the memory root, whatever id a caller, a draft or the CLI passes.

Cases tried: `pytest tests/test_fuzz_ids.py --hypothesis-show-statistics`.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import HealthCheck, event, example, given, settings
from hypothesis import strategies as st

from agentmem._exceptions import AgentMemError, MemoryNotFound
from agentmem.cli import main
from agentmem.core.model import ID_PATTERN, Memory
from agentmem.core.writer import Harvester
from agentmem.settings import settings_from_values
from agentmem.stores import FileStore, frontmatter
from agentmem.stores.files import EntryFiles
from tests._quiet import quiet_structlog

__all__ = ["quiet_structlog"]  # autouse

FUZZ = settings(
    max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
TRAVERSALS = [
    "../outside",
    "../../outside",
    "..",
    ".",
    "/etc/passwd",
    "/tmp/outside",
    "semantic-../../outside",
    "entries/../../outside",
    "semantic-0123456789ab/../../outside",
    "~/.ssh/id_rsa",
    "C:\\Windows\\win.ini",
    "semantic-0123456789ab\x00.md",
    "semantic-0123456789ab.md",
    "Semantic-0123456789AB",
    "%2e%2e%2foutside",
    "..%2f..%2foutside",
]
IDS = st.one_of(
    st.sampled_from(TRAVERSALS),
    st.text(max_size=70),
    st.builds(lambda n, tail: "../" * n + tail, st.integers(1, 6), st.text(max_size=12)),
    st.builds(lambda tail: "/" + tail, st.text(max_size=20)),
)
VALID = {"text": "The vendor API paginates at 100 items.", "type": "semantic", "confidence": 0.8}


def outside(tmp_path: Path, root: Path) -> dict[str, int]:
    """Every file under tmp_path but those in `root`, with its size; the walk never enters
    `root` (the cases share it, and it grows with each case's writes)."""
    found = {}
    for folder, dirs, files in os.walk(tmp_path):
        dirs[:] = [d for d in dirs if Path(folder, d) != root]
        for name in files:
            path = Path(folder, name)
            if path.is_file():
                found[str(path)] = path.stat().st_size
    return found


BAIT = Memory(
    id="outside", text="bait", type="semantic", confidence=0.8, user_id="u",
    app_id="_global", run_id="2026-11-29", trigger="manual", created_at="2026-11-29T00:00:00",
)  # fmt: skip


def plant_bait(tmp_path: Path) -> None:
    """A valid memory (id `outside`, text `bait`) one and two levels above `entries/`, where
    `../outside` and `../../outside` would land, and an `entries/` holding a real memory so
    those paths resolve: an id that escapes the root reads the bait, and the test fails.
    (An invalid bait, or no `entries/`, made an escaped read raise, which counted as a pass.)"""
    root = tmp_path / "memory"
    if (tmp_path / "outside.md").exists():  # planted by an earlier case (tmp_path is shared)
        return
    EntryFiles(root).write(BAIT.model_copy(update={"id": "semantic-0123456789ab", "text": "ok"}))
    record = BAIT.record()
    body = record.pop("text")
    for folder in (root, tmp_path):
        for name in ("outside.md", "outside"):
            (folder / name).write_text(frontmatter.render(record, body), encoding="utf-8")
    assert EntryFiles(root).parse(tmp_path / "outside.md").text == "bait"  # the bait is valid


@FUZZ
@given(memory_id=IDS)
def test_ids_never_name_a_path_outside_entries(tmp_path: Path, memory_id: str) -> None:
    """An id maps to `<root>/entries/<id>.md` or is refused as not found."""
    files = EntryFiles(tmp_path / "memory")
    try:
        path = files.path_for(memory_id)
    except MemoryNotFound:
        event("refused")
        return
    event("plain id")
    assert ID_PATTERN.match(memory_id)
    assert path.parent == files.entries and path.name == f"{memory_id}.md"


@FUZZ
@given(memory_id=IDS)
@example(memory_id="../outside")
@example(memory_id="../../outside")
def test_store_get_never_reads_outside(tmp_path: Path, memory_id: str) -> None:
    """`get` with any id: a memory from entries/ or MemoryNotFound, never the bait."""
    plant_bait(tmp_path)
    store = FileStore(tmp_path / "memory")
    try:
        memory = store.get(memory_id)
    except AgentMemError:
        return
    finally:
        store.close()
    assert memory.text != "bait"


@FUZZ
@given(memory_id=IDS, field=st.sampled_from(["id", "cites", "supersedes"]))
def test_drafts_with_path_ids_are_rejected(tmp_path: Path, memory_id: str, field: str) -> None:
    """A draft carrying a path-like id (as its own id or a reference) writes nothing
    outside the root; unless the id is a plain memory id, it is rejected on that field."""
    root = tmp_path / "memory"
    before = outside(tmp_path, root)
    settings_ = settings_from_values(
        {"AGENTMEM_ROOT": str(root), "AGENTMEM_USER_ID": "fuzz"}, base_dir=tmp_path
    )
    h = Harvester(settings_, FileStore(root))
    value: object = memory_id if field == "id" else [memory_id]
    outcome = h.submit({**VALID, field: value}, trigger="manual")
    if not ID_PATTERN.match(memory_id):
        assert outcome.status == "rejected"
        assert field in {p.field for p in outcome.problems}
    assert outside(tmp_path, root) == before


@pytest.mark.parametrize("memory_id", TRAVERSALS)
def test_store_refuses_a_memory_whose_id_is_a_path(tmp_path: Path, memory_id: str) -> None:
    """Even a Memory built past the writer (the model does not check the id) cannot be
    put outside entries/: the store refuses the id and writes nothing."""
    root = tmp_path / "memory"
    memory = Memory(
        id=memory_id, text="x", type="semantic", confidence=0.8, user_id="u",
        app_id="_global", run_id="2026-11-29", trigger="manual", created_at="2026-11-29T00:00:00",
    )  # fmt: skip
    store = FileStore(root)
    with pytest.raises(AgentMemError):
        store.put(memory)
    assert outside(tmp_path, root) == {}
    entries = root / "entries"
    assert not entries.exists() or not any(entries.iterdir())


@FUZZ
@given(memory_id=IDS, command=st.sampled_from(["get", "gc --restore"]))
@example(memory_id="../outside", command="get")
@example(memory_id="../../outside", command="get")
def test_cli_with_path_ids(tmp_path: Path, memory_id: str, command: str) -> None:
    """`agentmem get ID` and `agentmem gc --restore ID`: an exit code, nothing outside."""
    plant_bait(tmp_path)
    root = tmp_path / "memory"
    before = outside(tmp_path, root)
    memory_id = memory_id.replace("\x00", "")
    result = CliRunner().invoke(main, ["--root", str(root), *command.split(), memory_id])
    assert result.exit_code in (0, 1, 2), result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert "bait" not in result.output
    assert outside(tmp_path, root) == before
