"""A later text that disowns an earlier lesson in a voice of its own ("Mistaken lesson —",
"We mixed that one up:", "Correction to my earlier note:"), or says the rule a lesson blamed
does not exist ("there's no noise rule behind …", "No policy asks for …"), withdraws it;
the same words that judge no lesson, or a rule of another thing, withdraw nothing."""

from __future__ import annotations

from agentmem.core.ownedup import owned, owned_up
from agentmem.core.verdict import Held, judge


def _withdrawn(draft: str, held: str) -> bool:
    return judge(draft, [Held("h", held, "semantic")], "semantic").replaces == ["h"]


CRACKS = "Kiln cracks on the big platters happen because the glaze batches expire after 6 weeks."
SCALE = "The packing scale rejects parcels under 50 g, so small orders must be weighed by hand."
REHEARSAL = "Band rehearsals in hall B stop at 22:00 because of the city noise rule."
REFUNDS = "Refunds over 80 euros need two signatures because of the finance policy."


def test_a_mistaken_lesson_label_with_a_denied_cause_withdraws_the_lesson() -> None:
    """The label disowns the lesson; the denial ("never about expiry") names its cause in
    another form of the word ("expiry" of "expire")."""
    draft = (
        "Mistaken lesson — the platter cracks were never about expiry. The shelf above "
        "the kiln vents hot air onto the platters while they cool."
    )
    assert owned_up(draft) is not None
    assert _withdrawn(draft, CRACKS)


def test_a_mixed_up_label_takes_its_first_clause_for_the_truth_told() -> None:
    """No cause denied: the first clause tells, in the lesson's own words, what is so."""
    draft = (
        "We mixed that one up: the packing scale accepts parcels under 50 g. Small orders "
        "failed because the label printer skipped them."
    )
    assert owned(draft) is not None
    assert _withdrawn(draft, SCALE)


def test_a_rule_said_not_to_exist_withdraws_the_lesson_that_blamed_it() -> None:
    """Both "there's no noise rule behind …" and "No policy asks for …" deny the rule
    each lesson gave as its cause."""
    assert _withdrawn(
        "There's no noise rule behind the 22:00 stop in hall B; it was a default in the old "
        "booking form and can be moved.",
        REHEARSAL,
    )
    assert _withdrawn(
        "No policy asks for two signatures on refunds; the second one was a habit of the "
        "old finance lead.",
        REFUNDS,
    )


def test_words_that_judge_no_lesson_withdraw_nothing() -> None:
    """A "that's wrong for …" with no stop after it, "bad weather" (no lesson judged),
    and a rule of another thing leave the lessons alone."""
    assert owned_up("That's wrong for platters over 40 cm, which crack anyway.") is None
    assert owned_up("Bad weather delayed the kiln delivery: it comes on Monday.") is None
    assert not _withdrawn(
        "There's no parking rule for the loading bay; vans may stay all day.", REHEARSAL
    )
    assert not _withdrawn(
        "Mistaken lesson — the band's amps were never about the fuse box. The hall B "
        "sockets are on their own circuit.",
        REFUNDS,
    )
