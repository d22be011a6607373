"""A held lesson sending its work to a named thing the draft says is out of service, with
another thing named, is replaced (`agentmem.core.outofservice`); another thing told alone,
a thing said out that the lesson does not name, the thing's own facts, and a draft naming
no successor keep it."""

from __future__ import annotations

import time

import pytest

from agentmem import MemoryHooks
from agentmem.core.held import Held, judge
from agentmem.core.outofservice import put_elsewhere
from tests.conftest import ManualClock
from tests.test_members import replaced_later

HELD = "Serum samples go in freezer F2 until the courier logs them."


@pytest.mark.parametrize(
    "draft",
    [
        "F2 is out of service after the compressor failed; serum samples go to F4.",
        "Freezer F2 has been decommissioned. Serum samples now go in F7.",
        "With F2 out of service since Monday, put serum samples in F5.",
    ],
)
def test_the_thing_said_out_and_a_successor_named_replace(draft: str) -> None:
    assert put_elsewhere(draft, HELD)
    assert judge(draft, [Held("h1", HELD, "semantic")], "semantic").replaces == ["h1"]


def test_a_named_crew_withdrawn_hands_its_work_to_another() -> None:
    held = "Night pallets are picked by Crew 3 at the north dock."
    draft = "Crew 3 is withdrawn for retraining; night pallets are picked by Crew 6."
    assert judge(draft, [Held("h1", held, "semantic")], "semantic").replaces == ["h1"]


@pytest.mark.parametrize(
    ("draft", "held"),
    [
        # another freezer told alone: a look-alike, no end of F2
        ("Serum samples go in freezer F4 on weekends.", HELD),
        # a thing said out that the held lesson does not name
        ("F3 is out of service; serum samples go to F4.", HELD),
        # no successor named
        ("F2 is out of service until Monday.", HELD),
        # the thing's own facts outlive its service: it opens the lesson
        ("Hoist H2 is retired; loads go to H5.", "Hoist H2 was serviced in May; its cable is new."),
        # the held lesson already says the thing is out
        ("F2 is out of service; serum samples go to F4.", "F2 is out of service; use F3."),
        # nothing of the work shared
        ("F2 is out of service; reagent kits go to F4.", "Invoices are filed in Cabinet F2."),
    ],
)
def test_near_misses_stay(draft: str, held: str) -> None:
    assert not put_elsewhere(draft, held)


def test_the_writer_retires_the_lesson_end_to_end(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    draft = "F2 is out of service after the compressor failed; serum samples go to F4."
    old, result = replaced_later(clocked_hooks, clock, "lab", HELD, draft)
    assert result.record["supersedes"] == [old]


@pytest.mark.parametrize(
    "text",
    [
        "F2 " * 40_000,
        "Freezer " * 20_000 + "F2 is",
        ("retired the " + "x " * 30) * 3_000,
        "No. 4 \ud800 is out of service; samples go to No. 5 " * 2_000,
    ],
)
def test_hostile_text_reads_in_linear_time(text: str) -> None:
    start = time.process_time()
    put_elsewhere(text, HELD)
    put_elsewhere(HELD, text)
    assert time.process_time() - start < 10
