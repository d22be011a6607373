"""The host's clock (`MemoryHooks(clock=...)`) is the only "now": decay, expiry, last access
and `created_at` all read it, so a scripted loop ages its memories by its own days."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from pathlib import Path

from agentmem import MemoryHooks
from agentmem._plugins import make_manager
from agentmem.settings import settings_from_values
from tests.conftest import ALL_ON

START = datetime(2020, 1, 6, 12, tzinfo=UTC)  # years before the wall clock


def scripted(root: Path, tmp_path: Path) -> tuple[MemoryHooks, list[datetime]]:
    """Hooks whose clock is a list the test moves by hand."""
    now = [START]
    settings = settings_from_values(
        {**ALL_ON, "AGENTMEM_USER_ID": "tester", "AGENTMEM_ROOT": str(root)}, base_dir=tmp_path
    )
    hooks = MemoryHooks(
        settings,
        plugin_manager=make_manager(defaults=True, entry_points=False),
        clock=lambda: now[0],
    )
    return hooks, now


def lesson(text: str) -> dict[str, object]:
    return {"text": text, "type": "semantic", "confidence": 0.8, "app_id": "shop"}


def test_decay_follows_the_hosts_clock_not_the_wall_clock(root: Path, tmp_path: Path) -> None:
    """A memory written today and never read decays less than one read 30 scripted days ago.

    With the wall clock, the new memory (created in 2020) sat at the 0.3 floor while the old
    one, read "now" by the wall clock, sat at 1.0: the replaced fact outranked the new one.
    """
    hooks, now = scripted(root, tmp_path)
    old = hooks.harvester.submit(
        lesson("The vendor sandbox rotates keys on Mondays."), trigger="manual"
    )
    hooks.store.search("vendor sandbox keys", 5)  # read (touched) on day 0
    now[0] = START + timedelta(days=30)
    new = hooks.harvester.submit(
        lesson("The vendor sandbox keys now rotate on Thursdays."), trigger="manual"
    )
    hits = {h.memory.id: h for h in hooks.store.search("vendor sandbox keys", 5, explain=True)}
    assert hits[new.memory_id].explain["decay"] == 1.0
    assert abs(hits[old.memory_id].explain["decay"] - 0.4066) < 0.001  # exp(-0.03 × 30)
    assert hits[new.memory_id].memory.created_at.startswith("2020-02-05")


def test_reads_are_stamped_with_the_hosts_clock(root: Path, tmp_path: Path) -> None:
    """Last access recorded by a hook's read is the scripted time, not the wall time."""
    hooks, now = scripted(root, tmp_path)
    written = hooks.harvester.submit(lesson("Retry the vendor call twice."), trigger="manual")
    now[0] = START + timedelta(days=3)
    result = hooks.pre_spawn_pack(goal={"title": "Retry the vendor call", "app_id": "shop"})
    assert written.memory_id in [e.id for e in result.pack.entries]  # type: ignore[union-attr]
    stats = hooks.store.access_stats(written.memory_id)  # type: ignore[attr-defined, arg-type]
    assert stats is not None and stats[0] == START + timedelta(days=3)


def test_expiry_is_judged_by_the_hosts_clock(root: Path, tmp_path: Path) -> None:
    """A memory that expires on a scripted day is searchable before it and gone after it."""
    hooks, now = scripted(root, tmp_path)
    draft = {
        **lesson("The staging freeze lasts until the release."),
        "expires_at": "2020-01-10T00:00:00+00:00",
    }
    hooks.harvester.submit(draft, trigger="manual")
    assert hooks.store.search("staging freeze", 5)
    now[0] = START + timedelta(days=5)
    assert hooks.store.search("staging freeze", 5) == []
    assert hooks.store.list() == []
