"""A role's holder named in brackets after the role ("sign-off from the glaze office (Ines
Farrow) before firing") is the role's holder: a newer lesson handing the role to someone
else retires the older one; one keeping the same holder, or naming another role's
holder, does not. Several made-up domains."""

from __future__ import annotations

import pytest

from agentmem.retrieval.handover import holder_retired
from tests.conftest import held

HANDED = [
    pytest.param(
        "Glaze recipes need sign-off from the kiln office (Ines Farrow) before a firing.",
        "Glaze recipe sign-off is now done by Tomas Brenn before every firing.",
        id="kiln",
    ),
    pytest.param(
        "Harbour berth swaps are approved by the pilots' desk (Odile Marchetti) for tankers.",
        "Harbour berth swaps for tankers are now approved by Kwame Osei.",
        id="harbour",
    ),
    pytest.param(
        "Seed catalogue changes need sign-off (Hanne Lund) before print.",
        "From 3 May the seed catalogue changes are signed off by Ravi Menon before print.",
        id="catalogue",
    ),
]


@pytest.mark.parametrize(("older", "newer"), HANDED)
def test_a_bracketed_holder_handed_on(older: str, newer: str) -> None:
    old = held(older, 1, "semantic-old", app_id="desk")
    new = held(newer, 9, "semantic-new", app_id="desk")
    assert holder_retired(old, new, set())


@pytest.mark.parametrize(("older", "newer"), HANDED)
def test_the_same_holder_stays(older: str, newer: str) -> None:
    """The newer lesson names the old holder beside the new one: a deputy, no handover."""
    old = held(older, 1, "semantic-old", app_id="desk")
    holder = older[older.index("(") + 1 : older.index(")")]
    both = newer.replace(" by ", f" by {holder} and ")
    new = held(both, 9, "semantic-new", app_id="desk")
    assert not holder_retired(old, new, set())


def test_another_things_holder_stays() -> None:
    old = held(
        "Glaze recipes need sign-off from the kiln office (Ines Farrow) before a firing.",
        1,
        "semantic-old",
        app_id="desk",
    )
    new = held(
        "Shop price lists are now signed off by Tomas Brenn.", 9, "semantic-new", app_id="desk"
    )
    assert not holder_retired(old, new, set())
