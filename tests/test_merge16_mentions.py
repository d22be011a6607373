"""A write-time change needs the same subject and a new value or state of it. A lesson
that only mentions a thing another lesson sets ("twelve seed trays barely fit under the
grow lights") gives no new value of that setting ("lamp_hours=16"): its number counts
something else. A lesson that says one practice is "no longer" done tells no new state of
the other practices of the same thing (what it logs, when it is cleaned). Both replaced
lessons that were still true; the rows that must still replace do."""

from __future__ import annotations

import pytest

from agentmem.core.restate import replaces
from agentmem.core.verdict import Held, judge

MENTIONS = [  # a count of one thing, against a setting of another
    (
        "Twelve seed trays barely fit under the grow lights in bay C.",
        "Seed trays now sit under the grow lights in bay C with lamp_hours=16.",
    ),
    (
        "Three sourdough loaves only just fit on the top rack of oven B.",
        "Sourdough loaves now bake on the top rack of oven B with --fan-speed 2.",
    ),
    (
        "Six banner prints barely fit in the wide plotter queue at once.",
        "Banner prints now go to the wide plotter queue with max_sheets: 40.",
    ),
]

OTHER_PRACTICE = [  # what stopped is not what the held lesson tells
    (
        "The greenhouse controller no longer waters the seed trays at dawn; a drip timer does it.",
        "The greenhouse controller logs soil moisture to the sensor database every ten minutes.",
    ),
    (
        "Overdue reminders are no longer printed at the lending desk: they go out by text message.",
        "Overdue reminders name the branch that holds the reserved copy.",
    ),
    (
        "The bakery's proofing cabinet does not run overnight any more; dough is shaped at six.",
        "The bakery's proofing cabinet is wiped down with food-safe sanitiser after each batch.",
    ),
    (  # what took the stopped practice's place, told with "instead"
        "The returns cart no longer goes down to the basement; volunteers shelve returns from "
        "the desk instead.",
        "The returns cart is checked for damaged spines before the evening count.",
    ),
]

STILL_REPLACES = [
    (  # the practice the held lesson tells, stopped
        "The greenhouse controller no longer waters the seed trays; a drip timer does it.",
        "The greenhouse controller waters the seed trays at dawn.",
    ),
    (
        "Overdue reminders are no longer printed at the lending desk: they go out by text message.",
        "Overdue reminders are printed at the lending desk every Monday morning.",
    ),
    (
        "The returns cart no longer goes down to the basement; volunteers shelve returns from "
        "the desk instead.",
        "The returns cart goes down to the basement sorting room after closing.",
    ),
    (  # another count of the same thing
        "The top rack of oven B now takes 5 sourdough loaves.",
        "The top rack of oven B takes at most 3 sourdough loaves.",
    ),
    (  # another value of the same setting
        "Banner prints now go to the wide plotter queue with max_sheets: 60.",
        "Banner prints go to the wide plotter queue with max_sheets: 40.",
    ),
    (
        "Seed trays in bay C now get lamp_hours=18 under the grow lights.",
        "Seed trays sit under the grow lights in bay C with lamp_hours=16.",
    ),
]


@pytest.mark.parametrize(("draft", "held"), MENTIONS + OTHER_PRACTICE)
def test_no_new_value_of_the_held_lesson(draft: str, held: str) -> None:
    assert not replaces(draft, held)
    assert judge(draft, [Held("h", held, "semantic")], "semantic").replaces == []


@pytest.mark.parametrize(("draft", "held"), STILL_REPLACES)
def test_a_change_of_the_same_thing_still_replaces(draft: str, held: str) -> None:
    assert replaces(draft, held)
