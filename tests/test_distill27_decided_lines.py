"""A plain line labelled as a decision taken ("Decided: …", a log's "DECISION (who): …"
after its stamp) is a lesson of its own wherever it stands (`agentmem.harvest.labelled.
decided_line`): not the tail of the list item above it, nor a part of the log's other
lines. A held lesson it changes is replaced."""

from __future__ import annotations

from agentmem.core.verdict import Held, judge
from agentmem.harvest.distill import distill
from agentmem.harvest.labelled import decided_line

MEMO = """MEMO
From: the studio lead
Re: glaze batches

- The last two batches crazed on the tiles. Check the kiln log before each firing.
Decided: glaze batch labels carry a 6-digit batch number (GB000001), per the new sheet.
- Nobody fires a kiln alone after 20:00.
"""

LOG = """# Kiln room log, week 12

2027-03-01 07:10 Early (Ines): kiln 2 cooled overnight, unloaded.
2027-03-02 14:10 DECISION (ops, J. Moss): glaze orders go to orders.fornax.example as JSON from 2027-03-08.
The old fax line closes the same day.
2027-03-03 22:40 Late (Tom): kiln 3 element replaced.
"""


def test_decided_line_reads_the_label_after_a_stamp() -> None:
    """ "Decided: …" and "<date> <time> DECISION (who): …" are decisions, without the stamp;
    a line that only mentions a decision is not."""
    assert decided_line("Decided: kilns cool overnight.") == "Decided: kilns cool overnight."
    assert decided_line("2027-03-02 14:10 DECISION (ops): kilns cool overnight.") == (
        "DECISION (ops): kilns cool overnight."
    )
    assert decided_line("We decided nothing about the kilns.") is None


def test_a_decided_line_under_an_item_is_a_lesson_of_its_own() -> None:
    """The memo's "Decided:" line after a list item is its own lesson, not the item's end."""
    found = [lesson.text for lesson in distill(MEMO, "memos/glaze.md", periodic=False).found]
    assert found == [
        "Decided: glaze batch labels carry a 6-digit batch number (GB000001), per the new sheet."
    ]


def test_a_log_decision_is_a_lesson_up_to_the_next_stamped_line() -> None:
    """A log's decision line, with the unstamped line that goes on from it, is a lesson; the
    log's other entries stay prose."""
    found = [lesson.text for lesson in distill(LOG, "log/week-12.md", periodic=True).found]
    assert (
        "DECISION (ops, J. Moss): glaze orders go to orders.fornax.example as JSON from "
        "2027-03-08. The old fax line closes the same day."
    ) in found
    assert not any("element replaced" in text for text in found)


def test_a_decided_line_replaces_the_held_value() -> None:
    """The memo's decision, once a lesson, replaces the held batch number format."""
    held = "Glaze batch labels carry a 5-digit batch number (GB00001), printed on every bag."
    draft = (
        "Decided: glaze batch labels carry a 6-digit batch number (GB000001), per the new sheet."
    )
    assert judge(draft, [Held("held-1", held, "semantic")], "semantic").replaces == ["held-1"]
