"""The one exception family. Each class says when it is raised and carries its context."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from agentmem.core.model import Problem


class AgentMemError(Exception):
    """Base class: every error agentmem raises on purpose is one of these."""


class SettingsError(AgentMemError):
    """Raised at load when a setting has a value agentmem cannot use."""

    def __init__(self, variable: str, value: str, reason: str) -> None:
        self.variable = variable
        self.value = value
        self.reason = reason
        super().__init__(f"{variable}={value!r}: {reason}")


class DraftRejected(AgentMemError):
    """Raised when a draft fails validation, the secret guard or a write rule."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = list(problems)
        detail = "; ".join(f"{p.field}: {p.reason}" for p in self.problems)
        super().__init__(f"draft rejected: {detail}")


class WriteRefused(AgentMemError):
    """Raised when this process may not write memory at all (a worker, a read-only view)."""

    def __init__(self, reason: str) -> None:
        self.reason = reason
        super().__init__(reason)


class StoreError(AgentMemError):
    """Raised when a store cannot read or write (I/O, a broken index, a remote failure)."""

    def __init__(self, message: str, *, path: str | None = None) -> None:
        self.path = path
        super().__init__(message if path is None else f"{path}: {message}")


class DuplicateMemory(StoreError):
    """Raised by a shared store's put when another memory already holds the same content
    and scope (another loop wrote it first); the new memory's file has been removed."""

    def __init__(self, memory_id: str, existing: str) -> None:
        self.memory_id = memory_id
        self.existing = existing
        super().__init__(f"{memory_id}: the same content and scope is already memory {existing}")


class MemoryNotFound(AgentMemError):
    """Raised when a memory id names no memory under the root."""

    def __init__(self, memory_id: str) -> None:
        self.memory_id = memory_id
        super().__init__(f"no memory with id {memory_id!r}")


class HookTimeout(AgentMemError):
    """Raised (inside the runtime only) when a hook's plugins overrun the time budget."""

    def __init__(self, hook: str, budget_s: float, during: str | None = None) -> None:
        self.hook = hook
        self.budget_s = budget_s
        self.during = during  # what was still under way, or what the overrun cost
        detail = f" ({during})" if during else ""
        super().__init__(f"{hook} exceeded its time budget of {budget_s:g}s{detail}")


class PluginQuarantined(AgentMemError):
    """Raised (inside the runtime only, as a value) when a plugin is not called because it
    holds too many calls still running past their budget."""

    def __init__(self, plugin: str, held: int, limit: int) -> None:
        self.plugin = plugin
        self.held = held
        self.limit = limit
        super().__init__(
            f"plugin {plugin!r} not called: {held} of its calls are still running past their "
            f"budget (AGENTMEM_PLUGIN_MAX_HUNG={limit}); it is called again once one returns"
        )


class UnknownHook(AgentMemError):
    """Raised when a hook name is not one of the five."""

    def __init__(self, name: str, known: Sequence[str]) -> None:
        self.name = name
        super().__init__(f"unknown hook {name!r}; expected one of: {', '.join(known)}")


class TentativeError(AgentMemError):
    """Raised when a tentative record cannot be changed as asked (already promoted, settled,
    unreadable); the message names the id and why."""

    def __init__(self, record_id: str, reason: str) -> None:
        self.record_id = record_id
        self.reason = reason
        super().__init__(f"tentative record {record_id!r}: {reason}")


class TentativeNotFound(TentativeError):
    """Raised when an id names no tentative record under the root."""

    def __init__(self, record_id: str) -> None:
        super().__init__(record_id, "no such record (`agentmem tentative list --all` shows them)")
