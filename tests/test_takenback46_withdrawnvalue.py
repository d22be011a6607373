"""A text that withdraws a lesson and tells the new rule keeps the new rule served.

The day or figure a withdrawal names its lesson by ("scrap the film rule from 5 Oct") is
no value the withdrawing text states: a later lesson giving another day on the same
subject ("from 13 Oct, changes to the film rules are approved by …") does not retire the
withdrawing text, and the new rule told beside the withdrawal stays in the worker's pack.
A value the text states as its own is still displaced; a pure withdrawal serves nothing of
the lesson it withdrew; a withdrawal told in another app leaves that app's lesson alone.
"""

from __future__ import annotations

import pytest

from agentmem import MemoryHooks
from agentmem.core.withdrawnvalue import named_withdrawn
from agentmem.retrieval.newerwins import values_displaced
from agentmem.retrieval.trim import without_history
from tests.conftest import ManualClock, held, lesson, packed_ids

APP = "pallet-wrap"
OLD = "Wrap every chilled pallet leaving dock 4 with three turns of stretch film at the top."
WITHDRAWS = (
    "Scrap the film rule from 5 Oct: three turns tore on the corners of chilled loads. Wrap"
    " dock 4 pallets with corner boards and five turns of stretch film."
)
LATER = (
    "From 13 Oct, changes to the film rules at dock 4 are approved by Ines Duarte; send her"
    " the wrap test results."
)
GOAL = {"title": "Wrap the chilled pallets at dock 4", "app_id": APP}


@pytest.mark.parametrize(
    ("text", "value"),
    [
        (WITHDRAWS, "5"),
        ("We withdrew the advice to rinse the moulds at 40 °C; rinse them cold.", "40"),
        ("Please drop the 12 May note about the dryer; the dryer runs at 70 °C now.", "12"),
        (
            "Correction to the 9 June note: the sensor was never the cause; the valve stuck open.",
            "9",
        ),
    ],
)
def test_a_value_naming_the_withdrawn_claim_is_not_the_texts_own(text: str, value: str) -> None:
    """The day or figure inside the withdrawal's clause names the lesson withdrawn."""
    assert named_withdrawn(text, value)


@pytest.mark.parametrize(
    ("text", "value"),
    [
        # the new value, told after the withdrawal's clause
        ("We withdrew the advice to rinse the moulds at 40 °C — rinse them at 25 °C.", "25"),
        # written again outside the withdrawal: the text's own as well
        ("Scrap the rule from 5 Oct; from 5 Oct on, loads are wrapped by weight class.", "5"),
        # a withdrawal denied or put off withdraws nothing
        ("We never withdrew the 12 May note about the dryer; it still runs at 70 °C.", "12"),
        # no withdrawal at all
        ("The dryer runs at 70 °C from 12 May; the old belt is gone.", "12"),
    ],
)
def test_a_value_the_text_states_is_its_own(text: str, value: str) -> None:
    """A value told outside any withdrawal, or in a text that withdraws nothing, is stated."""
    assert not named_withdrawn(text, value)


def test_a_later_date_does_not_displace_the_date_of_a_withdrawn_rule() -> None:
    """ "from 5 Oct" names the scrapped rule: "From 13 Oct …" on the same rules replaces no
    date of the withdrawing text, which keeps its new rule."""
    withdrawing = held(WITHDRAWS, "2026-10-10", "semantic-000000000002", app_id=APP)
    later = held(LATER, "2026-10-13", "semantic-000000000003", app_id=APP)
    assert values_displaced(withdrawing, later, set()) == []


def test_a_date_a_lesson_states_is_still_displaced() -> None:
    """The near miss: a lesson that states 5 Oct as its own review day is displaced by the
    later one's 13 Oct, as before."""
    own = held(
        "Film rules at dock 4 are reviewed on 5 Oct each year by the shift lead.",
        "2026-10-01",
        "semantic-000000000001",
        app_id=APP,
    )
    later = held(LATER, "2026-10-13", "semantic-000000000003", app_id=APP)
    assert [(d.value, d.new) for d in values_displaced(own, later, set())] == [("5", "13")]


def test_the_pack_serves_the_new_rule_told_beside_a_withdrawal(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """Withdrawal and new rule in one lesson, then a later lesson on who approves the rules:
    the pack serves the new rule (corner boards), never the old three turns alone."""
    old = lesson(clocked_hooks, OLD, APP)
    clock.advance(days=5)
    new = lesson(clocked_hooks, WITHDRAWS, APP)
    assert clocked_hooks.store.get(new).supersedes == (old,)
    clock.advance(days=3)
    lesson(clocked_hooks, LATER, APP)
    packed = packed_ids(clocked_hooks, GOAL)
    assert new in packed
    assert old not in packed


def test_a_pure_withdrawal_serves_nothing_of_the_withdrawn_lesson(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """ "Disregard the note …" with nothing new: the withdrawn lesson stays out of the pack."""
    old = lesson(clocked_hooks, OLD, APP)
    clock.advance(days=5)
    gone = lesson(clocked_hooks, "Please disregard the note on stretch film turns at dock 4.", APP)
    assert clocked_hooks.store.get(gone).supersedes == (old,)
    clock.advance(days=3)
    lesson(clocked_hooks, LATER, APP)
    assert old not in packed_ids(clocked_hooks, GOAL)


def test_a_withdrawal_in_another_app_leaves_this_apps_lesson(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """The same withdrawal and new rule written for another site's app withdraws nothing
    here: this app's pack keeps its own lesson (the other site's rule may join it as
    another app's lesson, told as such)."""
    old = lesson(clocked_hooks, OLD, APP)
    clock.advance(days=5)
    other = lesson(clocked_hooks, WITHDRAWS, "cross-dock-north")
    assert clocked_hooks.store.get(other).supersedes == ()
    assert old in packed_ids(clocked_hooks, GOAL)


@pytest.mark.parametrize(
    ("text", "served"),
    [
        (
            "We withdrew the advice to wash at 3 °Bé — wash brine is now held at 5 °Bé.",
            "Wash brine is now held at 5 °Bé.",
        ),
        (
            "The brine-wash tip was scrapped. Brine tanks are washed at 5 °Bé from now on.",
            "Brine tanks are washed at 5 °Bé from now on.",
        ),
    ],
)
def test_a_served_withdrawal_tells_the_new_rule_without_the_withdrawn_one(
    text: str, served: str
) -> None:
    """The clause that only withdraws (and names the old 3 °Bé) leaves the pack entry when
    the rest tells what holds now."""
    assert without_history(text) == served


@pytest.mark.parametrize(
    "text",
    [
        # nothing new beside it: the entry stays as written
        "Please disregard the note on stretch film turns at dock 4.",
        # what follows leans on the withdrawn advice
        "We withdrew the advice to restart the broker; it lost the queue.",
        # a thing dropped is no claim withdrawn
        "We dropped the pallets at dock 4; the forklift now parks at bay 2.",
    ],
)
def test_a_withdrawal_without_a_standing_new_rule_stays_whole(text: str) -> None:
    """Only a withdrawal beside a statement of what holds now is trimmed."""
    assert without_history(text) == text
