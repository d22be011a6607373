"""A retro written as labelled lines: each line opens on a short label, then what it says.

    # Weekly status, week 9
    Kiln lead: Ana Ruiz
    GREEN — Kilns: both firing on the new Tuesday schedule.
    AMBER — Glazes: the blue batch is late; the supplier now ships on Thursdays.
    GREEN — Shop: card payments go through the new terminal.

    # Standup 03-02
    Ana — yesterday: moved the kiln log to the shared drive. today: glaze tests. blocked: none.
    Tom — yesterday: relabelled the shelves by cone. today: stock count. blocked: none.

    Q: Why did the top-shelf firings crack?
    A: Heat. The top shelf runs 40 degrees over the dial; loads go on the middle shelves now.
    Q: So it was not the clay?
    A: No. The clay theory was wrong; the old clay cracked just as much.

Read as sections or as prose, such a retro was one paragraph or none: its few sentences
that said a change outright were kept, the rest (a new value said plainly, an answer that
retracts an earlier note) never reached memory. Each labelled line is its own unit here
(`line_lessons`), and its label is kept only where it means something: a label that recurs,
or one in capitals, is a category (a status word, a question or answer mark) and goes; a
label said once is a field ("Kiln lead: Ana Ruiz") and stays, after the other units. An
answer is led by its question, which names what it is about ("Heat." alone names nothing);
a question is no unit, and an answer to one about what comes next is a plan. A line cut
by sub-labels that recur across lines ("yesterday: … today: … blocked: …") is one unit per
sub-label, the name before them dropped: what was done is a fact, what is planned
("today", "next") is not, a sub-label saying nothing ("blocked: none") is nothing, and any
other sub-label stays on its unit ("Blocked: …"). A sentence its author marks as a guess
is left out, as the distiller leaves it (`agentmem.harvest.guess.sure`).

A document is read so (`is_labelled`) when at least three of its plain lines (not list items
or headings) are labelled and they are at least half its body, and its labels recur (labels said
twice or more, or in capitals, open three lines at least, or two lines share two sub-labels or more). A chat, a
start / stop / continue retro and a decision record are their own readers'; a line that
says its kind ("Lesson: …") or a decision ("Decided: …") is the distiller's, and a document
with one is left to it. So is a form filled in twice or more (`_form`: blocks of the same
labels in the same order, "Risk: … Action: … Owner: …" per item): each block is one record.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import NamedTuple

from agentmem.core.model import MemoryType, normalise_text
from agentmem.harvest.blocks import BULLET, HEADING
from agentmem.harvest.guess import sure
from agentmem.harvest.labelled import as_sections, decided_line
from agentmem.harvest.sections import PREFIX, Lesson

# "GREEN — …", "Ana — …", "Q: …", "**Duty lead:** …": one to three words, then a dash or colon.
LINE = re.compile(
    r"^\s*[*_]{0,2}(?P<label>[A-Za-z][\w'.&/-]*(?:\s[\w'.&/-]+){0,2}?)[*_]{0,2}"
    r"\s*(?::|\s[-–—]|[–—])[*_]{0,2}\s+(?P<said>\S.*?)\s*$"
)
# A sub-label inside a line ("yesterday: … today: …"): a word or two, at the start or after a
# sentence's or clause's end.
SUB = re.compile(r"(?:^|(?<=[.;!?])\s+)(?P<sub>[A-Za-z][a-z]*(?:\s[a-z]+)?):\s+")
# A sub-label of what is still to be done: a plan, no fact yet.
PLANNED = re.compile(r"^(?:today|tomorrow|next|plans?|planned|upcoming|to ?dos?|will|this week)")
# A sub-label of what was done: the unit is the fact, the label only says when.
DONE = re.compile(r"^(?:yesterday|done|did|last|shipped|completed|finished)")
NOTHING = re.compile(r"^\W*(?:none|nothing|no|n/?a|nil|-+)\W*$", re.IGNORECASE)
# A question about what comes next ("What's next for you?"): its answer is a plan.
AHEAD = re.compile(r"\bwhat(?:'s| is| are)\s+(?:next|coming|upcoming|planned)\b", re.IGNORECASE)
# A label written in capitals ("GREEN", "OK", "WIP"): a status, never a name or a field.
STATUS = re.compile(r"^[A-Z]{2,}$")
FEWEST_WORDS = 4  # a unit shorter is the title of a piece of work, no fact
SHARE = 1 / 2  # of the body's lines, the labelled ones at least
FEWEST = 3


class Line(NamedTuple):
    """One labelled line: its label as written, and what follows it."""

    label: str
    said: str


def _line(line: str) -> Line | None:
    """The line as a labelled one, or None (a list item, a heading, a line of prose)."""
    if BULLET.match(line) or HEADING.match(line):
        return None
    match = LINE.match(line)
    return Line(match["label"], match["said"]) if match else None


def _subs(lines: list[Line]) -> set[str]:
    """The sub-labels found in every labelled line that has any, when at least two lines
    share them (the lines of a standup), else none."""
    each = [{m["sub"].lower() for m in SUB.finditer(line.said)} for line in lines]
    having = [subs for subs in each if len(subs) >= 2]
    if len(having) < 2:
        return set()
    return set.intersection(*having)


def _labelled(markdown: str) -> list[Line] | None:
    """The document's labelled lines, when it is read as one of these retros, else None."""
    if as_sections(markdown) != markdown:
        return None  # a decision record written as labelled parts
    raw = [line for line in markdown.splitlines() if line.strip()]
    body = [line for line in raw if HEADING.match(line) is None]
    if any(PREFIX.match(line.strip()) or decided_line(line) is not None for line in body):
        return None  # "Lesson: …", "Decided: …": lines the distiller reads by their kind
    found = [line for line in map(_line, body) if line is not None]
    if len(found) < FEWEST or len(found) < SHARE * len(body):
        return None
    counts = Counter(line.label.lower() for line in found)
    kinds = sum(1 for line in found if counts[line.label.lower()] >= 2 or STATUS.match(line.label))
    subs = _subs(found)
    if kinds < FEWEST and len(subs) < 2:
        return None
    if len(subs) < 2 and _form(markdown.splitlines()):
        return None  # a form filled in again and again: each filled one is a record
    return found


