"""Hook B and a change on the goal's ground: a change enters a pack only as news to what the
pack already tells (`agentmem.retrieval.news.updates`). One word of the goal's title or
tags is shared by every change on an app's common ground; an older packed entry on the
thing that changed is what makes the change this worker's news."""

from __future__ import annotations

import pytest

from agentmem import Hit
from agentmem.core.model import MemoryType
from agentmem.retrieval.select import choose
from agentmem.stores.bm25 import tokenize
from tests.test_pack import memory

OLD = "2026-10-01T10:00:00+00:00"
NEW = "2026-11-20T10:00:00+00:00"

# goal, the best lesson, a change sharing one word of the goal's subject, an older lesson
# on what changed, a lesson on the goal's own work that says nothing of the change
CASES = {
    "orchard": (
        "Prune the pear trees in the north orchard",
        "Pear trees in the north orchard are pruned in late winter, before bud break.",
        "Orchard ladders now live in the east barn instead of the tool shed.",
        "Fetch a ladder from the tool shed and return it before dusk.",
        "Cut pear branches back to an outward facing bud.",
    ),
    "clinic": (
        "Book follow-up visits for the asthma clinic",
        "Asthma follow-up visits are booked four weeks after the first visit.",
        "Clinic rooms are now booked through the new online planner.",
        "The paper planner at the front desk lists every room.",
        "Asthma patients bring their inhaler and peak flow diary to each visit.",
    ),
    "harbour": (
        "Schedule hull cleaning for the ferry fleet",
        "Ferry hulls are cleaned every six months in the dry dock.",
        "The fleet fuel barge now moors at pier four, no longer at pier two.",
        "The fuel barge crew needs a day of notice before a crossing.",
        "Hull cleaning takes two days per ferry; plan the spare ferry for the route.",
    ),
}


def lesson(n: int, score: float, text: str, created_at: str = OLD) -> Hit:
    kept = memory(n, MemoryType.SEMANTIC, 0.8, text, created_at=created_at)
    return Hit(memory=kept, score=score)


def picked(goal: str, *hits: Hit) -> set[int]:
    words = set(tokenize(goal))
    return {int(h.memory.id.rsplit("-", 1)[1], 16) for h in choose(hits, [], words)}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_change_nothing_packed_speaks_of_stays_out(case: str) -> None:
    """A change sharing one word of the goal's subject, on a thing no packed entry names, is
    another subject's news: it stays out of the pack."""
    goal, best, change, _, work = CASES[case]
    hits = [lesson(1, 10.0, best), lesson(2, 6.0, work), lesson(3, 3.0, change, NEW)]
    assert picked(goal, *hits) == {1, 2}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_change_to_what_an_older_packed_entry_tells_enters(case: str) -> None:
    """The pack holds an older entry on the thing that changed: the change enters beside it,
    so the worker knows what it says no longer holds."""
    goal, best, change, older, _ = CASES[case]
    hits = [lesson(1, 10.0, best), lesson(2, 6.0, older), lesson(3, 3.0, change, NEW)]
    assert picked(goal, *hits) == {1, 2, 3}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_change_only_newer_entries_speak_of_stays_out(case: str) -> None:
    """An entry written after the change already tells things as they are: the change is
    no news to a pack that holds only such entries on it."""
    goal, best, change, older, _ = CASES[case]
    hits = [lesson(1, 10.0, best), lesson(2, 6.0, older, NEW), lesson(3, 3.0, change, OLD)]
    assert picked(goal, *hits) == {1, 2}


def test_a_function_word_of_the_title_is_no_subject() -> None:
    """A title word such as "from" or "over" names nothing: a change sharing only it with
    the goal's subject stays out, though an older packed entry speaks of the change."""
    goal = "Collect the rain gauges from the upper meadow"
    best = lesson(1, 10.0, "Rain gauges in the upper meadow are read at dawn and emptied.")
    older = lesson(2, 6.0, "Keep the hut book dry; it holds ten years of readings.")
    change = lesson(3, 3.0, "Readings go from the hut book to the tablet log now.", NEW)
    assert picked(goal, best, older, change) == {1, 2}
    named = lesson(4, 3.0, "Gauge readings go to the tablet log now, not the hut book.", NEW)
    assert picked(goal, best, older, named) == {1, 2, 4}
