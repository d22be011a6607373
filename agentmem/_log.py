"""How the library logs: never into its host's output unless the host asks for it.

Every module logs through `get_logger()`. Where an event goes is the host's decision:

- A host that configured structlog gets the events in its own structlog pipeline, as
  structlog events (`structlog.testing.capture_logs()` sees them too).
- Otherwise each event is a record of the standard `logging` logger `agentmem`, which
  carries a `NullHandler` (the library convention), so nothing prints until the host
  sets up logging. The record's message is the event dict, attached the way
  `structlog.stdlib.ProcessorFormatter.wrap_for_formatter` does, so a host that renders
  stdlib logging with structlog's `ProcessorFormatter` renders agentmem's events like its
  own, and a plain `logging.basicConfig(level=logging.INFO)` shows them as dicts.

Before this, an unconfigured structlog printed a long `hook_run` line on the host's
stdout for every fire, gated-off ones included.
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any

import structlog

NAME = "agentmem"
logging.getLogger(NAME).addHandler(logging.NullHandler())


class EventLogger:
    """`log.info("event", key=value, ...)`, routed as the module docstring says."""

    __slots__ = ("_bound", "_stdlib", "_structlog")

    def __init__(self, name: str = NAME) -> None:
        self._structlog = structlog.get_logger(name)
        self._stdlib = logging.getLogger(name)
        self._bound: Any = None

    def _structlog_logger(self) -> Any:
        """The host's bound logger. Kept when the host asked structlog to cache loggers on
        first use (its production advice), as structlog's own proxy would: going through
        the proxy on every event was half the cost of a gated-off fire."""
        if self._bound is not None:
            return self._bound
        bound = self._structlog.bind()
        if structlog.get_config().get("cache_logger_on_first_use"):
            self._bound = bound
        return bound

    def is_enabled_for(self, level: int) -> bool:
        """Whether an event at `level` goes anywhere: a hot path asks before it builds the
        event's fields. True when the host's structlog logger cannot say."""
        if structlog.is_configured():
            check = getattr(self._structlog_logger(), "is_enabled_for", None)
            return bool(check(level)) if check is not None else True
        return self._stdlib.isEnabledFor(level)

    def _emit(self, level: int, method: str, event: str, fields: dict[str, Any]) -> None:
        if structlog.is_configured():
            # A sink that cannot take the line (the host's log file on a full disk) loses
            # the line, as stdlib logging's `handleError` does; it must not fail the fire or
            # the write that logged it, nor escape `fire` from its last `hook_run` event.
            with contextlib.suppress(OSError):
                getattr(self._structlog_logger(), method)(event, **fields)
        elif self._stdlib.isEnabledFor(level):
            self._stdlib.log(
                level,
                {"event": event, **fields},
                extra={"_logger": self._stdlib, "_name": method},
            )

    def debug(self, event: str, **fields: Any) -> None:
        self._emit(logging.DEBUG, "debug", event, fields)

    def info(self, event: str, **fields: Any) -> None:
        self._emit(logging.INFO, "info", event, fields)

    def warning(self, event: str, **fields: Any) -> None:
        self._emit(logging.WARNING, "warning", event, fields)

    def error(self, event: str, **fields: Any) -> None:
        self._emit(logging.ERROR, "error", event, fields)


def get_logger(name: str = NAME) -> EventLogger:
    """The library's logger (one per module is fine; they share the `agentmem` name)."""
    return EventLogger(name)
