"""The deterministic reasoner: no model. It follows each playbook through the hook's rule.

The rules are the built-in hook plugins' functions (`agentmem.hooks.<hook>`), loaded by
name like any plugin. Their drafts go through `tools.propose_memory`, the same road a
model's proposals take, so the histogram shows every proposal either way.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from typing import Any

from agentmem.hookspecs import Contribution
from agentmem.reasoner.base import ReasonerError, Reasoning, Task
from agentmem.tools import Tools

RULES_PACKAGE = "agentmem.hooks"

Rule = Callable[..., Contribution | None]


class DeterministicReasoner:
    """Runs the hook's built-in rule; the default, and the path that needs no model."""

    name = "deterministic"

    def __init__(self, rules: dict[str, Rule] | None = None) -> None:
        self._rules = dict(rules or {})

    def rule(self, hook: str) -> Rule:
        if hook not in self._rules:
            module = importlib.import_module(f"{RULES_PACKAGE}.{hook}")
            found: Any = getattr(module, hook, None)
            if not callable(found):
                raise ReasonerError(self.name, f"{RULES_PACKAGE}.{hook} has no {hook} rule")
            self._rules[hook] = found
        return self._rules[hook]

    def reason(self, task: Task, tools: Tools) -> Reasoning:
        rule = self.rule(task.hook.value)
        wanted = inspect.signature(rule).parameters  # as pluggy does: pass what it names
        out = rule(**{k: v for k, v in task.values.items() if k in wanted}, tools=tools)
        if out is None:
            return Reasoning(final_text="")
        for draft in out.drafts:
            tools.propose_memory(draft)
        return Reasoning(
            final_text=out.text, synthesis=out.synthesis, pack=out.pack, cited=list(out.cited)
        )
