"""A decision record that lists its parts as labelled items ("- Decision: …") under its
status yields its decision, as one with a Decision section does; a retro's item labelled
so, in a file with no status, is left as it was."""

from __future__ import annotations

from agentmem.harvest.labelled import as_sections
from agentmem.harvest.sectioned import lessons

RECORD = """# R-7: who signs off large refunds
Status: accepted, 2026-03-02

- Context: the finance lead leaves in March.
- Decision: refunds above 500 EUR are signed off by Ana Ruiz (head of support).
- Consequences: the refund form routes to ana.ruiz@ instead.
"""


def test_the_labelled_decision_is_the_records_lesson() -> None:
    """The decision, led by the record's title; the context is not a lesson."""
    found = [lesson.text for lesson in lessons(RECORD)]
    assert found == [
        "R-7: who signs off large refunds: refunds above 500 EUR are signed off by "
        "Ana Ruiz (head of support)."
    ]


def test_a_record_not_in_force_still_yields_nothing() -> None:
    """A proposed record's labelled decision is no lesson either."""
    assert lessons(RECORD.replace("accepted", "proposed")) == []


def test_without_a_status_nothing_is_rewritten() -> None:
    """A retro with a "- Decision:" item is no decision record."""
    retro = "# Week 12\n\n## Lessons\n- Decision: keep the nightly build.\n"
    assert as_sections(retro) == retro


def test_a_decision_under_follow_ups_is_a_lesson() -> None:
    """An item labelled as a decision taken, under a heading of plans, is how things are
    now; the unticked plan beside it stays out."""
    report = """# Incident report: refund queue stalled

## Root cause
One reviewer held the queue.

## Follow-ups
- Decision (2027-01-12): the refund review queue is owned by Ana Ruiz, alias refunds@example.
- Add an alert when a refund waits a day.
"""
    found = [lesson.text for lesson in lessons(report)]
    assert len(found) == 1 and "Ana Ruiz" in found[0]
