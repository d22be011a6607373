"""Results are values: what a hook fire returns and what its log event carries."""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field

from agentmem.model import Problem

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


class Writes(BaseModel):
    """What a write hook attempted and what the one writer made of it."""

    attempted: int = 0
    accepted: list[str] = Field(default_factory=list)
    duplicates: list[str] = Field(default_factory=list)
    rejected: list[Rejected] = Field(default_factory=list)
    store_errors: list[str] = Field(default_factory=list)


class Hop(BaseModel):
    """One query of the reader: what it asked and what came back."""

    query: str
    ids: list[str]
    scores: list[float]


class Reads(BaseModel):
    """What a hook asked memory and what memory returned."""

    queries: list[str] = Field(default_factory=list)
    returned: list[str] = Field(default_factory=list)
    hops: list[Hop] = Field(default_factory=list)

    @property
    def retrievals(self) -> int:
        return len(self.queries)


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


class HookResult(BaseModel):
    """The value every fire returns; `fire` never raises."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    hook: str
    ran: bool = False
    skipped: bool = False
    reason: str = ""
    ok: bool = False
    error: ErrorInfo | None = None
    duration_ms: float = 0.0
    tool_calls: dict[str, int] = Field(default_factory=dict)
    final_text: str = ""
    writes: Writes = Field(default_factory=Writes)
    reads: Reads = Field(default_factory=Reads)
    synthesis: str | None = None
    pack: Pack | None = None

    def log_fields(self) -> dict[str, Any]:
        """The `hook_run` event's fields: everything, with the answer cut to its tail."""
        data = self.model_dump(mode="json", exclude={"final_text", "pack"})
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
