"""A retro dictated and transcribed is read as what its speaker meant
(`agentmem.harvest.spokenmemo`): a self-correction keeps the corrected words, fillers and
stutters go, and numbers said in words are written as numbers, so a later text in digits
is seen to tell the same value or a new one."""

from __future__ import annotations

from agentmem.harvest.distill import distill
from agentmem.harvest.spokenmemo import as_written, in_digits, is_transcript

MEMO = """# Ferry desk - voice memo

Transcribed from dictation, Friday the third.

Okay, so, um, the ferry. The early boat leaves at six a.m. and three p.m., so don't book
crews right before those.

The ramp sensor - the one on pier two, no wait, I mean the one on pier four, RS-4 - it
reads high, like, eleven millimetres.

Fuel cutoff is at point oh six bar now - sorry - point oh eight bar.
"""


def test_a_dictated_memo_is_told_by_its_opening_or_its_fillers() -> None:
    """The memo's opening says it is a transcript, or it is full of fillers; a written
    retro is neither, and is read as it is."""
    assert is_transcript(MEMO)
    assert is_transcript("# Notes\n\nUm, the pump. Uh, it stalls. Er, twice.\n")
    written = "# Retro\n\n- The pump stalls when the tank is under 20%.\n"
    assert not is_transcript(written)
    assert as_written(written) == written


def test_numbers_said_in_words_are_written_as_numbers() -> None:
    """Decimals, clock times, hundred-hours, digits said one by one and counts; "one" as a
    word alone stays (it is a pronoun as often as a count)."""
    assert in_digits("the limit is point oh six bar") == "the limit is 0.06 bar"
    assert in_digits("minus point oh one inches") == "-0.01 inches"
    assert in_digits("one point oh four three") == "1.043"
    assert in_digits("at six a.m. and three p.m.") == "at 06:00 and 15:00"
    assert in_digits("moved to seven fifteen and sixteen hundred") == ("moved to 07:15 and 16:00")
    assert in_digits("call extension four oh two nine") == "call extension 4029"
    assert in_digits("the twelve crates, not the one on the left") == (
        "the 12 crates, not the one on the left"
    )


def test_a_self_correction_keeps_the_corrected_words_alone() -> None:
    """The first words of a repair were never a fact: "pier two, no wait, I mean pier
    four" tells pier four; "0.06 now - sorry - 0.08" tells 0.08."""
    found = [lesson.text for lesson in distill(MEMO, "memo.md", periodic=True).found]
    text = " ".join(found)
    assert "05:00" not in text and "06:00 and 15:00" in text
    assert "pier 2" not in text and "the one on pier 4, RS-4 - it reads high" in text
    assert "11 millimetres" in text and "like" not in text
    assert "0.06" not in text and "0.08 bar" in text
    assert not any(word in text.lower().split() for word in ("um", "um,"))


def test_a_stutter_is_said_once() -> None:
    """A word said twice across a dash ("so - so") is said once."""
    memo = "# Voice memo, transcribed\n\nThe clerk left, so - so the desk pages Ana now.\n"
    assert "so the desk pages Ana now" in as_written(memo)


def test_a_bullet_of_a_voice_note_keeps_its_marker_and_its_repair() -> None:
    """A repair set off by a long dash ("one per ten — sorry, scratch that, per six") keeps
    the corrected words; the bullet stays a bullet; "transcript" alone (a record of grades)
    does not make a retro a dictated one."""
    note = "# Review\n\n## Lessons\n- Voice note: one marshal per ten — sorry, scratch that, per six runners.\n"
    assert as_written(note).splitlines()[-1] == "- Voice note: one marshal per 6 runners."
    assert not is_transcript("# Review\n\n- A late drop shows on the transcript.\n")
