"""Hook A tells up to five lessons per bundle: a fifth that applies is often the one the
planner needs (a decision record found below four older lessons on the same work)."""

from __future__ import annotations

from agentmem import MemoryHooks
from tests.conftest import semantic

LESSONS = [
    "Greenhouse irrigation valves close by themselves after 40 minutes; a longer watering "
    "needs a second schedule entry, not a longer one.",
    "Greenhouse irrigation runs before 07:00 in summer: watering in full sun scorches the "
    "seedlings on the south benches.",
    "Greenhouse irrigation for the tomato rows uses the drip line only; the misters raise "
    "the humidity and bring back the leaf mould.",
    "The greenhouse irrigation controller loses its schedule on a power cut; after one, "
    "reload it from the backup card before the next watering.",
    "Greenhouse irrigation water comes from the rain tank first; the mains valve opens only "
    "when the tank sensor reads below a fifth.",
]


def test_pre_goal_synthesis_tells_five_lessons_of_a_bundle(hooks: MemoryHooks) -> None:
    """Five lessons on a bundle's work, each matching it about as well: all five are told
    (four were, and the planner missed the fifth that applied)."""
    for text in LESSONS:
        assert hooks.harvester.submit(semantic(text, app_id="farm"), trigger="manual").memory_id
    queue = [{"id": "G-1", "title": "Rework the greenhouse irrigation", "app_id": "farm"}]
    result = hooks.pre_goal_synthesis(queue=queue)
    assert result.ok and result.synthesis is not None
    told = [text for text in LESSONS if text[:50] in result.synthesis]
    assert len(told) == 5, result.synthesis
    assert len(result.synthesis.split()) <= 600  # the word budget still holds
