"""The memory model: five types, the scope ids, the versioned envelope, and a stored memory."""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from pydantic import BaseModel, ConfigDict, Field

SCHEMA_VERSION = 1
AGENT_ID = "executive"
MAX_TAGS = 8


class MemoryType(StrEnum):
    PRINCIPLE = "principle"
    SEMANTIC = "semantic"
    PROCEDURAL = "procedural"
    EPISODIC = "episodic"
    REFLECTIVE = "reflective"


class Kind(StrEnum):
    OBSERVATION = "observation"  # what happened
    ASSESSMENT = "assessment"  # what it means; must cite observations (seed 004, pattern 5)


class Outcome(StrEnum):
    SUCCESS = "success"
    FAILURE = "failure"
    PARTIAL = "partial"
    ABORTED = "aborted"


# The outcomes of a run that did not go (wholly) well: what packs, hook A and hook E read
# as setbacks.
SETBACKS = frozenset({Outcome.FAILURE, Outcome.PARTIAL, Outcome.ABORTED})


class HookName(StrEnum):
    PRE_GOAL_SYNTHESIS = "pre_goal_synthesis"
    PRE_SPAWN_PACK = "pre_spawn_pack"
    POST_RUN_CLASSIFY = "post_run_classify"
    POST_RETRO_DISTILL = "post_retro_distill"
    JUDGMENT_HARVEST = "judgment_harvest"


# Writers that are not hooks: a person at the CLI, a backfill lane.
OTHER_TRIGGERS = ("manual", "backfill")
TRIGGERS = tuple(h.value for h in HookName) + OTHER_TRIGGERS


@dataclass(frozen=True)
class TypeRule:
    low: float
    high: float
    immutable: bool
    default: float  # a confidence for a draft that names none (an executive's `add`)


TYPE_RULES: dict[MemoryType, TypeRule] = {
    MemoryType.PRINCIPLE: TypeRule(1.0, 1.0, immutable=True, default=1.0),
    MemoryType.SEMANTIC: TypeRule(0.7, 0.95, immutable=False, default=0.8),
    MemoryType.PROCEDURAL: TypeRule(0.6, 0.9, immutable=False, default=0.75),
    MemoryType.EPISODIC: TypeRule(1.0, 1.0, immutable=False, default=1.0),
    MemoryType.REFLECTIVE: TypeRule(0.7, 0.95, immutable=False, default=0.8),
}

# Pack order: rules first, raw events last.
TYPE_ORDER: dict[MemoryType, int] = {
    MemoryType.PRINCIPLE: 0,
    MemoryType.PROCEDURAL: 1,
    MemoryType.REFLECTIVE: 2,
    MemoryType.SEMANTIC: 3,
    MemoryType.EPISODIC: 4,
}

# \Z, not $: `$` also matches before a final newline ("semantic-evil\n" named a file).
ID_PATTERN = re.compile(r"[a-z][a-z0-9-]{2,63}\Z")
# an id the store gave, cited in a text: "semantic-0123456789ab"
CITED_ID = re.compile(rf"\b(?:{'|'.join(MemoryType)})-[0-9a-f]{{12}}\b")


@dataclass(frozen=True)
class Problem:
    """One reason a draft is invalid: the field (its key in the flat record) and why."""

    field: str
    reason: str

    def as_dict(self) -> dict[str, str]:
        return {"field": self.field, "reason": self.reason}


class Memory(BaseModel):
    """A stored memory: the text plus its envelope. Built only from validated records."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str
    text: str
    type: MemoryType
    confidence: float
    user_id: str
    agent_id: str = AGENT_ID
    app_id: str
    run_id: str
    schema_version: int = SCHEMA_VERSION
    trigger: str
    source: str | None = None
    kind: Kind = Kind.OBSERVATION
    immutable: bool = False
    importance: float | None = None
    category: str | None = None
    cohort: str | None = None
    outcome: Outcome | None = None
    tags: tuple[str, ...] = ()
    expires_at: str | None = None
    supersedes: tuple[str, ...] = ()
    cites: tuple[str, ...] = ()
    created_at: str

    def record(self) -> dict[str, Any]:
        """The flat record (the validator's shape), without unset optional fields."""
        data = self.model_dump(mode="json", exclude_none=True)
        for key in ("tags", "supersedes", "cites"):
            if not data.get(key):
                data.pop(key, None)
        return data


class Hit(BaseModel):
    """A memory returned by a search, with the score that ranked it and how it was made."""

    model_config = ConfigDict(frozen=True)

    memory: Memory
    score: float
    explain: dict[str, Any] = Field(default_factory=dict)


def normalise_text(text: str) -> str:
    """The form two texts must share to count as the same content."""
    return re.sub(r"\s+", " ", text).strip().rstrip(".!").casefold()


def content_key(text: str, user_id: str, agent_id: str, app_id: str) -> str:
    """Dedup key: same content in the same scope is the same memory."""
    raw = "\x1f".join((normalise_text(text), user_id, agent_id, app_id))
    return hashlib.sha256(raw.encode("utf-8")).hexdigest()


def memory_id(memory_type: str, key: str) -> str:
    """A stable, path-safe id: the type and the first 12 hex digits of the content key."""
    return f"{memory_type}-{key[:12]}"
