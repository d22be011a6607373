"""A meeting's auto-generated transcript (a call's .txt export or WebVTT captions), read as
the sentences its speakers said.

    Weekly sync - Transcript
    Participants: Ana Ruiz, Tom Ek

    [00:00:04] Ana Ruiz: Okay, um, so the kiln. Glaze loads go on the- the middle shelf now.
    [00:00:12] Tom Ek: From Monday, yeah. Top shelf is, uh, for bisque- no, sorry, for test tiles.

    ACTION ITEMS (auto-summary)
    - Tom Ek: move the glaze loads to the top shelf.

Read as it came, each turn was a journal's line still carrying its speaker's name, its
fillers and the words its speaker took back ("for bisque- no, sorry, for test tiles"), and a
WebVTT file (cue numbers, "00:00:01.200 --> 00:00:05.900" timings) was read by nothing.
`as_turns` writes each turn as one line opening on its time ("[00:00:12] From Monday, …"),
the form the journal reader reads one entry a line, keeping an entry that tells what is now
otherwise (`agentmem.harvest.journal`): so a decision said in passing in a turn is kept,
and the chatter around it is not. A turn is set in writing's terms by the dictation reader
(`agentmem.harvest.spokenmemo.spoken`: fillers off, a self-correction read as meant,
numbers said in words as digits), a word cut off by a dash ("the- the", "we're- is Dale
on?") is a false start and goes, and the speaker's name goes too unless the turn speaks in
the first person ("Tom Ek: I moved …"). The header's filing lines ("Participants:",
"Duration:", "Recorded:") go; its title is the heading. The machine's summary after the
turns ("ACTION ITEMS (auto-summary)") is no one's words and is sometimes wrong: it is kept
as a heading of plans with its items, which the journal reader never reads as lessons.

A document is read so (`is_meeting`) by its content: three turns or more, a time then a
speaker's name and a colon, that are at least half its lines of text, the times with seconds
("[00:03:12]") or the opening lines saying it is a transcript or a recording; or a WebVTT
file ("WEBVTT" first, cue timings).
"""

from __future__ import annotations

import re

from agentmem.core.words import FIRST_PERSON
from agentmem.harvest.blocks import BULLET
from agentmem.harvest.spokenmemo import STRONG, spoken

FEWEST = 3
SHARE = 1 / 2  # of the lines of text, the turns at least
MAX_CHARS = 2_000_000
MAX_HEADING = 80  # a line after the turns longer than this is no summary's heading
NAME = r"[A-Z][\w.'-]{0,29}(?:[ ](?:[A-Z][\w.'-]{0,29}|\d{1,2})){0,2}"
TURN = re.compile(
    r"^\s*\[?(?P<time>(?:\d{1,2}:)?\d{1,2}:\d{2}(?:[.,]\d{1,3})?)\]?\s*[-–—]?\s*"
    rf"(?P<who>{NAME})(?:\s*\([^()\n]{{1,40}}\))?\s*:\s+(?P<said>\S.*)$"
)
SECONDS = re.compile(r"^\d{1,2}:\d{2}:\d{2}")
MARKED = re.compile(r"\b(?:transcripts?|transcribed|recorded|recording|auto-generated)\b", re.I)
CUE = re.compile(
    r"^\s*(?P<time>(?:\d{1,2}:)?\d{2}:\d{2})[.,]\d{1,3}\s+-->\s+(?:\d{1,2}:)?\d{2}:\d{2}[.,]\d{1,3}"
)
VOICE = re.compile(r"^\s*<v(?:\.[\w.-]{1,40})?\s+(?P<who>[^<>\n]{1,60})>", re.IGNORECASE)
TAG = re.compile(r"</?[a-z][^<>\n]{0,60}>", re.IGNORECASE)
# A header's filing line: who was there, when, how long ("Participants: …", "Length: …").
FILING = re.compile(
    r"^\s*(?:meeting\s+)?(?:participants|attendees|speakers|present|duration|length|date"
    r"|recorded|meeting recorded|time|location|host|organi[sz]er)\s*:",
    re.IGNORECASE,
)
TITLED = re.compile(r"^\s*(?:meeting|title|subject|topic)\s*:\s*(?P<title>\S.*)$", re.I)
# a word cut off by a dash and a space ("we're- is Dale on?"): the words since the last
# boundary were a false start
CUT = re.compile(r"(?<=[\w'])-(?:\s+|$)")
BOUNDARY = re.compile(r"[.!?;:,]\s+")
SPOKEN_AT = re.compile(r"^\s*-+\s*|\s*-+\s*$")  # a turn cut into or cut off ("-sum the …")


