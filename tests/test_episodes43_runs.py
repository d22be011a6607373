"""The run that went well nearest a goal gives its place to a later run of its shape that
tells a change (`agentmem.retrieval.runs.changed_later`): a pack and hook A's history tell
how the work goes now, not how it went before the change.

"Of its shape": the same app, filed under the very same tags, a goal sharing a word. The
near misses keep the nearest run: a later run of that shape telling no change, one telling
a change under other tags, an older one, one that failed.
"""

from __future__ import annotations

from agentmem import Hit
from agentmem.core.model import Outcome
from agentmem.retrieval.history import history
from agentmem.retrieval.runs import latest
from agentmem.retrieval.select import choose
from agentmem.stores.base import Filters
from agentmem.stores.bm25 import tokenize
from tests.conftest import held

APP = "print-farm"
TAGS = ("printing", "queue")


def run(
    day: int, n: int, goal: str, summary: str, tags: tuple[str, ...] = TAGS, **fields: object
) -> Hit:
    run_id = f"2027-03-{day:02d}-run-{n:03d}"
    outcome = fields.pop("outcome", Outcome.SUCCESS)
    assert isinstance(outcome, Outcome)
    text = f"Run {run_id}: {goal} ended in {outcome.value}. {summary} All 3 check(s) passed."
    memory = held(
        text, day, f"episodic-{day:04d}{n:08d}", app_id=APP, type="episodic", run_id=run_id,
        outcome=outcome.value, confidence=1.0, tags=(f"outcome-{outcome.value}", *tags),
    )  # fmt: skip
    return Hit(memory=memory, score=float(fields.pop("score", 5.0)))


NEAREST = run(
    3,
    1,
    "Send the badge print jobs from the spool folder",
    "The spooler picks up PDF jobs from the share every minute; 40 badges printed.",
    score=9.0,
)
MOVED = run(
    12,
    2,
    "Move badge printing to the cloud queue",
    "Badge jobs now go through the cloud print queue; the share spooler is switched off.",
    score=4.0,
)


def test_a_later_run_of_its_shape_telling_a_change_takes_the_nearest_runs_place() -> None:
    """Its goal shares one word ("badge") with the nearest run's, too few to be the same
    work, but it is filed the same way and says the way changed: it is told instead."""
    assert latest([NEAREST], NEAREST, [NEAREST, MOVED]) is MOVED


def test_the_pack_tells_the_change_not_the_old_way() -> None:
    """In a pack, the change need not be among the runs of the goal's own work: any run
    the goal found over the bar may take the nearest's place."""
    goal = set(tokenize("Print the badges for the spring fair from the spool"))
    picked = choose([], [NEAREST], goal, changes=[NEAREST, MOVED])
    assert [h.memory.id for h in picked] == [MOVED.memory.id]


def test_a_later_run_of_its_shape_telling_no_change_leaves_the_nearest() -> None:
    plain = run(12, 3, "Reprint two badges", "Two badges reprinted from the share.", score=4.0)
    assert latest([NEAREST], NEAREST, [NEAREST, plain]) is NEAREST


def test_a_change_under_other_tags_or_older_or_failed_leaves_the_nearest() -> None:
    other_tags = run(
        12,
        4,
        "Move badge printing to the cloud queue",
        "Badge jobs now go through the cloud print queue.",
        tags=("printing", "billing"),
    )
    older = run(1, 5, "Move badge printing off the old desk printer", "Badges now go to the share.")
    failed = run(
        13,
        6,
        "Move badge printing to the cloud queue",
        "Badge jobs now go through the cloud print queue; half were lost.",
        outcome=Outcome.FAILURE,
    )
    for candidate in (other_tags, older, failed):
        assert latest([NEAREST], NEAREST, [NEAREST, candidate]) is NEAREST


def test_hook_a_tells_the_later_run_of_the_nearest_runs_work() -> None:
    """Hook A's nearest success takes the pack's reading: the later run of its shape that
    tells a change is the one told (a search that returns every memory of the kind asked)."""
    runs = [NEAREST, MOVED]

    def search(query: str, k: int, filters: Filters) -> list[Hit]:
        kinds = set(filters.types or ())
        return [h for h in runs if h.memory.type.value in kinds][:k]

    found = history(search, "badge printing", Filters(app_ids=(APP,)), 0.0)
    assert found.success is not None
    assert found.success.id == MOVED.memory.id
