"""Hook D reads a note's item that says outright what holds now, under a heading of no lesson
kind: a weekly note's day headings, a standup log's bold day labels, a keep/drop review's
plain headings gave their items no kind, so a new schedule, owner or tool told there was
never written and the lesson it replaced stayed live. An item that only reports (a job done,
a quiet day), hedges its "now" or asks a question stays out."""

from __future__ import annotations

from agentmem.core.model import MemoryType
from agentmem.harvest.news import tells_change
from agentmem.harvest.sectioned import lessons

WEEKLY = """# Bakery line, week 9

## Tue
- Proofing checks are now every 2 hours, not 3; the night baker signs the sheet.
- Oven 2 door seal replaced.
- Quiet otherwise.

## Thu
- Flour orders moved to the Harwick mill portal; the phone line is gone.
- Croissant batch looked fine for now.
"""

STANDUP = """Standup log, lending desk

**Wed 4 Mar**
- Overdue reminders no longer go out by post; notify-svc sends them at 07:00.
- What do we do now?

**Fri 6 Mar**
- Rebuilt the catalogue index today.
- Interlibrary requests go to Omar from the 9th.
"""

REVIEW = """Irrigation loop - keep and drop

Keep
- Soil probes read every 15 min.

Dropped
- Manual valve overrides: replaced by the schedule in valvectl, zone B included.
- The greenhouse sensor deployed v3 today.
"""


def texts(markdown: str) -> list[str]:
    return [lesson.text for lesson in lessons(markdown)]


def test_a_weekly_note_under_day_headings_yields_its_changes_only() -> None:
    found = lessons(WEEKLY)
    assert [(lesson.type, lesson.text) for lesson in found] == [
        (
            MemoryType.SEMANTIC,
            "Proofing checks are now every 2 hours, not 3; the night baker signs the sheet.",
        ),
        (
            MemoryType.SEMANTIC,
            "Flour orders moved to the Harwick mill portal; the phone line is gone.",
        ),
    ]


def test_a_standup_log_under_bold_day_labels_yields_its_changes_only() -> None:
    assert texts(STANDUP) == [
        "Overdue reminders no longer go out by post; notify-svc sends them at 07:00.",
        "Interlibrary requests go to Omar from the 9th.",
    ]


def test_a_keep_drop_review_yields_what_replaced_the_dropped_practice() -> None:
    assert texts(REVIEW) == [
        "Manual valve overrides: replaced by the schedule in valvectl, zone B included.",
    ]


def test_a_status_line_is_no_change() -> None:
    for line in (
        "Oven 2 door seal replaced.",
        "Rebuilt the catalogue index today.",
        "Looks fine for now.",
        "What do we do now?",
        "Ticket moved today.",
        "Delete the old path now that the new one is in.",
        "Count the 12 orders queued since 04-02.",
        "No lost parcels since the switchover.",
        "The old print server was switched off on 11-02.",
    ):
        assert not tells_change(line), line


def test_under_a_heading_of_plans_a_change_item_is_still_a_plan() -> None:
    assert texts("## Next steps\n- Move the export to Fridays from now on.\n") == []
