"""Retractions in more voices: a cause answered by a fact ("the indexer does handle
umlauts", "the pump is rated fine") beside another cause of the same failure withdraws the
lesson it answers; look-alikes (a fact with no other cause, another failure, a lesson giving
no cause, a question) withdraw nothing."""

from __future__ import annotations

import pytest

from agentmem.core.answered import answered
from agentmem.core.retract import withdrawn

SEARCH = "Search misses German titles because the indexer drops umlauts from the title field."
PREVIEWS = "Upload previews stay blank because the thumbnail worker can't render HEIC files."
BOILER = (
    "Boiler 2 raises LOW FLOW alarms on cold mornings because the circulation pump is undersized."
)
INVOICES = "Supplier invoices post a day late because they wait for the nightly ledger export."
FOAM = "The foam inserts crack in winter because the cutter runs the blade at 40 mm/s."
KEYS = "Badge readers reject new keys because the door controller caches the key list for 24 h."
HASH = "Duplicate tickets slip past the merge job because its hash includes the CC header."
OTHER = "The packing bench scale is calibrated every Monday by the shift lead."


def gone(text: str, *held: str) -> list[str]:
    """The held texts a text withdraws (each held text is its own id)."""
    return withdrawn(text, [(h, h) for h in held])


@pytest.mark.parametrize(
    ("text", "lesson"),
    [
        # an emphatic "does" restating the cause, another cause beside it
        (
            "The indexer does keep umlauts in the title field; the misses came from a stale "
            "synonym file on the search node.",
            SEARCH,
        ),
        # a thing said to work fine, the failure given another cause
        (
            "The thumbnail worker checks out: HEIC files render fine. Previews stayed blank "
            "because the CDN cached an empty 404 for new uploads.",
            PREVIEWS,
        ),
        # the failure said to have been another thing, the cause's thing judged fine
        (
            "fyi the boiler 2 LOW FLOW alarms were a clogged strainer, the pump is rated "
            "fine. Strainer cleaned on 3/2 and no alarm since.",
            BOILER,
        ),
    ],
)
def test_a_cause_answered_by_a_fact_withdraws_the_lesson(text: str, lesson: str) -> None:
    """A fact stated of the thing a lesson's cause was about, beside another cause of the
    same failure, withdraws the lesson."""
    assert answered(text, lesson)
    assert gone(text, lesson, OTHER) == [lesson]


@pytest.mark.parametrize(
    ("text", "lesson"),
    [
        # the fact alone, no other cause told
        ("The indexer does keep umlauts in the title field now.", SEARCH),
        # another failure: the words shared are the cause's, none of the failure's
        (
            "HEIC files render fine; exports stalled because the token expired.",
            PREVIEWS,
        ),
        # a lesson that gives no cause has none to answer
        (
            "The scale does hold calibration for a week; the short counts came from a "
            "miskeyed tare weight.",
            OTHER,
        ),
        # a question, not a fact
        (
            "Does the indexer keep umlauts in the title field? The misses came from a stale "
            "synonym file.",
            SEARCH,
        ),
        # the fact denied, not affirmed: what it says is another reading
        (
            "The pump is not rated fine for the new loop; boiler 2 alarms were a clogged "
            "strainer this week.",
            BOILER,
        ),
    ],
)
def test_a_fact_beside_no_answer_withdraws_nothing(text: str, lesson: str) -> None:
    """A fact with no other cause of the same failure, a lesson giving no cause, a question
    or a clause that says no withdraws nothing by this rule."""
    assert not answered(text, lesson)
