"""Quiet logs for the long runs: thousands of fires would print thousands of events."""

from __future__ import annotations

from tests._quiet import quiet_structlog

__all__ = ["quiet_structlog"]
