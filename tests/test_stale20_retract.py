"""Retractions that name the lesson they withdraw by its day and by what it blamed.

A review's retraction is mostly framing: "the 03-14 run lesson that blamed valve wear for
the flooded seed trays was wrong". Its framing words (run, lesson, blamed, wrong) are in
every run's lessons, so they choose nothing; the day it names is when the lesson was
written, and a lesson of that day that shares its words is the one withdrawn. A lesson
that itself says the blamed thing was not it agrees with the retraction and stays. Both
harms are pinned: the blamed lesson staying, and a needed how-to withdrawn in its place.
"""

from __future__ import annotations

from agentmem.core.retract import retracted, withdrawn
from agentmem.core.verdict import Held, judge

DATED = (
    "Retracted: the 03-14 run lesson that blamed valve wear for the flooded seed trays was "
    "wrong. The timer board drifts after a brownout; reset its clock before each watering."
)
BLAMED = "Overflow on the propagation bench looks like valve wear: swap the zone valves first."
HOW_TO = "To drain the seed trays of a bench, run irrigctl drain --bench <id> from the pump shed."
WHEN = {
    "blamed": "2027-03-14-run-031 2027-03-14T12:00:00+00:00",
    "how-to": "2027-03-10-run-022 2027-03-10T12:00:00+00:00",
}


def test_a_claim_naming_its_day_withdraws_that_days_lesson() -> None:
    """The how-to shares more of the claim's words (seed trays, run) than the blamed lesson
    (valve wear); the claim names the day the blamed lesson was written, and it goes."""
    held = [("how-to", HOW_TO), ("blamed", BLAMED)]
    assert retracted(DATED, held, WHEN) == "blamed"
    assert withdrawn(DATED, held, WHEN) == ["blamed"]


def test_the_writer_passes_each_held_lessons_day_to_the_judge() -> None:
    """`judge` reads the day from `Held.written` (run id and creation time)."""
    held = [
        Held("how-to", HOW_TO, "procedural", written=WHEN["how-to"]),
        Held("blamed", BLAMED, "procedural", written=WHEN["blamed"]),
    ]
    assert judge(DATED, held, "semantic").replaces == ["blamed"]


def test_a_named_day_whose_lessons_share_no_word_of_the_claim_withdraws_nothing() -> None:
    """A lesson of the named day about something else stays, and so does a lesson of
    another day that shares the claim's words: the claim names neither."""
    other = "Pump shed keys hang on the hook by the door; sign them out in the book."
    when = {"other": WHEN["blamed"], "blamed": "2027-03-12-run-027 2027-03-12T12:00:00+00:00"}
    assert withdrawn(DATED, [("other", other), ("blamed", BLAMED)], when) == []


def test_the_day_of_another_lesson_is_not_the_day_named() -> None:
    """Near miss: a how-to of the day before, sharing two of the claim's words, stays; with
    no day known (`written` not given) the same how-to is what the words find."""
    held = [("how-to", HOW_TO)]
    when = {"how-to": "2027-03-13-run-030 2027-03-13T12:00:00+00:00"}
    assert withdrawn(DATED, held, when) == []
    assert withdrawn(DATED, held) == ["how-to"]


UNDATED = (
    "Retracted: the lesson that blamed the rinse cycle for the streaked glassware was wrong; "
    "the streaks came from hard water in the final tank."
)


def test_framing_words_alone_withdraw_nothing() -> None:
    """A note sharing "run", "lesson" and one word of the claim is no lesson it withdraws."""
    note = "After every run, log the glassware count in the lesson book."
    assert retracted(UNDATED, [("note", note)]) is None
    lesson = "Streaked glassware means the rinse cycle is too short: add a second rinse."
    assert retracted(UNDATED, [("note", note), ("lesson", lesson)]) == "lesson"


BLAMING = (
    "Retracted: the lesson blaming beans roasted past second crack for the sour espresso was "
    "wrong; a lighter roast tasted just as sour."
)


def test_a_lesson_that_already_says_it_was_not_it_is_not_withdrawn() -> None:
    """A run's own "roast level was not it" agrees with the retraction: the lesson that
    blamed the roast goes, the one that already denied it stays."""
    blamed = "Sour shots come from beans roasted past second crack; roast lighter next batch."
    denied = "Roast level was not it; beans past second crack pulled sour shots as well."
    held = [("denied", denied), ("blamed", blamed)]
    assert retracted(BLAMING, held) == "blamed"
    assert retracted(BLAMING, [("denied", denied)]) is None
