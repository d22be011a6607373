"""The retro distiller: lessons from a retrospective's markdown, as drafts for the writer.

A bullet's section decides its type: lessons and facts become semantic memories, how-tos
and what worked become procedural, patterns across runs become reflective. A bullet may
say its type itself with a leading `[semantic]`, `[procedural]` or `[reflective]`, or
(as daily-log event lines do, after their time) with `Lesson:`, `How to:` or `Pattern:`.
A per-run retro yields 0–3 lessons, a periodic one 3–8. Hook D and the backfill's
`retros` lane both distill through here, so a retro backfilled and later fired through
hook D yields the same drafts (and the second is all duplicates).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from agentmem.core.model import MemoryType, normalise_text

HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")
BULLET = re.compile(r"^\s{0,3}(?:[-*+]|\d+[.)])\s+(.*\S)\s*$")
INLINE = re.compile(r"^\[(semantic|procedural|reflective)\]\s*", re.IGNORECASE)
# A daily-log event line (`- 08:00:00Z Lesson: …`) carries its type as a word, after a time.
STAMP = re.compile(r"^\d{1,2}:\d{2}(?::\d{2})?Z?\s*(?:[-–]\s*)?")
PREFIX = re.compile(r"^(lesson|learned|fact|how[- ]to|procedure|pattern)\s*:\s*", re.IGNORECASE)
PREFIX_TYPES = {
    "lesson": MemoryType.SEMANTIC,
    "learned": MemoryType.SEMANTIC,
    "fact": MemoryType.SEMANTIC,
    "how to": MemoryType.PROCEDURAL,
    "how-to": MemoryType.PROCEDURAL,
    "procedure": MemoryType.PROCEDURAL,
    "pattern": MemoryType.REFLECTIVE,
}
DATE = re.compile(r"(\d{4}-\d{2}-\d{2})")
PERIODIC_WORDS = ("periodic", "weekly", "monthly", "quarterly", "sprint")

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
)
# Sections that list work still to do ("Next steps" once made every to-do a procedure).
PLANS = re.compile(r"\b(next steps?|action items?|to ?dos?|follow[- ]?ups?|plans?)\b")
# Inside each type's range, below its top: a retro is one author's view, not a measurement.
CONFIDENCE = {MemoryType.SEMANTIC: 0.8, MemoryType.PROCEDURAL: 0.75, MemoryType.REFLECTIVE: 0.8}
MAX_PER_RUN = 3
MIN_PERIODIC = 3
MAX_PERIODIC = 8


@dataclass(frozen=True)
class Lesson:
    """One bullet that earned a type from its section (or its own `[type]` prefix)."""

    type: MemoryType
    text: str


@dataclass
class Distilled:
    """What one retro yields: every lesson found, and the capped drafts to propose."""

    source: str
    periodic: bool
    found: list[Lesson] = field(default_factory=list)
    drafts: list[dict[str, Any]] = field(default_factory=list)

    @property
    def cap(self) -> int:
        return MAX_PERIODIC if self.periodic else MAX_PER_RUN

    def note(self) -> str:
        line = (
            f"{len(self.found)} lesson(s) found in {self.source}; "
            f"{len(self.drafts)} proposed (cap {self.cap})"
        )
        if self.periodic and len(self.found) < MIN_PERIODIC:
            line += f"; a periodic retro should yield {MIN_PERIODIC}–{MAX_PERIODIC}"
        return line


def section_type(title: str) -> MemoryType | None:
    lowered = title.lower()
    if PLANS.search(lowered):
        return None  # what the team means to do next is not yet something it learned
    for memory_type, words in SECTION_WORDS:
        if any(word in lowered for word in words):
            return memory_type
    return None


def lessons(markdown: str) -> list[Lesson]:
    """Every typed bullet under a lesson-bearing section, in document order, once each."""
    found: list[Lesson] = []
    seen: set[str] = set()
    current: MemoryType | None = None
    for line in markdown.splitlines():
        heading = HEADING.match(line)
        if heading:
            current = section_type(heading.group(1))
            continue
        bullet = BULLET.match(line)
        if not bullet:
            continue
        text = STAMP.sub("", bullet.group(1))
        inline, prefix = INLINE.match(text), PREFIX.match(text)
        kind = current
        if inline:
            kind = MemoryType(inline.group(1).lower())
        elif prefix:
            kind = PREFIX_TYPES[prefix.group(1).lower()]
        text = PREFIX.sub("", INLINE.sub("", text)).strip()
        if kind is None or not text or normalise_text(text) in seen:
            continue
        seen.add(normalise_text(text))
        found.append(Lesson(kind, text))
    return found


def is_periodic(path: str | Path, markdown: str) -> bool:
    """A retro is periodic when its file name or first heading says so (weekly, sprint…)."""
    first = next((m.group(1) for m in map(HEADING.match, markdown.splitlines()) if m), "")
    haystack = f"{Path(path).name} {first}".lower()
    return any(word in haystack for word in PERIODIC_WORDS)


def retro_run_id(path: str | Path) -> str | None:
    """`<date>-retro` from a date in the file name, so a backfilled retro keeps its day."""
    match = DATE.search(Path(path).name)
    return f"{match.group(1)}-retro" if match else None


def distill(
    markdown: str,
    source: str,
    *,
    periodic: bool,
    run_id: str | None = None,
    app_id: str | None = None,
) -> Distilled:
    """The drafts a retro supports, at most its cap, each with `source` = the retro."""
    result = Distilled(source=source, periodic=periodic, found=lessons(markdown))
    scope: dict[str, Any] = {"source": source}
    run = run_id or retro_run_id(source)
    if run:
        scope["run_id"] = run
    if app_id:
        scope["app_id"] = app_id
    result.drafts = [
        {
            "text": lesson.text,
            "type": lesson.type.value,
            "confidence": CONFIDENCE[lesson.type],
            "tags": ["retro"],
            **scope,
        }
        for lesson in result.found[: result.cap]
    ]
    return result
