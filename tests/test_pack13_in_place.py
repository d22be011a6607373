"""A newer lesson the read finds retiring an older one takes the older one's place
(`agentmem.retrieval.conflict.outdated_in_place`): it scores at least what the lesson it
retired scored, so a change told in fewer of the goal's words is not lost when the lesson
it retired leaves the pack."""

from __future__ import annotations

from agentmem import MemoryHooks
from agentmem.core.model import Hit
from agentmem.retrieval.conflict import outdated, outdated_in_place
from tests.conftest import ManualClock, held, lesson, packed_ids, unlinked_pair

APP = "bakery"
OLD = "Sourdough loaves are proofed with proofctl hold --warm <rack>; never skip the warm hold."
NEW = "Since the cabinet swap, sourdough loaves are now proofed with proofctl chill --rack <rack>."
OTHER = "Rye loaves rest for an hour in the linen baskets before the oven."
BEST = (
    "Rack three's warm hold for sourdough loaves runs hot: check the rack three thermometer "
    "before every warm hold of sourdough loaves on rack three."
)
GOAL = {"title": "Warm hold of the sourdough loaves on rack three", "app_id": APP}
QUERY = "proof the sourdough loaves on rack three warm hold"


def _hits() -> list[Hit]:
    return [
        Hit(memory=held(OLD, 1, "m-old", app_id=APP), score=4.0),
        Hit(memory=held(OTHER, 2, "m-other", app_id=APP), score=2.0),
        Hit(memory=held(NEW, 9, "m-new", app_id=APP), score=1.0),
    ]


def test_the_retiring_lesson_takes_the_retired_ones_score() -> None:
    """The older command leaves; the newer one scores what it scored, ahead of a lesson
    that outscored the newer one on the goal's words."""
    hits = _hits()
    placed = outdated_in_place(hits, hits, QUERY)
    assert [h.memory.id for h in placed] == ["m-new", "m-other"]
    assert placed[0].score == 4.0


def test_nothing_retired_leaves_every_score_as_it_was() -> None:
    """Without a retired lesson among the hits, the answer is `outdated`'s."""
    hits = [h for h in _hits() if h.memory.id != "m-old"]
    assert outdated_in_place(hits, hits, QUERY) == outdated(hits, hits, QUERY)


def test_a_retiring_lesson_that_already_scores_more_keeps_its_score() -> None:
    """The lift is a floor: a newer lesson that scores more on the goal keeps its score."""
    hits = [h.model_copy(update={"score": 6.0}) if h.memory.id == "m-new" else h for h in _hits()]
    placed = outdated_in_place(hits, hits, QUERY)
    assert placed[0].memory.id == "m-new"
    assert placed[0].score == 6.0


def test_a_lesson_the_newer_one_did_not_retire_is_not_lifted() -> None:
    """Only what the newer lesson retired lends it a score: an unrelated lesson stays."""
    hits = _hits()
    placed = {h.memory.id: h.score for h in outdated_in_place(hits, hits, QUERY)}
    assert placed["m-other"] == 2.0


def test_pre_spawn_pack_tells_the_newer_command_in_the_older_ones_place(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """The goal names the warm hold the older lesson ran; the newer lesson, which says the
    loaves are now proofed another way, shares few of its words, yet packs in its place."""
    lesson(clocked_hooks, BEST, APP)
    old, new = unlinked_pair(clocked_hooks, clock, OLD, NEW, app_id=APP, days=6, filler=OTHER)
    packed = packed_ids(clocked_hooks, GOAL)
    assert old not in packed
    assert new in packed
