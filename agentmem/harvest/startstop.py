"""A start / stop / continue retrospective: one labelled line per practice.

    Start: weighing every third crate at the dock; two short loads went out unseen.
    Stop: the Friday stock recount. The counts never drifted; the gap was the scanner.
    Stop: re-keying orders by hand. The import takes them whole now.
    Continue: the 08:00 handover call.

Its labels say what the team does with each practice, not who speaks: read as a chat
(`agentmem.harvest.thread`, "Stop" a speaker who spoke twice), each line lost its label, and
"Stop: re-keying orders by hand" was proposed as "Re-keying orders by hand", the very
practice it drops, so the lesson that prescribed it stayed in packs. Here a "Stop:" line is
written so the withdrawal opens with its cue ("Stop re-keying orders by hand. …", "We have
stopped the Friday stock recount. …"), which the writer reads as a practice withdrawn
(`agentmem.core.practice`); a "Start:" or "Continue:" line is the practice itself. A
document is read so when its lines carry a "Stop:" label and at least one "Start:" or
"Continue:" label (a "Keep:" or "Keep doing:" is a continue), and those lines are most of
its body.
"""

from __future__ import annotations

import re

from agentmem.core.model import MemoryType
from agentmem.harvest.blocks import HEADING
from agentmem.harvest.sections import Lesson

# "Stop: …", "- **Stop:** …", "* Keep doing – …": the label, then what the team does with it.
LINE = re.compile(
    r"^\s*(?:[-*+]\s+)?[*_]{0,2}(?P<label>start(?:\s+doing)?|stop(?:\s+doing)?|continue"
    r"|keep(?:\s+doing)?)[*_]{0,2}\s*(?::|\s[-–—])[*_]{0,2}\s*(?P<said>\S.*?)\s*$",
    re.IGNORECASE,
)
GERUND = re.compile(r"^\w+(?:-\w+)*ing\b")
SHARE = 1 / 2  # of the body's lines, the labelled ones at least


def _labelled(markdown: str) -> list[tuple[str, str]] | None:
    """The document's labelled lines (label lower-cased, its first word), when it is one
    of these retros (see the module docstring), else None."""
    body = [line for line in markdown.splitlines() if line.strip() and HEADING.match(line) is None]
    found = [
        (m["label"].split()[0].lower(), m["said"]) for m in map(LINE.match, body) if m is not None
    ]
    labels = {label for label, _ in found}
    if "stop" not in labels or not labels & {"start", "continue", "keep"}:
        return None
    return found if len(found) >= SHARE * len(body) else None


def is_start_stop(markdown: str) -> bool:
    """Whether the document is a start / stop / continue retro."""
    return _labelled(markdown) is not None


def dropped(said: str) -> str:
    """A "Stop:" line's text, opening with the cue that it is dropped."""
    if GERUND.match(said):
        return f"Stop {said[0].lower()}{said[1:]}"
    return f"We have stopped {said[0].lower() if said[:2].istitle() else said[0]}{said[1:]}"


def start_stop_lessons(markdown: str) -> list[Lesson]:
    """Each labelled line as a lesson, in order: a "Stop:" line as the practice dropped."""
    found: list[Lesson] = []
    for label, said in _labelled(markdown) or []:
        text = dropped(said) if label == "stop" else f"{said[0].upper()}{said[1:]}"
        found.append(Lesson(MemoryType.SEMANTIC, text if text[-1] in ".!" else f"{text}."))
    return found
