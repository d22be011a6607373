"""The restatement judge's frames: a swapped word between two words says "another thing"
only when the two words stand next to it in both texts, not across a value left out."""

from __future__ import annotations

import pytest

from agentmem.core import restate

OLD = (
    "The nightly backup of the orders database takes 3 full hours: start it by 01:00 at the latest."
)
NEW = (
    "Since the storage migration, the nightly backup of the orders database takes about "
    "40 minutes; starting it at 04:00 is enough."
)


def test_a_new_duration_told_with_other_words_around_its_value_replaces_the_old_one() -> None:
    """'takes 3 full hours: start' against 'takes about 40 minutes; starting': with the values
    left out, 'full'/'about' looked like two things in the frame 'takes … start', so the
    new duration superseded nothing and the old one stayed in packs."""
    assert not restate.substituted(NEW, OLD)
    assert restate.replaces(NEW, OLD)


@pytest.mark.parametrize(
    ("held", "draft"),
    [
        (
            "Canary the payments API at 5% for an hour before a full rollout.",
            "Canary the search API at 10% for an hour before a full rollout.",
        ),
        (
            "Run the billing migrations with a 30 s lock timeout in staging first.",
            "Run the ledger migrations with a 10 s lock timeout in staging first.",
        ),
    ],
)
def test_one_frame_told_of_two_things_still_supersedes_nothing(held: str, draft: str) -> None:
    """The swapped name stands between the same two words in both: two things, no cue."""
    assert restate.substituted(draft, held)
    assert not restate.replaces(draft, held)


def test_a_state_word_is_not_what_a_statement_is_about() -> None:
    """'The old crawl export is gone; … now pulled from …' opens on 'old', a word the held
    text never says, as the held text opens on 'Crawler', which the draft never says: they
    were read as two things' statements and the new one replaced nothing. 'old', 'former',
    'current' tell a thing's state, not which thing."""
    held = "Crawler results are pulled from Indexly with GET /api/v2/crawls/{id}/export?format=csv."
    draft = (
        "The old crawl export is gone; Indexly results are now pulled from /api/v3/results "
        "with cursor paging."
    )
    assert restate.replaces(draft, held)
