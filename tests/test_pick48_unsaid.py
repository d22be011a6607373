"""A value a replacement leaves unsaid, giving nothing new of its kind, is not retired
(`agentmem.retrieval.unsaid`), as packs read older lessons against a change.

A board plant: "a 50-board stack of standard 12.5 mm board weighs about 1.3 t" was
replaced by "fire-rated stacks are 40 boards, not 50, so a fire-rated stack stays under
about 1.3 t". The replacement keeps 1.3 and is silent on 12.5; the older weight acceptance
lesson on 12.5 mm board is no lesson of before and stays in a release goal's pack. A
replacement that gives a new thickness still retires the old one.
"""

from __future__ import annotations

from agentmem import MemoryHooks
from agentmem.retrieval.lingering import retired_by, states_retired
from agentmem.retrieval.unsaid import anew
from tests.conftest import ManualClock, held, semantic

APP = "qa-dispatch"
WHEN = "2027-05-09T12:00:00+00:00"
OLD = (
    "Trucks leave with at most 24 t net; a 50-board stack of standard 12.5 mm board "
    "(1200 x 2500 mm) weighs about 1.3 t."
)
NEW = "Fire-rated stacks are 40 boards, not 50, so a fire-rated stack stays under about 1.3 t like a standard one."
ACCEPT = (
    "Weight per m² acceptance: standard 12.5 mm board 8.4-9.2 kg/m², fire-rated 12.5 mm "
    "board 9.8-10.6 kg/m²; never apply one limit to both types."
)


def test_a_change_keeping_its_one_value_of_a_kind_retires_no_other_of_that_kind() -> None:
    change = retired_by(OLD, NEW, WHEN, True)
    assert change is not None
    assert not anew(change.given, "version")
    assert not states_retired(held(ACCEPT, "2027-04-28", app_id=APP), [change])


def test_a_change_giving_a_new_value_of_the_kind_still_retires_the_old_one() -> None:
    thicker = (
        "Trucks leave with at most 24 t net; a 50-board stack of standard 15.0 mm board "
        "(1200 x 2500 mm) weighs about 1.3 t."
    )
    change = retired_by(OLD, thicker, WHEN, True)
    assert change is not None and anew(change.given, "version")
    twin = "A stack of standard 12.5 mm board goes on the truck's front axle first."
    assert states_retired(held(twin, "2027-04-28", app_id=APP), [change])


def test_pre_spawn_pack_keeps_an_older_lesson_on_a_value_the_change_left_unsaid(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """The acceptance limits, the best lesson on the release goal, stay in its pack."""
    write = clocked_hooks.harvester.submit
    accept = write(semantic(ACCEPT, app_id=APP), trigger="manual").memory_id
    clock.advance(days=3)
    old = write(semantic(OLD, app_id=APP), trigger="manual").memory_id
    clock.advance(days=8)
    new = write(semantic(NEW, app_id=APP, supersedes=[old]), trigger="manual").memory_id
    assert accept and old and new
    goal = {
        "title": "Release the fire-rated batches for the hospital order",
        "description": "QA release of FR12.5 batches; check weight per m² and stack size.",
        "app_id": APP,
        "tags": ["fire-rated", "weight"],
    }
    result = clocked_hooks.pre_spawn_pack(goal=goal)
    assert result.pack is not None
    assert accept in [e.id for e in result.pack.entries]
