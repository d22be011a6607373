"""Reasoners: what does a hook's thinking. The built-in rules by default, or a chat model.

Choose with `AGENTMEM_REASONER` (`deterministic` or `openai`), or pass `reasoner=` to
`MemoryHooks`. Either way drafts go through the one writer, and a model cannot write
what the validator rejects.
"""

from __future__ import annotations

from agentmem.reasoner.base import Reasoner, ReasonerError, Reasoning, Task
from agentmem.reasoner.deterministic import DeterministicReasoner
from agentmem.reasoner.openai_chat import OpenAIReasoner
from agentmem.reasoner.plugin import ModelDriven, from_settings, install, make_task

__all__ = [
    "DeterministicReasoner",
    "ModelDriven",
    "OpenAIReasoner",
    "Reasoner",
    "ReasonerError",
    "Reasoning",
    "Task",
    "from_settings",
    "install",
    "make_task",
]
