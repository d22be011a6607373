"""One reading of two kinds of a thing (`agentmem.core.holders.own_kinds`), asked by both
`two_things` and the hand-over rule."""

from __future__ import annotations

from agentmem.core.holders import own_kinds, two_things


def test_own_kinds_needs_two_words_each_said_by_one_side() -> None:
    """Two different words before one word, neither said by the other side: two kinds."""
    assert own_kinds("billing", "shipping", {"billing", "rota"}, {"shipping", "rota"})
    assert not own_kinds("billing", "billing", {"billing"}, {"billing"})
    assert not own_kinds("billing", None, {"billing"}, set())
    assert not own_kinds("billing", "shipping", {"billing", "shipping"}, {"shipping"})


def test_two_things_reads_own_kinds_of_a_shared_word() -> None:
    """The billing rota and the shipping rota are two rotas; the holders are set aside."""
    holders = frozenset(("ana", "bo"))
    assert two_things("Ana runs the billing rota", "Bo runs the shipping rota", holders)
    assert not two_things("Ana runs the billing rota", "Bo runs the billing rota", holders)
