"""A chat thread exported as a retro, its decision a list of values for the slot a held
lesson's list filled (`agentmem.harvest.thread`, `agentmem.core.listed`): read one message a
lesson, the new list replaces the held one; a look-alike (another kiln, year or kind of
firing) and a restatement replace nothing."""

from __future__ import annotations

from agentmem.core.listed import lists, relisted
from agentmem.core.verdict import Held, judge
from agentmem.harvest.distill import distill
from agentmem.harvest.thread import is_thread, thread_lessons

VENTING = "The kiln controller vents the chamber at hours 2, 5 and 9 of each glaze firing."

THREAD = """#kiln-ops thread export: firing review (2027-02-03)

ana.r: the last two glaze firings crazed on the top shelf again
tom (lab): agreed. DECISION: the kiln vents at hours 3, 6 and 8 of each glaze firing, from Monday
ana.r: and the bisque firings?
tom (lab): same as before, those follow the bisque schedule sheet
ana.r: I'll update the controller profile and the wiki tonight
"""


def replaced(draft: str, held: str, kind: str = "semantic") -> bool:
    return judge(draft, [Held("held-1", held, kind)], kind).replaces == ["held-1"]


def test_a_thread_is_read_one_message_a_lesson_without_handles_or_chatter() -> None:
    """Each message is a statement of its own: the handle and a leading "agreed." go, a
    question goes, a message in the first person keeps its speaker."""
    assert is_thread(THREAD)
    found = [lesson.text for lesson in thread_lessons(THREAD)]
    assert found[0] == "The last two glaze firings crazed on the top shelf again."
    assert found[1].startswith("DECISION: the kiln vents at hours 3, 6 and 8")
    assert not any(text.endswith("?") for text in found)
    assert found[-1].startswith("ana.r: I'll update")
    drafts = distill(THREAD, "retros/firing-thread.md", periodic=True).drafts
    assert any(d["text"].startswith("DECISION: the kiln vents") for d in drafts)


def test_a_note_of_labelled_lines_or_a_q_and_a_is_no_thread() -> None:
    """Labels that open a form's, a standup's or an FAQ's lines name no speakers."""
    assert not is_thread("# Standup\n\nyesterday: kiln 2 fired.\ntoday: glaze.\nblockers: none.\n")
    assert not is_thread("# FAQ\n\nQ: Who fires?\nA: Tom.\nQ: When?\nA: Mondays.\n")
    assert not is_thread("To: all\nFrom: Ana\nRe: kilns\n\nThe kiln moves on Monday.\n")


def test_a_decided_list_for_the_held_slot_replaces_the_held_list() -> None:
    """A decision of hours 3, 6 and 8 of the firing, or a setting's new list, replaces the
    held "hours 2, 5 and 9": the list is one value."""
    assert lists(VENTING)[0].values == frozenset({"2", "5", "9"})
    decided = "DECISION: the kiln vents at hours 3, 6 and 8 of each glaze firing, from Monday."
    assert relisted(decided, VENTING)
    assert replaced(decided, VENTING)
    assert replaced("kiln_vent_hours = [3, 6, 8]", VENTING)


def test_a_list_of_another_thing_or_the_same_list_replaces_nothing() -> None:
    """Another kiln, another year, another kind of firing, or the held list told again."""
    held = "Kiln A vents at hours 2, 5 and 9 of each firing."
    assert not relisted("Kiln B now vents at hours 3, 6 and 8 of each firing.", held)
    held = "The 2026 profile vents at hours 2, 5 and 9 of each firing."
    assert not replaced("The 2027 profile now vents at hours 3, 6 and 8 of each firing.", held)
    held = "Glaze firings vent at hours 2, 5 and 9."
    assert not replaced("Bisque firings now vent at hours 1 and 4.", held)
    assert not replaced("Decided: the kiln vents at hours 2, 5 and 9 of each firing.", VENTING)
