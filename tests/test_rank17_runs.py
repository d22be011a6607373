"""Which plain successes reach a worker beside the lessons and setbacks of its pack.

A pack holds the failures on the goal's ground and, when lessons were found, no plain
success unless it is the run nearest the goal.

- The run that later did a packed setback's work again and went well says how the failure
  was got past (the fix, the new setting), which the failure alone does not. Only a
  success written after every packed setback, whose goal holds at least half of one
  setback's goal words, is that sequel: a later success on other work, or an earlier one
  on the same work, stays out.
- A run scores by the words it repeats, not by its date: when the run nearest the goal
  went well, the newest run over the bar that did the same work again and went well
  takes its place; a newer success on other work, or an older one, does not.
- A nearest success written before a packed setback gives its place to that setback's
  sequel, when there is one."""

from __future__ import annotations

from agentmem import Hit
from agentmem.core.model import MemoryType, Outcome
from agentmem.retrieval.select import choose
from agentmem.stores.bm25 import tokenize
from tests.test_pack import memory


def run(n: int, score: float, day: str, outcome: Outcome, text: str) -> Hit:
    created = f"2026-{day}T12:00:00+00:00"
    kind = MemoryType.EPISODIC
    return Hit(memory=memory(n, kind, 1.0, text, outcome=outcome, created_at=created), score=score)


def chosen(goal: str, lesson: str, *records: Hit) -> set[int]:
    found = Hit(memory=memory(1, MemoryType.SEMANTIC, 0.8, lesson), score=5.0)
    picked = choose([found], list(records), set(tokenize(goal)))
    return {int(h.memory.id.rsplit("-", 1)[1], 16) for h in picked}


KILN = "Fire the glaze batch for the spring market"
CRAWL = "Celadon glazes crawl when fired wet."
FAILED = run(
    2,
    10.0,
    "03-04",
    Outcome.FAILURE,
    "Run 2026-03-04-r4: Fire the glaze batch in kiln two ended in failure. Crawling on 31 pots.",
)
SEQUEL = run(
    3,
    6.0,
    "03-11",
    Outcome.SUCCESS,
    "Run 2026-03-11-r9: Fire the glaze batch in kiln two on a slow ramp ended in success. "
    "Held 60 degrees an hour to 600; no crawling.",
)


def test_a_later_success_on_a_packed_setbacks_work_is_packed_with_it() -> None:
    """The failure is nearest the goal; the later run of the same work that went well
    enters beside it (before, a lesson found kept every success out)."""
    assert chosen(KILN, CRAWL, FAILED, SEQUEL) == {1, 2, 3}


def test_a_later_success_on_other_work_stays_out() -> None:
    """A success after the failure whose goal shares too few of its words is other work."""
    other = run(
        4,
        8.0,
        "03-12",
        Outcome.SUCCESS,
        "Run 2026-03-12-r11: Sort the clay deliveries for the glaze room ended in success.",
    )
    assert chosen(KILN, CRAWL, FAILED, other) == {1, 2}


def test_a_success_on_the_same_work_before_the_setback_stays_out() -> None:
    """The same work going well before it failed says nothing of how the failure was got
    past: it tells how things were."""
    before = run(
        5,
        7.0,
        "03-01",
        Outcome.SUCCESS,
        "Run 2026-03-01-r1: Fire the glaze batch in kiln two ended in success. 28 pots.",
    )
    assert chosen(KILN, CRAWL, FAILED, before) == {1, 2}


CERT = "Renew the TLS certificate of the lab gateway"
DAYS = "Gateway certificates last 90 days."
MARCH = run(
    2,
    9.0,
    "03-15",
    Outcome.SUCCESS,
    "Run 2026-03-15-g2: Renew the lab gateway certificate ended in success. Issued by the old CA.",
)
MAY = run(
    3,
    7.0,
    "05-15",
    Outcome.SUCCESS,
    "Run 2026-05-15-g7: Renew the lab gateway certificate ended in success. Issued by the new CA.",
)


def test_the_newest_success_of_the_nearest_runs_work_takes_its_place() -> None:
    """March's run scores higher; May's did the same work later and is packed instead."""
    assert chosen(CERT, DAYS, MARCH, MAY) == {1, 3}


def test_a_newer_success_on_other_work_leaves_the_nearest_run() -> None:
    """A newer success whose goal shares too few of the nearest run's goal words is other
    work: the nearest run stays."""
    other = run(
        4,
        6.0,
        "06-15",
        Outcome.SUCCESS,
        "Run 2026-06-15-g9: Rotate the lab printer toner ended in success.",
    )
    assert chosen(CERT, DAYS, MARCH, other) == {1, 2}


def test_an_older_success_of_the_same_work_does_not_replace_a_newer_nearest_run() -> None:
    """Only a later run takes the nearest one's place."""
    january = run(
        5,
        6.0,
        "01-15",
        Outcome.SUCCESS,
        "Run 2026-01-15-g1: Renew the lab gateway certificate ended in success. Old CA.",
    )
    assert chosen(CERT, DAYS, MAY, january) == {1, 3}


HUB = "Rebuild the rear hub of the cargo bike"
SPOKES = "Cargo bike wheels take 13-gauge spokes."
FRONT = "Run 2026-04-{}-b1: Rebuild the front wheel of the cargo bike ended in success."
GRIND = run(
    3,
    8.0,
    "04-10",
    Outcome.FAILURE,
    "Run 2026-04-10-b4: Rebuild the rear hub with the old bearings ended in failure. "
    "Grinding after 20 km.",
)
SEALED = run(
    4,
    5.0,
    "04-14",
    Outcome.SUCCESS,
    "Run 2026-04-14-b6: Rebuild the rear hub with sealed bearings ended in success.",
)


def test_a_sequel_takes_the_place_of_a_nearest_success_older_than_the_setback() -> None:
    """The run nearest the goal went well before the packed setback, on other work: the
    later success on the setback's work is packed instead."""
    front = run(2, 9.0, "04-01", Outcome.SUCCESS, FRONT.format("01"))
    assert chosen(HUB, SPOKES, front, GRIND, SEALED) == {1, 3, 4}


def test_a_nearest_success_newer_than_the_setbacks_stays() -> None:
    """A success nearest the goal written after every setback keeps its place."""
    front = run(2, 9.0, "04-20", Outcome.SUCCESS, FRONT.format("20"))
    assert chosen(HUB, SPOKES, front, GRIND, SEALED) == {1, 2, 3}


def test_an_older_nearest_success_stays_when_no_run_went_well_after_the_setback() -> None:
    """Without a sequel, the nearest run that went well is still the one packed."""
    front = run(2, 9.0, "04-01", Outcome.SUCCESS, FRONT.format("01"))
    assert chosen(HUB, SPOKES, front, GRIND) == {1, 2, 3}
