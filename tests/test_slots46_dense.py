"""A clause dense with values is read in time linear in its length (`agentmem.core.slots`):
each value's slot took the clause's content words read anew, so a draft at the writer's
size limit that is one clause of 1,600 figures cost seconds against every held lesson
(the judge asks `reslotted` before the tests that set two texts apart)."""

from __future__ import annotations

import time

from agentmem.core.slots import slots
from agentmem.core.validate import MAX_TEXT
from agentmem.core.verdict import Held, judge

HELD = [
    "The kiln runs at 1450 C on line 2 since 2024.",
    "Line 2 bookings are approved by Marta Kowalski in the planner.",
    "Boiler 3 purges for 90 s before light-off.",
    "Pallets are wrapped 6 times at the base on the east line.",
]


def test_the_values_of_one_clause_share_its_words() -> None:
    read = slots("the press at line 4 runs 12 strokes at 80 C and 3 bar")
    assert len(read) >= 4
    assert len({id(s.clause) for s in read}) == 1
    assert read[0].clause == frozenset(("press", "line", "run", "stroke", "bar"))


def test_one_clause_of_many_values_reads_as_fast_as_many_short_clauses() -> None:
    # linear in length: one clause of 1,600 figures against sixteen clauses of 100 each,
    # compared in one run (each value re-reading its clause made the first ~16 times slower)
    read = slots.__wrapped__
    one = ("2024 " * 1600).strip()
    many = ". ".join(["2024 " * 99 + "2024"] * 16)
    started = time.process_time()
    read(one)
    long_clause = time.process_time() - started
    started = time.process_time()
    read(many)
    short_clauses = time.process_time() - started
    assert long_clause < 3 * short_clauses + 0.05


def test_a_draft_of_figures_at_the_size_limit_is_judged_in_bounded_time() -> None:
    draft = ("2024 " * MAX_TEXT)[: MAX_TEXT - 1]
    held = [Held(f"h{i}", text, "semantic") for i, text in enumerate(HELD * 2)]
    started = time.process_time()
    judge(draft, held, "semantic")
    assert time.process_time() - started < 5
