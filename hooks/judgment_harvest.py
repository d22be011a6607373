"""Hook E, judgment harvest: what in recent episodes and daily notes earns long-term memory.

The window is the dates given, or since the day of the last harvest that ran (read from
the audit ledger), or everything when there was none. An episode belongs to the window
when it happened (its run's day) or was recorded (its `created_at`) in it. Within it:

- Patterns. A tag (other than `outcome-success`, the expected case) seen on at least 3
  episodes from at least 2 runs of one app, counting every such episode up to the
  window's end and at least one inside it, earns two memories. An observation (semantic,
  kind `observation`) states the count and the runs; it supersedes the previous count of
  the same pattern, which stays, ranked down. A reflective assessment names the pattern
  and cites the episodes it rests on. Its text names the pattern, not the count, so a
  later harvest of the same pattern is a duplicate rather than a near-copy.
- Daily notes. `<root>/daily/YYYY-MM-DD.md` for days in the window: bullets under a
  lesson-bearing heading, and the daily log's event lines that say `Lesson:`, `How to:` or
  `Pattern:`, are distilled like a per-run retro (at most 3 per note).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from dataclasses import dataclass, replace
from datetime import date, datetime
from typing import Any

from agentmem import (
    Contribution,
    Filters,
    HarvestWindow,
    Memory,
    MemoryType,
    Tools,
    hookimpl,
)
from agentmem.core.model import AGENT_ID, content_key, memory_id
from agentmem.harvest.distill import distill
from agentmem.harvest.span import Span, daily_notes, resolve
from agentmem.tools import OutsideRepo

MIN_EPISODES = 3
MIN_RUNS = 2
MAX_CITES = 8
MAX_PATTERNS = 4
COUNT_TAG = "pattern-count"
PATTERN_TAG = "pattern"
OBSERVED_CONFIDENCE = 0.9  # a count is measured, not inferred


@dataclass
class Pattern:
    app_id: str
    tag: str
    episodes: list[Memory]

    @property
    def runs(self) -> list[str]:
        return sorted({m.run_id for m in self.episodes})


def _day(memory: Memory) -> date:
    return date.fromisoformat(memory.run_id[:10])


def _recorded(memory: Memory) -> date:
    return datetime.fromisoformat(memory.created_at).date()


def in_span(memory: Memory, span: Span) -> bool:
    """An episode belongs to the window when it happened or was recorded in it."""
    return span.holds(_day(memory)) or span.holds(_recorded(memory))


def describe(tag: str) -> str:
    if tag.startswith("fail-"):
        return f"the {tag.removeprefix('fail-')} verifier fails"
    if tag.startswith("outcome-"):
        return f"runs end in {tag.removeprefix('outcome-')}"
    return f"episodes tagged {tag} recur"


def patterns(episodes: list[Memory], span: Span) -> list[Pattern]:
    """Tags that meet the rule, strongest first; evidence up to the window's end."""
    groups: dict[tuple[str, str], list[Memory]] = defaultdict(list)
    for episode in episodes:
        if span.until is not None and _day(episode) > span.until:
            continue
        for tag in episode.tags:
            if tag != "outcome-success":
                groups[(episode.app_id, tag)].append(episode)
    found = [
        Pattern(app_id, tag, members)
        for (app_id, tag), members in groups.items()
        if len(members) >= MIN_EPISODES
        and len({m.run_id for m in members}) >= MIN_RUNS
        and any(in_span(m, span) for m in members)
    ]
    return sorted(found, key=lambda p: (-len(p.episodes), p.app_id, p.tag))[:MAX_PATTERNS]


def _heads(memories: list[Memory], tag: str, keep: str) -> list[str]:
    """Ids of this pattern's memories that nothing supersedes yet, except `keep`."""
    superseded = {old for m in memories for old in m.supersedes}
    return [m.id for m in memories if tag in m.tags and m.id != keep and m.id not in superseded]


