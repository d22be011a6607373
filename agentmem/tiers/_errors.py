"""The tiers' errors: members of the one `AgentMemError` family, each carrying its context."""

from __future__ import annotations

from agentmem._exceptions import AgentMemError


class TierInputError(AgentMemError):
    """Raised when a log line, a state name or a hot key is not acceptable input."""

    def __init__(self, field: str, value: str, reason: str) -> None:
        self.field = field
        self.value = value
        self.reason = reason
        super().__init__(f"{field}={value!r}: {reason}")


class StateInvalid(AgentMemError):
    """Raised when a state write breaks its file's JSON schema; the old file is kept."""

    def __init__(self, name: str, field: str, reason: str) -> None:
        self.name = name
        self.field = field
        self.reason = reason
        super().__init__(f"state/{name}.json: {field}: {reason} (write refused, old file kept)")


class HotOverBudget(AgentMemError):
    """Raised when a hot write would make the hot file larger than its cap; nothing changes."""

    def __init__(self, key: str, size: int, cap: int) -> None:
        self.key = key
        self.size = size
        self.cap = cap
        super().__init__(
            f"hot write of {key!r} refused: the hot file would be {size} bytes, over its "
            f"{cap}-byte cap (drop or shorten a key, or let it go cold)"
        )
