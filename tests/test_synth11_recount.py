"""Hook A leaves out a live lesson that still counts a thing the way a replaced lesson did
(`agentmem.retrieval.recount`), and keeps one that counts something else with that number."""

from __future__ import annotations

from agentmem import MemoryHooks
from tests.conftest import ManualClock, semantic

OLD_CAP = "Attachments on the mail relay are capped at 10 MB; larger files bounce to the sender."
IN_PASSING = (
    "Send the quarterly board pack as a link to the document vault, never as a file: "
    "the 10 MB attachment cap of the relay bounced it twice."
)
NEW_CAP = "Correction: the mail relay accepts attachments up to 40 MB since the relay upgrade."
QUEUE = [
    {"id": "M-1", "title": "Mail the quarterly board pack", "app_id": "mail", "tags": ["relay"]}
]


def _change(hooks: MemoryHooks, clock: ManualClock, *lessons: str) -> str:
    """The lessons, then three days later the correction; the id of what it replaced."""
    old = hooks.harvester.submit(semantic(OLD_CAP, app_id="mail"), trigger="manual")
    for text in lessons:
        assert hooks.harvester.submit(semantic(text, app_id="mail"), trigger="manual").memory_id
    clock.advance(days=3)
    new = hooks.harvester.submit(semantic(NEW_CAP, app_id="mail"), trigger="manual")
    assert hooks.store.get(new.memory_id).supersedes == (old.memory_id,)
    return new.memory_id


def test_pre_goal_synthesis_leaves_out_a_lesson_counting_the_replaced_cap(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """A digest lesson written before the cap was raised still says "the 10 MB attachment
    cap" in passing; the correction counts the same megabytes anew, so the older lesson
    tells how things were and is not handed to the planner. The correction is."""
    new = _change(clocked_hooks, clock, IN_PASSING)
    text = clocked_hooks.pre_goal_synthesis(queue=QUEUE).synthesis or ""
    assert f"[{new}]" in text and "40 MB" in text
    assert "10 MB" not in text, text


def test_pre_goal_synthesis_keeps_an_older_lesson_counting_something_else(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """An older lesson with the same number of megabytes about the pack's scan archive
    (no word of the cap's next to its count) still holds after the cap was raised."""
    scans = "Quarterly board pack scans are archived in the vault as one zip of 10 MB or less."
    _change(clocked_hooks, clock, IN_PASSING, scans)
    text = clocked_hooks.pre_goal_synthesis(queue=QUEUE).synthesis or ""
    assert scans in text, text
    assert "attachment cap bounces" not in text
