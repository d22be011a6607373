"""A meeting's auto-generated transcript (.txt turns "[00:03:12] Name: …" or WebVTT cues)
is read one line a turn, as its speakers meant it (`agentmem.harvest.transcript`): speaker
names, timestamps, fillers and retracted words off, the machine's summary never a lesson."""

from __future__ import annotations

import time

from agentmem.harvest.distill import distill
from agentmem.harvest.spokenmemo import in_digits
from agentmem.harvest.transcript import as_turns, is_meeting

CALL = """Greenhouse ops sync - Transcript
Meeting recorded: Thu 4 Mar 2027, 09:00
Participants: Lena Vogt, Omar Haddad, Kit Brennan

[00:00:03] Lena Vogt: Okay, um, is Omar- are we recording? Good.
[00:00:09] Omar Haddad: Yeah so the misting. It was, uh, bay two, no wait, I mean bay three that flooded.
[00:00:21] Kit Brennan: Right. From Monday the misting in bay 3 runs every twenty minutes, not every ten.
[00:00:30] Lena Vogt: Fine. Any questions?
[00:00:33] Omar Haddad: I now sign off the seed orders, Lena's away till May.

ACTION ITEMS (auto-summary)
- Kit Brennan: set bay 2 misting to every 10 minutes.
"""

VTT = """WEBVTT

NOTE
Meeting: Cold room review
Date: 2027-03-05 10:00

1
00:00:01.200 --> 00:00:04.900
Lena Vogt: Short one, um, the cold room.

2
00:00:05.100 --> 00:00:11.300
<v Kit Brennan>The cold room alarm now pages the night porter,
not the duty manager.</v>

3
00:00:11.500 --> 00:00:15.000
Omar Haddad: Good. Thanks all.
"""


def test_a_transcript_is_told_by_its_turns_not_its_name() -> None:
    """Timestamped speaker lines with seconds (or a header saying it is a transcript), or a
    WebVTT file; a chat thread of "[09:12] ana: …" and a journal of "07:10 — …" are not."""
    assert is_meeting(CALL) and is_meeting(VTT)
    chat = "[09:12] ana: the winch is fine\n[09:13] tom: agreed\n[09:15] ana: ok, moving on\n"
    assert not is_meeting(chat)
    journal = "07:10 — Forklift 3 back.\n09:45 — Door 6 from today.\n13:20 — Quiet.\n"
    assert not is_meeting(journal)
    assert as_turns(chat) == chat


def test_turns_as_meant_names_and_times_off() -> None:
    """A turn's filler, false start and self-correction go; its speaker's name stays only
    for a turn in the first person; the header's filing goes, its title leads."""
    lines = as_turns(CALL).splitlines()
    assert lines[0] == "# Greenhouse ops sync - Transcript"
    assert "[00:00:03] Okay, are we recording? Good." in lines  # "is Omar-" a false start
    assert "[00:00:09] Yeah so the misting. It was, bay 3 that flooded." in lines
    assert "[00:00:33] Omar Haddad: I now sign off the seed orders, Lena's away till May." in lines
    assert not any("Participants" in line or "um," in line for line in lines)
    assert "## Action items (auto-summary)" in lines


def test_a_decision_said_in_passing_is_kept_and_the_summary_is_not() -> None:
    """Through the distiller: the turn that tells a change is a lesson, without its speaker;
    the auto-summary's (wrong) item is no lesson."""
    found = [lesson.text for lesson in distill(CALL, "sync.txt", periodic=True).found]
    assert "Right. From Monday the misting in bay 3 runs every 20 minutes, not every 10." in found
    assert not any("Kit Brennan" in text or "every 10 minutes" in text for text in found)


def test_webvtt_cues_are_turns() -> None:
    """A cue's voice tag or "Name:" label is its speaker, its lines one turn; before, a
    WebVTT file yielded nothing."""
    assert "[00:00:05] The cold room alarm now pages the night porter, not the duty manager." in (
        as_turns(VTT).splitlines()
    )
    found = [lesson.text for lesson in distill(VTT, "review.vtt", periodic=True).found]
    assert "The cold room alarm now pages the night porter, not the duty manager." in found


def test_hostile_transcripts_do_not_raise_or_hang() -> None:
    """Huge turns, a long dash run, surrogates, unclosed voice tags: fast, no raise."""
    started = time.process_time()
    turn = "[00:00:01] Ana Ruiz: " + "word- " * 20_000
    as_turns("\n".join([turn] * 3))
    as_turns("WEBVTT\n\n" + "00:00:01.000 --> 00:00:02.000\n<v " + "a" * 100_000 + "\n\n" * 3)
    as_turns("[00:00:01] Ana: \ud800 odd\n[00:00:02] Tom: b\n[00:00:03] Ana: c " + "-" * 100_000)
    assert time.process_time() - started < 10


def test_numbers_said_in_a_turn_are_read_whole() -> None:
    """Two readings of spoken numbers a meeting showed wrong: "at five fifty-five" is
    05:55 (was "05:50-5"), and "forty-five's" or "the twenty-first" is never cut to
    "40-five's" or "20-first" ("four-day" is still "4-day")."""
    assert in_digits("the draft locks at five fifty-five") == "the draft locks at 05:55"
    assert in_digits("forty-five's been fine") == "forty-five's been fine"
    assert in_digits("on the twenty-first") == "on the twenty-first"
    assert in_digits("closures of forty-five minutes") == "closures of 45 minutes"
    assert in_digits("a four-day limit") == "a 4-day limit"  # a count before its unit stays one
