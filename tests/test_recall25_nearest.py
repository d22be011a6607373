"""A change that gives one new value of a kind retires, of the old text's several values
of that kind, the one said of the same things: an old lesson with two floors, one per buyer,
replaced by a new floor for one buyer, leaves the other buyer's floor standing, and a
lesson that states that one again is no restatement of a retired rule. Made-up texts."""

from __future__ import annotations

from agentmem import Hit
from agentmem.retrieval.lingering import restates_old, retirements
from tests.conftest import held

OLD = (
    "Harbor Pulp takes our cardboard at the posted index, floor $0.09/lb; "
    "office paper is sold to Ridge Mill, floor $0.31/lb."
)
NEW = "Starting May 1 the cardboard floor is $0.11/lb."
RIDGE = (
    "Ridge Mill pays the posted price for office paper, never under its $0.31/lb floor."
)


def test_the_other_buyers_floor_told_again_is_no_restatement() -> None:
    """A lesson written before the change on the untouched floor stays told."""
    old = held(OLD, 1, "semantic-000000000001", app_id="sales")
    new = held(NEW, 20, "semantic-000000000002", app_id="sales", supersedes=[old.id])
    ridge = held(RIDGE, 10, "semantic-000000000003", app_id="sales")
    olds = retirements([Hit(memory=m, score=1.0) for m in (old, new, ridge)])
    assert olds, "the change retired the cardboard floor"
    assert not restates_old(ridge, olds, {old.id: old.text})
