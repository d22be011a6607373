"""What a heading says its section holds: a kind of lesson, work still to do, or a change.

Hook D types a section's items by a word its heading begins ("Lessons learned" → semantic,
"Patterns across runs" → reflective, "How to" → procedural, "Corrections" → semantic); a heading of plans ("Next
steps", "Action items") holds work still to do, except an item ticked done; a heading that
says its section tells a change ("Calendar (changed 2026-10-01)") holds the new state.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from agentmem.core.model import MemoryType

SECTION_WORDS: tuple[tuple[MemoryType, tuple[str, ...]], ...] = (
    (MemoryType.REFLECTIVE, ("pattern", "recurring", "across runs", "trend", "theme")),
    (
        MemoryType.PROCEDURAL,
        ("how to", "how-to", "procedure", "steps", "what worked", "process", "recipe"),
    ),
    (
        MemoryType.SEMANTIC,
        ("lesson", "learn", "fact", "insight", "what we know", "takeaway", "gotcha"),
    ),
    # What a weekly note says changed ("Changes to know", "What changed"): new facts.
    (MemoryType.SEMANTIC, ("to know", "what changed", "changes")),
    # A decision record (ADR): what was decided (its context and consequences are not).
    (MemoryType.SEMANTIC, ("decision", "decided")),
    # What a review sets right ("Correction", "Corrections to earlier notes", "Errata"):
    # the state now, in place of what an earlier note or run said.
    (MemoryType.SEMANTIC, ("correction", "corrected", "errat")),
)
# A line that says its kind as its first word ("Lesson: …", "How to: …"): a bullet, a daily
# log's event line after its time, or a plain line of a note; the label may be bold
# (`**Lesson:**`, `**Lesson**:`), as notes written by hand often are.
PREFIX = re.compile(
    r"^[*_]{0,2}(lesson|learned|fact|takeaway|how[- ]to|procedure|pattern)[*_]{0,2}\s*:[*_]{0,2}\s*",
    re.IGNORECASE,
)
PREFIX_TYPES = {
    "lesson": MemoryType.SEMANTIC,
    "learned": MemoryType.SEMANTIC,
    "fact": MemoryType.SEMANTIC,
    "takeaway": MemoryType.SEMANTIC,
    "how to": MemoryType.PROCEDURAL,
    "how-to": MemoryType.PROCEDURAL,
    "procedure": MemoryType.PROCEDURAL,
    "pattern": MemoryType.REFLECTIVE,
}
# A heading that is only a label for what follows ("Notes", "Reminders", "Keep in mind",
# "Rules", "Owners", "Contacts", "Observations"): facts a worker must keep (who to ask about
# what is one; a heading of one "Owner" names the document's own, like an "Owner:" field),
# or (observations) what runs showed.
# Only as the heading's first words: "Release notes 2026" is a title, not a notes section.
NOTED = re.compile(
    r"^\W*(notes?|reminders?|keep in mind|remember|rules|owners|ownership|contacts|who to ask)\b"
)
OBSERVED = re.compile(r"^\W*observations?\b")
# A release's notes pasted in ("Release notes (v2.4)", "Changelog"): each item says how the
# released thing behaves now. Only as the heading's first words: "Retro: release notes
# tooling" is about writing them.
RELEASED = re.compile(r"^\W*(?:release notes|change ?log)\b")
# A notice or an announcement anywhere in a heading ("Bank notice (important)"), or a memo,
# bulletin or circular pasted in ("Forwarded: facilities memo FM-9"): news to act on.
ANNOUNCED = re.compile(
    r"\b(notices?|announcements?|heads[- ]up|important|memo(?:randum|randa|s)?|bulletins?"
    r"|circulars?)\b"
)
# Sections that list work still to do ("Next steps" once made every to-do a procedure).
PLANS = re.compile(
    r"^\W*next\b|\b(next steps?|actions?|action items?|to ?dos?|follow[- ]?ups?|plans?)\b"
    r"|\bopen (?:items|questions|issues)\b"
)
# A ticked item ("- [x] Pipeline pauses the audit") under a heading of plans is done.
CHECKED = re.compile(r"^\[[xX]\]\s*")
# ... and so is one its author closes with a mark ("- Move the backup to 04:00. (done)").
CLOSED = re.compile(r"\s*\((?:done|shipped|fixed|completed)\)[.;]?\s*$", re.IGNORECASE)
# A heading naming what an incident came from ("Root cause", "Root causes"): what the team
# found, a fact a worker on that work must know (the timeline and impact around it are not).
ROOT_CAUSE = re.compile(r"^\W*root[- ]causes?\b")
# A heading that says its section tells a change ("Calendar (changed 2026-10-01)", "Cut-off
# change", "Updated schedule"): what it says is the new state, prose or list, a fact a
# worker must know even in a runbook, whose other sections are not lessons. Such a section
# of no lesson-bearing kind yields facts after the document's own lessons (its cap is
# theirs first: a postmortem's "What we changed" is not its "Lessons").
CHANGED = re.compile(r"\b(?:chang(?:e|es|ed)|updated?|updates)\b")


@dataclass(frozen=True)
class Lesson:
    """One bullet that earned a type from its section (or its own `[type]` prefix)."""

    type: MemoryType
    text: str


def section_type(title: str) -> MemoryType | None:
    """The type a heading gives its bullets, from a word it begins ("Lessons learned",
    "Facts"); never from inside another word: an "Artifact registry …" title is no "fact"
    section, and had made a decision record's Status/Deciders lines three facts."""
    lowered = title.lower()
    if PLANS.search(lowered):
        return None  # what the team means to do next is not yet something it learned
    for memory_type, words in SECTION_WORDS:
        if any(re.search(rf"\b{re.escape(word)}", lowered) for word in words):
            return memory_type
    if OBSERVED.match(lowered):
        return MemoryType.REFLECTIVE
    if NOTED.match(lowered) or RELEASED.match(lowered) or ANNOUNCED.search(lowered):
        return MemoryType.SEMANTIC
    return None
