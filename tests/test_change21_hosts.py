"""Round 21 (issue 13): a note written before a thing moved to another host that still
names the old host whole tells how things were; a note naming no host stays."""

from __future__ import annotations

from agentmem import MemoryHooks
from tests.conftest import ManualClock, lesson, packed_ids

# --- a note naming the host a thing moved off ------------------------------------------

APP = "press-telemetry"
OLD_HOST = (
    "Printing press sensors publish to the broker at relay-p1.plant.lan:1883; ink events "
    "are on topic press/<id>/ink."
)
NOTE = (
    "Night shift: press 4 went quiet twice around 02:00, reconnect storm on "
    "relay-p1.plant.lan:1883; rebooted, fine since."
)
OTHER_NOTE = (
    "Night shift: press 4 went quiet twice around 02:00 after the firmware update on "
    "rack B; rebooted, fine since."
)
NEW_HOST = (
    "Since 3 March the press sensors publish to the broker cluster at "
    "bus.ops.plant.lan:8883 (TLS); the old relay is being switched off."
)
GOAL = {
    "title": "Press 4 sensors went quiet at night: publish roller temperature again",
    "app_id": APP,
    "tags": ["press", "sensors"],
}


def _write_moved(hooks: MemoryHooks, clock: ManualClock, note: str) -> tuple[str, str, str]:
    old = lesson(hooks, OLD_HOST, APP)
    clock.advance(days=1)
    said = lesson(hooks, note, "_global")
    clock.advance(days=5)
    new = lesson(hooks, NEW_HOST, APP)
    assert old in hooks.store.get(new).supersedes
    # as a writer that linked the move and missed the note leaves it: the note is live
    hooks.store.put(hooks.store.get(new).model_copy(update={"supersedes": (old,)}))
    return old, said, new


def test_pre_spawn_pack_leaves_out_a_note_naming_the_host_moved_off(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """A note written before the move that names the old host whole tells of it as it was."""
    _, said, new = _write_moved(clocked_hooks, clock, NOTE)
    clock.advance(days=1)
    packed = packed_ids(clocked_hooks, GOAL)
    assert new in packed
    assert said not in packed


def test_pre_spawn_pack_keeps_a_note_that_names_no_old_host(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """The same kind of note on the same sensors, naming no host, stays."""
    _, said, new = _write_moved(clocked_hooks, clock, OTHER_NOTE)
    clock.advance(days=1)
    packed = packed_ids(clocked_hooks, GOAL)
    assert new in packed and said in packed