def _form(lines: list[str]) -> bool:
    """Whether the lines are a form filled in twice or more: blocks (cut by blank lines or
    headings) of three or more labelled lines, each label once in its block, written in
    the same order in each ("Risk: … Cause: … Action: … Owner: …" per item). Such a
    block is one record whose lines lean on each other (an action means nothing without
    the risk it answers), not one unit a line."""
    orders: list[tuple[str, ...]] = []
    block: list[str] = []
    for line in [*lines, ""]:
        found = _line(line) if line.strip() and not HEADING.match(line) else None
        if found is not None and not STATUS.match(found.label):
            block.append(found.label.lower())
            continue
        if len(block) >= FEWEST and len(set(block)) == len(block):
            orders.append(tuple(block))
        block = []
    return any(orders.count(order) >= 2 for order in orders)


def is_labelled(markdown: str) -> bool:
    """Whether the document is a labelled-line retro (see the module docstring)."""
    return _labelled(markdown) is not None


def _sentence(text: str) -> str:
    """The text opened and closed as a sentence."""
    text = text.strip().rstrip(";,")
    if not text:
        return text
    text = f"{text[0].upper()}{text[1:]}"
    return text if text[-1] in ".!?" else f"{text}."


def _split(said: str, subs: set[str]) -> list[str]:
    """A line's units, one per sub-label of `subs` (see the module docstring)."""
    cuts = [m for m in SUB.finditer(said) if m["sub"].lower() in subs]
    units: list[str] = []
    for at, match in enumerate(cuts):
        end = cuts[at + 1].start() if at + 1 < len(cuts) else len(said)
        sub, text = match["sub"].lower(), said[match.end() : end].strip()
        if PLANNED.match(sub) or not text or NOTHING.match(text):
            continue
        units.append(_sentence(text) if DONE.match(sub) else _sentence(f"{sub}: {text}"))
    return units


def line_lessons(markdown: str) -> list[Lesson]:
    """Each unit of a labelled-line retro, a semantic lesson each, in order; the lines of
    a field said once after the others (a document's header is where it is filed)."""
    lines = _labelled(markdown) or []
    counts = Counter(line.label.lower() for line in lines)
    subs = _subs(lines)
    units: list[str] = []
    fields: list[str] = []
    question: str | None = None
    for line in lines:
        said = line.said.strip().strip("*_").strip()
        if said.endswith("?"):
            question = said  # a question is no lesson; its answer leans on it
            continue
        if subs and len({m["sub"].lower() for m in SUB.finditer(said)} & subs) >= 2:
            units += [unit for unit in _split(said, subs) if len(unit.split()) >= FEWEST_WORDS]
        elif question is not None:
            if AHEAD.search(question) is None:  # "Batch size." alone names no subject
                units.append(_sentence(f"{question} {said}"))
        elif counts[line.label.lower()] >= 2 or STATUS.match(line.label):
            units.append(_sentence(said))
        else:
            fields.append(_sentence(f"{line.label}: {said}"))
        question = None
    seen: set[str] = set()
    found: list[Lesson] = []
    for text in map(sure, [*units, *fields]):
        if text and normalise_text(text) not in seen:
            seen.add(normalise_text(text))
            found.append(Lesson(MemoryType.SEMANTIC, text))
    return found


def unlabelled(markdown: str) -> str:
    """The document without its labelled lines: what other readers may still find in it."""
    return "\n".join(line for line in markdown.splitlines() if _line(line) is None) + "\n"
