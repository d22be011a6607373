"""The judge's per-text caches (what a text sets apart or keeps, its swapped-phrase
candidates, release floors, routes, counts and lead units) hand each caller a value of
its own: a caller that changes what it got changes nothing the next caller reads, and a
cached answer is the answer read fresh."""

from __future__ import annotations

from agentmem.core.apart import _kept, _things_apart, _word_set, set_apart, things_apart
from agentmem.core.counted import _found, _lead_units, counts, lead_units
from agentmem.core.minrelease import _floors, below_floor, floors
from agentmem.core.newvalue import _frame_words, _framed_words, _phrases, _routes, routes, swapped

CACHES = (_things_apart, _word_set, _kept, _framed_words, _frame_words, _phrases)
CACHES += (_floors, _lead_units, _found, _routes)


def _clear() -> None:
    for cache in CACHES:
        cache.cache_clear()


def test_things_apart_hands_out_fresh_lists() -> None:
    """Changing the word list `things_apart` returned leaves the next answer whole."""
    for text in (
        "the pottery kiln fires at 900 degrees, a different schedule from the glaze oven",
        "sensor buoys report every 10 minutes, unlike the tide gauges",
        "the canteen opens at 07:30; the night kitchen is still on its own rota",
    ):
        _clear()
        first = things_apart(text)
        for words, _ in first:
            words.clear()
        assert things_apart(text) == [(list(w), led) for w, led in _things_apart(text)]
        assert all(words for words, _ in things_apart(text))


def test_set_apart_answers_alike_cold_and_warm() -> None:
    """`set_apart` gives one answer with its caches empty and full, in three phrasings."""
    pairs = [
        (
            "choir rehearsals move to Thursdays, a separate slot from the brass band",
            "the brass band rehearses on Tuesdays in the hall",
        ),
        (
            "the orchard cart now leaves at 06:00; the dairy cart keeps its own 05:00 run",
            "the dairy cart leaves at 05:00 from the barn",
        ),
        (
            "library loans now last 21 days, unlike the archive reading room",
            "archive reading room holds last 3 days",
        ),
    ]
    _clear()
    cold = [set_apart(d, h) for d, h in pairs]
    warm = [set_apart(d, h) for d, h in pairs]
    assert cold == warm == [True, True, True]
    assert not set_apart(pairs[0][0], "the pottery kiln fires at 900 degrees")


def test_counts_units_floors_and_routes_are_fresh_each_call() -> None:
    """A caller that pops or edits the set or dict it got does not change the next one's."""
    _clear()
    text = "ferry tickets go on sale 30 days before departure, capped at 4 tickets per booking"
    units = lead_units(text)
    units.clear()
    assert lead_units(text) == {"day"}
    got = counts(text)
    got["ticket"].clear()
    assert counts(text) == {"ticket": {"4"}, "lead": {"43200"}}
    need = "the telescope mount needs skyctl >= 4.2 for the new tracking mode"
    found = floors(need)
    found.clear()
    assert floors(need) == {"skyctl": (4, 2)}
    assert below_floor(need, "the telescope mount tracking runs skyctl 3.9 nightly")
    route = "seed orders post to POST /v2/seed-orders now"
    held = routes(route)
    held.clear()
    assert routes(route) == {("POST", 2, frozenset({"seed", "order"}))}


def test_swapped_answers_alike_cold_and_warm() -> None:
    """The swapped-phrase check gives one answer with its caches empty and full."""
    pairs = [
        (
            "nightly backups of the parcel ledger run at 01:00",
            "nightly backups of the route planner run at 03:00",
        ),
        ("the bakery oven preheats for 20 minutes", "the bakery oven now preheats for 25 minutes"),
        (
            "requests to the tide feed need approval from the harbour desk",
            "requests to the weather feed need approval from the harbour desk",
        ),
    ]
    _clear()
    cold = [swapped(a, b) for a, b in pairs]
    warm = [swapped(a, b) for a, b in pairs]
    assert cold == warm
    assert cold[0] and not cold[1]
