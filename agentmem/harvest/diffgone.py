"""What a "- " line of an annotated diff retires among held lessons.

In a retro written as a diff (`agentmem.harvest.rundiff`), a "- " line says a step went and
the "+ " line after it says what took its place; only the new line is written. The new line
often shares too little with the held lesson that told the old step for the writer to see a
replacement ("+ book the Larch barge (60 t a trip)" against "our barge on the river contract
is the Birch, 40 t a trip; book it two days ahead"), so the old step lived on in packs. The
"- " line names it: a held lesson that says every name and number of the "- " line, and most
of its words, is the step that went, and the "+ " line's lesson carries it in `supersedes`
(a step removed with nothing in its place is carried by a "+ " line near it).
Nothing of the "- " line is written, so the old value cannot come back with the new one.

Only what changed retires a lesson: a "- " line whose names and numbers the "+ " line says
again ("- restart the pump from the panel" / "+ read the pump's log before a restart")
changed how a thing is done, not which thing, and retires nothing; nor does a "- " line with
no name or number to tie it to a lesson.

Nothing here reads memory: the hook passes `search`, the held lessons a text finds.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from agentmem.core.model import Memory
from agentmem.core.statement import terms
from agentmem.harvest.rundiff import MARKED, _sections, is_diff, removed_alone

Search = Callable[[str], Sequence[Memory]]

# A name or a number a step is tied by: "B-12", "Larch", "60", "0.5" (not a capital that
# only opens the line).
MARK = re.compile(r"\b\d+(?:[.,]\d+)?\b|\b[A-Za-z][\w-]*[A-Z0-9][\w-]*\b|\b[A-Z][a-z]+\b")
SHARED = 0.6  # of the "- " line's words, those a held lesson must say too


def _marks(line: str) -> set[str]:
    found = MARK.findall(line)
    if found and line.lstrip().startswith(found[0]) and re.fullmatch(r"[A-Z][a-z]+", found[0]):
        found = found[1:]  # a capital that only opens the line
    return {m for m in found if len(m) > 1}


def _said(mark: str, text: str) -> bool:
    return re.search(rf"(?<![\w.]){re.escape(mark)}(?![\w]|\.\d)", text) is not None


def removed_before(markdown: str) -> list[list[str]]:
    """For each "+ " line of a diff, in order (as `diff_lessons` writes them), the "- " lines
    of its section since the "+ " line before it; a "- " line with no "+ " line after it in
    its section goes with the section's last "+ " line, and a step removed alone in a
    section of no "+ " line (`removed_alone`) with the diff's "+ " line before it (the
    first, when none is before): what carries the link need not be what replaced it."""
    if not is_diff(markdown):
        return []
    lines = markdown.splitlines()
    found: list[list[str]] = []
    alone: list[tuple[int, str]] = []  # how many "+ " lines came before, the removed line
    for _, numbers in _sections(lines):
        alone += [(len(found), _removed(lines[n])) for n in removed_alone(lines, numbers)]
        signs = [m for m in (MARKED.match(lines[n]) for n in numbers) if m]
        if not any(m.group(1) == "+" for m in signs):
            continue
        gone: list[str] = []
        for m in signs:
            if m.group(1) == "-":
                gone.append(m.group(2))
            else:
                found.append(gone)
                gone = []
        found[-1] += gone
    for before, line in alone:
        if found:
            found[max(before - 1, 0)].append(line)
    return found


def _removed(line: str) -> str:
    """A "- " line's text, without its sign."""
    found = MARKED.match(line)
    return found.group(2) if found else line


def retires(old_line: str, new_line: str, held: str) -> bool:
    """Whether a held lesson tells the step a "- " line removed, one its "+ " line changed."""
    marks = _marks(old_line)
    if not marks or all(_said(m, new_line) for m in marks):
        return False
    if not all(_said(m, held) for m in marks):
        return False
    said = terms(old_line).content
    return bool(said) and len(said & terms(held).content) >= SHARED * len(said)


def retired(markdown: str, new_lines: Sequence[str], search: Search) -> dict[int, list[str]]:
    """By the index of a "+ " line's lesson, the ids of the held lessons its "- " lines
    retire (see the module docstring)."""
    out: dict[int, list[str]] = {}
    for at, (gone, new) in enumerate(zip(removed_before(markdown), new_lines, strict=False)):
        ids = [
            memory.id for old in gone for memory in search(old) if retires(old, new, memory.text)
        ]
        if ids:
            out[at] = list(dict.fromkeys(ids))
    return out
