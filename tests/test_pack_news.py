"""Hook B and a change on the goal's ground: a lesson that says something changed reaches
the worker though it shares few of the goal's words; one that only shares them does not.
(Each change here updates an older packed lesson, the second one: see
`tests/test_pack_news_updates.py` for a change no packed entry speaks of.)"""

from __future__ import annotations

import pytest

from agentmem import Hit
from agentmem.core.model import MemoryType
from agentmem.retrieval.select import choose
from agentmem.stores.bm25 import tokenize
from tests.test_pack import hit

CASES = {
    "kiln": (
        "Fire the glaze batch for the spring catalogue in the gas kiln",
        "Glaze batches for the gas kiln are fired to cone 10 with a slow cool.",
        "The gas kiln now vents through the new hood; open the damper before lighting.",
        "The gas kiln needs its shelves washed with kiln wash once a month.",
        "Vent the fumes through the window and open the damper once the burners light.",
    ),
    "ledger": (
        "Import the March bank statements into the ledger",
        "Bank statement imports go through the ledger's CSV importer, one file per account.",
        "The bank feed moved to the v3 endpoint; the v2 one no longer answers.",
        "Bank holidays shift the statement date to the next working day.",
        "Each account's feed is read from the endpoint the ledger config lists.",
    ),
    "tiles": (
        "Render the coastline tiles for zoom levels 10 to 14",
        "Coastline tiles for zooms 10-14 render from the simplified shoreline layer.",
        "Tiles are uploaded to the bucket by the render job instead of by hand now.",
        "The render host is shared with the nightly report job.",
        "Check the upload log of the bucket each morning for missing tiles.",
    ),
}


def lesson(n: int, score: float, text: str) -> Hit:
    """Lesson 4 (the second one, packed) is the oldest: every change here is newer."""
    made = hit(n, MemoryType.SEMANTIC, 0.8, score, text)
    when = "2026-11-01T10:00:00+00:00" if n == 4 else made.memory.created_at
    return made.model_copy(update={"memory": made.memory.model_copy(update={"created_at": when})})


def chosen(goal: str, *hits: Hit) -> set[int]:
    words = set(tokenize(goal))
    return {int(h.memory.id.rsplit("-", 1)[1], 16) for h in choose(hits, [], words)}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_change_far_under_the_best_reaches_the_worker(case: str) -> None:
    """At 0.3 of the best, a lesson that says something changed on the goal's ground is
    packed; one as far under the best that tells no change stays out."""
    goal, best, change, plain, second = CASES[case]
    hits = [lesson(1, 10.0, best), lesson(4, 6.0, second)]
    hits += [lesson(2, 3.0, change), lesson(3, 3.0, plain)]
    assert chosen(goal, *hits) == {1, 4, 2}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_change_under_a_fifth_of_the_best_stays_out(case: str) -> None:
    """Under `NEWS_REACH` of the best, a change shares too little with the goal to be its."""
    goal, best, change, _, second = CASES[case]
    hits = [lesson(1, 10.0, best), lesson(4, 6.0, second), lesson(2, 1.5, change)]
    assert chosen(goal, *hits) == {1, 4}


def test_one_change_enters_the_best_first() -> None:
    """Of two changes under the bar, the better scoring one enters, and only it."""
    goal, best, change, _, second = CASES["kiln"]
    other = "Kiln logs are kept in the shared drive now, not on paper."
    hits = [lesson(1, 10.0, best), lesson(4, 6.0, second)]
    hits += [lesson(2, 2.1, other), lesson(3, 3.2, change)]
    assert chosen(goal, *hits) == {1, 4, 3}


def test_a_retraction_is_no_change_to_pack() -> None:
    """A lesson that takes back an earlier one says what no longer holds: no news."""
    goal, best, _, _, second = CASES["ledger"]
    taken = "Retracted: the bank feed was never rate limited; that advice no longer holds."
    hits = [lesson(1, 10.0, best), lesson(4, 6.0, second), lesson(2, 3.0, taken)]
    assert chosen(goal, *hits) == {1, 4}


def test_a_change_that_shares_only_the_goals_how_and_when_stays_out() -> None:
    """A change must name a word of the goal's subject (its title and tags): one that
    shares only a word of its description (when it is due, how it is done) is not its."""
    title = "Repaint the north gallery walls"
    described = f"{title} before the weekend opening"
    best = lesson(1, 10.0, "North gallery walls take two coats of the chalk-based paint.")
    second = lesson(4, 6.0, "The gallery starts hanging at nine, once the paint is dry.")
    shared_when = lesson(2, 3.0, "The weekend opening now starts at nine, not ten.")
    subject = set(tokenize(title))
    hits = (best, second, shared_when)
    picked = choose(hits, [], set(tokenize(described)), subject)
    assert {int(h.memory.id.rsplit("-", 1)[1], 16) for h in picked} == {1, 4}
    assert 2 in chosen(described, *hits)  # judged on all the goal's words, it would enter
