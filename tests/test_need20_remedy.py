"""A failure in a worker's pack comes with the lesson on its cause (`select.remedy`).

The failure's record says what broke in its checks' details; the goal that found it may
share few words with the lesson that says what to do about it. The pack adds that lesson,
unless a lesson already packed speaks of the cause, or no lesson shares enough of its words."""

from __future__ import annotations

from agentmem import Hit
from agentmem.core.model import Kind, MemoryType
from agentmem.retrieval.select import choose
from agentmem.stores.bm25 import tokenize
from tests.test_pack import hit, memory

GOAL = set(tokenize("Show beekeepers which apiaries they can reach before they drive out"))
FAILED = (
    "Run 2026-11-20-run-014: Load-test the apiary overview ended in failure. The overview "
    "stalled at 350 users. Failed: load-test (over budget: map tiles rendered per request on "
    "/v2/apiary/map). 3 other check(s) passed."
)
CAUSE = "Apiary map tiles are rendered once a night; never render them per request."
OTHER = "An apiary is listed only after a keeper confirms its site in person."
# The runner-up enters on a quarter of the best (`RUNNER_UP`): the lessons below come third.
RUNNER = "Beekeepers see apiaries per county, never per hive."


def lesson(n: int, score: float, text: str) -> Hit:
    return hit(n, MemoryType.SEMANTIC, 0.8, score, text)


def failure(score: float) -> Hit:
    record = memory(20, MemoryType.EPISODIC, 1.0, FAILED, outcome="failure")
    return Hit(memory=record, score=score)


def packed(lessons: list[Hit], records: list[Hit]) -> set[str]:
    """The ids `choose` packs, the best lesson and the runner-up left out."""
    top = [lesson(8, 10.0, OTHER), lesson(9, 6.0, RUNNER)]
    return {h.memory.id for h in choose([*top, *lessons], records, GOAL)} - {
        h.memory.id for h in top
    }


def test_a_packed_failure_brings_the_lesson_on_its_cause() -> None:
    """The lesson sharing the failed check's words ("map", "tiles", "rendered") is
    packed beside the failure, under the lessons' bar and out of their reach."""
    cause, run = lesson(2, 3.0, CAUSE), failure(8.0)
    assert packed([cause], [run]) == {cause.memory.id, run.memory.id}


def test_no_lesson_is_added_when_a_packed_one_speaks_of_the_cause() -> None:
    """A lesson over the bar already tells the cause: no second one joins it."""
    told = lesson(1, 10.0, CAUSE)
    again = lesson(2, 3.0, "Map tiles rendered per request on /v2/apiary/map are too slow.")
    run = failure(8.0)
    assert packed([told, again], [run]) == {told.memory.id, run.memory.id}


def test_a_lesson_sharing_two_words_of_the_cause_stays_out() -> None:
    """Two words in common ("map", "budget") may be chance: the lesson stays out."""
    chance = lesson(2, 3.0, "The swarm budget map is redrawn every spring.")
    run = failure(8.0)
    assert packed([chance], [run]) == {run.memory.id}


def test_a_lesson_under_a_quarter_of_the_best_stays_out() -> None:
    """Far under the best lesson on the goal, a lesson on the cause is another goal's."""
    far, run = lesson(2, 2.0, CAUSE), failure(8.0)
    assert packed([far], [run]) == {run.memory.id}


def test_without_a_packed_failure_no_lesson_is_added() -> None:
    assert packed([lesson(2, 3.0, CAUSE)], []) == set()


def test_a_packed_pattern_quoting_the_failed_check_does_not_count_as_its_remedy() -> None:
    """Hook E's pattern of the failures quotes their failed check ("map tiles rendered per
    request"): it speaks of the cause in the cause's words, but says nothing of what to do
    about it, so the lesson on the cause still joins the failure."""
    pattern_text = (
        "Recurring failure in apiary-web: load-test failed in 2 runs with "
        '"over budget: map tiles rendered per request on /v2/apiary/map".'
    )
    told = memory(5, MemoryType.REFLECTIVE, 0.85, pattern_text)
    pattern = Hit(memory=told.model_copy(update={"kind": Kind.ASSESSMENT}), score=9.0)
    cause, run = lesson(2, 3.0, CAUSE), failure(8.0)
    assert cause.memory.id in packed([pattern, cause], [run])
