"""A retro written as an annotated diff of a document ("- old step" / "+ new step" lines,
each with a short "why:" note under it, unchanged lines marked so): read as a diff.

Read as ordinary list items, a section's old and new lines made one lesson ("Limits: kiln
B peak 1180 °C; kiln B peak 1220 °C why: …"), and the old value lived on in the pack.
Here each "+ " line, with its note, is a fact of its own, led by its section's heading; a
"- " line is what went away and is never written (nor as a retraction: the writer keeps a
retraction's words, and the old value with them); the writer judges each new line against
what it holds. Lines that are neither (unchanged context) are left to the ordinary
reading, in the document with the diff's lines taken out.

A document is such a diff only when one of its sections has both "- " and "+ " lines: an
ordinary "- " bullet list with no "+ " line is no diff, and in a diff only the sections with
a "+ " line are read so (another section's "- " bullets stay ordinary list items), except a
"- " line with a "why:" note under it (`removed_alone`): a step taken out with nothing put in
its place, never written either.
"""

from __future__ import annotations

import re

from agentmem.core.model import MemoryType
from agentmem.harvest.blocks import HEADING
from agentmem.harvest.sections import Lesson

MARKED = re.compile(r"^\s{0,3}([-+])\s+(.*\S)\s*$")
# A note under a changed line saying why ("    why: the old host was retired").
NOTE = re.compile(r"^\s+(?:why|reason|because|rationale)\s*:\s*(.*\S)\s*$", re.IGNORECASE)


def _sections(lines: list[str]) -> list[tuple[str | None, list[int]]]:
    """The document's lines by section: each heading (None before any) with the numbers of
    its lines."""
    found: list[tuple[str | None, list[int]]] = [(None, [])]
    for at, line in enumerate(lines):
        title = HEADING.match(line)
        if title:
            found.append((title.group(1), []))
        else:
            found[-1][1].append(at)
    return found


def is_diff(markdown: str) -> bool:
    """Whether a section of the document has both "- " and "+ " lines."""
    lines = markdown.splitlines()
    for _, numbers in _sections(lines):
        signs = {m.group(1) for m in map(MARKED.match, (lines[n] for n in numbers)) if m}
        if signs == {"-", "+"}:
            return True
    return False


def removed_alone(lines: list[str], numbers: list[int]) -> list[int]:
    """In a diff's section with no "+ " line, the numbers of its "- " lines that carry a
    note saying why (a step removed, not a bullet of a list)."""
    if any((m := MARKED.match(lines[n])) and m.group(1) == "+" for n in numbers):
        return []
    return [
        n
        for n in numbers
        if (m := MARKED.match(lines[n]))
        and m.group(1) == "-"
        and n + 1 < len(lines)
        and NOTE.match(lines[n + 1])
    ]


def _text(heading: str | None, line: str, why: list[str]) -> str:
    lead = f"{heading.rstrip(':.')}: " if heading else ""
    text = f"{lead}{line.rstrip('.;')}."
    return " ".join([text, *(f"Why: {note.rstrip('.;')}." for note in why)])


def _more_notes(lines: list[str], at: int) -> int:
    """How many note lines go on from `at`."""
    count = 0
    while at + count < len(lines) and NOTE.match(lines[at + count]):
        count += 1
    return count


def diff_lessons(markdown: str) -> tuple[list[Lesson], str]:
    """A diff's lessons (each "+ " line a fact, led by its heading), and the
    document with the diff's lines and their notes taken out; a document that is no diff
    (`is_diff`) yields none and stays whole."""
    if not is_diff(markdown):
        return [], markdown
    lines = markdown.splitlines()
    taken: set[int] = set()
    found: list[Lesson] = []
    for heading, numbers in _sections(lines):
        for n in removed_alone(lines, numbers):
            taken.update(range(n, n + 2 + _more_notes(lines, n + 2)))
        if not any((m := MARKED.match(lines[n])) and m.group(1) == "+" for n in numbers):
            continue  # no new line here: its other "- " lines are an ordinary list
        marked: list[tuple[str, str, list[str]]] = []  # sign, line, notes
        for n in numbers:
            sign = MARKED.match(lines[n])
            note = NOTE.match(lines[n])
            if sign:
                marked.append((sign.group(1), sign.group(2), []))
                taken.add(n)
            elif note and marked and (n - 1) in taken:
                marked[-1][2].append(note.group(1))
                taken.add(n)
        found += [
            Lesson(MemoryType.SEMANTIC, _text(heading, line, why))
            for sign, line, why in marked
            if sign == "+"
        ]
    rest = "\n".join(line for n, line in enumerate(lines) if n not in taken)
    return found, rest
