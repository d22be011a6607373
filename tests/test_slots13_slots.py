"""A new value read by its place, whatever words tell the change: a draft that puts another
value in the frame where a held lesson has one (the same content words before and after
it) replaces that lesson, with a change word or none; another thing's value in that frame,
two values that both hold, and an old value told as history replace nothing. A lesson
replaced so takes with it the held lessons that still state the value it retired of the
same thing."""

from __future__ import annotations

from agentmem import MemoryHooks
from agentmem.core.slots import reslotted, siblings, slots
from agentmem.core.verdict import Held, judge, kin

from .conftest import semantic

READERS = "Door readers lock after 6 failed swipes; the security desk resets them from the console."
KILN = "The kiln holds glaze firings at 1,180 C for about 20 minutes before it cools."


def _replaced(draft: str, held: str, kind: str = "semantic") -> bool:
    return judge(draft, [Held("h", held, kind)], kind).replaces == ["h"]


def test_a_new_value_in_the_same_frame_replaces_the_held_lesson_without_a_change_word() -> None:
    """A review's bullet among others, no "now", no "changed": the swipes' count stands
    where the held lesson's stood."""
    draft = (
        "Site walk-through notes, March: the lobby turnstiles were re-cabled, visitor passes "
        "print at reception, and readers lock after 4 failed swipes."
    )
    assert _replaced(draft, READERS)


def test_a_new_value_told_in_a_chat_message_replaces_the_held_lesson() -> None:
    draft = "hey all, from the studio: the kiln holds glaze firings at 1,220 C from next week"
    assert reslotted(draft, KILN)
    assert _replaced(draft, KILN)


def test_the_frame_is_read_around_the_value() -> None:
    """Unit words belong to the value; content words before and after it frame it."""
    (slot,) = slots("Door readers lock after 6 failed swipes")
    assert (slot.before, slot.value, slot.unit, slot.after) == (
        ("door", "reader", "lock"),
        "6",
        "",
        ("fail", "swipe"),
    )
    (timed,) = slots("the dryer runs for 1,200 seconds")
    assert (timed.value, timed.unit) == ("1200", "s")


def test_another_things_value_in_the_same_frame_is_no_new_value() -> None:
    """The Bruges depot's hold is not the Ghent depot's; the night shift's count is not
    the day shift's."""
    held = "The Ghent depot holds returned parcels for 5 days before they go back."
    assert not reslotted("The Bruges depot holds returned parcels for 3 days.", held)
    assert not _replaced("The Bruges depot holds returned parcels for 3 days.", held)


def test_two_values_that_both_hold_or_an_old_value_told_as_history_replace_nothing() -> None:
    both = "Readers lock after 4 failed swipes at night and after 6 failed swipes by day."
    assert not reslotted(both, READERS)
    history = "The staff handbook grants 27 days of leave, not the 22 days of the agency terms."
    assert not reslotted(history, "The agency terms grant 22 days of leave per year.")


def test_lessons_stating_the_retired_value_go_with_the_lesson_replaced() -> None:
    """The how-to that still waits out the old 26 C goes with the rule; the cold frames'
    own 26 C and a lesson already telling 29 C stay."""
    draft = "Greenhouse vents now open at 29 C."
    held = [
        Held("rule", "The greenhouse vents open at 26 C.", "semantic"),
        Held("howto", "Vents open at 26 C, so shade the seedlings first.", "procedural"),
        Held("frames", "The cold frame lids open at 26 C.", "semantic"),
        Held("told", "Vents open at 29 C since the new controller.", "semantic"),
    ]
    assert kin(draft, held, ["rule"]) == ["howto"]
    assert siblings(draft, [held[0].text], [("x", "The staff canteen opens at 28 past.")]) == []


def test_the_writer_replaces_the_sibling_that_states_the_retired_value(
    hooks: MemoryHooks,
) -> None:
    """Written one after the other, the new opening temperature replaces the rule and the
    how-to that waits for the old one; the cold frames' lesson stays live."""
    ids = {
        name: hooks.harvester.submit(semantic(text, app_id="glasshouse"), trigger="manual")
        for name, text in (
            ("rule", "The greenhouse vents open at 26 C."),
            ("howto", "Shade the seedlings before the vents open at 26 C on sunny mornings."),
            ("frames", "The cold frame lids open at 26 C."),
        )
    }
    result = hooks.harvester.submit(
        semantic("Greenhouse vents now open at 29 C.", app_id="glasshouse"), trigger="manual"
    )
    assert result.memory_id is not None
    replaced = set(hooks.store.get(result.memory_id).supersedes)
    assert {ids["rule"].memory_id, ids["howto"].memory_id} <= replaced
    assert ids["frames"].memory_id not in replaced


LOBBY = [
    "The lobby turnstiles are re-cabled every spring by the facilities contractor.",
    "Visitor passes print at reception on the lobby pass printer.",
    "Lobby turnstiles log every visitor pass scan to the facilities console.",
    "The reception desk opens the lobby at 06:50 for visitor pass pickup.",
    "Facilities tests the lobby turnstiles after each re-cabling with a visitor pass.",
    "Visitor passes expire at midnight; reception reprints them on request.",
    "The facilities console lists turnstile faults in the lobby by floor.",
    "Reception hands lost visitor passes to facilities at the end of the day.",
    "The lobby pass printer at reception needs a new ribbon each month.",
]


def test_each_sentence_of_a_long_draft_finds_what_it_gives_a_new_value_of(
    hooks: MemoryHooks,
) -> None:
    """A review mostly about the lobby changes the readers' lockout in one sentence: the
    readers' lesson, not among the review's best matches as a whole, is found by that
    sentence and replaced; the lobby lessons stay live."""
    for text in LOBBY:
        hooks.harvester.submit(semantic(text, app_id="site"), trigger="manual")
    readers = hooks.harvester.submit(semantic(READERS, app_id="site"), trigger="manual")
    review = (
        "Site walk-through notes, March: the lobby turnstiles were re-cabled by the contractor. "
        "Visitor passes print at reception on the new pass printer. "
        "The reception desk now opens the lobby at 07:05. "
        "Readers lock after 4 failed swipes."
    )
    result = hooks.harvester.submit(semantic(review, app_id="site"), trigger="manual")
    assert result.memory_id is not None
    assert readers.memory_id in hooks.store.get(result.memory_id).supersedes
