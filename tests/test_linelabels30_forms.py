"""A form filled in again and again (a register of items, each block "Item: … Cause: …
Action: … Owner: …") is no labelled-line retro: each block is one record whose lines lean
on each other, so the labelled-line reader leaves it to the readers that take it whole;
a status report or a standup with the same labels line after line is still read a line
a unit."""

from __future__ import annotations

from agentmem.harvest.linelabels import is_labelled

FORM = """# Hazard log, week 12

Hazard: The glaze mixer trips its breaker when started loaded.
Cause: inrush current on the old 10 A breaker.
Action: start the mixer empty, then add the glaze.
Owner: Tom (workshop).

Hazard: Kiln room over 35 degrees on afternoon firings.
Cause: the extractor fan runs at half speed.
Action: fire overnight until the fan is replaced.
Owner: Ana (studio).
"""

STATUS = """# Status, week 12

GREEN — Kilns: both fire on the Tuesday schedule now.
AMBER — Glazes: the blue batch ships on Thursdays from the new supplier.
GREEN — Shop: card payments go through the front desk terminal.

GREEN — Courses: the spring course list is on the site.
AMBER — Studio B: the fan part is due next week.
"""


def test_a_form_filled_in_twice_is_not_read_a_line_a_unit() -> None:
    assert not is_labelled(FORM)


def test_a_status_report_in_blocks_is_still_labelled_lines() -> None:
    """Status words are no form's labels: two blocks of status lines are read a line a
    unit as before."""
    assert is_labelled(STATUS)
