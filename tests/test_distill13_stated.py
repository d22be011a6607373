"""Hook D reads the lessons a retro states however it is written: headings without `#`
(underlined, bold, a short label above a list, a day), sections named by what they hold
(start/stop/continue, what fixed it, claims that turned out false, questions), a table of
what changed, and prose or plain notes whose sentences state a rule, a cause, a fix, a
state or a correction; never a guess, a question, the story or work still to do."""

from __future__ import annotations

from pathlib import Path

from agentmem import MemoryHooks
from agentmem.core.model import MemoryType
from agentmem.harvest.distill import distill, lessons
from agentmem.harvest.headings import explicit
from agentmem.harvest.stated import corrected, stated, states

UNDERLINED = """Kiln week review
================

Action items
- [ ] buy a spare thermocouple
- [x] the glaze mixer runs on the 16 A socket now

**Lessons**
- Bisque loads cool for 14 hours before the door opens.
"""


def test_headings_written_without_hashes_are_headings() -> None:
    """An underlined title, a plain label right above its list and a bold line are
    headings: the action items stay plans (the ticked one a change made), the bold
    "Lessons" types its bullet; read as prose they gave nothing."""
    assert explicit(UNDERLINED).splitlines()[0] == "## Kiln week review"
    texts = [lesson.text for lesson in lessons(UNDERLINED)]
    assert texts == [
        "Bisque loads cool for 14 hours before the door opens.",
        "the glaze mixer runs on the 16 A socket now",
    ]


def test_a_sentence_introducing_its_list_is_no_heading() -> None:
    """ "The press has three modes of feed:" ends in ":" but says something: a line."""
    text = "Intro.\n\nThe press has three modes of feed:\n- sheet\n- roll\n"
    assert "## The press has three modes of feed" not in explicit(text)
    assert "## Action items" in explicit("\nAction items:\n- call the supplier\n")


def test_a_day_on_its_own_line_heads_that_days_notes() -> None:
    notes = "Press notes\n\nthu 03-11\n- Lesson: the spare roller lives in cabinet B now.\n"
    assert "## thu 03-11" in explicit(notes)
    assert [lesson.text for lesson in lessons(notes)] == [
        "the spare roller lives in cabinet B now."
    ]


def test_sentences_that_state_a_lesson() -> None:
    """A rule, a state now, a cause, a correction, a limit: lessons; a guess, a question,
    a plan and the story: none."""
    assert states("Every print job goes through the spooler, never straight to the press.")
    assert states("The jams came from the humid paper store, not from the rollers.")
    assert states("The old tray advice was wrong.")
    assert states("The cutter takes at most 400 sheets per batch.")
    assert not states("Our assumption is that the roller is worn.")
    assert not states("Why does the second tray feed twice?")
    assert not states("Lena said she would ask the supplier about rollers.")
    assert not states("On Tuesday the night shift printed the whole catalogue twice.")


PROSE = """# Press room, first month

Spirits were high all month. Jams came from the humid paper
store, not from the rollers; paper now rests 24 hours in the dry room before use. We
suspect the second tray is worn, but nobody has checked.

What we take away: keep the dry-room rule and log the humidity every morning.

Open: ask the vendor for a quote on a dehumidifier.
"""


def test_a_retros_prose_yields_its_labelled_takeaway_not_its_story() -> None:
    """Its story, its guess and its open item stay out; the paragraph labelled as a
    takeaway is one lesson whole (the prose around it is not read sentence by sentence:
    `test_distill14_plain`)."""
    found = lessons(PROSE)
    assert [lesson.text for lesson in found] == [
        "Keep the dry-room rule and log the humidity every morning.",
    ]


SSC = """# Start / Stop / Continue

## Start
- Weighing every glaze batch twice.

## Stop
- Sending kiln bookings to Rui; he moved to the studio shop.

## Continue
- The Friday shelf check.
"""


def test_start_stop_continue_items_are_led_by_their_verb() -> None:
    """A "Stop" item reads as the withdrawal it is ("Stop sending …"), which the writer
    withdraws held practices by; start and continue are practices to follow."""
    found = lessons(SSC)
    assert [(lesson.type, lesson.text) for lesson in found] == [
        (MemoryType.PROCEDURAL, "Start weighing every glaze batch twice."),
        (MemoryType.SEMANTIC, "Stop sending kiln bookings to Rui; he moved to the studio shop."),
        (MemoryType.PROCEDURAL, "Keep: The Friday shelf check."),
    ]


def test_a_quoted_claim_judged_false_is_a_retraction() -> None:
    """ "\\"Glaze X needs cone 6.\\" False. …" becomes "Retracted: …", with its reason and the
    new value in the same lesson; under a heading of claims proved false, so does any
    quoted claim."""
    item = '**"The big kiln needs a 9 hour soak."** False. It was the shelf layout. 6 hours.'
    assert corrected(item, None) == (
        "Retracted: The big kiln needs a 9 hour soak; False. It was the shelf layout. 6 hours."
    )
    assert corrected('"Tray two jams." It was the paper.', "Myths we believed") is not None
    assert corrected('"Tray two jams." It was the paper.', "Notes") is None


def test_a_correction_takes_its_reason_with_it() -> None:
    """A sentence judging earlier advice wrong alone says nothing of what is right."""
    found = stated(
        "The roller advice from last week was wrong. The jams came from damp paper. Lunch was late."
    )
    assert found == [
        (
            MemoryType.SEMANTIC,
            "The roller advice from last week was wrong. The jams came from damp paper.",
        )
    ]


CHANGED = """# Cutter firmware 7

| setting | before | from v7 on |
|---|---|---|
| sheets per batch | 500 | 400 |
"""


def test_a_table_of_what_changed_gives_the_new_values_only() -> None:
    """Under no heading of a lesson kind, a table with a column of the new value is read,
    its column of the old value left out (said again, it read as the state now)."""
    assert [lesson.text for lesson in lessons(CHANGED)] == ["sheets per batch (from v7 on: 400)"]


LETTER = """# Bindery note

The new guillotine arrived on Monday and everyone liked it. From now on the guillotine is
locked after 18:00 and the key stays with the shift lead. We think the blade is dull.
"""


def test_a_letter_keeps_what_it_states_not_its_story_or_guesses() -> None:
    found = distill(LETTER, "notes/bindery.md", periodic=False).found
    assert [lesson.text for lesson in found] == [
        "From now on the guillotine is locked after 18:00 and the key stays with the shift lead."
    ]


def test_a_retros_retraction_of_a_quoted_claim_supersedes_the_held_lesson(
    hooks: MemoryHooks, tmp_path: Path
) -> None:
    """Fired through hook D, a quoted claim judged false withdraws the held lesson that
    said it."""
    held = hooks.harvester.submit(
        {
            "text": "The big kiln needs a 9 hour soak for stoneware.",
            "type": "semantic",
            "confidence": 0.8,
            "app_id": "kiln",
        },
        trigger="manual",
    )
    text = (
        "# Myths of the first season\n\n"
        '1. **"The big kiln needs a 9 hour soak for stoneware."** False. The shelf layout '
        "slowed the heat; a 6 hour soak is enough with the new layout.\n"
    )
    path = tmp_path / "retros" / "2031-05-02-beliefs.md"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    result = hooks.post_retro_distill(retro={"path": "retros/2031-05-02-beliefs.md"})
    assert result.ok and result.writes.accepted
    written = [hooks.store.get(memory_id) for memory_id in result.writes.accepted]
    assert any(held.memory_id in memory.supersedes for memory in written)
