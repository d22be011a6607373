"""A label the held text does not name ("freezer F4" after "freezer F2", "Hall D" after
"Hall C") makes a draft no restatement (`agentmem.core.labels`): it was dropped as a
duplicate, and the new fact with it."""

from __future__ import annotations

import pytest

from agentmem.core.held import Held, judge
from agentmem.core.labels import labels, names_other_label, opens_on_other_member
from agentmem.core.restate import restates


@pytest.mark.parametrize(
    ("held", "draft"),
    [
        ("Samples go in freezer F2.", "Samples go in freezer F4."),
        ("Bib pickup moves to Hall C.", "Bib pickup moves to Hall D."),
        ("Use gate A for deliveries.", "Use gate B for deliveries."),
        ("Rink A holds 300 skaters.", "Rink B holds 300 skaters."),
        ("Hydrant H-9 feeds station 4.", "Hydrant H-12 feeds station 4."),
    ],
)
def test_a_draft_naming_another_label_is_no_duplicate(held: str, draft: str) -> None:
    assert not restates(draft, held)
    assert judge(draft, [Held("h1", held, "semantic")], "semantic").restates is None


def test_the_same_label_told_again_or_left_out_still_restates() -> None:
    """The check asks only for labels the draft adds: told again, or dropped, the draft
    adds nothing."""
    held = "Samples go in freezer F2 after labelling."
    assert restates("Samples go in freezer F2 after labelling.", held)
    assert not names_other_label("Samples go in the freezer after labelling.", held)


def test_what_is_read_as_a_label() -> None:
    assert labels("Use gate B, then freezer F4, hydrant H-9 and line T-1a.") == {
        "B",
        "F4",
        "H-9",
        "T-1a",
    }
    # a sentence's opening "A", the pronoun "I", an initial's possessive, prose in lower case
    assert labels("A crew came. Then I left; it is B's turn; plan a and b.") == frozenset()


def test_hostile_text_is_read_up_to_a_bound() -> None:
    """A huge run of labels is read up to LONGEST characters (a linear pattern on it)."""
    assert labels("Hall D gate B F4 " * 50_000) == {"D", "B", "F4"}


@pytest.mark.parametrize(
    ("held", "draft"),
    [
        (
            "PM1 basis weight samples go to the lab every 30 minutes.",
            "PM3 sampling frequency — PM3: basis weight sample to the lab every 60 min.",
        ),
        ("T-1 takes the overflow.", "T-2 takes the overflow now."),
        ("Q2 royalty return is due 31 July.", "Q3 royalty return is due 31 October."),
    ],
)
def test_two_members_of_one_family_of_codes_are_two_things(held: str, draft: str) -> None:
    """A text opening on another member ("PM3 …" after "PM1 …") and never naming the held
    one's is about another machine: it replaces nothing, however its change is told."""
    assert opens_on_other_member(draft, held)
    assert judge(draft, [Held("h1", held, "semantic")], "semantic").replaces == []


def test_a_member_named_beside_its_successor_or_a_version_is_not_set_apart() -> None:
    assert not opens_on_other_member(
        "T-2 takes the overflow while T-1 is relined.", "T-1 takes it."
    )
    assert not opens_on_other_member(
        "V3 of the API is the default.", "V2 of the API is the default."
    )
    assert not opens_on_other_member("Samples go in freezer F4.", "Samples go in freezer F2.")
