"""A retraction that names the lesson it withdraws in other spellings than the lesson's own
(initials, a letter and a number, another form of a word, a proper name pointed at, a word
broken over a line's end, a denial padded with words of its own) withdraws it; a look-alike
(another site qualifying the same thing, other initials, a common word pointed at) withdraws
nothing (`agentmem.core.namedalike`, `agentmem.core.namedverdict`)."""

from __future__ import annotations

import time
from pathlib import Path

from agentmem.core.namedalike import named, qualifies, spelled, stands_in
from agentmem.core.namedverdict import _denials_named, claim_names
from agentmem.core.retract import withdrawn
from bench.changes import Pair, replay

OTHER = ("semantic-bbbb00000009", "Forklift batteries are swapped at the start of each shift.")
VSI = (
    "semantic-bbbb00000001",
    "Courier vans must get a vehicle safety inspection before every weekend run.",
)
CHILLER = (
    "semantic-bbbb00000002",
    "Chiller 4 must be stopped whenever the river intake runs above 18 degrees.",
)
OUTAGE = (
    "semantic-bbbb00000003",
    "The booking portal times out on carts with more than 5 items, so big orders are split.",
)
GRADE = (
    "semantic-bbbb00000004",
    "Pallets graded B7 can't be shipped by sea, only by road freight.",
)


def test_initials_of_the_lessons_words_name_it() -> None:
    """A struck line and a withdrawal telling the rule by its initials ("VSI") withdraw
    the lesson that spells them out."""
    text = (
        "Fleet notes\n- ~~VSI before weekend runs~~\n  Withdrawn. It came from a pilot "
        "contract that ended; there is no company rule about VSI and weekend runs."
    )
    assert withdrawn(text, [VSI, OTHER]) == [VSI[0]]


def test_a_letter_and_a_number_name_the_lessons_unit() -> None:
    """ "C4" names "chiller 4" (`spelled`); "C5" does not."""
    assert spelled("the C4 stop rule", CHILLER[1]) == frozenset({"chiller"})
    assert spelled("the C5 stop rule", CHILLER[1]) == frozenset()


def test_a_denial_padded_with_words_of_its_own_names_the_lesson() -> None:
    """ "The 5-item cart timeout everybody quotes - that was never the portal" names the portal
    lesson though half its words are the speaker's."""
    text = (
        "The 5-item cart timeout everybody quotes - that was never the portal, it was one "
        "broken load test. Don't split orders."
    )
    assert withdrawn(text, [OUTAGE, OTHER]) == [OUTAGE[0]]


def test_a_word_the_lesson_lacks_before_its_thing_is_another_thing() -> None:
    """ "west silo" qualifies a thing the lesson names with a word it lacks (`qualifies`)."""
    assert qualifies("the west silo sensors", frozenset({"silo", "sensor"}), frozenset({"west"}))
    assert not qualifies(
        "the silo sensors everybody", frozenset({"silo"}), frozenset({"everybodi"})
    )


def test_a_code_pointed_at_names_the_lesson() -> None:
    """ "I wrote that B7 note … and I was wrong" names the lesson carrying B7."""
    text = (
        "I wrote that B7 note last spring and I was wrong. I had mixed it up with one "
        "customer's own terms. Nothing in the shipping contract keeps B7 pallets off ships."
    )
    assert withdrawn(text, [GRADE, OTHER]) == [GRADE[0]]


def test_a_code_not_the_lessons_names_nothing() -> None:
    """The same words of another grade (C2) leave the B7 lesson."""
    text = (
        "I wrote that C2 note last spring and I was wrong. I had mixed it up with one "
        "customer's own terms. Nothing in the shipping contract keeps C2 pallets off ships."
    )
    assert withdrawn(text, [GRADE, OTHER]) == []


def test_a_word_broken_over_a_line_end_is_read_whole() -> None:
    """ "insp-\\nection" is one word: the verdict's claim reads as in one line."""
    text = "weekend vehicle safety insp-\nection -> NOT a rule, fleet office checked, scrap it"
    assert withdrawn(text, [VSI, OTHER]) == [VSI[0]]


def test_kin_needs_one_stem_a_prefix_of_the_other() -> None:
    """ "detector" names "detect" and "misclassif" names "misclassifi"; "construct" does
    not name "constraint" (five letters in common, two words)."""
    own = frozenset({"detect", "misclassifi", "constraint"})
    told = frozenset({"detector", "misclassif", "construct"})
    assert named(own, "", told, "") == frozenset({"detect", "misclassifi"})


def test_initials_stand_in_the_lesson_only_when_it_spells_them() -> None:
    """ "VSI" stands in a lesson on a vehicle safety inspection, not in one on batteries."""
    words = frozenset({"vsi", "weekend"})
    assert "vsi" in stands_in(words, "no VSI rule", frozenset({"weekend"}), VSI[1])
    assert "vsi" not in stands_in(words, "no VSI rule", frozenset(), OTHER[1])


def test_hostile_texts_read_in_linear_time() -> None:
    """100 KB of capitals, lettered numbers, hyphens at line ends and lone surrogates, as
    the text or as the lesson, neither hang nor raise in the readings of other spellings,
    of short names pointed at, or of denials."""
    texts = [
        "ABC DEF " * 12_500,
        "U3 B7 C4-" * 11_000,
        "insp-\nection " * 7_000 + " was wrong",
        "\ud800 VSI was a myth \udfff " * 4_000,
        "that " + "x " * 50_000 + "note was wrong",
    ]
    lessons = [VSI[1], CHILLER[1], "A B C D E F " * 8_000, "Unit 3 " * 14_000]
    for text in texts:
        start = time.process_time()
        words = frozenset(text.lower().split()[:5_000])
        for lesson in lessons:
            spelled(text, lesson)
            stands_in(words, text, frozenset({"vsi", "unit"}), lesson)
            named(frozenset({"vehicl", "chiller"}), text, words, lesson)
            qualifies(text, frozenset({"abc"}), frozenset({"def"}))
        claim_names(text, (text, ""), VSI[1])
        _denials_named(text, VSI[1])
        assert time.process_time() - start < 10


def test_the_initials_retraction_takes_the_lesson_out_of_the_pack(tmp_path: Path) -> None:
    """End to end through the hooks: the retraction, told as a run lesson, leaves the pack
    without the old lesson and with the new text."""
    new = (
        "~~VSI before weekend runs~~ Withdrawn: it came from a pilot contract that ended; "
        "there is no company rule about VSI and weekend runs."
    )
    pair = Pair("test", "fleet", VSI[1], new, "retracts", "Plan the weekend courier van runs")
    outcome = replay(pair, "lesson", tmp_path)
    assert outcome.ok, outcome.entries
