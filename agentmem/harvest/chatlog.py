"""A chat channel's plain-text export, of any app, read as the turns of a meeting.

    [06/03/2026 16:10] tomasz.w
    Bank B again. CP-19 to CP-24 went quiet at 01:12 (edited)
    {Reactions}
    😬 (4)

    [06/03/2026 16:14] maria_v
    (replying to tomasz.w: Bank B again...)
    Those are the six cabinets behind the LTE router.

    12/03/2026, 09:15 - Ana Ruiz: From Monday the glaze loads go on the middle shelf.

Chat apps export a channel as messages each opened by a timestamp and a speaker, on the
message's own line or ahead of it, with the app's furniture around the words: reply
markers, "(edited)", reactions, attachments and embeds, separator rules and an export
banner. Read as it came, a channel was one paragraph of all of it, and no reader found a
lesson in it. `as_turns` writes each message as the line a meeting's turn is
(`agentmem.harvest.transcript`): "[16:14] Those are the six …", opening on its time of day,
so the journal reader keeps the turns that tell what is now otherwise
(`agentmem.harvest.journal`) and leaves the chatter. A message's list items are turns of
their own at its time; its speaker's name stays only when it speaks in the first person.

A text is a chat export (`_messages`) only when at least three lines open a message with a
date or a bracketed time and a speaker, two speakers at least, one of them twice, and every
line before the first message is a banner (at most `PREAMBLE` lines): a meeting transcript
(no date), a journal (no speaker), markdown, data and pages are left as they are. Every
pattern is bounded, so a hostile text is read in linear time.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from agentmem.core.words import FIRST_PERSON

MAX_CHARS = 1_000_000
FEWEST = 3
PREAMBLE = 12  # lines of a banner before the first message, at most
DATE = r"(?:\d{1,4}[./-]\d{1,2}[./-]\d{2,4}|\d{1,2}\s[A-Z][a-z]{2,8}\s\d{4}|[A-Z][a-z]{2,8}\s\d{1,2},?\s\d{4})"
TIME = r"\d{1,2}:\d{2}(?::\d{2})?(?:\s?[AaPp]\.?[Mm]\.?)?"
STAMP = rf"(?P<stamp>\[{DATE},?\s{{1,3}}{TIME}\]|{DATE},?\s{{1,3}}{TIME}|\[{TIME}\])"
DATED = re.compile(rf"\[?{DATE}")
HOUR = re.compile(r"(\d{1,2}:\d{2})(?::\d{2})?\]?$|(\d{1,2}:\d{2})(?=\D*$)")
WHO = r"(?P<who>@?[\w.'-]{2,32}(?:\s[A-Z][\w.'-]{0,30}){0,2})(?:\s\((?:BOT|bot|app)\)|\sBOT|\sAPP)?"
# "[06/03/2026 16:02] dana.k", "06/03/2026, 16:02 - Dana K: text", "[16:02] dana: text"
HEAD = re.compile(
    rf"^\s{{0,4}}{STAMP}\s{{0,3}}[-–—]?\s{{0,3}}{WHO}\s{{0,3}}(?::\s{{1,3}}(?P<said>\S.*))?$"
)
# "dana.k — 06/03/2026 16:02": the speaker first, the stamp after
HEAD_AFTER = re.compile(rf"^\s{{0,4}}{WHO}\s{{1,3}}[-–—,]\s{{1,3}}{STAMP}\s{{0,3}}$")
FURNITURE = re.compile(
    r"^\s{0,4}[{\[](?:attachments?|reactions?|embeds?|stickers?|files?)[}\]]\s*$", re.I
)
REPLY = re.compile(
    r"^\s{0,4}(?:\((?:replying|in reply|reply)\s[^\n]{0,400}\)|[↪╭┌]\s?[^\n]{0,400})$", re.I
)
EDITED = re.compile(r"\s{0,3}[(\[]edited[)\]]\s*$", re.I)
RULE = re.compile(r"^\s{0,4}([=_*~-])\1{5,}\s*$")
URL = re.compile(r"^\s{0,4}<?https?://\S{1,2000}>?\s*$")
# a line of reactions: emoji or :short_codes:, each with a count, and no word of text
REACTIONS = re.compile(
    r"^\s{0,4}(?:(?::[\w+-]{1,40}:|[^\w\s]{1,8})\s{0,2}(?:\(?\d{1,5}\)?)?\s{0,3}){1,30}$"
)
SPOILER = re.compile(r"\|\|([^|\n]{1,2000})\|\|")
QUOTE = re.compile(r"^\s{0,4}>\s?")
ITEM = re.compile(r"^\s{0,6}(?:[-*•◦▪]|\d{1,3}[.)])\s{1,4}(?=\S)")
BANNER = re.compile(
    r"^\s{0,4}(?:guild|server|channel|topic|workspace|chat|group|exported|export)\b[^:]{0,30}:\s*(?P<what>.*)$",
    re.I,
)


class Message(NamedTuple):
    """One message: its time of day, its speaker, its lines of text."""

    time: str
    who: str
    lines: list[str]


def _head(line: str) -> re.Match[str] | None:
    if len(line) > 400:
        return None
    head = HEAD.match(line)
    if head is not None and head["said"] and not DATED.match(head["stamp"]):
        return None  # "[00:00:12] Tom: …": a meeting's turn or a thread's line, theirs
    return head or HEAD_AFTER.match(line)


def _messages(text: str) -> tuple[str, list[Message]] | None:
    """The banner's title and each message, when the text is a chat export; else None."""
    if len(text) > MAX_CHARS or ("[" not in text and "/" not in text and "." not in text):
        return None
    lines = text.splitlines()
    heads = [i for i, line in enumerate(lines) if _head(line)]
    if len(heads) < FEWEST:
        return None
    banner = [line for line in lines[: heads[0]] if line.strip() and not RULE.match(line)]
    if len(banner) > PREAMBLE:
        return None
    found: list[Message] = []
    title = ""
    for line in banner:
        named = BANNER.match(line)
        if (
            named
            and named["what"].strip()
            and not title
            and not line.lower().lstrip().startswith("export")
        ):
            title = named["what"].strip()
    for at, start in enumerate(heads):
        head = _head(lines[start])
        if head is None:
            continue
        end = heads[at + 1] if at + 1 < len(heads) else len(lines)
        body = [head["said"]] if head.groupdict().get("said") else []
        hour = HOUR.search(head["stamp"].rstrip("] "))
        time = next((g for g in hour.groups() if g), "") if hour else ""
        found.append(Message(time, head["who"].lstrip("@"), body + _body(lines[start + 1 : end])))
    speakers: dict[str, int] = {}
    for message in found:
        speakers[message.who.lower()] = speakers.get(message.who.lower(), 0) + 1
    if len(speakers) < 2 or max(speakers.values()) < 2:
        return None
    return title, found


