"""A replaced lesson that another lesson says still holds comes back to the pack.

A decision on one thing can be judged to replace a lesson on its neighbour, though the
decision says the neighbour is untouched; the neighbour's lesson then never reached a
worker. It comes back when every value it states is named by a lesson that says it stays,
and no lesson that replaced it names one of them (then the value may have moved for the
old lesson's own subject)."""

from __future__ import annotations

from agentmem import Hit
from agentmem.core.model import MemoryType
from agentmem.retrieval.kept import still_held
from tests.test_pack import memory

OLD = "The glaze kiln fires cone 6 at 1.22 bar of gas; the bisque kiln is not touched by this."


def lesson(n: int, score: float, text: str, supersedes: tuple[int, ...] = ()) -> Hit:
    replaced = [f"semantic-{old:012x}" for old in supersedes]
    return Hit(memory=memory(n, MemoryType.SEMANTIC, 0.8, text, supersedes=replaced), score=score)


def ids(hits: list[Hit]) -> set[int]:
    return {int(h.memory.id.rsplit("-", 1)[1], 16) for h in hits}


def test_a_lesson_replaced_by_a_decision_on_its_neighbour_comes_back() -> None:
    """The bisque kiln's 0.95 bar was replaced by the glaze kiln's decision; the week's
    review says the bisque kiln stays at 0.95: the bisque lesson is packed again."""
    old = lesson(1, 6.0, "The bisque kiln runs at 0.95 bar of gas; more cracks the greenware.")
    decision = lesson(2, 9.0, "Glaze kiln gas goes to 1.22 bar from Monday.", (1,))
    review = lesson(3, 5.0, "Week 12 review: glaze kiln to 1.22 bar; bisque kiln stays at 0.95.")
    assert ids(still_held([decision, review], [decision, review, old], bar=4.0)) == {1}


def test_a_replacement_that_names_the_old_value_keeps_it_replaced() -> None:
    """A lesson "both kilns run at 0.95" replaced by "the glaze kiln moves to 1.22; the bisque
    kiln keeps 0.95": the value moved for one of the old lesson's own subjects, so the old
    lesson, which tells the glaze kiln at 0.95, stays out."""
    old = lesson(1, 6.0, "Both kilns run at 0.95 bar of gas.")
    new = lesson(2, 9.0, "The glaze kiln moves to 1.22 bar; the bisque kiln keeps 0.95.", (1,))
    assert still_held([new], [new, old], bar=4.0) == []


def test_without_a_lesson_saying_it_stays_a_replaced_lesson_stays_out() -> None:
    """A replaced lesson whose value no lesson says still holds is not brought back, nor
    one that states no value, nor one under the pack's bar."""
    old = lesson(1, 6.0, "The bisque kiln runs at 0.95 bar of gas.")
    new = lesson(2, 9.0, "Glaze kiln gas goes to 1.22 bar from Monday.", (1,))
    assert still_held([new], [new, old], bar=4.0) == []
    plain = lesson(3, 6.0, "The bisque kiln is loaded by hand; it stays shut overnight.")
    stays = lesson(4, 9.0, "Bisque firing is unchanged at 0.95 bar.", (3,))
    assert still_held([stays], [stays, plain], bar=4.0) == []
    weak = lesson(5, 3.0, "The bisque kiln runs at 0.95 bar of gas.")
    decision = lesson(6, 9.0, "Glaze kiln to 1.22 bar. The bisque kiln stays at 0.95.", (5,))
    assert still_held([decision], [decision, weak], bar=4.0) == []


def test_a_live_lesson_is_not_brought_back_twice() -> None:
    """A lesson already among the live ones is left where it is."""
    live = lesson(1, 6.0, OLD)
    stays = lesson(2, 9.0, "The bisque kiln stays at 1.22 bar.")
    assert still_held([live, stays], [live, stays], bar=4.0) == []
