"""Hook A tells the newest lesson of the bundle's own app under the bar: a correction in
words of its own scores under older lessons that repeat the bundle's names, and is what a
planner most lacks. An older lesson under the bar stays out."""

from __future__ import annotations

from agentmem import MemoryHooks
from tests.conftest import ManualClock, semantic

QUEUE = [
    {
        "id": "F-7",
        "title": "Winter ferry timetable for the island crossings",
        "description": "Ferry crossings to the island in winter, timetable printed for the quay.",
        "app_id": "ferry",
    }
]
STRONG = [
    "The winter ferry timetable for the island crossings is printed for the quay office "
    "and the island shop.",
    "Ferry crossings to the island in winter stop when the wind passes force eight; the "
    "timetable says so on its front.",
    "The island ferry timetable lists the winter crossings by tide, never by clock alone.",
    "Winter crossings to the island carry no cars on the first ferry; the timetable marks it.",
]
OLDER = "Printed sheets for the quay are proofread by the harbour master before posting."
LATER = (
    "The old advice was wrong: the printed sheets for the quay now come from the harbour "
    "board's own press, and the harbour master no longer proofreads them."
)
OTHER = [  # the rest of the app's memory: what makes the bundle's words rare
    "Life jackets are counted on board every morning before the first departure.",
    "Fuel is taken on at the mainland pier on Tuesdays and Fridays.",
    "Crew rotas change on the first day of each month.",
    "Lost property goes to the mainland ticket desk after three days.",
    "Engine oil is changed every two hundred running hours.",
    "Dogs travel on the open deck only, on a lead.",
]


def _submit(hooks: MemoryHooks, text: str) -> None:
    assert hooks.harvester.submit(semantic(text, app_id="ferry"), trigger="manual").memory_id


def _told(hooks: MemoryHooks, clock: ManualClock, later: bool) -> str:
    for text in [*STRONG, *OTHER]:
        _submit(hooks, text)
    clock.advance(days=1)
    _submit(hooks, OLDER)
    if later:
        clock.advance(days=1)
        _submit(hooks, LATER)
    result = hooks.pre_goal_synthesis(queue=QUEUE)
    assert result.ok and result.synthesis is not None
    return result.synthesis


def test_pre_goal_synthesis_tells_the_apps_newest_lesson_under_the_bar(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """The correction shares one word with the bundle and scores under the bar of the
    four lessons that repeat its names; it is the app's newest word, and it is told."""
    text = _told(clocked_hooks, clock, later=True)
    assert all(lesson[:40] in text for lesson in STRONG), text
    assert LATER[:40] in text, text
    assert OLDER[:40] not in text, text


def test_pre_goal_synthesis_tells_only_the_newest_under_the_bar(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """Without the correction, the lesson on proofreading is the newest under the bar."""
    text = _told(clocked_hooks, clock, later=False)
    assert OLDER[:40] in text, text
