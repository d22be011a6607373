"""Results are values: what a hook fire returns and what its log event carries.

`HookResult`, `Writes` and `Reads` are built on every fire, gated off or not, so they are
slotted dataclasses: a pydantic model cost a gated-off fire three validations (the result
and its two empty parts), more than half its budget. The runtime fills them itself, so
there is nothing to validate; the rarer parts (`Rejected`, `Hop`, `Pack`) stay pydantic
models. `as_dict()` gives any of the three as JSON-ready data.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

from pydantic import BaseModel, Field, TypeAdapter

from agentmem._bounds import clip, shrink
from agentmem.core.model import Problem

TAIL_CHARS = 400
MESSAGE_CHARS = 2000  # an error message longer than this is clipped
REJECTED_KEPT = 20  # rejected drafts a result keeps whole; the rest are counted
DRAFT_CHARS, DRAFT_ITEMS = 1000, 20  # a kept rejected draft: each string, each list
LOG_ITEMS = 50  # ids, queries and hops a log event lists; its counts stay exact


class ErrorInfo(BaseModel):
    """An exception turned into a value: its type name, message and (when one plugin's
    call failed while the others stood) the plugin's name."""

    type: str
    message: str
    plugin: str | None = None

    @classmethod
    def from_exception(cls, exc: BaseException, *, plugin: str | None = None) -> ErrorInfo:
        return cls(type=type(exc).__name__, message=clip(str(exc), MESSAGE_CHARS), plugin=plugin)


class Rejected(BaseModel):
    """A draft the writer refused, with every reason (long values clipped)."""

    draft: dict[str, Any]
    problems: list[dict[str, str]]

    @classmethod
    def of(cls, draft: Mapping[str, Any], problems: list[Problem]) -> Rejected:
        return cls(
            draft=shrink(draft, DRAFT_CHARS, DRAFT_ITEMS),
            problems=[
                {k: clip(v, DRAFT_CHARS) for k, v in p.as_dict().items()}
                for p in problems[:DRAFT_ITEMS]
            ],
        )


@dataclass(slots=True)
class Writes:
    """What a write hook attempted and what the one writer made of it."""

    attempted: int = 0
    accepted: list[str] = field(default_factory=list)
    duplicates: list[str] = field(default_factory=list)
    rejected: list[Rejected] = field(default_factory=list)  # the first REJECTED_KEPT
    store_errors: list[str] = field(default_factory=list)
    rejected_more: int = 0  # rejected past the first REJECTED_KEPT: counted, not kept
    past_budget: int = 0  # drafts not written because the hook's time budget ran out
    # Lessons under their type's confidence range, kept out of memory until corroborated
    # (agentmem.harvest.tentative): neither trusted nor failed.
    tentative: list[str] = field(default_factory=list)

    @property
    def rejected_total(self) -> int:
        return len(self.rejected) + self.rejected_more

    def reject(self, draft: Mapping[str, Any], problems: list[Problem]) -> None:
        """Count a refused draft; keep it (clipped) while fewer than REJECTED_KEPT are kept."""
        if len(self.rejected) < REJECTED_KEPT:
            self.rejected.append(Rejected.of(draft, problems))
        else:
            self.rejected_more += 1

    def as_dict(self) -> dict[str, Any]:
        return _as_json(self)


class Hop(BaseModel):
    """One query of the reader: what it asked and what came back."""

    query: str
    ids: list[str]
    scores: list[float]


class Fallback(BaseModel):
    """A search the files' own ranking answered because the remote backend could not."""

    query: str
    backend: str  # the backend that should have answered (mem0, mem0-platform)
    answered_from: str = "files"
    reason: str  # why: the remote's error, or that it is resting after one


@dataclass(slots=True)
class Reads:
    """What a hook asked memory and what memory returned (and which searches the files
    answered in place of a failed remote backend)."""

    queries: list[str] = field(default_factory=list)
    returned: list[str] = field(default_factory=list)
    hops: list[Hop] = field(default_factory=list)
    fallbacks: list[Fallback] = field(default_factory=list)

    @property
    def retrievals(self) -> int:
        return len(self.queries)

    def merge(self, other: Reads) -> None:
        """Add another plugin's reads (list copies are atomic: a late plugin may still add)."""
        self.queries.extend(list(other.queries))
        self.hops.extend(list(other.hops))
        self.fallbacks.extend(list(other.fallbacks))
        seen = set(self.returned)
        self.returned.extend(i for i in list(other.returned) if i not in seen)

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
    # Tuples, so a result (built on every fire, gated off too) costs no list for them.
    plugin_errors: tuple[ErrorInfo, ...] = ()  # every plugin that failed, each named
    quarantined: tuple[str, ...] = ()  # plugins not called: too many calls past the budget

    def as_dict(self) -> dict[str, Any]:
        """Every field as JSON-ready data (what `agentmem fire --json` prints)."""
        return _as_json(self)

    def log_fields(self) -> dict[str, Any]:
        """The `hook_run` event's fields: everything, with the answer cut to its tail and
        long lists to their first LOG_ITEMS (the counts beside them stay exact)."""
        writes, reads = _first(self.writes), _first(self.reads)
        if writes is self.writes and reads is self.reads:  # the usual case: one dump
            data = _as_json(self, exclude={"final_text", "pack"})
        else:
            data = _as_json(self, exclude={"final_text", "pack", "writes", "reads"})
            data["writes"], data["reads"] = _as_json(writes), _as_json(reads)
        data["final_text_tail"] = self.final_text[-TAIL_CHARS:]
        data["retrievals"] = self.reads.retrievals
        data["writes_accepted"] = len(self.writes.accepted)
        data["writes_rejected"] = self.writes.rejected_total
        data["writes_tentative"] = len(self.writes.tentative)
        if self.pack is not None:
            data["pack"] = {
                "entries": [e.id for e in self.pack.entries],
                "tokens": self.pack.tokens,
            }
        return data


def _first(value: Writes | Reads) -> Writes | Reads:
    """The same parts with each list cut to its first LOG_ITEMS (no copy when none is long)."""
    if isinstance(value, Writes):
        if max(len(value.accepted), len(value.duplicates)) <= LOG_ITEMS:
            return value
        return replace(
            value, accepted=value.accepted[:LOG_ITEMS], duplicates=value.duplicates[:LOG_ITEMS]
        )
    if max(len(value.queries), len(value.returned), len(value.hops)) <= LOG_ITEMS:
        return value
    return replace(
        value,
        queries=value.queries[:LOG_ITEMS],
        returned=value.returned[:LOG_ITEMS],
        hops=value.hops[:LOG_ITEMS],
    )


_ADAPTERS: dict[type[Any], TypeAdapter[Any]] = {}  # built on first use, not at import


def _as_json(value: HookResult | Writes | Reads, exclude: set[str] | None = None) -> dict[str, Any]:
    kind = type(value)
    adapter = _ADAPTERS.get(kind)
    if adapter is None:
        adapter = _ADAPTERS[kind] = TypeAdapter(kind)
    data: dict[str, Any] = adapter.dump_python(value, mode="json", exclude=exclude)
    return data
