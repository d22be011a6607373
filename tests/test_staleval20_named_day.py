"""A retraction whose claim names a day and a fix in words none of that day's lessons use
("the coating fix from 4 June was wrong: the real cause of …") withdraws the one lesson of
that day on the failure its reason explains. Not when the day's lessons share none of the
reason's words, nor when two of them share as many, nor another day's lesson."""

from __future__ import annotations

from agentmem.core.retract import withdrawn

RETRACTION = (
    "The coating fix from 4 June was wrong: the real cause of the greenhouse sprinkler "
    "clogs is limescale in the header tank, because the borehole water is hard."
)
CLOG = "Greenhouse sprinkler nozzles clog on a film of algae; flush the nozzles with dilute bleach."
SEEDS = "Tomato seedlings go out to the cold frame once they have four true leaves."
LATER = "Greenhouse sprinkler clogs in the east bay come from algae in the header tank."
WRITTEN = {
    CLOG: "2026-06-04-run-011 2026-06-04T10:00:00",
    SEEDS: "2026-06-04-run-012 2026-06-04T14:00:00",
    LATER: "2026-06-09-run-020 2026-06-09T09:00:00",
}


def gone(text: str, *held: str) -> list[str]:
    """The held texts a text withdraws (each held text is its own id)."""
    return withdrawn(text, [(h, h) for h in held], WRITTEN)


def test_a_named_days_fix_told_in_other_words_withdraws_that_days_lesson_on_the_failure() -> None:
    """The 4 June lesson on sprinkler clogs goes; that day's seedling lesson and a later
    lesson on the same clogs stay."""
    assert gone(RETRACTION, CLOG, SEEDS, LATER) == [CLOG]


def test_a_named_day_with_no_lesson_on_the_failure_withdraws_nothing() -> None:
    """The day's only lesson is on seedlings: nothing of that day is on the clogs."""
    assert gone(RETRACTION, SEEDS, LATER) == []


def test_two_lessons_of_the_named_day_on_the_failure_withdraw_neither() -> None:
    """Two lessons of that day share as many of the reason's words: the claim names neither."""
    twin = "Greenhouse sprinkler clogs clear once the inline filter is changed weekly."
    written = {**WRITTEN, twin: "2026-06-04-run-013 2026-06-04T16:00:00"}
    assert withdrawn(RETRACTION, [(h, h) for h in (CLOG, twin, SEEDS)], written) == []
