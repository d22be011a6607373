"""A statement that says its state holds "until then", until a change it names, is over
once a later lesson tells that change done, however few other words the two share; a
draft that still looks ahead, or tells another thing's move, leaves it live."""

from __future__ import annotations

import pytest

from agentmem.core.restate import replaces

PENDING = (
    "W12 retro (16 Mar-22 Mar): Invoice PDFs move to object store links (RFC-031, Sam). "
    "Until then the 20 MB cap stays and senders split large scans."
)
DONE = (
    "Invoice PDFs travel as signed object store links in the body of the mail now. Files "
    "up to 100 MB work; the inline path goes away once the last tenant has switched."
)


def test_the_change_told_done_ends_the_state_held_until_then() -> None:
    """The mailer now links invoice PDFs from the object store: the 20 MB cap told "until
    then" is over (the two shared too few words to be one subject, and the
    old limit stayed live in packs beside the new way)."""
    assert replaces(DONE, PENDING)


@pytest.mark.parametrize(
    "draft",
    [
        # still ahead: the move is planned, not done
        "Invoice PDFs will move to object store links next sprint; the mailer keeps "
        "attaching them until the RFC is signed off.",
        # another thing moved
        "Receipt images travel as signed object store links in the body of the mail now.",
    ],
)
def test_a_move_still_ahead_or_of_another_thing_leaves_it_live(draft: str) -> None:
    """Against false replacements: a draft that looks ahead to the same move, or tells
    another thing's move, does not end the state held until then."""
    assert not replaces(draft, PENDING)
