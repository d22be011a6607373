"""A fact learnt twice goes with what replaces either telling of it.

A loop often holds one fact in two lessons: a run's lesson and the weekly note that
repeated it, in other words. A draft that replaces one (a new day for a monthly job)
replaces the other too, when the two say one thing (`restated`) with the same value of a
time or a day, and the draft no longer states that value. A lesson about another thing, a
lesson that already tells the new value, one that shares only a count or a date, and one
that gives the value only as the reason behind its own advice stay.
"""

from __future__ import annotations

from agentmem.core.verdict import Held, kin, retold

NOTE = "Big kiln service: the first Monday of the month. Plan glaze loads for other days."
LESSON = (
    "The big kiln's service is the first Monday of each month; glaze firings go on the "
    "other days and the small kiln keeps firing."
)
DRAFT = "Studio decision 7: kiln service now happens on the day the glaze supplier delivers."


def _kin(draft: str, *others: str) -> list[str]:
    held = [Held("note", NOTE, "semantic")] + [Held(t, t, "semantic") for t in others]
    return kin(draft, held, ["note"])


def test_what_replaces_one_telling_of_a_fact_replaces_the_other() -> None:
    """The run's lesson tells the note's Monday again; the decision states no Monday."""
    assert _kin(DRAFT, LESSON) == [LESSON]


def test_a_lesson_on_another_thing_on_the_same_day_stays() -> None:
    """The same Monday, another subject: no retelling of the note."""
    clay = "The first Monday of each month the studio orders clay from the coast supplier."
    assert _kin(DRAFT, clay) == []


def test_a_lesson_that_states_the_drafts_value_stays() -> None:
    """A draft that keeps the Monday (another detail changes) retires no lesson for it."""
    draft = "Kiln service is still the first Monday of the month, now with two technicians."
    assert retold(draft, [NOTE], [("l", LESSON)]) == []


def test_two_tellings_sharing_only_a_date_or_a_count_are_not_followed() -> None:
    """A date or a count two lessons share is no value of the fact they tell."""
    note = "The glaze order for 03-02 holds 12 sacks; the supplier delivers before noon."
    lesson = "12 sacks of glaze arrive on 03-02 from the supplier, before noon."
    draft = "From April the glaze supplier delivers on Thursdays after 14:00."
    assert retold(draft, [note], [("l", lesson)]) == []


def test_a_value_told_behind_a_lessons_own_advice_is_not_followed() -> None:
    """The Monday comes after the advice, as its reason: the advice (rush orders go to the
    small kiln) holds whatever day the service moves to, so the lesson stays."""
    rush = (
        "Fire rush orders in the small kiln: big kiln service is the first Monday of the "
        "month. Plan glaze loads for other days."
    )
    assert retold(DRAFT, [NOTE], [("r", rush)]) == []
