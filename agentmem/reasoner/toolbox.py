"""The tools a model may call, as chat-completions function schemas, dispatched via Tools.

Every call a model makes reaches `Tools` (so the hook's histogram counts it) or is
answered with an error it can read; nothing here writes memory. Every call that ends in
an error (not JSON, unknown tool, bad arguments, or anything the tool raised on those
arguments) is answered to the model and counted as `invalid_tool_call`; only the end of
the fire (`FireOver`) stops the reasoner instead.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from agentmem import contracts
from agentmem.core.model import Hit, HookName, Kind, Memory, MemoryType
from agentmem.stores.base import Filters
from agentmem.tools import FireOver, Tools

INVALID = "invalid_tool_call"
MAX_K = 20
MAX_LISTED = 50
READ_TOOLS = ("search_memory", "list_memories", "get_memory", "read_file")
WRITE_TOOLS = (*READ_TOOLS, "propose_memory")


def _fn(
    name: str, description: str, properties: dict[str, Any], required: list[str]
) -> dict[str, Any]:
    return {
        "type": "function",
        "function": {
            "name": name,
            "description": description,
            "parameters": {"type": "object", "properties": properties, "required": required},
        },
    }


_STR = {"type": "string"}
_IDS = {"type": "array", "items": _STR}
SCHEMAS: dict[str, dict[str, Any]] = {
    "search_memory": _fn(
        "search_memory",
        "Ask memory one whole question; returns the best memories with ids.",
        {
            "question": _STR,
            "k": {"type": "integer", "minimum": 1, "maximum": MAX_K},
            "app_id": _STR,
        },
        ["question"],
    ),
    "list_memories": _fn(
        "list_memories",
        f"Memories of one type (and app, tag), newest {MAX_LISTED}.",
        {
            "type": {"type": "string", "enum": [t.value for t in MemoryType]},
            "app_id": _STR,
            "tag": _STR,
        },
        [],
    ),
    "get_memory": _fn("get_memory", "One memory by id.", {"id": _STR}, ["id"]),
    "read_file": _fn(
        "read_file", "A text file inside the host's repository.", {"path": _STR}, ["path"]
    ),
    "propose_memory": _fn(
        "propose_memory",
        "Propose one memory draft; the one writer validates it when the hook ends.",
        {
            "text": _STR,
            "type": {"type": "string", "enum": [t.value for t in MemoryType]},
            "confidence": {"type": "number"},
            "kind": {"type": "string", "enum": [k.value for k in Kind]},
            "cites": _IDS,
            "supersedes": _IDS,
            "source": _STR,
            "app_id": _STR,
            "run_id": _STR,
            "tags": _IDS,
        },
        ["text", "type", "confidence"],
    ),
}


def _memory(m: Memory) -> dict[str, Any]:
    out: dict[str, Any] = {"id": m.id, "type": m.type.value, "kind": m.kind.value}
    out["confidence"] = m.confidence
    out.update({"app_id": m.app_id, "run_id": m.run_id, "text": m.text})
    if m.source:
        out["source"] = m.source
    if m.tags:
        out["tags"] = list(m.tags)
    if m.supersedes:
        out["supersedes"] = list(m.supersedes)
    return out


class BadCall(ValueError):
    """A tool call the model got wrong; its message goes back to the model."""


def clean(text: str) -> str:
    """Text that can be sent as UTF-8: a model's lone surrogates (a JSON `\\ud800`) become
    escapes, or echoing its own arguments back would fail the next request."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return text.encode("utf-8", "backslashreplace").decode("utf-8")
    return text


def _text(args: dict[str, Any], key: str, required: bool = True) -> str | None:
    value = args.get(key)
    if value is None and not required:
        return None
    if not isinstance(value, str) or not value.strip():
        raise BadCall(f"{key}: expected a non-empty string; got {value!r}")
    return value


@dataclass
class Toolbox:
    """One hook's tools for a model: schemas offered, calls dispatched, hits remembered."""

    tools: Tools
    writes: bool
    hook: HookName | None = None  # whose write contract answers a proposal at once
    hits: dict[str, Hit] = field(default_factory=dict)
    proposals: int = 0

    @property
    def names(self) -> tuple[str, ...]:
        return WRITE_TOOLS if self.writes else READ_TOOLS

    def schemas(self) -> list[dict[str, Any]]:
        return [SCHEMAS[name] for name in self.names]

    def call(self, name: str, arguments: str) -> str:
        """Run one call; the answer (or the error) as JSON text for the model."""
        try:
            handler = self._handlers().get(name)
            if handler is None:
                raise BadCall(f"unknown tool {name!r}; available: {', '.join(self.names)}")
            try:
                # strict=False: a small model's raw newline inside a string is still its text
                args = json.loads(arguments or "{}", strict=False)
            except ValueError as exc:
                raise BadCall(f"arguments are not valid JSON: {exc}") from exc
            if not isinstance(args, dict):
                raise BadCall("arguments must be a JSON object")
            result = handler(args)
        except FireOver:
            raise  # the hook's time is up: nothing more is answered
        except BadCall as exc:
            return self._refuse(str(exc))
        except Exception as exc:  # the tool refused these arguments (no such id, a NUL byte)
            return self._refuse(f"{type(exc).__name__}: {exc}")
        return clean(json.dumps(result, ensure_ascii=False, default=str))

    def _refuse(self, error: str) -> str:
        self.tools.calls[INVALID] += 1
        return json.dumps({"error": clean(error)})

    def _handlers(self) -> dict[str, Callable[[dict[str, Any]], Any]]:
        table: dict[str, Callable[[dict[str, Any]], Any]] = {
            "search_memory": self._search,
            "list_memories": self._list,
            "get_memory": lambda a: _memory(self.tools.get_memory(str(_text(a, "id")))),
            "read_file": lambda a: {"text": self.tools.read_file(str(_text(a, "path")))},
        }
        if self.writes:
            table["propose_memory"] = self._propose
        return table

    def _search(self, args: dict[str, Any]) -> list[dict[str, Any]]:
        question = str(_text(args, "question"))
        k = args.get("k", 5)
        if not isinstance(k, int) or isinstance(k, bool) or not 1 <= k <= MAX_K:
            raise BadCall(f"k: expected an integer in [1, {MAX_K}]; got {k!r}")
        hits = self.tools.search_memory(question, k, self.tools.scope(_text(args, "app_id", False)))
        for hit in hits:
            self.hits.setdefault(hit.memory.id, hit)
        return [{**_memory(h.memory), "score": round(h.score, 4)} for h in hits]

    def _list(self, args: dict[str, Any]) -> list[dict[str, Any]]:
        kind, app, tag = (_text(args, key, False) for key in ("type", "app_id", "tag"))
        filters = Filters(
            user_id=self.tools.settings.user_id,
            types=(kind,) if kind else None,
            app_ids=(app,) if app else None,
            tags_any=(tag,) if tag else None,
        )
        return [_memory(m) for m in self.tools.list_memories(filters)[-MAX_LISTED:]]

    def _propose(self, args: dict[str, Any]) -> dict[str, Any]:
        # Told at once when the hook's contract refuses it, so the model can do better;
        # proposed all the same, so the result counts the refusal.
        refused = (
            contracts.draft_problems(contracts.CONTRACTS[self.hook], args) if self.hook else []
        )
        self.tools.propose_memory(args)
        self.proposals += 1
        if refused:
            return {
                "status": "refused",
                "problems": [p.as_dict() for p in refused],
                "note": "this draft will not be written; propose a corrected one, or nothing",
            }
        return {
            "status": "proposed",
            "note": "the one writer validates proposals when the hook ends",
        }
