"""A run that went well after a packed setback, on that setback's work, reaches the worker.

A pack holds the failures on the goal's ground and, when lessons were found, no plain
success unless it is the run nearest the goal. The run that later did the failed work
again and went well says how the failure was got past (the fix, the new setting), which
the failure alone does not. Only a success written after every packed setback, whose goal
holds at least half of one setback's goal words, is that sequel: a later success on other
work, or an earlier one on the same work, stays out."""

from __future__ import annotations

from agentmem import Hit
from agentmem.core.model import MemoryType, Outcome
from agentmem.retrieval.select import choose
from agentmem.stores.bm25 import tokenize
from tests.test_pack import memory

GOAL = set(tokenize("Fire the glaze batch for the spring market"))


def run(n: int, score: float, day: int, outcome: Outcome, text: str) -> Hit:
    created = f"2026-03-{day:02d}T12:00:00+00:00"
    kind = MemoryType.EPISODIC
    return Hit(memory=memory(n, kind, 1.0, text, outcome=outcome, created_at=created), score=score)


LESSON = Hit(
    memory=memory(1, MemoryType.SEMANTIC, 0.8, "Celadon glazes crawl when fired wet."),
    score=5.0,
)
FAILED = run(
    2,
    10.0,
    4,
    Outcome.FAILURE,
    "Run 2026-03-04-r4: Fire the glaze batch in kiln two ended in failure. Crawling on 31 pots.",
)
SEQUEL = run(
    3,
    6.0,
    11,
    Outcome.SUCCESS,
    "Run 2026-03-11-r9: Fire the glaze batch in kiln two on a slow ramp ended in success. "
    "Held 60 degrees an hour to 600; no crawling.",
)


def chosen(*records: Hit) -> set[int]:
    picked = choose([LESSON], list(records), GOAL)
    return {int(h.memory.id.rsplit("-", 1)[1], 16) for h in picked}


def test_a_later_success_on_a_packed_setbacks_work_is_packed_with_it() -> None:
    """The failure is nearest the goal; the later run of the same work that went well
    enters beside it (before, a lesson found kept every success out)."""
    assert chosen(FAILED, SEQUEL) == {1, 2, 3}


def test_a_later_success_on_other_work_stays_out() -> None:
    """A success after the failure whose goal shares too few of its words is other work."""
    other = run(
        4,
        8.0,
        12,
        Outcome.SUCCESS,
        "Run 2026-03-12-r11: Sort the clay deliveries for the glaze room ended in success.",
    )
    assert chosen(FAILED, other) == {1, 2}


def test_a_success_on_the_same_work_before_the_setback_stays_out() -> None:
    """The same work going well before it failed says nothing of how the failure was got
    past: it tells how things were."""
    before = run(
        5,
        7.0,
        1,
        Outcome.SUCCESS,
        "Run 2026-03-01-r1: Fire the glaze batch in kiln two ended in success. 28 pots.",
    )
    assert chosen(FAILED, before) == {1, 2}
