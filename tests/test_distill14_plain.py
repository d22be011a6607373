"""Hook D reads a retro's lessons where its author filed them (a lesson heading, a label,
a start/stop/continue section, a table of what changed, a quoted claim judged false), not
every lesson-like sentence of its prose and plain notes: read sentence by sentence, those
gave as many memories as lessons (events, counts, old values) and cost hook A's lessons
their place. A letter's sentences (`stated`) leave out questions (bold too), beliefs and
hand-offs."""

from __future__ import annotations

import pytest

from agentmem.core.model import MemoryType
from agentmem.harvest.distill import CONFIDENCE, distill, lessons
from agentmem.harvest.stated import stated, states

# Three trades, three shapes: a bakery's notes in prose, a ferry desk's plain list, a print
# shop's retro with a lessons section beside its prose.
BAKERY = """# Oven room, week 12

The second oven runs 15 degrees hot since the element was swapped, so rye loaves bake at
215 now. Spirits were good all week.
"""

FERRY = """Ticket desk notes

- The card reader needs a restart after every firmware push.
- Two refunds sat pending overnight on Friday.
- Rebooking fees must be checked again; desk leads to decide.
"""

PRINT = """# Print shop retro

## Lessons
- Plates are cleaned with the blue solvent only.

## How the week went
The cutter blade now gets swapped every 5000 sheets, because dull blades tore the card.
"""


FILED = "Plates are cleaned with the blue solvent only."


@pytest.mark.parametrize(("markdown", "expected"), [(BAKERY, []), (FERRY, []), (PRINT, [FILED])])
def test_prose_and_plain_notes_under_no_lesson_heading_are_not_lessons(
    markdown: str, expected: list[str]
) -> None:
    """Only the filed lesson of the print shop's retro is read; the bakery's prose, the
    ferry desk's plain notes and the print shop's story give nothing."""
    assert [lesson.text for lesson in lessons(markdown)] == expected


# A table of what changed, under a heading of no lesson kind, in three trades.
TABLES = [
    "# Oven swap\n\n| setting | until March | now |\n|---|---|---|\n| rye bake | 230 | 215 |\n",
    "# Desk week\n\n| topic | old | current |\n|---|---|---|\n| refund cut-off | 17:00 | 16:00 |\n",
    "# Press v9\n\n| item | before | after |\n|---|---|---|\n| sheets per batch | 500 | 400 |\n",
]


@pytest.mark.parametrize("markdown", TABLES)
def test_a_table_of_what_changed_is_read_as_filed_lessons(markdown: str) -> None:
    """Each row gives its new value only, a semantic lesson at the type's confidence."""
    plan = distill(markdown, "retros/week.md", periodic=True)
    assert len(plan.found) == 1
    lesson = plan.found[0]
    assert lesson.type is MemoryType.SEMANTIC
    assert plan.drafts[0]["confidence"] == CONFIDENCE[MemoryType.SEMANTIC]
    assert not any(old in lesson.text for old in ("230", "17:00", "500"))


def test_a_letter_leaves_out_questions_beliefs_and_hand_offs() -> None:
    """A bold question, a sentence its author calls a belief and a hand-off ("… to
    decide") state nothing; the rule beside them stays."""
    assert not states("**Must the gate close first on a storm day?**")
    found = stated(
        "Current belief is that the session must be renewed before long uploads. "
        "Uploads now go in parts of 5 MB. Is the night rate enough? "
        "The warehouse team to measure whether it must change."
    )
    assert [text for _, text in found] == ["Uploads now go in parts of 5 MB."]
