"""A start / stop / continue retro (`agentmem.harvest.startstop`): its "Stop:" lines say a
practice is dropped, so the lesson that prescribed it is withdrawn; its labels name no
speakers, and a note with one "Stop:" line among other prose is read as before."""

from __future__ import annotations

from agentmem.core.retract import withdrawn
from agentmem.harvest.distill import distill
from agentmem.harvest.startstop import is_start_stop, start_stop_lessons

RETRO = """# Retro: the spring picking season (start / stop / continue)

Start: weighing every third crate at the dock; two short loads went out unseen.
Stop: copying pick lists by hand. The scanner import takes them whole now.
Stop: the Friday shelf recount. The counts never drifted; the gap was the scales.
Continue: the 07:30 handover call - it caught every late truck this month.
"""

HELD = "Pick-list errors are avoided by copying pick lists by hand before each wave."
OTHER = "The dock scales are calibrated every Monday against the 20 kg test weight."


def test_a_stop_line_opens_with_its_cue_and_the_others_stay_as_written() -> None:
    """A "Stop: X" line becomes "Stop X" (or "We have stopped X"), never X alone: X alone is the
    practice it drops, told as if it were kept."""
    assert is_start_stop(RETRO)
    found = [lesson.text for lesson in start_stop_lessons(RETRO)]
    assert found == [
        "Weighing every third crate at the dock; two short loads went out unseen.",
        "Stop copying pick lists by hand. The scanner import takes them whole now.",
        "We have stopped the Friday shelf recount. The counts never drifted; the gap was"
        " the scales.",
        "The 07:30 handover call - it caught every late truck this month.",
    ]
    drafts = [d["text"] for d in distill(RETRO, "retros/season.md", periodic=True).drafts]
    assert "Stop copying pick lists by hand." in drafts[1]


def test_the_writer_withdraws_the_lesson_a_stop_line_drops_and_nothing_else() -> None:
    """The drafted "Stop copying …" withdraws the held lesson that prescribes copying;
    a lesson on another thing stays."""
    drafts = [d["text"] for d in distill(RETRO, "retros/season.md", periodic=True).drafts]
    held = [("held-1", HELD), ("held-2", OTHER)]
    assert withdrawn(drafts[1], held, {}) == ["held-1"]
    assert not any(withdrawn(text, [("held-2", OTHER)], {}) for text in drafts)


def test_labelled_lines_without_a_stop_or_among_prose_are_no_start_stop_retro() -> None:
    """A note whose only label is "Start:", or one "Stop:" line among prose, is read as
    before: only a retro of these labels says a practice is dropped by its label."""
    assert not is_start_stop("# Plan\n\nStart: Monday.\nContinue: the audit.\n")
    prose = (
        "# Week 12\n\nThe dock moved to bay 4 this week.\nTrucks arrive at 06:00.\n"
        "Stop: none planned.\nStart: the new scales on Monday.\nThe crates are blue.\n"
        "Pickers work two shifts.\n"
    )
    assert not is_start_stop(prose)


def test_stop_before_a_hyphenated_gerund_withdraws_its_practice() -> None:
    """A "Stop re-weighing …" drops re-weighing as "Stop weighing …" drops weighing: a
    gerund with a prefix is still the practice."""
    held = "Short loads are caught by re-weighing every crate at the dock before dispatch."
    text = "Stop re-weighing every crate at the dock. The scales at the gate catch them now."
    assert withdrawn(text, [("held-1", held)], {}) == ["held-1"]
    assert not withdrawn(text, [("held-2", OTHER)], {})
