"""Hook B: a run-record place no record took goes to the next lesson over the bar.

A pack holds six lessons, two failures and one success on the goal's ground. When memory
holds no such run, those places stayed empty and the seventh lesson over the bar, often the
one naming what the goal names outright, reached no worker. It takes the place now, unless
a packed change newer than it speaks of its ground: an older lesson may still tell the way
things were before that change."""

from __future__ import annotations

from agentmem import Hit
from agentmem.core.model import MemoryType, Outcome
from agentmem.retrieval.places import choose
from agentmem.stores.bm25 import tokenize
from tests.test_pack import memory

GOAL = set(tokenize("Schedule the glaze firing for the north kiln"))
TEXTS = [
    "Glaze firings run overnight so the kiln cools by morning.",
    "Cone 6 witness cones sit on the middle shelf of every firing.",
    "The firing schedule is posted on the studio board by Thursday.",
    "Kiln shelves get fresh kiln wash every tenth firing.",
    "Glaze buckets are stirred for two minutes before dipping.",
    "Firing logs record the peak temperature and the hold time.",
    "The north kiln's element 3 runs hot: load the top shelf lightly.",
]


def lesson(n: int, score: float, text: str, day: str = "05-01", **extra: object) -> Hit:
    created = f"2026-{day}T12:00:00+00:00"
    found = memory(n, MemoryType.SEMANTIC, 0.8, text, created_at=created, **extra)
    return Hit(memory=found, score=score)


def run(n: int, outcome: Outcome, score: float = 9.0) -> Hit:
    text = f"Run {n}: Schedule the glaze firing ended in {outcome.value}."
    return Hit(memory=memory(n, MemoryType.EPISODIC, 1.0, text, outcome=outcome), score=score)


def numbers(hits: list[Hit]) -> set[int]:
    return {int(h.memory.id.rsplit("-", 1)[1], 16) for h in hits}


def seven() -> list[Hit]:
    return [lesson(i + 1, 10.0 - i * 0.5, text) for i, text in enumerate(TEXTS)]


def test_the_seventh_lesson_takes_a_place_no_run_record_took() -> None:
    """With one failure on the goal's ground and no success, two record places are free:
    the seventh lesson over the bar (the one on the north kiln) is packed."""
    picked = numbers(choose(seven(), [run(30, Outcome.FAILURE)], GOAL))
    assert picked == {1, 2, 3, 4, 5, 6, 7, 30}


def test_the_seventh_lesson_waits_when_the_records_fill_their_places() -> None:
    """Two failures and the success nearest the goal take the three record places."""
    records = [run(30, Outcome.FAILURE), run(31, Outcome.FAILURE), run(32, Outcome.SUCCESS, 9.5)]
    picked = numbers(choose(seven(), records, GOAL))
    assert picked == {1, 2, 3, 4, 5, 6, 30, 31, 32}


def test_a_spare_place_skips_a_lesson_older_than_a_packed_change_on_its_ground() -> None:
    """A packed lesson that replaced another, newer than the seventh and sharing its words
    (the north kiln's element), keeps the older seventh out of a spare place; an eighth
    on other ground takes it."""
    hits = seven()
    hits[0] = lesson(
        1,
        10.0,
        "The north kiln's element 3 was replaced: shelves load evenly again.",
        day="06-01",
        supersedes=["semantic-0000000000aa"],
    )
    hits.append(lesson(8, 6.4, "Glaze test tiles go on the bottom shelf of each firing."))
    picked = numbers(choose(hits, [run(30, Outcome.FAILURE)], GOAL))
    assert 7 not in picked
    assert 8 in picked
