"""A draft that says what it shares with another thing ("same refusal rule as Tier 1")
tells of a thing other than that one: a held lesson that opens on that thing keeps its own
value. A held lesson on the draft's own subject is still replaced."""

from __future__ import annotations

import pytest

from agentmem.core.apart import set_apart
from agentmem.core.restate import replaces
from agentmem.core.verdict import Held, judge

SILVER = (
    "Silver tier (regional members) borrow limit is 6 books at a time; "
    "same overdue-block rule as Gold tier."
)
GOLD = "Gold tier (city members) borrow limit is 10 books at a time; block loans once one is 30 days overdue."


def test_the_thing_a_draft_compares_itself_with_keeps_its_value() -> None:
    """The words alone make the silver limit a new value of the gold one; "same ... as Gold
    tier" says gold is another tier."""
    assert replaces(SILVER, GOLD)
    assert set_apart(SILVER, GOLD)
    assert judge(SILVER, [Held("gold", GOLD, "semantic")], "semantic").replaces == []


def test_a_one_letter_name_counts_as_the_thing() -> None:
    """ "Shelf B ... same rule as Shelf A": the letter is what tells the two shelves apart."""
    draft = "Shelf B holds at most 40 crates; same stacking rule as Shelf A."
    held = "Shelf A holds at most 25 crates; stack them two high."
    assert set_apart(draft, held)


def test_the_drafts_own_subject_is_still_replaced() -> None:
    """A held lesson on the tier the draft tells of is what the draft changes."""
    held = Held("silver", "Silver tier borrow limit is 4 books at a time.", "semantic")
    assert judge(SILVER, [held], "semantic").replaces == ["silver"]


@pytest.mark.parametrize(
    "draft",
    [
        "Gold tier borrow limit is now 12 books; same overdue rule as before.",
        "Gold tier borrow limit is now 12 books, the same as it was for pilots.",
    ],
)
def test_the_same_as_before_names_no_other_thing(draft: str) -> None:
    """ "Same as before", "same as it": no other thing, the held value is the old one."""
    assert not set_apart(draft, GOLD)
