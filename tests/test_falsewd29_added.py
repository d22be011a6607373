"""A draft that names one more thing beside what a held lesson says ("as well as", "in
addition to", "besides", "also") leaves the held lesson standing: an addition is no
replacement. One that also says the held thing went away ("instead of") still replaces it."""

from __future__ import annotations

import pytest

from agentmem.core.added import added_beside
from agentmem.core.held import Held, judge
from agentmem.core.restate import replaces

HELD = "The invoice export job runs on the Mac builders."


def _replaced(draft: str, held: str) -> list[str]:
    return judge(draft, [Held("h1", held, "semantic")], "semantic").replaces


@pytest.mark.parametrize(
    ("draft", "held"),
    [
        ("The invoice export job runs on the Linux runners as well as the Mac builders.", HELD),
        (
            "Grooming visits need a coat-check reminder as well as the standard booking reminder.",
            "Grooming visits need the standard booking reminder.",
        ),
        (
            "In addition to Oslo, the nightly dumps now go to Bergen.",
            "The nightly dumps go to the Oslo mirror.",
        ),
    ],
)
def test_an_addition_replaces_nothing(draft: str, held: str) -> None:
    """The held thing is named again beside the new one: the held lesson stays live."""
    assert added_beside(draft, held)
    assert not replaces(draft, held)
    assert _replaced(draft, held) == []


@pytest.mark.parametrize(
    "draft",
    [
        "The invoice export job now runs on the Linux runners instead of the Mac builders.",
        "The invoice export job runs on the Linux runners; it no longer runs on the Mac builders.",
        "The invoice export job runs on the Linux runners as well; the Mac builders were retired.",
    ],
)
def test_an_addition_that_says_the_held_thing_went_away_is_a_change(draft: str) -> None:
    """ "Instead of", "no longer", "retired": the held thing is gone, whatever else is added."""
    assert not added_beside(draft, HELD)
    assert _replaced(draft, HELD) == ["h1"]


def test_an_addition_beside_a_held_value_told_anew_is_a_change() -> None:
    """The object of "besides" is said in the held lesson, but the draft gives another of its
    values (30 s, not 10 s): a new value, not an addition."""
    held = "The sync client retries 3 times with a 10 s wait between calls."
    draft = "Besides the retries, the sync client now waits 30 s between calls."
    assert not added_beside(draft, held)
