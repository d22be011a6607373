"""A retro written as a deep outline: a fact split across a parent item and its children.

    - Kiln room, from now on
      - cone check
        - every firing
    - Glazes
      - blue batch
        - supplier ships Thursdays

Indented two spaces a level, an outline's first-level child is a list item of its own
(`agentmem.harvest.blocks`: a bullet indented three spaces or less), and its deeper levels
wrap onto it. Read so, "cone check - every firing" was one item and "Kiln room, from now
on" another: the child lost its subject (which kiln room, and that the rule is new), and the
parent, a subject alone, was read as a lesson that says nothing. `outlined` writes each
such child led by its parent ("Kiln room, from now on - cone check - every firing"), the
parent's own line gone, so the item says whose fact it is, as the writer wrote it.

Only a parent that is a bare subject leads its children: a few words, no sentence of its
own, no label ("Decision: …", "Lesson: …" end in a colon: their readers know them). Only a
document with a level below the first child's is an outline (a two-level list is read as
before: its children are items of their own, each a sentence, as a list of lessons is).
"""

from __future__ import annotations

import re

# A bullet and its indent: "  - cone check" is ("  ", "cone check").
ITEM = re.compile(r"^(?P<indent>[ ]*)(?:[-*+]|\d+[.)])\s+(?P<text>.*\S)\s*$")
SUBJECT_WORDS = 8  # a parent longer than this says something of its own
# A parent that is a sentence or a label: read as it stands.
SAID = re.compile(r"[.!?:;]$|[.!?]\s+\S")
CHILD = range(1, 4)  # a first-level child's indent: a list item of its own (`blocks`)
DEEP = 4  # an indent at which an item wraps onto the one above


def outlined(markdown: str) -> str:
    """The markdown with each first-level child led by its bare-subject parent (above)."""
    lines = markdown.splitlines()
    indents = [len(m.group("indent")) for m in map(ITEM.match, lines) if m]
    if not any(i in CHILD for i in indents) or not any(i >= DEEP for i in indents):
        return markdown
    out: list[str | None] = []  # None: a parent line gone
    parent: str | None = None  # the open top-level item's text, when a bare subject
    parent_at = -1  # where its line is in `out`
    led = False  # whether any child took it on
    for line in lines:
        item = ITEM.match(line)
        indent = len(item.group("indent")) if item else -1
        if item is None and line.strip() and not line.startswith(" "):
            parent = None  # a heading or a paragraph ends the item
        if item is not None and indent == 0:
            if parent is not None and led:
                out[parent_at] = None
            text = item.group("text")
            bare = len(text.split()) <= SUBJECT_WORDS and SAID.search(text) is None
            parent, parent_at, led = (text if bare else None), len(out), False
        elif item is not None and indent in CHILD and parent is not None:
            line = f"{item.group('indent')}- {parent} - {item.group('text')}"
            led = True
        out.append(line)
    if parent is not None and led:
        out[parent_at] = None
    kept = [line for line in out if line is not None]
    return "\n".join(kept) + ("\n" if markdown.endswith("\n") else "")
