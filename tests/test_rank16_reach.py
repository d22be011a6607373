"""How far under the best lesson a lesson naming the goal's own work still reaches a worker.

A goal worded unlike most of its lessons matches one of them on many words; that lesson's
score sets the bar, and the next lesson on the same work, which names two or three of the
goal's words among others of its own, once fell short of the reach. A lesson sharing one
goal word, or two far below the best, stays out."""

from __future__ import annotations

from agentmem import Hit
from agentmem.core.model import MemoryType
from agentmem.retrieval.select import choose
from agentmem.stores.bm25 import tokenize
from tests.test_pack import hit

GOAL = set(tokenize("Book the rehearsal hall and a piano tuner for the touring choir"))
BEST = "Rehearsal hall bookings for the touring choir go through the venue desk; a piano tuner "


def lesson(n: int, score: float, text: str) -> Hit:
    return hit(n, MemoryType.SEMANTIC, 0.8, score, text)


def chosen(*hits: Hit) -> set[int]:
    return {int(h.memory.id.rsplit("-", 1)[1], 16) for h in choose(hits, [], GOAL)}


def test_a_lesson_on_two_of_the_goals_words_reaches_down_to_a_quarter_of_the_best() -> None:
    """At 0.3 of a lesson that repeats the goal, one naming two of its words ("tuner",
    "piano") is packed; one at 0.3 naming a single word ("hall") is not."""
    best = lesson(1, 12.0, BEST + "is booked a week ahead for the choir's hall.")
    two = lesson(2, 3.6, "The tuner wants the piano moved off the stage riser the night before.")
    one = lesson(3, 3.6, "Coats and umbrellas stay in the lobby, never in the hall itself.")
    assert chosen(best, two, one) == {1, 2}


def test_a_lesson_on_three_of_the_goals_words_reaches_down_to_015_of_the_best() -> None:
    """At 0.2 of the best, a lesson naming three of the goal's words ("choir", "piano",
    "tuner") is packed; one naming two ("piano", "tuner") at the same score is not, nor
    one naming three at a tenth of the best."""
    best = lesson(1, 12.0, BEST + "is booked a week ahead for the choir's hall.")
    three = lesson(2, 2.4, "Our choir's upright piano drifts flat in winter; the tuner knows it.")
    two = lesson(3, 2.4, "Any tuner who works on the grand piano signs the humidity log.")
    far = lesson(4, 1.2, "A choir trip abroad takes its own tuner only when a piano is hired.")
    assert chosen(best, three, two, far) == {1, 2}
