"""Hook D, post-retro distill: lessons from a retrospective's markdown, as drafts.

A bullet's section decides its type: lessons and facts become semantic memories, how-tos
and what worked become procedural, patterns across runs become reflective. A bullet may
say its type itself with a leading `[semantic]`, `[procedural]` or `[reflective]`.
A per-run retro yields at most 3 lessons, a periodic one at most 8.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from agentmem import Contribution, MemoryType, Retrospective, Tools, hookimpl

HEADING = re.compile(r"^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$")
BULLET = re.compile(r"^\s{0,3}(?:[-*+]|\d+[.)])\s+(.*\S)\s*$")
INLINE = re.compile(r"^\[(semantic|procedural|reflective)\]\s*", re.IGNORECASE)

SECTION_WORDS: tuple[tuple[MemoryType, tuple[str, ...]], ...] = (
    (MemoryType.REFLECTIVE, ("pattern", "recurring", "across runs", "trend", "theme")),
    (
        MemoryType.PROCEDURAL,
        (
            "how to",
            "how-to",
            "procedure",
            "steps",
            "what worked",
            "process",
            "recipe",
            "do next time",
        ),
    ),
    (
        MemoryType.SEMANTIC,
        ("lesson", "learn", "fact", "insight", "what we know", "takeaway", "gotcha"),
    ),
)
CONFIDENCE = {MemoryType.SEMANTIC: 0.8, MemoryType.PROCEDURAL: 0.75, MemoryType.REFLECTIVE: 0.8}
MAX_PER_RUN = 3
MAX_PERIODIC = 8


def section_type(title: str) -> MemoryType | None:
    lowered = title.lower()
    for memory_type, words in SECTION_WORDS:
        if any(word in lowered for word in words):
            return memory_type
    return None


def lessons(markdown: str) -> list[tuple[MemoryType, str]]:
    """Every (type, text) bullet under a lesson-bearing section, in document order."""
    found: list[tuple[MemoryType, str]] = []
    current: MemoryType | None = None
    for line in markdown.splitlines():
        heading = HEADING.match(line)
        if heading:
            current = section_type(heading.group(1))
            continue
        bullet = BULLET.match(line)
        if not bullet:
            continue
        text = bullet.group(1)
        inline = INLINE.match(text)
        kind = MemoryType(inline.group(1).lower()) if inline else current
        text = INLINE.sub("", text).strip()
        if kind is not None and text:
            found.append((kind, text))
    return found


@hookimpl
def post_retro_distill(retro: Retrospective, tools: Tools) -> Contribution:
    markdown = tools.read_file(retro.path)
    found = lessons(markdown)
    cap = MAX_PERIODIC if retro.periodic else MAX_PER_RUN
    scope: dict[str, Any] = {"source": str(retro.path)}
    if retro.run_id:
        scope["run_id"] = retro.run_id
    if retro.app_id:
        scope["app_id"] = retro.app_id
    drafts: list[Mapping[str, Any]] = [
        {
            "text": text,
            "type": kind.value,
            "confidence": CONFIDENCE[kind],
            "tags": ["retro"],
            **scope,
        }
        for kind, text in found[:cap]
    ]
    note = f"{len(found)} lesson(s) found in {retro.path}; {len(drafts)} proposed (cap {cap})"
    return Contribution(text=note, drafts=drafts)
