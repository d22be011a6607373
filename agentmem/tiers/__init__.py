"""The three tiers under the memory root (seeds 002 and 004): MEMORY.md, daily notes and
schema-checked state, plus the hot/cold split and the context a session starts with."""

from __future__ import annotations

from agentmem.tiers._errors import HotOverBudget, StateInvalid, TierInputError
from agentmem.tiers.context import Context, LeftOut, load_context
from agentmem.tiers.daily import DailyLog, Note
from agentmem.tiers.hot import HotState, Tick
from agentmem.tiers.maintain import Maintenance, Proposal
from agentmem.tiers.state import StateFiles

__all__ = [
    "Context",
    "DailyLog",
    "HotOverBudget",
    "HotState",
    "LeftOut",
    "Maintenance",
    "Note",
    "Proposal",
    "StateFiles",
    "StateInvalid",
    "Tick",
    "TierInputError",
    "load_context",
]
