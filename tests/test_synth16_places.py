"""Hook A tells up to two lessons past its five places when they were written after a lesson
it told: the later word on the work often scores under lessons that repeat the goal's words.
An older lesson below all five stays out (background, or how things were)."""

from __future__ import annotations

from agentmem import MemoryHooks
from tests.conftest import ManualClock, semantic

QUEUE = [{"id": "M-4", "title": "Orchestra parts refresh", "app_id": "band"}]

FIVE = [
    "Orchestra parts for the strings are bowed by the principal before any copy is made; "
    "an unbowed copy gets marked twice.",
    "Orchestra parts go out in folders numbered by desk, never by player name, so a "
    "substitute finds the right copy.",
    "Orchestra parts on loan from the county library come back within three weeks of the "
    "concert, or each week late is charged.",
    "Orchestra parts printed on small paper are refused by the brass desks; print them "
    "large so the page turns fall where the editor put them.",
    "Orchestra parts with pencilled cuts are scanned again after the dress rehearsal, "
    "since the cuts change at that stage.",
]
LATER = (
    "From this season the librarian, not the conductor, approves an edition swap for the orchestra."
)
OTHER = [  # the rest of the band's memory: what makes the goal's words rare enough to find
    "Rehearsals start at half past seven; the hall is locked at ten sharp.",
    "The timpani stay in the hall's store room between rehearsals.",
    "Tickets for members' families are held at the door until the interval.",
    "The bus to away venues leaves from the school car park, not the hall.",
    "Subscriptions are collected in January; late payers are reminded by post.",
    "The tuning note comes from the oboe, after the hall's heating is switched off.",
]


def _submit(hooks: MemoryHooks, text: str) -> None:
    assert hooks.harvester.submit(semantic(text, app_id="band"), trigger="manual").memory_id


def _told(hooks: MemoryHooks) -> str:
    for text in OTHER:
        _submit(hooks, text)
    result = hooks.pre_goal_synthesis(queue=QUEUE)
    assert result.ok and result.synthesis is not None
    return result.synthesis


def test_pre_goal_synthesis_tells_a_newer_lesson_past_five_places(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """Five lessons repeat the goal's words; one written a day later names the concert
    only. It scores under all five, yet it is told: it is newer than a lesson told."""
    for text in FIVE:
        _submit(clocked_hooks, text)
    clock.advance(days=1)
    _submit(clocked_hooks, LATER)
    text = _told(clocked_hooks)
    assert all(lesson[:40] in text for lesson in FIVE), text
    assert LATER[:40] in text, text


def test_pre_goal_synthesis_leaves_out_an_older_lesson_past_five_places(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """The same lesson written before all five stays out: past the five places, an older
    lesson lengthens the history for little, and may tell how things were."""
    _submit(clocked_hooks, LATER)
    clock.advance(days=1)
    for text in FIVE:
        _submit(clocked_hooks, text)
    text = _told(clocked_hooks)
    assert all(lesson[:40] in text for lesson in FIVE), text
    assert LATER[:40] not in text, text


def test_pre_goal_synthesis_gives_at_most_two_places_past_five(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """Three newer lessons under the five: two are told, the history stays short."""
    for text in FIVE:
        _submit(clocked_hooks, text)
    clock.advance(days=1)
    later = [
        "The orchestra's harp is borrowed from the conservatory a week ahead of a concert.",
        "When the choir joins, the orchestra sits in front of the risers, winds at the back.",
        "The orchestra's programme notes are due at the printer ten days before a concert.",
    ]
    for line in later:
        _submit(clocked_hooks, line)
    text = _told(clocked_hooks)
    assert sum(line[:40] in text for line in later) == 2, text
