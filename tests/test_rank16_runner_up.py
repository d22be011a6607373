"""The second-best lesson reaches a worker at a quarter of the best, on whatever words.

A lesson that repeats most of the goal's words scores far above the rest and sets the bar;
the runner-up, the next thing memory knows about the goal, once fell under it when it named
the goal's work in words of its own. Only the runner-up gets that reach: a third lesson at
the same score, or a runner-up further down, stays out."""

from __future__ import annotations

from agentmem import Hit
from agentmem.core.model import MemoryType
from agentmem.retrieval.select import choose
from agentmem.stores.bm25 import tokenize
from tests.test_pack import hit

GOAL = set(tokenize("Take the hives up to the heather moor this weekend"))
BEST = "Hives go up to the heather moor by night, entrances shut, one weekend in August."


def lesson(n: int, score: float, text: str) -> Hit:
    return hit(n, MemoryType.SEMANTIC, 0.8, score, text)


def chosen(*hits: Hit) -> set[int]:
    return {int(h.memory.id.rsplit("-", 1)[1], 16) for h in choose(hits, [], GOAL)}


def test_the_runner_up_enters_at_a_quarter_of_the_best_on_one_word() -> None:
    """At 0.3 of the best, the second lesson sharing one goal word ("heather") is packed;
    the third at 0.29, sharing one word ("hives") too, is not."""
    best = lesson(1, 20.0, BEST)
    runner_up = lesson(2, 6.0, "Heather honey sets in the comb: press it, never spin it.")
    third = lesson(3, 5.8, "Queenless hives get a frame of eggs from a strong colony.")
    assert chosen(best, third, runner_up) == {1, 2}


def test_a_runner_up_under_a_quarter_of_the_best_stays_out() -> None:
    """At 0.2 of the best, the second lesson on one shared word is a weak match: out."""
    best = lesson(1, 20.0, BEST)
    runner_up = lesson(2, 4.0, "Heather honey sets in the comb: press it, never spin it.")
    assert chosen(best, runner_up) == {1}
