"""Logging set-up for the CLI only; the library itself only emits events."""

from __future__ import annotations

import logging
import sys

import structlog


def configure_cli_logging(verbose: bool) -> None:
    """Events to stderr when verbose; otherwise only warnings, so stdout stays clean."""
    level = logging.INFO if verbose else logging.WARNING
    structlog.configure(
        processors=[
            structlog.processors.add_log_level,
            structlog.processors.TimeStamper(fmt="iso"),
            structlog.dev.ConsoleRenderer(colors=False),
        ],
        wrapper_class=structlog.make_filtering_bound_logger(level),
        logger_factory=structlog.PrintLoggerFactory(file=sys.stderr),
        cache_logger_on_first_use=False,
    )
