"""Results are values: what a hook fire returns and what its log event carries.

`HookResult`, `Writes` and `Reads` are built on every fire, gated off or not, so they are
slotted dataclasses: a pydantic model cost a gated-off fire three validations (the result
and its two empty parts), more than half its budget. The runtime fills them itself, so
there is nothing to validate; the rarer parts (`Rejected`, `Hop`, `Pack`) stay pydantic
models. `as_dict()` gives any of the three as JSON-ready data.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from pydantic import BaseModel, Field, TypeAdapter

from agentmem.core.model import Problem

TAIL_CHARS = 400


class ErrorInfo(BaseModel):
    """An exception turned into a value: its type name and message."""

    type: str
    message: str

    @classmethod
    def from_exception(cls, exc: BaseException) -> ErrorInfo:
        return cls(type=type(exc).__name__, message=str(exc))


class Rejected(BaseModel):
    """A draft the writer refused, with every reason."""

    draft: dict[str, Any]
    problems: list[dict[str, str]]

    @classmethod
    def of(cls, draft: dict[str, Any], problems: list[Problem]) -> Rejected:
        return cls(draft=draft, problems=[p.as_dict() for p in problems])


@dataclass(slots=True)
class Writes:
    """What a write hook attempted and what the one writer made of it."""

    attempted: int = 0
    accepted: list[str] = field(default_factory=list)
    duplicates: list[str] = field(default_factory=list)
    rejected: list[Rejected] = field(default_factory=list)
    store_errors: list[str] = field(default_factory=list)

    def as_dict(self) -> dict[str, Any]:
        return _as_json(self)


class Hop(BaseModel):
    """One query of the reader: what it asked and what came back."""

    query: str
    ids: list[str]
    scores: list[float]


@dataclass(slots=True)
class Reads:
    """What a hook asked memory and what memory returned."""

    queries: list[str] = field(default_factory=list)
    returned: list[str] = field(default_factory=list)
    hops: list[Hop] = field(default_factory=list)

    @property
    def retrievals(self) -> int:
        return len(self.queries)

    def as_dict(self) -> dict[str, Any]:
        return _as_json(self)


class PackEntry(BaseModel):
    id: str
    type: str
    confidence: float
    score: float
    source: str | None
    text: str
    tokens: int


class Pack(BaseModel):
    """A Memory Pack: a few trusted memories, ordered and within budget, for a worker."""

    entries: list[PackEntry] = Field(default_factory=list)
    tokens: int = 0
    dropped: dict[str, int] = Field(default_factory=dict)  # reason → count
    markdown: str = ""


@dataclass(slots=True)
class HookResult:
    """The value every fire returns; `fire` never raises."""

    hook: str
    ran: bool = False
    skipped: bool = False
    reason: str = ""
    ok: bool = False
    error: ErrorInfo | None = None
    duration_ms: float = 0.0
    tool_calls: dict[str, int] = field(default_factory=dict)
    final_text: str = ""
    writes: Writes = field(default_factory=Writes)
    reads: Reads = field(default_factory=Reads)
    synthesis: str | None = None
    pack: Pack | None = None

    def as_dict(self) -> dict[str, Any]:
        """Every field as JSON-ready data (what `agentmem fire --json` prints)."""
        return _as_json(self)

    def log_fields(self) -> dict[str, Any]:
        """The `hook_run` event's fields: everything, with the answer cut to its tail."""
        data = _as_json(self, exclude={"final_text", "pack"})
        data["final_text_tail"] = self.final_text[-TAIL_CHARS:]
        data["retrievals"] = self.reads.retrievals
        data["writes_accepted"] = len(self.writes.accepted)
        data["writes_rejected"] = len(self.writes.rejected)
        if self.pack is not None:
            data["pack"] = {
                "entries": [e.id for e in self.pack.entries],
                "tokens": self.pack.tokens,
            }
        return data


_ADAPTERS: dict[type[Any], TypeAdapter[Any]] = {}  # built on first use, not at import


def _as_json(value: HookResult | Writes | Reads, exclude: set[str] | None = None) -> dict[str, Any]:
    kind = type(value)
    adapter = _ADAPTERS.get(kind)
    if adapter is None:
        adapter = _ADAPTERS[kind] = TypeAdapter(kind)
    data: dict[str, Any] = adapter.dump_python(value, mode="json", exclude=exclude)
    return data
