"""The audit: per-hook figures, alarms and rollout advice over a window of the ledger."""

from __future__ import annotations

from agentmem.audit.alarms import Alarm
from agentmem.audit.report import Report, build
from agentmem.audit.rollout import STAGES, Advice
from agentmem.audit.stats import HookStats
from agentmem.audit.window import Window, WindowError, resolve

__all__ = [
    "STAGES",
    "Advice",
    "Alarm",
    "HookStats",
    "Report",
    "Window",
    "WindowError",
    "build",
    "resolve",
]
