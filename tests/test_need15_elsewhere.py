"""A pack reaches a sibling app's lesson that names the goal's own subject.

A loop's apps share components and data: what one app learned about a shared thing is what
a worker of another app needs when its goal names that thing. A lesson of another app that
shares one word with the goal by chance stays out, and the goal's own app comes first."""

from __future__ import annotations

from agentmem.contexts import Goal
from agentmem.core.model import Memory
from agentmem.retrieval.select import for_worker
from agentmem.stores.base import Filters
from tests.packsearch import packed, searcher


def memory(n: int, app: str, text: str, kind: str = "semantic") -> Memory:
    return Memory.model_validate(
        {
            "id": f"{kind}-{n:012x}", "text": text, "type": kind, "confidence": 0.8,
            "trigger": "manual", "user_id": "u", "app_id": app, "run_id": "2027-01-05-r1",
            "created_at": "2027-01-05T12:00:00+00:00",
        }
    )  # fmt: skip


def test_a_sibling_apps_lesson_on_the_goals_component_reaches_the_pack() -> None:
    """A planner's goal names the proofing cabinets; the oven app learned how their
    humidity probes report: that lesson is packed, another app's lesson sharing only
    "weekly" is not."""
    own = memory(1, "recipe-planner", "Weekly bake plans are drafted on Thursday for the cabinets.")
    theirs = memory(
        2,
        "oven-control",
        "Proofing cabinet humidity probes report percent times ten; divide first.",
    )
    chance = memory(3, "oven-control", "Weekly burner cleaning is booked for the night shift.")
    goal = Goal(
        title="Plan proofing times from cabinet humidity",
        description="Use the weekly humidity history.",
        app_id="recipe-planner",
    )
    ids = packed([own, theirs, chance], goal)
    assert theirs.id in ids
    assert chance.id not in ids


def test_the_goals_own_app_wins_a_tie_with_a_sibling() -> None:
    """Two lessons on the same words, one of the goal's app and one of a sibling's: both
    are candidates, the goal's own first (a sibling counts for less)."""
    own = memory(1, "loan-desk", "Overdue reminders for interlibrary loans go out after 21 days.")
    theirs = memory(
        2, "catalogue", "Interlibrary loans overdue reminders use the partner's due date."
    )
    goal = Goal(title="Send overdue reminders for interlibrary loans", app_id="loan-desk")
    ids = packed([own, theirs], goal)
    assert ids[:2] == [own.id, theirs.id]


def test_a_sibling_lesson_far_under_the_own_apps_best_stays_out() -> None:
    """Another app's lesson under half the own app's best lesson is no candidate, however
    many goal words it shares: the goal's app said far more about it."""
    own = [
        memory(
            1, "turbine-ops", "Blade pitch logs for turbine yaw faults sit in the nacelle export."
        ),
        memory(
            2,
            "turbine-ops",
            "Yaw faults on a turbine clear after a pitch reset and a nacelle check.",
        ),
    ]
    theirs = memory(3, "grid-report", "Yaw fault counts are summed per week for the report.")
    goal = Goal(
        title="Diagnose turbine yaw faults from pitch and nacelle logs", app_id="turbine-ops"
    )
    ids = packed([*own, theirs], goal)
    assert theirs.id not in ids
    assert {m.id for m in own} <= set(ids)


def test_a_read_of_every_app_is_not_searched_again() -> None:
    """A pack read without an app already holds every app's lessons: nothing is added."""
    one = memory(1, "alpha", "Compressor restarts need a cool-down of ten minutes.")
    two = memory(2, "beta", "Compressor restarts log the cool-down in the shift book.")
    goal = Goal(title="Restart the compressor after the cool-down", app_id="alpha")
    hits = for_worker(searcher([one, two]), goal, Filters(user_id="u", app_ids=None))
    assert sorted(h.memory.id for h in hits) == sorted([one.id, two.id])
