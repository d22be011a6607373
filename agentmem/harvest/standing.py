"""Standing documents: a runbook, an SOP, a handover or an announcement says how things are now.

A retro tells what happened and keeps its lessons in sections that say so; a standing
document has no such section: its "When", "Schedule", "Limits" or "Rules" hold the state a
worker must follow, in prose as often as in lists (a runbook's new change window was only
in its "When" paragraph, so the old window was never replaced). Every section of one is
read, each part of it one lesson led by what gives it its meaning: a section's prose is
one fact; its list one fact led by its heading ("Do not: edit …; rerun …", where the item
alone said the opposite); a numbered list one procedure led by its heading, or by the
paragraph ending in ":" that introduces it (one lesson per step had filled the cap, each
step without its context); a table one fact led by its heading, its rows read with their
column names. Each lesson is led by the document's title ("RB-22: GeoSvc throttling —
Limits: 5 requests/second …"): a section's heading rarely names the service it is about.
A letter (paragraphs alone under no heading but its title: a lead's note of what changed,
a pasted chat thread) is one fact per sentence, and a list under no heading at all (a
handover whose title is a plain line, then bullets on the CI runners, the on-call and the
licence server) one fact per item: nothing names what would join them, and joined they
made one memory opening on ": " that replaced a lesson on each. One lesson per part, not
per line, also keeps a long runbook from crowding a pack's other facts out. Reasons ("Why"), plans still open, the change log and the
document's bookkeeping (owner, review date, a revision note in italics) stay out.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from agentmem.core.model import MemoryType
from agentmem.core.words import FIRST_PERSON
from agentmem.harvest.blocks import Block, blocks, first_heading, joined
from agentmem.harvest.sections import CHECKED, PLANS, Lesson, section_type
from agentmem.harvest.tables import cells, table_sentences

# What a standing document is called, in its path or its title.
STANDING = re.compile(
    r"\b(run ?books?|playbooks?|sops?|standard operating|handovers?|hand-?offs?|"
    r"announcements?|notices?|guides?|handbooks?|polic(?:y|ies)|checklists?|"
    r"wiki\s+page|[\w-]+\s+page\s*[:—–])"  # a thing's own page: "Service page: …"
)
EDITORIAL = re.compile(r"^([_*]).+\1$", re.DOTALL)  # _Revision 7, 2026-07-09._
# A document's own bookkeeping ("Owner: … · Last reviewed: …", "Effective: …") is no state.
METADATA = re.compile(
    r"^\W*(owners?|authors?|last (?:change[ds]?|reviewed|updated)|effective|revision|rev|"
    r"status|date|version|to|from|audience|subject)[*_]*\s*:",
    re.IGNORECASE,
)
# Why a rule was made is not the rule ("Why", "Background", "Context"): those stay out.
REASONS = re.compile(r"^\W*(why|background|context|motivation|rationale)\b", re.IGNORECASE)
SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")
# A pasted chat message's header line: the speaker (in bold) and the time it was sent.
SPEAKER = re.compile(r"^\*\*([^*]+)\*\*\s*(?:\d{1,2}:\d{2}(?::\d{2})?\s*(?:[AaPp][Mm])?)?$")
ASIDE = re.compile(r"\s*\([^)]*\)")  # "**Ola (planning)**": the name without its aside
# A document's change log ("| rev | date | change |") tells its history, not its state.
OPEN = re.compile(r"^\[ \]\s*")  # a box left open ("- [ ] Order cones")
HISTORY = re.compile(r"^\W*(rev|revision|version|changelog)\W*$", re.IGNORECASE)


def is_standing(source: str | Path, markdown: str) -> bool:
    """Whether the document's path or title names a standing document (runbook, SOP, …),
    or it is a letter (`is_letter`: a team lead's note saying what changed, sent to everyone)."""
    name = str(source).lower().replace("_", " ")
    return STANDING.search(f"{name} {first_heading(markdown).lower()}") is not None or (
        is_letter(markdown)
    )


def is_letter(markdown: str) -> bool:
    """A document of paragraphs alone: no list, no table, no heading but its title (a
    note, a chat thread pasted under one heading)."""
    found = list(blocks(markdown))
    title = first_heading(markdown) or None
    return bool(found) and all(b.kind == "prose" and b.heading in (None, title) for b in found)


def letter_lessons(markdown: str) -> list[Lesson]:
    """A letter's sentences, one fact each: it tells one thing per sentence, several to a
    paragraph; its subject line, greeting, thanks and signature are none, nor a pasted
    chat message's "**Name** 09:12" header. A message's sentence in the first person is led
    by its speaker's name ("Ana Ruiz: next week I take over the glaze approvals"): "I"
    is who holds what the sentence gives."""
    found: list[Lesson] = []
    for block in blocks(markdown):
        speaker = SPEAKER.match(block.lines[0])
        text = joined(list(block.lines[1:])) if speaker else block.text
        if _bookkeeping(text) or block.lines[0].endswith(",") or len(text) < 60:
            continue
        # who "I" is was only in the header: a sentence in the first person opens on the name
        name = ASIDE.sub("", speaker.group(1)).strip() if speaker else ""
        found += [
            Lesson(MemoryType.SEMANTIC, f"{name}: {s}" if name and FIRST_PERSON.search(s) else s)
            for s in SENTENCE.split(text)
            if len(s) >= 40
        ]
    return found


def standing_lessons(markdown: str) -> list[Lesson]:
    """Every section's state, in the document's order (see the module's docstring)."""
    if is_letter(markdown):
        return letter_lessons(markdown)
    title = first_heading(markdown)
    return [
        Lesson(lesson.type, f"{title.rstrip(':.')} — {lesson.text}")
        if title and not lesson.text.startswith(title)
        else lesson
        for lesson in _read(list(blocks(markdown)), title)
    ]


def _read(found: list[Block], title: str) -> Iterator[Lesson]:
    prose: list[str] = []
    steps: list[str] = []
    items: list[str] = []
    lead = ""  # a paragraph ending in ":" that the numbered list after it completes
    # A checklist with a box ticked is filled in, a record of what was checked: each box
    # ticked is a fact of its own, one left open is work still to do. (Boxes all open are
    # a template's: each is how a thing must be.)
    filled = any(b.kind == "item" and CHECKED.match(b.lines[0]) for b in found)
    for at, block in enumerate(found):
        plans = block.heading is not None and PLANS.search(block.heading.lower()) is not None
        kind = section_type(block.heading) if block.heading not in (None, title) else None
        if block.heading is not None and REASONS.match(block.heading):
            continue
        if block.kind == "prose" and not (plans or _bookkeeping(block.text)):
            prose.append(block.text)
        elif block.kind == "table":
            yield from _table(block, _label(block.heading, title), kind, plans)
        elif block.kind == "step" and not plans:
            steps.append(block.text.rstrip(".;") + ".")
        elif block.kind != "prose" and filled and OPEN.match(block.lines[0]):
            pass  # a box left open in a checklist filled in: work still to do
        elif block.kind != "prose" and (not plans or CHECKED.match(block.lines[0])):
            text = joined([CHECKED.sub("", block.lines[0]), *block.lines[1:]])
            if plans or (filled and CHECKED.match(block.lines[0])):
                yield Lesson(MemoryType.SEMANTIC, text)
            else:
                items.append(text.rstrip(".;"))
        after = found[at + 1] if at + 1 < len(found) else None
        next_kind = after.kind if after is not None and after.heading == block.heading else None
        if prose and next_kind != "prose":
            if prose[-1].endswith(":") and next_kind == "step":
                lead = " ".join(_ended(prose))
            else:
                yield Lesson(kind or MemoryType.SEMANTIC, " ".join(_ended(prose)))
            prose = []
        if items and next_kind != "item":
            label = _label(block.heading, title).rstrip(":.")
            if label:
                yield Lesson(kind or MemoryType.SEMANTIC, f"{label}: {'; '.join(items)}.")
            else:  # no heading to hold them together: each item is a fact of its own
                yield from (Lesson(kind or MemoryType.SEMANTIC, f"{item}.") for item in items)
            items = []
        if steps and next_kind != "step":
            numbered = " ".join(f"{n}. {step}" for n, step in enumerate(steps, 1))
            lead = lead or f"{_label(block.heading, title).rstrip(':.')}:"
            yield Lesson(MemoryType.PROCEDURAL, f"{lead} {numbered}".strip())
            steps, lead = [], ""


def _label(heading: str | None, title: str) -> str:
    """What leads a section's procedure or table: its heading, else the document's title."""
    return heading if heading is not None and heading != title else title


def _table(block: Block, label: str, kind: MemoryType | None, plans: bool) -> Iterator[Lesson]:
    """A table as one fact led by its heading, its rows read with their column names (its
    rows mean something together, as a procedure's steps do); of plans, each row said done
    is a fact of its own; a change log ("rev | date | change") is the document's history."""
    if any(map(HISTORY.match, cells(block.lines[0]))):
        return
    rows = table_sentences(list(block.lines), plans=plans)
    if plans:
        yield from (Lesson(MemoryType.SEMANTIC, row) for row in rows)
    elif rows:
        yield Lesson(kind or MemoryType.SEMANTIC, f"{label.rstrip(':.')}: {'; '.join(rows)}.")


def _bookkeeping(text: str) -> bool:
    """A revision note in italics, or the document's owner, review date, status."""
    return EDITORIAL.match(text) is not None or METADATA.match(text) is not None


def _ended(paragraphs: list[str]) -> Iterator[str]:
    """Each paragraph ended, so joined ones read as sentences (a command line has no end)."""
    return (p if p[-1] in ".:;!?" else f"{p}." for p in paragraphs)
