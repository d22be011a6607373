"""Hook C, post-run classify: one episodic record of the run, plus lessons it supports.

Writes 0–3 memories. The episodic record is always proposed; a lesson from the run's own
report is proposed only when the verifiers back it: those it names passed, or, if it names
none, the run succeeded with every verifier passing. Drafts only; the runtime writes.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from agentmem import Contribution, Lesson, MemoryType, RunOutcome, Tools, hookimpl

MAX_LESSONS = 2
LESSON_TYPES = (MemoryType.SEMANTIC, MemoryType.PROCEDURAL)


def _slug(name: str) -> str:
    return re.sub(r"[^a-z0-9]+", "-", name.lower()).strip("-")[:40] or "check"


def _episode_text(run: RunOutcome) -> str:
    parts = [f"Run {run.run_id}: {run.goal.strip()} ended in {run.outcome.value}."]
    if run.summary.strip():
        parts.append(run.summary.strip())
    if run.verifiers:
        checks = ", ".join(f"{v.name} {'passed' if v.passed else 'failed'}" for v in run.verifiers)
        parts.append(f"Verifiers: {checks}.")
    return " ".join(parts)


def _tags(run: RunOutcome) -> list[str]:
    tags = [f"outcome-{run.outcome.value}"]
    tags += [f"fail-{_slug(v.name)}" for v in run.verifiers if not v.passed]
    tags += [_slug(t) for t in run.tags]
    return list(dict.fromkeys(tags))[:8]


def _supported(lesson: Lesson, run: RunOutcome) -> bool:
    passed = {v.name for v in run.verifiers if v.passed}
    if lesson.evidence:
        return set(lesson.evidence) <= passed
    return (
        run.outcome.value == "success"
        and bool(run.verifiers)
        and all(v.passed for v in run.verifiers)
    )


def _scope(run: RunOutcome) -> dict[str, Any]:
    scope: dict[str, Any] = {"run_id": run.run_id}
    if run.app_id:
        scope["app_id"] = run.app_id
    if run.source:
        scope["source"] = run.source
    return scope


@hookimpl
def post_run_classify(run: RunOutcome, tools: Tools) -> Contribution:
    scope = _scope(run)
    drafts: list[Mapping[str, Any]] = [
        {
            "text": _episode_text(run),
            "type": MemoryType.EPISODIC.value,
            "outcome": run.outcome.value,
            "tags": _tags(run),
            **scope,
        }
    ]
    kept = [x for x in run.lessons if x.type in LESSON_TYPES and _supported(x, run)][:MAX_LESSONS]
    for lesson in kept:
        drafts.append(
            {
                "text": lesson.text,
                "type": lesson.type.value,
                "confidence": lesson.confidence,
                **scope,
            }
        )
    skipped = len(run.lessons) - len(kept)
    text = f"episodic record for {run.run_id}; {len(kept)} supported lesson(s), {skipped} not supported by the verifiers"
    return Contribution(text=text, drafts=drafts)
