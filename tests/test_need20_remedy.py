"""A failure in a worker's pack comes with the lesson on its cause (`select.remedy`).

The failure's record says what broke in its checks' details; the goal that found it may
share few words with the lesson that says what to do about it. The pack adds that lesson,
unless a lesson already packed speaks of the cause, or no lesson shares enough of its words."""

from __future__ import annotations

from agentmem import Hit
from agentmem.core.model import MemoryType
from agentmem.retrieval.select import choose
from agentmem.stores.bm25 import tokenize
from tests.test_pack import hit, memory

GOAL = set(tokenize("Let beekeepers see which hive slots are free before they drive out"))
FAILED = (
    "Run 2026-11-20-run-014: Load-test the hive slot search ended in failure. Requests queued "
    "past 600 rps. Failed: load-test (p99 2900 ms over budget: connection pool exhausted on "
    "/v1/hives/nearby). 3 other check(s) passed."
)
CAUSE = "The pool was not the problem: /v1/hives/nearby must read slot states from the cache."
OTHER = "Hive slots are shown free only when no keeper booked them in the last hour."
# The runner-up enters on a quarter of the best (`RUNNER_UP`): the lessons below come third.
RUNNER = "Beekeepers see slots per apiary, never per hive."


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
    """The lesson sharing the failed check's words ("pool", "hives", "nearby") is
    packed beside the failure, under the lessons' bar and out of their reach."""
    cause, run = lesson(2, 3.0, CAUSE), failure(8.0)
    assert packed([cause], [run]) == {cause.memory.id, run.memory.id}


def test_no_lesson_is_added_when_a_packed_one_speaks_of_the_cause() -> None:
    """A lesson over the bar already tells the cause: no second one joins it."""
    told = lesson(1, 10.0, CAUSE)
    again = lesson(2, 3.0, "Connection pool exhausted on /v1/hives/nearby: the pool is too small.")
    run = failure(8.0)
    assert packed([told, again], [run]) == {told.memory.id, run.memory.id}


def test_a_lesson_sharing_two_words_of_the_cause_stays_out() -> None:
    """Two words in common ("pool", "budget") may be chance: the lesson stays out."""
    chance = lesson(2, 3.0, "The swarm budget pool is topped up every spring.")
    run = failure(8.0)
    assert packed([chance], [run]) == {run.memory.id}


def test_a_lesson_under_a_quarter_of_the_best_stays_out() -> None:
    """Far under the best lesson on the goal, a lesson on the cause is another goal's."""
    far, run = lesson(2, 2.0, CAUSE), failure(8.0)
    assert packed([far], [run]) == {run.memory.id}


def test_without_a_packed_failure_no_lesson_is_added() -> None:
    assert packed([lesson(2, 3.0, CAUSE)], []) == set()
