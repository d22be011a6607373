"""Hook E, judgment harvest: patterns repeated across recent episodes earn long-term memory.

Rule: a tag seen on at least 3 episodic memories from at least 2 runs of one app becomes a
reflective memory. It is an assessment, so it cites the episodes (observations) it rests on.
Its text names the pattern, not the count, so a later harvest of the same pattern is a
duplicate rather than a near-copy.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping
from datetime import date
from typing import Any

from agentmem import Contribution, Filters, HarvestWindow, Memory, MemoryType, Tools, hookimpl

MIN_EPISODES = 3
MIN_RUNS = 2
MAX_CITES = 8


def _day(memory: Memory) -> date:
    return date.fromisoformat(memory.run_id[:10])


def _in_window(memory: Memory, window: HarvestWindow) -> bool:
    day = _day(memory)
    return (window.since is None or day >= window.since) and (
        window.until is None or day <= window.until
    )


def describe(tag: str) -> str:
    if tag.startswith("fail-"):
        return f"the {tag.removeprefix('fail-')} verifier fails"
    if tag.startswith("outcome-"):
        return f"runs end in {tag.removeprefix('outcome-')}"
    return f"episodes tagged {tag} recur"


@hookimpl
def judgment_harvest(window: HarvestWindow, tools: Tools) -> Contribution:
    apps = (window.app_id,) if window.app_id else None
    episodes = [
        m
        for m in tools.list_memories(
            Filters(user_id=tools.settings.user_id, types=("episodic",), app_ids=apps)
        )
        if _in_window(m, window)
    ]
    groups: dict[tuple[str, str], list[Memory]] = defaultdict(list)
    for episode in episodes:
        for tag in episode.tags:
            if tag != "outcome-success":  # success is the expected case, not a pattern
                groups[(episode.app_id, tag)].append(episode)
    drafts: list[Mapping[str, Any]] = []
    for (app_id, tag), members in sorted(groups.items()):
        runs = {m.run_id for m in members}
        if len(members) < MIN_EPISODES or len(runs) < MIN_RUNS:
            continue
        confidence = min(0.95, 0.7 + 0.05 * (len(members) - MIN_EPISODES))
        drafts.append(
            {
                "text": f"Recurring pattern in {app_id}: {describe(tag)}.",
                "type": MemoryType.REFLECTIVE.value,
                "kind": "assessment",
                "confidence": round(confidence, 2),
                "app_id": app_id,
                "cites": [m.id for m in members[-MAX_CITES:]],
                "tags": [tag, "pattern"],
            }
        )
    text = f"{len(episodes)} episode(s) in the window; {len(drafts)} pattern(s) met the rule"
    return Contribution(text=text, drafts=drafts)