def drafts_for(pattern: Pattern, tools: Tools) -> list[dict[str, Any]]:
    """The count (an observation) and what it means (an assessment citing the episodes)."""
    user = tools.settings.user_id or ""
    episodes = pattern.episodes
    first, last = min(map(_day, episodes)), max(map(_day, episodes))
    count = (
        f"Observed in {pattern.app_id}: {len(episodes)} episodes from {len(pattern.runs)} runs "
        f"between {first} and {last} were tagged {pattern.tag} (runs: {', '.join(pattern.runs)})."
    )
    count_id = memory_id(
        MemoryType.SEMANTIC.value, content_key(count, user, AGENT_ID, pattern.app_id)
    )
    scope = Filters(user_id=tools.settings.user_id, app_ids=(pattern.app_id,))
    counts = tools.list_memories(replace(scope, types=("semantic",), tags_any=(COUNT_TAG,)))
    cites = [m.id for m in episodes[-MAX_CITES:]]
    observation: dict[str, Any] = {
        "text": count,
        "type": MemoryType.SEMANTIC.value,
        "kind": "observation",
        "confidence": OBSERVED_CONFIDENCE,
        "app_id": pattern.app_id,
        "run_id": f"{last}-harvest",
        "cites": cites,
        "tags": [pattern.tag, COUNT_TAG],
    }
    older = _heads(counts, pattern.tag, count_id)
    if older:
        observation["supersedes"] = older
    text = f"Recurring pattern in {pattern.app_id}: {describe(pattern.tag)}."
    text_id = memory_id(
        MemoryType.REFLECTIVE.value, content_key(text, user, AGENT_ID, pattern.app_id)
    )
    reflective = tools.list_memories(replace(scope, types=("reflective",), tags_any=(PATTERN_TAG,)))
    confidence = min(0.95, 0.7 + 0.05 * (len(episodes) - MIN_EPISODES))
    assessment: dict[str, Any] = {
        "text": text,
        "type": MemoryType.REFLECTIVE.value,
        "kind": "assessment",
        "confidence": round(confidence, 2),
        "app_id": pattern.app_id,
        "run_id": f"{last}-harvest",
        "cites": cites,
        "tags": [pattern.tag, PATTERN_TAG],
    }
    replaced = _heads(reflective, pattern.tag, text_id)
    if replaced:
        assessment["supersedes"] = replaced
    return [observation, assessment]


def daily_lessons(tools: Tools, span: Span, app_id: str | None) -> tuple[list[dict[str, Any]], str]:
    """Lessons the agent wrote in its daily notes within the window."""
    drafts: list[dict[str, Any]] = []
    read = 0
    base = tools.settings.base_dir.resolve()
    for day, path in daily_notes(tools.settings.root, span):
        resolved = path.resolve()
        if not resolved.is_relative_to(base):
            return drafts, f"daily notes under {path.parent} lie outside the repository: not read"
        relative = str(resolved.relative_to(base))
        try:
            markdown = tools.read_file(relative)
        except OutsideRepo as exc:
            return drafts, f"daily notes not read: {exc}"
        read += 1
        plan = distill(markdown, relative, periodic=False, run_id=f"{day}-daily", app_id=app_id)
        drafts += [{**d, "tags": ["daily"]} for d in plan.drafts]
    return drafts, f"{read} daily note(s) read, {len(drafts)} lesson(s) proposed"


@hookimpl
def judgment_harvest(window: HarvestWindow, tools: Tools) -> Contribution:
    span = resolve(window, tools.settings.log_path)
    apps = (window.app_id,) if window.app_id else None
    episodes = tools.list_memories(
        Filters(user_id=tools.settings.user_id, types=("episodic",), app_ids=apps)
    )
    recent = [m for m in episodes if in_span(m, span)]
    found = patterns(episodes, span)
    drafts = [d for pattern in found for d in drafts_for(pattern, tools)]
    notes, notes_line = daily_lessons(tools, span, window.app_id)
    lines = [
        f"window: {span.since or 'start'} to {span.until or 'now'} ({span.basis})",
        f"{len(recent)} episode(s) in the window; {len(found)} pattern(s) met the rule "
        f"(≥ {MIN_EPISODES} episodes of ≥ {MIN_RUNS} runs)",
        *(
            f"pattern {p.app_id}/{p.tag}: {len(p.episodes)} episodes, runs {', '.join(p.runs)}"
            for p in found
        ),
        notes_line,
    ]
    proposed: list[Mapping[str, Any]] = [*drafts, *notes]
    return Contribution(text="\n".join(lines), drafts=proposed)
