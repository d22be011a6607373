"""A change told before a later change: the older one's new value is the later one's old.

A review says the oven batch "now loads at T-90"; a week later a decision moves the batch to
T-60 and replaces the rule that gave T-90. The review is a change itself, so the writer
keeps it live, and it still gives T-90 as how things are: packs and hook A leave it out. A
review that gives T-90 to something else (the rolls tray) stays. A labelled number ("T-90", "rev-3") is a value like a time or a version: the
later change retires it when it gives another number under the same label."""

from __future__ import annotations

from agentmem import MemoryHooks
from tests.conftest import ManualClock
from tests.test_restated_retired import APP
from tests.test_restated_retired import _lesson as _lesson  # the same kiln app

ROLLS = "Rolls go in the oven after the loaves, never before them."
REVIEW = (
    "Bakery review: the first loaves were late twice last week. The oven batch now loads at "
    "T-90; rolls go in last."
)
RULE = (
    "The oven batch is loaded at T-90 before opening, so the first loaves have cooled by the "
    "time the shop opens."
)
DECISION = (
    "From Monday the shop opens later: the oven batch now loads at T-60, and the first "
    "loaves still cool in time."
)
TITLE = "Plan the oven batch and the rolls for the first loaves"


def _told(hooks: MemoryHooks, clock: ManualClock, first: str, review: str) -> tuple[str, str]:
    """The first lesson, the review replacing it, the rule, the decision a week on; then
    what hook A's synthesis and the worker's pack say: (synthesis, pack ids joined)."""
    replaced = _lesson(hooks, first)
    clock.advance(days=2)
    told = _lesson(hooks, review, supersedes=[replaced])
    clock.advance(days=1)
    rule = _lesson(hooks, RULE)
    clock.advance(days=7)
    decision = _lesson(hooks, DECISION, supersedes=[rule])
    assert hooks.store.get(decision).supersedes == (rule,)
    assert hooks.store.get(told).supersedes == (replaced,)
    text = hooks.pre_goal_synthesis(queue=[{"id": "B-1", "title": TITLE, "app_id": APP}])
    pack = hooks.pre_spawn_pack(goal={"title": TITLE, "app_id": APP}).pack
    assert pack is not None and decision in [e.id for e in pack.entries]
    return text.synthesis or "", " ".join(e.id for e in pack.entries) + f" {told}"


def test_an_older_change_giving_what_a_later_one_retired_leaves_packs_and_synthesis(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """The review's T-90 is what the decision retired: neither hook A nor the pack tells it."""
    text, ids = _told(clocked_hooks, clock, ROLLS, REVIEW)
    review = ids.split()[-1]
    assert "T-60" in text and "T-90" not in text, text
    assert review not in ids.split()[:-1]


def test_an_older_change_giving_the_value_of_something_else_stays(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """A review that moved the rolls tray to T-90 says it of the tray, in no word the rule or
    the decision says next to the oven batch's time: the decision did not retire it."""
    review = (
        "Bakery review: the rolls tray moved to T-90; the first loaves were late twice last week."
    )
    text, ids = _told(clocked_hooks, clock, ROLLS, review)
    assert ids.split()[-1] in text, text
