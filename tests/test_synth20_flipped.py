"""Hook A leaves out an older lesson a newer one turned around (`agentmem.retrieval.flipped`):
the same thing now goes the other way ("at the top" then "now at the bottom"), no value
to compare. Near misses keep both: no word of change, another thing placed, a text that
sets itself apart."""

from __future__ import annotations

from agentmem import MemoryHooks
from tests.conftest import ManualClock, unlinked_pair

APP = "bistro"
QUEUE = [{"id": "C-7", "title": "Print the autumn menu with its allergen card", "app_id": APP}]
OLD = "The allergen card sits at the top of the printed menu, above the starters."
NEW = "The allergen card now goes at the bottom of the printed menu, under the desserts."
FILLER = "Menus are printed on the heavy cream stock the stationer keeps for us."


def _told(hooks: MemoryHooks, clock: ManualClock, old: str, new: str) -> tuple[str, str, str]:
    first, second = unlinked_pair(hooks, clock, old, new, app_id=APP, days=5, filler=FILLER)
    result = hooks.pre_goal_synthesis(queue=QUEUE)
    assert result.ok and result.synthesis is not None
    return first, second, result.synthesis


def test_pre_goal_synthesis_leaves_out_a_lesson_turned_around(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """The newer lesson says the card now goes at the bottom: the older "at the top" is
    not told beside it."""
    old, new, text = _told(clocked_hooks, clock, OLD, NEW)
    assert f"[{new}]" in text, text
    assert f"[{old}]" not in text, text


def test_pre_goal_synthesis_keeps_both_without_a_word_of_change(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """Without a word saying it changed, the newer lesson may tell of another menu: both
    are told."""
    newer = "The allergen card goes at the bottom of the printed menu, under the desserts."
    old, new, text = _told(clocked_hooks, clock, OLD, newer)
    assert f"[{new}]" in text and f"[{old}]" in text, text


def test_pre_goal_synthesis_keeps_both_when_another_thing_moved(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """The wine list moved to the bottom, not the allergen card: the older lesson holds."""
    newer = "The wine list now goes at the bottom of the printed menu, under the desserts."
    old, _, text = _told(clocked_hooks, clock, OLD, newer)
    assert f"[{old}]" in text, text


def test_pre_goal_synthesis_keeps_both_when_the_newer_sets_itself_apart(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """The children's menu moved its card, unlike the printed menu: the newer lesson says
    so of another menu."""
    newer = "The children's menu now puts its allergen card at the bottom, unlike the printed menu."
    old, _, text = _told(clocked_hooks, clock, OLD, newer)
    assert f"[{old}]" in text, text
