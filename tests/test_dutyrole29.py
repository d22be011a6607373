"""A role among numbered units given to another unit, and a source named in lower case with
a digit swapped for another (made-up texts)."""

from __future__ import annotations

from agentmem.core.dutyrole import role_given
from agentmem.core.held import Held, judge
from agentmem.core.swapped import swapped

HELD = "The glaze line fires K-2A as lead kiln with K-2B as spare; switching is manual."


def _replaces(draft: str, held: str) -> bool:
    return judge(draft, [Held("h", held, "semantic")], "semantic").replaces == ["h"]


def test_another_unit_given_the_role_replaces_the_held_lesson() -> None:
    """ "K-2B is the lead kiln …" after "… fires K-2A as lead kiln …": the role changed
    hands, though both texts name both kilns."""
    draft = "chore(kilns): K-2B is the lead kiln on the glaze line, K-2A is down for relining."
    assert role_given(draft, HELD)
    assert _replaces(draft, HELD)


def test_the_same_unit_a_stand_in_or_another_line_gives_no_role_away() -> None:
    """The held unit kept in its role, a unit standing in for a while, and a unit of
    another line (another kiln bank) replace nothing."""
    for draft in (
        "K-2A is the lead kiln on the glaze line.",
        "K-2B is the lead kiln on the glaze line until K-2A is relined.",
        "The bisque line fires K-4B as lead kiln.",
    ):
        assert not role_given(draft, HELD), draft


def test_a_numbered_lower_case_source_swapped_for_another() -> None:
    """ "kiln shelf counts come from the KilnStock API" after "kiln shelf counts are read from
    kilndb2 (view v_shelves)": a box named in lower case with a digit is a source's name
    as much as a capitalised one."""
    held = "Kiln shelf counts are read from kilndb2 (view v_shelves); the yard posts them by 08:00."
    draft = "Kiln shelf counts come from the KilnStock API, posted by the yard by 08:00."
    assert swapped(draft, held)
    assert not swapped("Kiln shelf counts also come from the KilnStock API.", held)
    assert not swapped("Glaze batches come from the KilnStock API.", held)
