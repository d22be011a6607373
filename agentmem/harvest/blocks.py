"""A markdown document as blocks: each prose paragraph, list item and table, under its heading.

Hook D reads a retro's lessons, a decision record's decision and a runbook's state out of
these blocks. A list item is a `step` when it is numbered ("1." or "1)"): a numbered list is
a procedure, whose steps mean something only together; an `item` otherwise. An item's
wrapped lines are part of it, and so is a code block indented under it.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Literal

from agentmem.core.secrets import find_secrets
from agentmem.harvest.labelled import decided_line
from agentmem.harvest.sections import PREFIX
from agentmem.harvest.tables import is_table

HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")
BULLET = re.compile(r"^\s{0,3}(?:([-*+])|\d+[.)])\s+(.*\S)\s*$")
# A tick box opening a line with no bullet before it ("[x] Kiln B relined", "[ ] Order
# cones"): an item of a checklist as much as "- [x] …" is, box kept.
BOXED = re.compile(r"^\s{0,3}()(\[[ xX]\]\s+.*\S)\s*$")
# A quoted line ("> The depot closes at 18:00."): a text pasted in, read as its own lines.
QUOTED = re.compile(r"^\s{0,3}>\s?")
Kind = Literal["prose", "item", "step", "table"]


@dataclass(frozen=True)
class Block:
    """One paragraph, list item or table, with the heading above it (None before any)."""

    heading: str | None
    kind: Kind
    lines: tuple[str, ...]

    @property
    def text(self) -> str:
        """The block's lines as one text (a table's stay its lines)."""
        return joined(list(self.lines))


def blocks(markdown: str) -> Iterator[Block]:
    """The document's blocks in order; a prose paragraph that is a table is a `table`."""
    heading: str | None = None
    prose: list[str] = []
    item: list[str] = []  # a list item, with the lines it wraps onto
    kind: Kind = "item"
    for quoted in [*markdown.splitlines(), ""]:
        line = QUOTED.sub("", quoted)
        title, bullet = HEADING.match(line), BULLET.match(line) or BOXED.match(line)
        # A wrapped item goes on (its second line was lost), but a line that says its kind
        # ("Lesson: …") or a decision taken ("Decided: …") right under an item starts a
        # paragraph of its own.
        labelled = PREFIX.match(line.strip()) or decided_line(line) is not None
        if item and line.strip() and not (title or bullet or labelled):
            item.append(line.strip())
            continue
        if item:
            yield Block(heading, kind, tuple(item))
            item = []
        if prose and (title or bullet or not line.strip()):
            yield Block(heading, "table" if is_table(prose) else "prose", tuple(prose))
            prose = []
        if title:
            heading = title.group(1)
        elif bullet:
            item, kind = [bullet.group(2)], "item" if bullet.group(1) is not None else "step"
        elif line.strip():
            prose.append(line.strip())


def joined(lines: list[str]) -> str:
    """A paragraph's lines as one text, joined by spaces; by line breaks when a secret
    spans them, so the writer's guard sees the key whole and refuses it (a space inside a
    split key hid it, and its second half was stored)."""
    text = "\n".join(lines)
    return text if find_secrets(text) else " ".join(lines)


def first_heading(markdown: str) -> str:
    """The document's first heading (its title), or ""."""
    return next((m.group(1) for m in map(HEADING.match, markdown.splitlines()) if m), "")
