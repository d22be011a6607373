"""Retractions in more voices: a cause answered by a fact ("the indexer does handle
umlauts", "the pump is rated fine") beside another cause of the same failure; an earlier
claim judged "not true", a theory that "didn't hold up", an earlier note that "misattributed
it", a dropped note pointed at by words of its own. Each withdraws the lesson it answers;
look-alikes (a thing that broke, a fact with no other cause, another failure, a lesson
giving no cause, a question, a claim said to be true) withdraw nothing."""

from __future__ import annotations

import pytest

from agentmem.core.answered import answered
from agentmem.core.retract import retraction, withdrawn
from agentmem.core.verdicts import judged

SEARCH = "Search misses German titles because the indexer drops umlauts from the title field."
PREVIEWS = "Upload previews stay blank because the thumbnail worker can't render HEIC files."
BOILER = (
    "Boiler 2 raises LOW FLOW alarms on cold mornings because the circulation pump is undersized."
)
INVOICES = "Supplier invoices post a day late because they wait for the nightly ledger export."
FOAM = "The foam inserts crack in winter because the cutter runs the blade at 40 mm/s."
KEYS = "Badge readers reject new keys because the door controller caches the key list for 24 h."
HASH = "The ticket merger misses duplicates because its MD5 hash includes the CC header."
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
        # "to do with" is no emphatic "do" (a denial, read by `agentmem.core.disowned`)
        (
            "The title field umlauts had nothing to do with the indexer; the misses came "
            "from a stale synonym file.",
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


@pytest.mark.parametrize(
    ("text", "lesson"),
    [
        # "Not true that <claim>" before a dash, the true account after it
        (
            "Not true that invoices wait for the nightly ledger export - they post on "
            "approval. The lag people saw was the mail relay's hourly queue.",
            INVOICES,
        ),
        # "It isn't true that …" at a sentence's opening
        (
            "Ledger sync: it isn't true that supplier invoices wait for the nightly export. "
            "They post on approval; the lag was the mail relay.",
            INVOICES,
        ),
        # a theory with words of its own that didn't hold up
        (
            "Foam insert cracking, root cause revised: the foam batch was under-cured; the "
            "blade speed theory didn't hold up on test cuts.",
            FOAM,
        ),
        # an earlier note that misattributed it: the claim is told before the judgement
        (
            "Update on the key list note: the badge readers cache keys, not the door "
            "controller - the earlier lesson misattributed it.",
            KEYS,
        ),
        # a dropped note pointed at by words of its own, the thing said never part of it
        (
            "Scratch that note about CC in the dedup hash — CC was never part of it. "
            "Duplicates slipped past because attachments came with different line endings.",
            HASH,
        ),
    ],
)
def test_a_claim_judged_in_other_words_withdraws_its_lesson(text: str, lesson: str) -> None:
    """A claim judged untrue, a theory that did not hold up, a note that misattributed
    it, or a dropped note pointed at by its own words withdraws the lesson it names, not a
    lesson on another thing."""
    assert retraction(text) is not None
    assert gone(text, lesson, OTHER) == [lesson]


@pytest.mark.parametrize(
    "text",
    [
        "The old pallet jack didn't hold up on the loading ramp; order two new ones.",
        "It's true that invoices wait for the nightly ledger export; run it by 22:00.",
        "The supplier claims were ruled out of scope for this audit.",
        "Not sure that invoices wait for the export; check the ledger log tomorrow.",
    ],
)
def test_a_judgement_of_no_claim_is_no_retraction(text: str) -> None:
    """A thing that broke, a claim said to be true, a judgement of no claim with words of
    its own or an opening of doubt is read as no retraction in these voices."""
    assert judged(text) is None
    assert gone(text, INVOICES, OTHER) == []
