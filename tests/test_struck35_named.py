"""Retractions told by a record's state, a mark or a judgement of a rule name the lesson they
withdraw by something more specific than shared words: a code the held lesson carries
("RULE-12", "SOP-4.2", a ticket key), an id a record points at ('"retracts": "D-114"'), or
a quoted title the lesson tells most of. Another code of the same family, a title naming
another thing, or a status of another record withdraws nothing."""

from __future__ import annotations

import time

import pytest

from agentmem.core.retract import retraction
from agentmem.core.struck import CODE, REFERS, codes, named_codes, struck
from tests.test_retract19_shapes import gone

HOLD = "RULE-12: trains on track 4 hold at the signal until the platform staff wave them off."
HOLD_5 = "RULE-13: trains on track 5 hold at the signal until the platform staff wave them off."
SPIN = "D-114: the centrifuge runs 5 minutes empty before the first batch of the day."
SPIN_OTHER = "D-115: the centrifuge lid is wiped with ethanol after the last batch of the day."
DRYER = "D-114: the dryer on line 2 must cool down 10 minutes before unloading."
PALLETS = "SOP-4.2: pallets over 800 kg go to the ground-floor racks."
COLD = "Cold-start rule: the centrifuge runs 5 minutes empty before the first batch of the day."
CRANES = "YARD-33: cranes stop lifting when the wind at the jib passes 20 m/s."
CLEAN = "Gluten-free trays need a 2-hour wash of oven 3 before the first bake."


def test_a_record_withdrawn_by_its_code_withdraws_the_lesson_carrying_it() -> None:
    """The record's title shares few words with the lesson; its code names it, and a lesson
    of the same words under another code stays."""
    text = 'RULE-12 "Hold for the wave-off"\n  Status: Active -> Withdrawn\n  Comment: new signals'
    assert named_codes(text, struck(text) or ("", "")) == {("RULE", "12")}
    assert gone(text, HOLD, HOLD_5) == [HOLD]


def test_a_record_pointing_at_the_id_it_retracts_withdraws_that_lesson_only() -> None:
    """'"retracts": "D-114"' names its lesson by the id alone: the lesson carrying D-114 is
    withdrawn, D-115 of the same words is not."""
    text = '{"id": "D-120", "retracts": "D-114", "note": "the new rotor needs no warm-up"}'
    said = retraction(text)
    assert said is not None and said[0] == "D-114"
    assert gone(text, SPIN, SPIN_OTHER) == [SPIN]
    assert gone(text.replace("D-114", "D-116"), SPIN, SPIN_OTHER) == []


def test_a_rule_said_never_a_requirement_is_told_not_a_denied_cause() -> None:
    """A judgement of a rule ("it was never a requirement") tells its claim: the lesson it
    names is withdrawn though no held lesson names "requirement" as a cause."""
    text = (
        '7\tBakery lead\tAny step you think is wrong?\t"The 2-hour oven 3 wash before '
        'gluten-free trays. QA confirmed it was never a requirement. We should drop it."'
    )
    assert gone(text, CLEAN, SPIN) == [CLEAN]


@pytest.mark.parametrize(
    ("text", "held"),
    [
        # another code of the same family is another record, however many words it shares
        (
            'D-115 "Dryer line 2 cool-down log"\n  Status: Active -> Withdrawn\n'
            "  Comment: the log moved to the MES screen",
            DRYER,
        ),
        (
            'YARD-34 "Crane cab heater checks"\n  Status: Open -> Won\'t Do\n'
            "  Comment: the new cabs have no heater",
            CRANES,
        ),
        (
            "SOP-4.3 (pallet wrap) was never in the SOP binder, so we added it this week: "
            "wrap heavy pallets three turns.",
            PALLETS,
        ),
        (
            '{"id": "D-120", "retracts": "D-115", "note": "the centrifuge warm-up log was never '
            'needed"}',
            SPIN,
        ),
        # a quoted title naming another thing than the lesson's title
        (
            'Ticket LAB-77 "Cold-start rule poster for the break room"\n  Status: Open -> '
            "Rejected\n  Comment: posters are not allowed on the lab walls",
            COLD,
        ),
        # a status of an order, not of a rule
        (
            "Order ORD-5512 status: paid -> cancelled; the customer asked for a refund of the "
            "500 EUR order and it was refunded the same day.",
            "Orders over 500 EUR are held for a manual fraud check before they ship.",
        ),
        # an order of the thing the lesson's code names: the code is all they share
        (
            "LBL-5 reprint order: Status: Open -> Rejected (supplier out of stock until May).",
            "Use the blue labels (LBL-5) on frozen cartons.",
        ),
        # the lesson's own code, in an incident corrected, not a rule withdrawn
        (
            "The RULE-12 tablet app entry was set by mistake to track 5 and has been fixed; "
            "trains on track 4 still hold at the signal until waved off.",
            HOLD,
        ),
    ],
)
def test_a_look_alike_sharing_a_title_word_or_a_code_family_withdraws_nothing(
    text: str, held: str
) -> None:
    """Near misses of a named retraction: another record of the family, a title of another
    thing, a status of an order, an incident on the rule's record. The lesson stays."""
    assert gone(text, held) == []


def test_codes_are_read_with_their_family_and_whole_number() -> None:
    """SOP-4.2 is one code, not SOP-4; a path or a word joined by hyphens is none."""
    assert codes("SOP-4.2 and YARD-33, then D-114.") == {
        ("SOP", "4.2"),
        ("YARD", "33"),
        ("D", "114"),
    }
    assert codes("see docs/RULE-12.md and pre-2019 cost-plus") == frozenset()


def test_hostile_codes_and_references_are_read_in_linear_time() -> None:
    """100 KB of near-codes and references read in bounded time (a hang guard)."""
    texts = [
        "A-" * 50_000,
        "RULE-1." * 15_000,
        "retracts " * 12_000,
        '"retracts": "' * 8_000,
        "ABCDEFGHIJKL" * 9_000 + "-",
        "\ud800-1 " * 20_000,
    ]
    started = time.process_time()
    for text in texts:
        CODE.findall(text)
        list(REFERS.finditer(text))
        struck(text)
        named_codes(text, ("x", "y"))
    assert time.process_time() - started < 10


@pytest.mark.xfail(strict=True, reason="known gap: a title telling most of the lesson's words")
def test_a_record_titled_with_most_of_a_lessons_words_but_another_thing_withdraws_nothing() -> None:
    """Not read yet: a record's title sharing four of its five words with the lesson but
    naming another thing (a log of the cool-down, not the cool-down) still withdraws it,
    as it did before codes and titles were read; with no code on the lesson, nothing tells
    the two apart but the one word."""
    text = (
        '"Dryer line 2 cool-down log"\n  Status: Active -> Withdrawn\n'
        "  Comment: the log moved to the MES screen"
    )
    assert gone(text, "The dryer on line 2 must cool down 10 minutes before unloading.") == []