def _body(lines: list[str]) -> list[str]:
    """A message's lines of text: the app's furniture, and what follows a rule, left out."""
    out: list[str] = []
    furniture = False
    for line in lines:
        if RULE.match(line):
            break  # the export's trailer, or a banner before the next day's messages
        if not line.strip():
            furniture = False
            continue
        if FURNITURE.match(line):
            furniture = True
            continue
        if furniture or REPLY.match(line) or URL.match(line) or REACTIONS.match(line):
            continue
        said = SPOILER.sub(r"\1", EDITED.sub("", QUOTE.sub("", line))).strip()
        if said:
            out.append(said)
    return out


def _turns(message: Message) -> list[str]:
    """The message as one turn: its lines in order, each list item a sentence of it."""
    parts: list[str] = []
    for line in message.lines:
        item = ITEM.match(line)
        said = line[item.end() :].strip() if item else line.strip()
        if item and parts and parts[-1][-1:] not in ".!?:;":
            parts[-1] += "."
        parts.append(said if not item or said[-1:] in ".!?:;" else f"{said}.")
    said = " ".join(parts).strip()
    return [said] if said else []


def as_turns(text: str) -> str:
    """The chat export as one line a turn (see the module docstring); any other text as it
    is."""
    read = _messages(text)
    if read is None:
        return text
    title, messages = read
    out = [f"# {title}", ""] if title else []
    for message in messages:
        for said in _turns(message):
            mine = FIRST_PERSON.search(said)
            out.append(
                f"[{message.time}] {message.who}: {said}" if mine else f"[{message.time}] {said}"
            )
    return "\n".join(out).strip() + "\n"
