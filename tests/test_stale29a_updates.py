"""A huddle's "Updates" section, like a "Changes" one, tells what is now so: its items are
lessons (`agentmem.harvest.sections.CHANGED`), and the lesson they give a new value of no
longer stays live beside them."""

from __future__ import annotations

from agentmem.harvest.sectioned import lessons

HUDDLE = """# Morning huddle - yard, Tue 4 Mar

## Census
- 31 trucks on site.

## Updates
- Since 4 Mar the gate opens at 05:30 and the first weigh-in starts at 05:45.

## Actions
- Yard to repaint lane 3.
"""


def test_a_huddle_s_updates_section_yields_its_items_as_facts() -> None:
    """ "Updates", like "Changes", heads what is now so: its items are lessons."""
    found = [lesson.text for lesson in lessons(HUDDLE)]
    assert found == ["Since 4 Mar the gate opens at 05:30 and the first weigh-in starts at 05:45."]
