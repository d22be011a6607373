"""A label the held text does not name ("freezer F4" after "freezer F2", "Hall D" after
"Hall C") makes a draft no restatement (`agentmem.core.labels`): it was dropped as a
duplicate, and the new fact with it."""

from __future__ import annotations

import pytest

from agentmem.core.held import Held, judge
from agentmem.core.labels import labels, names_other_label
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
