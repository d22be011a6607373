"""A decision record's header (its date, status, app: where it is filed) is no lesson: the
prose under a decision's title that holds only those fields stays out, the decision stays in."""

from __future__ import annotations

import pytest

from agentmem.harvest.sectioned import lessons

RECORD = """# Decision: loan limits owner

{header}

## Context
Ana moves to the archive team.

## Decision
Loan limit sign-off moves from Ana Lind to Bo Sand effective today.
"""


@pytest.mark.parametrize(
    "header",
    [
        "Date: 2026-03-02\nStatus: accepted",
        "Date: 2026-03-02\nStatus: accepted\nApp: lending",
        "**Status:** Accepted (2026-03-02)",
        "Deciders: Ana Lind, Bo Sand",
    ],
)
def test_a_decision_records_header_is_no_lesson(header: str) -> None:
    found = [lesson.text for lesson in lessons(RECORD.format(header=header))]
    assert found == [
        "Decision: loan limits owner: Loan limit sign-off moves from Ana Lind to Bo Sand effective today."
    ]


def test_prose_under_the_title_that_decides_something_is_kept() -> None:
    """A paragraph that opens on a field but goes on to say what was decided is read as
    before."""
    header = "Status: accepted. From 1 April every loan over 30 days needs a second sign-off."
    found = [lesson.text for lesson in lessons(RECORD.format(header=header))]
    assert any("second sign-off" in text for text in found), found
