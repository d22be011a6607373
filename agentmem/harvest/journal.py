"""A retro kept as a journal: one entry a line, each opening on the time it was written.

    # Site log — 2027-03-02, dock office

    07:10 — Forklift 3 back from service. Horn still weak.
    09:45 — From today the morning loads leave from door 6; door 2 is being resurfaced.
    13:20 — Since the new scanner the pick lists print by aisle. Much faster.
    16:05 — The night crew asked for a second pallet jack.

Read as prose, its lines were one paragraph: the sentences that said a change ("From today
the morning loads leave from door 6") ran on from the entry before them ("… Horn still
weak.") or were cut from the entry that carried their subject, and a review's reader found
almost nothing in them; the lesson the change replaced stayed in packs. Each stamped line
here (with the unstamped lines that wrap it) is one entry, its stamp gone, and the stamps
give the order in which things became true: an entry is a fact of its own when one of its
sentences says that something is now otherwise (`agentmem.harvest.news.tells_change`),
opens on the day a new state took effect (`agentmem.harvest.onset.in_force_from`), puts a
value in force (`agentmem.harvest.setting.sets_value`) or takes an earlier note or practice
back (`agentmem.core.retract.retraction`, `agentmem.core.practice.withdraws_practice`);
the entry is kept whole, since its other sentences say what the change is about. An entry that only reports what was seen or done
("Horn still weak", "asked for a second pallet jack") is the day's story and stays out, as
does a change its author calls a stopgap ("moved to door 4 for now") and the sentences its
author marks as a guess (`agentmem.harvest.guess.sure`).

A document is read so (`is_journal`) when at least three of its plain lines (not list items
or headings) open on a time of day ("07:10 —", "[07:10]", "2027-03-02 07:10") and they are
at least half its lines of text. A line that says its kind after its time ("07:10 Lesson:
…") or a decision taken is the distiller's, and a document with one is left to it.
"""

from __future__ import annotations

import re

from agentmem.core.model import MemoryType, normalise_text
from agentmem.core.practice import withdraws_practice
from agentmem.core.retract import retraction
from agentmem.harvest.blocks import BULLET, HEADING
from agentmem.harvest.guess import SENTENCE_END, sure
from agentmem.harvest.inprose import DONE_ONCE
from agentmem.harvest.labelled import decided_line
from agentmem.harvest.news import tells_change
from agentmem.harvest.onset import in_force_from
from agentmem.harvest.sections import PREFIX, Lesson
from agentmem.harvest.setting import sets_value

# "07:10 — ", "[07:10] ", "2027-03-02 07:10 - ", "07:10:30Z: ": a time of day, maybe after a
# date, then a dash, a colon or a space before the entry.
STAMP = re.compile(
    r"^\s*\[?(?:\d{4}-\d{2}-\d{2}[ T])?\d{1,2}:\d{2}(?::\d{2})?Z?\]?"
    r"(?:\s*[-–—:]\s*|\s+)(?=\S)"
)
# A change its author says is a stopgap ("moved to the back door for now"): a workaround
# until the cause is found, not how things are.
STOPGAP = re.compile(r"\bfor now\b|\bfor the time being\b|\btemporar(?:y|ily)\b", re.IGNORECASE)
FEWEST = 3
SHARE = 1 / 2  # of the lines of text, the stamped ones at least


def _text_lines(markdown: str) -> list[str]:
    return [line for line in markdown.splitlines() if line.strip() and not HEADING.match(line)]


def _stamped(line: str) -> str | None:
    """The entry a plain line opens, without its stamp; None for any other line."""
    if BULLET.match(line):
        return None
    found = STAMP.match(line)
    return line[found.end() :].strip() if found else None


def is_journal(markdown: str) -> bool:
    """Whether the document is a journal (see the module docstring)."""
    lines = _text_lines(markdown)
    entries = [said for said in map(_stamped, lines) if said is not None]
    if len(entries) < FEWEST or len(entries) < SHARE * len(lines):
        return False
    return not any(PREFIX.match(said) or decided_line(said) is not None for said in entries)


def entries(markdown: str) -> list[str]:
    """Each entry, in order: a stamped line and the unstamped lines that wrap it, up to a
    blank line, a heading or the next stamp."""
    found: list[list[str]] = []
    wrapping = False
    for line in markdown.splitlines():
        said = _stamped(line)
        if said is not None:
            found.append([said])
            wrapping = True
        elif not line.strip() or HEADING.match(line) or BULLET.match(line):
            wrapping = False
        elif wrapping:
            found[-1].append(line.strip())
    return [" ".join(entry) for entry in found]


def _tells(sentence: str) -> bool:
    """The sentence says what is now otherwise, puts a value in force, or takes back an
    earlier note or practice ("We no longer weigh the empty crates."), and not as a
    stopgap."""
    if STOPGAP.search(sentence):
        return False
    if tells_change(DONE_ONCE.sub(" ", sentence)) or in_force_from(sentence):
        return True
    return sets_value(sentence) or retraction(sentence) is not None or withdraws_practice(sentence)


def journal_lessons(markdown: str) -> list[Lesson]:
    """The entries that tell what is now otherwise, each a semantic lesson, in order."""
    seen: set[str] = set()
    out: list[Lesson] = []
    for entry in entries(markdown):
        text = sure(entry).strip()
        if not text or not any(_tells(s) for s in SENTENCE_END.split(text)):
            continue
        if normalise_text(text) not in seen:
            seen.add(normalise_text(text))
            out.append(Lesson(MemoryType.SEMANTIC, text))
    return out
