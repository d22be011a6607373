"""A retro's readable paragraphs: each list item, prose paragraph and table row, under its
heading, as hook D's distiller reads them (`agentmem.harvest.distill`).

Under a heading of plans only an item ticked done is read; a paragraph of lines that say
their kind ("Lesson: …") is read line by line; a table is its rows where its heading gives
them a kind.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from agentmem.harvest.blocks import blocks, joined
from agentmem.harvest.labelled import LOG_STAMP, decided_item, decided_line
from agentmem.harvest.onset import in_force_from
from agentmem.harvest.sections import CHECKED, CLOSED, PLANS, PREFIX, section_type
from agentmem.harvest.tables import changes, table_sentences

AS_OF = re.compile(r"\b(?:as of|current(?:ly)?|now)\b", re.IGNORECASE)


def paragraphs(markdown: str) -> Iterator[tuple[str | None, str, bool]]:
    """Each list item and prose paragraph: (the heading above it, its text, whether it is
    prose). A table is its rows (`_rows`); under a heading of plans, only a ticked item."""
    for block in blocks(markdown):
        if block.kind == "table":
            yield from ((block.heading, row, False) for row in _rows(block.heading, block.lines))
        elif block.kind == "prose" and any(_label(line) for line in block.lines):
            yield from _labelled(block.heading, block.lines)
        elif block.kind == "prose":
            yield block.heading, block.text, True
        elif _kept(block.heading, block.text):
            text = joined([CHECKED.sub("", block.lines[0]), *block.lines[1:]])
            yield block.heading, CLOSED.sub("", text), False


def _labelled(
    heading: str | None, lines: tuple[str, ...]
) -> Iterator[tuple[str | None, str, bool]]:
    """A paragraph with lines that say their kind (`Lesson: …`, `How to: …`), as a daily
    note's plain lines do: each such line (with the unlabelled lines that wrap it) is read
    like a list item, a lesson of its own wherever it stands; under a heading of plans, like
    an unticked item, none. Lines before the first label stay one prose paragraph.
    A line labelled a decision taken (`decided_line`) is read so too, without the stamp of
    when it was written, and in a log it ends at the next stamped line: that is another
    entry."""
    parts: list[list[str]] = []
    for line in lines:
        decided = bool(parts) and decided_line(parts[-1][0]) is not None
        if _label(line) or not parts or (decided and LOG_STAMP.match(line)):
            parts.append([line])
        else:
            parts[-1].append(line)
    for part in parts:
        if (decision := decided_line(part[0])) is not None:
            part = [decision, *part[1:]]
        if not _label(part[0]):
            yield heading, joined(part), True
        elif _kept(heading, part[0]):
            yield heading, joined(part), False


def _label(line: str) -> bool:
    """The line says its kind ("Lesson: …") or that it tells a decision taken."""
    return PREFIX.match(line) is not None or decided_line(line) is not None


def _rows(heading: str | None, table: tuple[str, ...]) -> list[str]:
    """A table's rows as sentences where its heading gives them a kind (patterns, lessons)
    or lists plans (the rows said done); elsewhere a table of values before and after
    tells the changed ones (`changes`), and any other (numbers, a timeline, a change
    section's schedule grid) is no list of lessons. Under a heading that dates the table as
    how things stand ("Contacts (as of May)"), each row is led by it: a row alone ("kiln-ctl
    (owner: Ines Vale)") no longer says that it tells who holds the role now."""
    plans = heading is not None and PLANS.search(heading.lower()) is not None
    if plans or (heading is not None and section_type(heading) is not None):
        found = table_sentences(list(table), plans=plans)
        if heading is not None and not plans and AS_OF.search(heading):
            return [f"{heading.strip()}: {row}" for row in found]
        return found
    return changes(list(table))


def _kept(heading: str | None, item: str) -> bool:
    """Whether a list item is read: under a heading of plans, only one ticked or marked
    done, labelled a decision taken, or telling a state in force from a day (`agentmem.harvest.onset`)."""
    plans = heading is not None and PLANS.search(heading.lower()) is not None
    if plans and decided_item(item) is not None:
        return True  # "Decision: …" under plans: taken, not to do (`agentmem.harvest.labelled`)
    done = CHECKED.match(item) is not None or CLOSED.search(item) is not None
    return not plans or done or in_force_from(item)  # "Since 3 May the … fires at …": in force
