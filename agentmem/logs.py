"""Logging set-up for the CLI only; the library itself only emits events.

On the console a `hook_run` event becomes one short line a person reads at a glance
(`hook_run post_run_classify ok 12.3 ms · writes 3/3 · reads 0`); other events keep
structlog's console form. Every event is scrubbed of secrets first, and control characters
in what is printed (a hostile file name's escape sequence or line break) are shown escaped.
A host that embeds agentmem can reuse `scrub_secrets` and `hook_line` in its own structlog
chain.
"""

from __future__ import annotations

import logging
import re
import sys
from collections.abc import Iterable, Mapping, MutableMapping
from typing import Any

import structlog

from agentmem.audit.ledger import Scrubber

EventDict = MutableMapping[str, Any]

# Control characters (a line break among them), bidirectional overrides and lone surrogates:
# in a value taken from outside (a file name, a lesson's text) they could recolour the
# terminal, move its cursor or forge a second log line, so the console shows them escaped.
_UNSAFE = re.compile(r"[\x00-\x08\x0a-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]")
_UNSAFE_IN_LINES = re.compile(
    r"[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069\ud800-\udfff]"
)


def visible(text: str, *, lines: bool = False) -> str:
    """`text` with every unsafe character as its escape (`\\x1b`, `\\n`, `\\u202e`); with
    `lines`, line breaks are kept (a traceback's)."""
    unsafe = _UNSAFE_IN_LINES if lines else _UNSAFE
    return unsafe.sub(lambda m: m.group().encode("unicode_escape").decode("ascii"), text)


def scrub_secrets(values: Iterable[str] = ()) -> structlog.types.Processor:
    """A processor that redacts secrets (and these exact values) from every event."""
    scrubber = Scrubber(values)

    def processor(_logger: Any, _name: str, event_dict: EventDict) -> EventDict:
        return {k: scrubber(v, k) for k, v in event_dict.items()}

    return processor


def hook_line(event: EventDict) -> str:
    """One line for one fire: hook, outcome, time, writes held/attempted, retrievals."""
    hook = event.get("hook", "?")
    ms = float(event.get("duration_ms") or 0.0)
    if event.get("skipped"):
        return f"hook_run {hook} skipped ({event.get('reason', '')})"
    error = event.get("error")
    if event.get("ok"):
        state = "ok"
    elif isinstance(error, Mapping):
        state = f"FAILED {error.get('type', '')}: {str(error.get('message', ''))[:120]}"
    else:
        state = f"FAILED {event.get('reason', '')}"
    parts = [f"hook_run {hook} {state} {ms:.1f} ms"]
    writes = event.get("writes")
    if isinstance(writes, Mapping) and writes.get("attempted"):
        held = len(writes.get("accepted") or ()) + len(writes.get("duplicates") or ())
        parts.append(f"writes {held}/{writes['attempted']}")
    parts.append(f"reads {event.get('retrievals', 0)}")
    pack = event.get("pack")
    if isinstance(pack, Mapping):
        parts.append(f"pack {len(pack.get('entries') or ())} entries/{pack.get('tokens', 0)} tok")
    return " · ".join(parts)


class ConsoleLines:
    """Render `hook_run` as its short line, everything else as structlog's console form."""

    def __init__(self) -> None:
        self._console = structlog.dev.ConsoleRenderer(colors=False)

    def __call__(self, logger: Any, name: str, event_dict: EventDict) -> str:
        if event_dict.get("event") == "hook_run":
            stamp = event_dict.get("timestamp", "")
            return visible(f"{stamp} {hook_line(event_dict)}".strip())
        traceback = any(k in event_dict for k in ("exc_info", "exception", "stack_info"))
        return visible(str(self._console(logger, name, event_dict)), lines=traceback)


def configure_cli_logging(verbose: bool, secret_values: Iterable[str] = ()) -> None:
    """Events to stderr when verbose (one short line per fire); otherwise only warnings."""
    level = logging.INFO if verbose else logging.WARNING
    structlog.configure(
        processors=[
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="%H:%M:%S", utc=True),
            scrub_secrets(secret_values),
            ConsoleLines(),
        ],
        wrapper_class=structlog.make_filtering_bound_logger(level),
        logger_factory=structlog.PrintLoggerFactory(file=sys.stderr),
        cache_logger_on_first_use=False,
    )
    # mem0 warns about optional extras it can do without (spaCy, fastembed) on stdlib
    # logging; on the console that is noise unless the user asked for detail.
    logging.getLogger("mem0").setLevel(logging.INFO if verbose else logging.ERROR)