def _turns(text: str) -> list[tuple[str, str, str]] | None:
    """Each turn as (time, speaker, words); None when the text is no meeting transcript."""
    if text.lstrip("\ufeff \n").startswith("WEBVTT"):
        return _cues(text.splitlines())
    lines = [line for line in text.splitlines() if line.strip()]
    turns = [m for m in map(TURN.match, lines) if m is not None]
    if len(turns) < FEWEST or len(turns) < SHARE * len(lines):
        return None
    head = "\n".join(lines[:4])
    if not (all(SECONDS.match(m["time"]) for m in turns) or MARKED.search(head)):
        return None
    return [(m["time"], m["who"], m["said"]) for m in turns]


def _cues(lines: list[str]) -> list[tuple[str, str, str]] | None:
    """A WebVTT file's cues as turns: a cue's start, its voice or "Name:" label, its text
    (a cue's lines up to the blank line that ends it)."""
    turns: list[tuple[str, str, str]] = []
    at: str | None = None
    for line in lines:
        cue = CUE.match(line)
        if cue is not None:
            at = cue["time"] if cue["time"].count(":") == 2 else f"00:{cue['time']}"
            turns.append((at, "", ""))
            continue
        if at is None or not line.strip():
            at = None
            continue
        voice = VOICE.match(line)
        said = TAG.sub("", line).strip()
        label = None if voice else re.match(rf"(?P<who>{NAME})\s*:\s+", said)
        who = voice["who"].strip() if voice else (label["who"] if label else turns[-1][1])
        said = said[label.end() :] if label else said
        turns[-1] = (at, who, f"{turns[-1][2]} {said}".strip())
    turns = [turn for turn in turns if turn[2]]
    return turns if len(turns) >= FEWEST else None


def is_meeting(text: str) -> bool:
    """Whether the text is a meeting's transcript (see the module docstring)."""
    return len(text) <= MAX_CHARS and _turns(text) is not None


def _meant(said: str) -> str:
    """A turn's words as meant: false starts and self-corrections gone, fillers off."""
    parts = CUT.split(SPOKEN_AT.sub("", said.strip()))
    kept = parts[0]
    for part in parts[1:]:
        if not part:
            continue
        if STRONG.match(part):  # "forty- sorry, forty-five": a repair the memo reader reads
            kept = f"{kept}- {part}"
            continue
        ends = [m.end() for m in BOUNDARY.finditer(kept)]
        kept = f"{kept[: ends[-1]]}{part}" if ends else part
    return spoken(kept)


def as_turns(text: str) -> str:
    """The transcript as one line a turn (see the module docstring); any other text as it
    is."""
    turns = _turns(text) if len(text) <= MAX_CHARS else None
    if turns is None:
        return text
    out: list[str] = []
    title = ""
    started = in_cue = False
    for line in text.splitlines():
        stripped = line.strip().lstrip("\ufeff")
        titled = TITLED.match(stripped)
        if titled and not title:
            title = titled["title"]
            continue
        cue = CUE.match(line)
        if cue or TURN.match(line):
            started, in_cue = True, cue is not None or in_cue
            continue
        in_cue = in_cue and bool(stripped)
        if in_cue or not stripped or FILING.match(stripped) or stripped in ("WEBVTT", "NOTE"):
            continue
        if not started and not title:
            title = stripped
        elif started and BULLET.match(stripped):
            out.append(stripped)
        elif started and len(stripped) <= MAX_HEADING and not stripped.isdigit():
            out += ["", f"## {stripped[:1].upper()}{stripped[1:].lower()}", ""]
    lines = [f"# {title}", ""] if title else []
    for time, who, said in turns:
        words = _meant(said)
        if words:
            mine = who and FIRST_PERSON.search(words)  # "I" names no one: its speaker does
            lines.append(f"[{time}] {who}: {words}" if mine else f"[{time}] {words}")
    return "\n".join([*lines, *out]).strip() + "\n"
