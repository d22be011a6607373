"""What the host hands each hook: small pydantic models, validated after the gate opens.

As strict as drafts where a host could hand in the wrong kind of value: a boolean is a
boolean ("yes" is refused, not read as true), a number is a number ("0.8" is refused), a
date is a date or an ISO date string (a bare number is not read as a Unix time). Enums,
paths and dates still come from their JSON spellings, so a context read from JSON works.
"""

from __future__ import annotations

import os
from datetime import date
from pathlib import Path
from typing import Annotated, Any

from pydantic import (
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    StrictBool,
    StrictFloat,
    model_validator,
)

from agentmem.core.model import MemoryType, Outcome


def _date_not_number(value: Any) -> Any:
    if isinstance(value, bool | int | float):
        raise ValueError("expected a date or an ISO date string (YYYY-MM-DD), not a number")
    return value


Day = Annotated[date, BeforeValidator(_date_not_number)]


def _some_id(value: Any) -> Any:
    if isinstance(value, str) and not value.strip():
        # Every run with an empty id would be one run: the second one's record found "held"
        # and never written (as an empty cohort once matched every memory).
        raise ValueError(
            "is empty: give the run's own id (one without a date is filed under the day it was recorded)"
        )
    return value


RunId = Annotated[str, BeforeValidator(_some_id)]


class _Context(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True)


class QueuedBundle(_Context):
    """A unit of work waiting for the host to pick it (hook A reads memory about it)."""

    id: str
    title: str
    description: str = ""
    app_id: str | None = None
    # The task kind the bundle's goal will have (`Goal.kind`): a host hands its queued goals
    # as they are, and one with a kind once failed the whole fire. Hook A's history reads
    # the bundle's words and tags; the kind is there for the host's own plugins.
    kind: str | None = None
    tags: list[str] = Field(default_factory=list)


class Goal(_Context):
    """The goal a worker is about to be spawned for (hook B packs memory for it)."""

    title: str
    description: str = ""
    app_id: str | None = None
    kind: str | None = (
        None  # task kind (code, research, writing…): steers which memories are preferred
    )
    tags: list[str] = Field(default_factory=list)


class VerifierResult(_Context):
    """One check the run was held to (tests, lint, a reviewer)."""

    name: str
    passed: StrictBool
    detail: str = ""


class Lesson(_Context):
    """Something the run's own report says it learned; kept only if the run supports it."""

    text: str
    type: MemoryType = MemoryType.SEMANTIC
    confidence: StrictFloat = 0.75
    evidence: list[str] = Field(default_factory=list)  # names of verifiers that back it

    @model_validator(mode="before")
    @classmethod
    def _bare_text(cls, value: Any) -> Any:
        # A run's report often lists what it learned as plain sentences (a model writes
        # `"lessons": ["…", "…"]`): a bare string is a lesson with that text and the defaults.
        return {"text": value} if isinstance(value, str) else value


class RunOutcome(_Context):
    """How a run ended (hook C classifies it)."""

    run_id: RunId
    goal: str
    outcome: Outcome
    summary: str = ""
    app_id: str | None = None
    source: str | None = None
    verifiers: list[VerifierResult] = Field(default_factory=list)
    lessons: list[Lesson] = Field(default_factory=list)
    tags: list[str] = Field(default_factory=list)

    @classmethod
    def from_claude_transcript(cls, path: str | os.PathLike[str], **fields: Any) -> RunOutcome:
        """A Claude Code session's run, read from its transcript JSONL (the dated session
        id is the run id): see `agentmem.adapters.claude_transcript.run_from_transcript`."""
        from agentmem.adapters.claude_transcript import run_from_transcript

        return run_from_transcript(path, **fields)


class Retrospective(_Context):
    """A retrospective file in the repo (hook D distills it)."""

    path: Path
    run_id: RunId | None = None
    app_id: str | None = None
    periodic: StrictBool = False  # a periodic retro may yield 3–8 lessons

    @property
    def one_run(self) -> bool:
        """The retro of one run (the host names the run, and it is not periodic): it yields
        0–3 lessons. A periodic retro, or a document of no one run (a postmortem, a decision
        record, a runbook), may yield up to 8: its fourth fact is as new as its first."""
        return self.run_id is not None and not self.periodic


class HarvestWindow(_Context):
    """The span hook E consolidates; open ends mean "since the last harvest" / "until now"."""

    since: Day | None = None
    until: Day | None = None
    app_id: str | None = None


HOOK_CONTEXT: dict[str, dict[str, type[BaseModel] | type[Path]]] = {
    "pre_goal_synthesis": {"queue": QueuedBundle},
    "pre_spawn_pack": {"goal": Goal, "worker_dir": Path},
    "post_run_classify": {"run": RunOutcome},
    "post_retro_distill": {"retro": Retrospective},
    "judgment_harvest": {"window": HarvestWindow},
}
