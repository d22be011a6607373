"""GC: propose idle, rarely read memories; archive, never delete; restore byte for byte."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from click.testing import CliRunner

from agentmem import MemoryHooks, StoreError, WriteRefused
from agentmem.cli import main
from agentmem.harvest.gc import GarbageCollector
from tests.conftest import HooksFactory, semantic

LATER = datetime.now(UTC) + timedelta(days=120)


def _write(hooks: MemoryHooks, draft: dict[str, object]) -> str:
    outcome = hooks.harvester.submit(draft, trigger="manual")
    assert outcome.memory_id is not None, outcome.problems
    return outcome.memory_id


def test_gc_never_proposes_an_immutable_principle(hooks: MemoryHooks) -> None:
    """A principle idle for 120 days with no reads is not proposed; a semantic one is."""
    rule = _write(hooks, {"text": "Never push to main without review.", "type": "principle"})
    fact = _write(hooks, semantic("Vendor Z needs header W."))
    ids = [c.id for c in GarbageCollector(hooks.settings).candidates(LATER)]
    assert ids == [fact]
    assert rule not in ids
    with pytest.raises(WriteRefused, match="principle"):
        GarbageCollector(hooks.settings).archive([rule])
    assert hooks.store.get(rule, touch=False).text == "Never push to main without review."


def test_days_and_access_count_both_decide(make_hooks: HooksFactory) -> None:
    """Untouched ≥ AGENTMEM_GC_DAYS and read ≤ AGENTMEM_GC_MAX_ACCESS times: both must hold."""
    hooks = make_hooks(AGENTMEM_GC_DAYS="30", AGENTMEM_GC_MAX_ACCESS="1")
    once = _write(hooks, semantic("Read once, long ago."))
    twice = _write(hooks, semantic("Read twice, long ago."))
    fresh = _write(hooks, semantic("Read once, recently."))
    store = hooks.store
    long_ago = datetime.now(UTC) - timedelta(days=40)
    store.access.touch([once, twice], long_ago)  # type: ignore[attr-defined]
    store.access.touch([twice], long_ago)  # type: ignore[attr-defined]
    store.access.touch([fresh], datetime.now(UTC) - timedelta(days=29))  # type: ignore[attr-defined]
    found = {c.id: c for c in GarbageCollector(hooks.settings).candidates()}
    assert set(found) == {once}
    assert found[once].access_count == 1 and found[once].idle_days == pytest.approx(40, abs=0.01)


def test_apply_archives_and_restore_round_trips_byte_for_byte(hooks: MemoryHooks) -> None:
    """Archive moves the file out of entries/ (search no longer finds it) and keeps it in
    archive/; restore puts back exactly the same bytes and search finds it again."""
    memory_id = _write(hooks, semantic("The staging database resets every Sunday."))
    path = hooks.settings.root / "entries" / f"{memory_id}.md"
    original = path.read_bytes()
    gc = GarbageCollector(hooks.settings)
    assert gc.archive([c.id for c in gc.candidates(LATER)]) == [memory_id]
    assert not path.exists()
    assert (hooks.settings.root / "archive" / f"{memory_id}.md").read_bytes() == original
    assert hooks.store.search("staging database Sunday") == []
    gc.restore(memory_id)
    assert path.read_bytes() == original
    assert gc.archived() == []
    assert [h.memory.id for h in hooks.store.search("staging database Sunday")] == [memory_id]


def test_restore_refuses_to_overwrite_a_live_memory(hooks: MemoryHooks) -> None:
    """If the id was written again while archived, restore refuses with a StoreError and
    both files stay as they were: the live one (written again with a tag, so its bytes
    differ from the archived copy's) is not replaced by the archived one."""
    memory_id = _write(hooks, semantic("Builds cache in /tmp."))
    gc = GarbageCollector(hooks.settings)
    gc.archive([memory_id])
    archived = (hooks.settings.root / "archive" / f"{memory_id}.md").read_bytes()
    assert _write(hooks, semantic("Builds cache in /tmp.", tags=["again"])) == memory_id
    live = hooks.settings.root / "entries" / f"{memory_id}.md"
    written_again = live.read_bytes()
    assert written_again != archived
    with pytest.raises(StoreError, match="already exists"):
        gc.restore(memory_id)
    assert live.read_bytes() == written_again
    assert (hooks.settings.root / "archive" / f"{memory_id}.md").read_bytes() == archived
    assert gc.archived() == [memory_id]


def test_workers_cannot_archive(make_hooks: HooksFactory) -> None:
    """AGENTMEM_ROLE=worker may look at proposals but never archive or restore."""
    writer = make_hooks()
    memory_id = _write(writer, semantic("Workers read, never curate."))
    worker = make_hooks(AGENTMEM_ROLE="worker")
    with pytest.raises(WriteRefused):
        GarbageCollector(worker.settings).archive([memory_id])
    assert (writer.settings.root / "entries" / f"{memory_id}.md").exists()


def test_cli_gc_proposes_then_applies_then_restores(hooks: MemoryHooks, root: Path) -> None:
    """`agentmem gc` only proposes; `--apply` archives; `--restore ID` brings it back."""
    memory_id = _write(hooks, semantic("Old news about the billing API."))
    runner = CliRunner()
    shown = runner.invoke(main, ["--root", str(root), "gc", "--as-of-days", "120"])
    assert shown.exit_code == 0 and memory_id in shown.output
    assert (root / "entries" / f"{memory_id}.md").exists()
    applied = runner.invoke(main, ["--root", str(root), "gc", "--as-of-days", "120", "--apply"])
    assert applied.exit_code == 0, applied.output
    assert (root / "archive" / f"{memory_id}.md").exists()
    back = runner.invoke(main, ["--root", str(root), "gc", "--restore", memory_id])
    assert back.exit_code == 0, back.output
    assert (root / "entries" / f"{memory_id}.md").exists()
    missing = runner.invoke(main, ["--root", str(root), "gc", "--restore", "semantic-000000000000"])
    assert missing.exit_code == 2
