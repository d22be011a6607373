"""The reasoner plugin point: what drives a hook when a model (or a rule) does the thinking.

A reasoner gets a `Task` (the hook, its context, the rendered playbooks) and the hook's
`Tools`, and returns `Reasoning`: the final text and how the run ended. It never writes:
it proposes drafts through `tools.propose_memory`, and the runtime's one writer decides.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Protocol

from agentmem._exceptions import AgentMemError
from agentmem.core.model import Hit, HookName
from agentmem.results import Pack
from agentmem.tools import Tools


class ReasonerError(AgentMemError):
    """Raised when a reasoner cannot finish: its endpoint failed or answered nonsense."""

    def __init__(self, reasoner: str, reason: str) -> None:
        super().__init__(f"{reasoner} reasoner: {reason}")
        self.reasoner = reasoner
        self.reason = reason


@dataclass(frozen=True)
class Task:
    """One hook for a reasoner to run."""

    hook: HookName
    values: dict[str, Any]  # the validated context models, as the hook's plugins get them
    context: dict[str, Any]  # the same context as JSON-able data (what a model sees)
    system: str  # the role playbook (harvester or reader), rendered
    prompt: str  # the hook's playbook, rendered with the context
    mode: str = "tools"  # AGENTMEM_REASONER_MODE: a chat with tools, or one JSON object
    schema: dict[str, Any] | None = None  # json mode: the object the answer must follow


@dataclass
class Reasoning:
    """What a reasoner made of a task."""

    final_text: str
    turns: int = 0
    stopped: str | None = None  # why it stopped early (a budget), None when it finished
    synthesis: str | None = None  # hook A's product, when the reasoner builds it itself
    pack: Pack | None = None  # hook B's product, likewise
    hits: list[Hit] = field(default_factory=list)  # memories its searches returned
    cited: list[str] = field(default_factory=list)
    answer: dict[str, Any] | None = None  # json mode: the object the model answered


class Reasoner(Protocol):
    """Drives one hook: reads through the tools, proposes drafts, answers in text."""

    name: str

    def reason(self, task: Task, tools: Tools) -> Reasoning: ...
