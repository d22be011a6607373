"""agentmem: memory an agent loop can trust.

from agentmem import MemoryHooks
hooks = MemoryHooks.from_env(".env.executive")
result = hooks.fire("post_run_classify", run={...})
"""

from __future__ import annotations

from agentmem._exceptions import (
    AgentMemError,
    DraftRejected,
    HookTimeout,
    MemoryNotFound,
    SettingsError,
    StoreError,
    UnknownHook,
    WriteRefused,
)
from agentmem.contexts import (
    Goal,
    HarvestWindow,
    Lesson,
    QueuedBundle,
    Retrospective,
    RunOutcome,
    VerifierResult,
)
from agentmem.core.model import Hit, HookName, Kind, Memory, MemoryType, Outcome, Problem
from agentmem.core.validate import validate_draft
from agentmem.core.writer import Harvester, Submission
from agentmem.hookspecs import Contribution, hookimpl, hookspec
from agentmem.results import ErrorInfo, HookResult, Pack, PackEntry, Reads, Rejected, Writes
from agentmem.retrieval.pack import build_pack
from agentmem.retrieval.reader import Answer, FeedbackPlanner, QueryPlanner, Reader
from agentmem.runtime import MemoryHooks
from agentmem.settings import Settings, load_settings
from agentmem.stores import FileStore, Filters, ReadableStore, Store
from agentmem.tools import Tools

__version__ = "0.1.0"

__all__ = [
    "AgentMemError",
    "Answer",
    "Contribution",
    "DraftRejected",
    "ErrorInfo",
    "FeedbackPlanner",
    "FileStore",
    "Filters",
    "Goal",
    "HarvestWindow",
    "Harvester",
    "Hit",
    "HookName",
    "HookResult",
    "HookTimeout",
    "Kind",
    "Lesson",
    "Memory",
    "MemoryHooks",
    "MemoryNotFound",
    "MemoryType",
    "Outcome",
    "Pack",
    "PackEntry",
    "Problem",
    "QueryPlanner",
    "QueuedBundle",
    "ReadableStore",
    "Reader",
    "Reads",
    "Rejected",
    "Retrospective",
    "RunOutcome",
    "Settings",
    "SettingsError",
    "Store",
    "StoreError",
    "Submission",
    "Tools",
    "UnknownHook",
    "VerifierResult",
    "WriteRefused",
    "Writes",
    "build_pack",
    "hookimpl",
    "hookspec",
    "load_settings",
    "validate_draft",
]
