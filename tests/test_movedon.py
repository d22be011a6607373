"""A person the held lesson sends its work to said to have left, another named after,
replaces it (`agentmem.core.movedon`); a leaver the lesson does not name, a leaver who
still does the work, a denial and a draft naming no successor keep it."""

from __future__ import annotations

import time

import pytest

from agentmem.core.held import Held, judge
from agentmem.core.movedon import moved_on

HELD = "Invoice approvals go to Dana Whitfield in finance; she signs before 16:00."


@pytest.mark.parametrize(
    "draft",
    [
        "Dana left for the Oslo office, so invoice approvals go to Ravi now.",
        "Dana Whitfield is on parental leave; invoice approvals are signed by Ravi until May.",
        "Dana has moved over to treasury. Invoice approvals now go to Ravi.",
    ],
)
def test_the_holder_left_and_another_named_replace(draft: str) -> None:
    assert moved_on(draft, HELD)
    assert judge(draft, [Held("h1", HELD, "semantic")], "semantic").replaces == ["h1"]


@pytest.mark.parametrize(
    ("draft", "held"),
    [
        ("Tomas left the team, so invoice approvals go to Ravi now.", HELD),  # not the holder
        ("Dana moved to the Oslo office; she still signs invoice approvals.", HELD),  # still
        ("Dana has not left; invoice approvals go to her, Ravi covers Fridays.", HELD),  # denied
        ("Dana moved over to treasury this week.", HELD),  # no one named after
        ("Dana left, so invoice approvals go to Ravi.", "Dana left in May; approvals: Ravi."),
        ("Ravi moved over to treasury, so stock counts go to Ines.", HELD),  # nothing shared
    ],
)
def test_near_misses_stay(draft: str, held: str) -> None:
    assert not moved_on(draft, held)


@pytest.mark.parametrize(
    "text",
    ["Dana left " * 20_000, "Dana left, " + "Ravi " * 30_000, "Dana \ud800 left, Ravi" * 5_000],
)
def test_hostile_text_reads_in_linear_time(text: str) -> None:
    start = time.process_time()
    moved_on(text, HELD)
    moved_on(HELD, text)
    assert time.process_time() - start < 10
