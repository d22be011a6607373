"""A standing document whose list stands under no heading (a handover note: its title a
plain line, then bullets) tells one fact per bullet: joined into one memory (opening on
": "), bullets on unrelated things replaced a held lesson on each of them."""

from __future__ import annotations

from agentmem.harvest.distill import distill
from agentmem.harvest.standing import standing_lessons

HANDOVER = """Handover: warehouse night shift, week of 3 March

Dana moves to the returns desk on Monday. Her duties split as follows.

- Forklift inspections: Omar signs them off from 3 March, before the first wave.
- Cold-room temperature log: unchanged, checked every 4 hours by the shift lead.
- Carrier pickups: the late pickup stays at 21:30; call the carrier desk if it slips.

Open items: relabel aisle 14 once the new racks arrive.
"""


def test_bullets_under_no_heading_are_one_fact_each() -> None:
    """Under no heading (the title is a plain line), a list's items are each a fact of
    their own: joined, they made one memory opening on ": " that replaced unrelated lessons
    on forklifts, cold rooms and carriers at once."""
    texts = [lesson.text for lesson in standing_lessons(HANDOVER)]
    assert "Forklift inspections: Omar signs them off from 3 March, before the first wave." in texts
    assert any(text.startswith("Carrier pickups:") for text in texts)
    assert not any(text.startswith(":") for text in texts)
    found = distill(HANDOVER, "handover/2027-03-01-night.md", periodic=False).found
    assert not any(lesson.text.startswith(":") for lesson in found)


def test_a_list_under_a_heading_is_still_one_fact() -> None:
    """A list under a heading stays one fact led by it (its items complete each other)."""
    doc = "# Runbook: cold room\n\n## Do not\n- prop the door open\n- switch off the alarm\n"
    assert [lesson.text for lesson in standing_lessons(doc)] == [
        "Runbook: cold room — Do not: prop the door open; switch off the alarm."
    ]
