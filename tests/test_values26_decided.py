"""A decision labelled as such in a retro's list ("Decision (2031-05-02): …") is read as a
lesson under any heading, a list of follow-ups too (`agentmem.harvest.labelled.decided_item`):
it was made, not planned."""

from __future__ import annotations

from agentmem.harvest.sectioned import lessons

RECORD = """# Incident report: kiln review backlog

## Impact
Twelve loads waited two days for a review.

## Follow-ups
- Decision (2031-05-02): the kiln load review queue is owned by Eva Holm (senior potter).
- Alert the team when a load sits longer than a day.
"""


def test_a_decision_in_a_list_of_follow_ups_is_a_lesson() -> None:
    """A list item labelled a decision is read as a lesson even under a heading of plans;
    the plan beside it is not."""
    found = [lesson.text for lesson in lessons(RECORD)]
    assert len(found) == 1
    assert "owned by Eva Holm" in found[0]
