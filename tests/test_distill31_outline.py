"""A retro written as a deep outline, two spaces a level: a first-level child is read led
by its parent when the parent is a bare subject, and the parent alone is no lesson."""

from __future__ import annotations

from agentmem.harvest.distill import distill
from agentmem.harvest.outline import outlined

OUTLINE = """# Kiln incident - retro (outline)

- timeline
  - Tue 05/03
    - kiln 2 tripped
- Kiln room, from now on
  - cone check
    - every firing
      - until the new relay has 20 clean firings
- root cause
  - open
"""


def test_a_child_keeps_its_parents_subject() -> None:
    """The rule says which room and that it is new; "Kiln room, from now on" alone is gone."""
    result = distill(OUTLINE, "retros/kiln-incident.md", periodic=False)
    assert [lesson.text for lesson in result.found] == [
        "Kiln incident - retro (outline) — Kiln room, from now on - cone check - every "
        "firing - until the new relay has 20 clean firings"
    ]


def test_a_parent_that_says_something_of_its_own_leads_nothing() -> None:
    """A parent that is a sentence or a label is read as it stands, its children too."""
    markdown = "- The kiln fires on Tuesdays.\n  - cone check\n    - every firing\n"
    assert outlined(markdown) == markdown
    labelled = "- Decision:\n  - cone check\n    - every firing\n"
    assert outlined(labelled) == labelled


def test_a_two_level_list_is_no_outline() -> None:
    """Children with no level below them are items of their own, as before."""
    markdown = "- Kilns\n  - Kiln 2 fires on Tuesdays.\n  - Kiln 3 is retired.\n"
    assert outlined(markdown) == markdown
