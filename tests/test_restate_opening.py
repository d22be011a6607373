"""A sentence that opens on when it took effect ("From sprint 12 on, …") is about what
follows that clause, and the clause says the value changed."""

from __future__ import annotations

from agentmem.core.restate import replaces
from agentmem.core.statement import terms

HELD = (
    "Release branches are cut on Tuesdays at 12:00 UTC by the release bot, which tags the RC "
    "and posts the changelog to the releases channel."
)
DRAFT = (
    "From sprint 12 on, release branches are cut on Wednesdays at 15:00 UTC; QA signs off "
    "each candidate, the mobile team gets a heads-up and store submissions wait for the "
    "smoke suite."
)


def test_from_a_time_on_is_no_part_of_the_subject() -> None:
    """ "From sprint 12 on, release branches are cut …" was read as about a sprint: its head
    missed the held rule's ("release branches are cut on Tuesdays …"), too few other words
    were shared, and the old day stayed live beside the new one."""
    assert terms(DRAFT).head == terms(HELD).head == ("releas", "branch", "cut")
    assert terms(DRAFT).change
    assert replaces(DRAFT, HELD)


def test_from_a_place_is_not_a_time() -> None:
    """ "From" that tells where something comes from opens no clause of time: "from the
    EU region" is part of what the statement says, and no change is read in it."""
    assert not terms("From the EU region traffic goes to the Frankfurt shield.").change
