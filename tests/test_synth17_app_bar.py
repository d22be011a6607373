"""Hook A measures a lesson of the bundle's own app against the best lesson of that app: a
`_global` note that repeats the bundle's names can outscore every lesson of the app
threefold, and one bar for all left the app's own account of the work untold."""

from __future__ import annotations

from agentmem import MemoryHooks
from tests.conftest import semantic

QUEUE = [
    {
        "id": "B-31",
        "title": "Almond sponge for the Quenby christening",
        "description": "Quenby family order, collected at Quenby chapel on Sunday.",
        "app_id": "bakery",
    }
]
# A chat line that repeats the bundle's names: it outscores everything the bakery holds.
NOTE = "Quenby chapel asked: the Quenby christening party collects at the Quenby chapel door."
BEST = "An almond sponge rises unevenly in the top oven; bake sponges on the middle shelf."
OWN = "Ground almonds go rancid in a warm store: keep the open sack for sponges in the cold room."
BAKERY = [  # the rest of the bakery's memory: what makes the bundle's words rare
    "Rye loaves need the long proof overnight; start the leaven before six.",
    "The bread slicer blade is changed every Monday before the first batch.",
    "Croissant dough rests in the chiller between every fold.",
    "Delivery vans leave at half past five; trays go back on the Thursday run.",
    "Gluten-free loaves are baked first, before any flour is in the air.",
    "Icing sugar is sieved twice for the wedding cakes.",
]
GLOBAL = [  # and of the shared notes
    "Staff rota changes go on the board by Wednesday noon.",
    "The card machine at the counter restarts itself at midnight.",
    "Holiday requests go to the manager two weeks ahead.",
]


def _told(hooks: MemoryHooks, own_app: str) -> str:
    submit = hooks.harvester.submit
    assert submit(semantic(NOTE, app_id="_global"), trigger="manual").memory_id
    for text in GLOBAL:
        assert submit(semantic(text, app_id="_global"), trigger="manual").memory_id
    for text in [BEST, OWN, *BAKERY]:
        assert submit(semantic(text, app_id=own_app), trigger="manual").memory_id
    result = hooks.pre_goal_synthesis(queue=QUEUE)
    assert result.ok and result.synthesis is not None
    return result.synthesis


def test_pre_goal_synthesis_measures_the_apps_lessons_against_its_best(
    hooks: MemoryHooks,
) -> None:
    """The note names the family and the chapel three times and scores far above the
    bakery's lessons; the lesson on keeping almonds, under a third of the note's score,
    is over the bar of the bakery's best lesson and is told."""
    text = _told(hooks, "bakery")
    assert NOTE[:30] in text and BEST[:30] in text, text
    assert OWN[:30] in text, text


def test_pre_goal_synthesis_keeps_one_bar_for_shared_notes(hooks: MemoryHooks) -> None:
    """The same lessons written as shared notes are measured against the best of all:
    a `_global` note is on the bundle's ground only by its words, and the weak one stays
    out."""
    text = _told(hooks, "_global")
    assert NOTE[:30] in text, text
    assert OWN[:30] not in text, text
