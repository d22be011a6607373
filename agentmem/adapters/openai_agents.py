"""OpenAI Agents SDK: run hooks that give a run its Memory Pack and record how it went.

    memory = MemoryRunHooks(hooks, goal="Fix the vendor client")
    result = await Runner.run(agent, task, hooks=memory, run_config=memory.run_config())

Before the first agent starts, hook B packs memory for the goal (by default the run's
first user message); the pack is appended to the instructions of every model call through
`RunConfig.call_model_input_filter`, so no shared `Agent` is changed. Every local tool call
is counted. When the final agent produces its output, hook C records the run: the goal,
the tool-call histogram, the output's tail. `run()` does both and also records a run that
raised (outcome failure) before re-raising. Results are values here too: a hook that fails
is a `HookResult` in `pack_result` / `run_result`, never an exception in the host's run.
"""

from __future__ import annotations

import dataclasses
import inspect
import uuid
from collections import Counter
from typing import Any

from agents import Agent, RunConfig, RunHooks, Runner
from agents.run_config import CallModelData, ModelInputData
from agents.run_context import AgentHookContext, RunContextWrapper

from agentmem.contexts import Goal, RunOutcome
from agentmem.core.model import Outcome
from agentmem.core.secrets import redact
from agentmem.results import TAIL_CHARS, HookResult
from agentmem.runtime import MemoryHooks

TAG = "openai-agents"
GOAL_CHARS = 300


def _first_text(items: Any) -> str:
    """The first user text of a run's input (a string, or Responses input items)."""
    if isinstance(items, str):
        return items
    for item in items if isinstance(items, list) else []:
        content = item.get("content") if isinstance(item, dict) else None
        if isinstance(item, dict) and item.get("role", "user") == "user":
            if isinstance(content, str) and content.strip():
                return content
            for part in content if isinstance(content, list) else []:
                text = part.get("text") if isinstance(part, dict) else None
                if isinstance(text, str) and text.strip():
                    return text
    return ""


class MemoryRunHooks(RunHooks[Any]):
    """`RunHooks` that fire hook B before the agent starts and hook C when the run ends.

    One instance per run: it holds that run's pack, tool counts and results.
    """

    def __init__(
        self,
        hooks: MemoryHooks,
        *,
        goal: str | Goal | None = None,
        run_id: str | None = None,
        app_id: str | None = None,
    ) -> None:
        self.hooks = hooks
        self.goal = goal
        self.app_id = app_id
        day = hooks.clock().date().isoformat()
        self.run_id = run_id or f"{day}-agents-{uuid.uuid4().hex[:12]}"
        self.tool_calls: Counter[str] = Counter()
        self.pack_result: HookResult | None = None
        self.run_result: HookResult | None = None
        self._goal_text = ""

    # -- hook B -------------------------------------------------------------------------
    async def on_agent_start(self, context: AgentHookContext[Any], agent: Agent[Any]) -> None:
        if self.pack_result is not None:
            return  # a handoff starts another agent: the run already has its pack
        goal = self.goal
        if not isinstance(goal, Goal):
            text = goal or _first_text(getattr(context, "turn_input", None)) or agent.name
            goal = Goal(title=" ".join(str(text).split())[:GOAL_CHARS], app_id=self.app_id)
        self._goal_text = goal.title
        # The fire touches files and the index: `afire` keeps it off the event loop.
        self.pack_result = await self.hooks.apre_spawn_pack(goal)

    @property
    def pack_markdown(self) -> str:
        """The pack to show the model, or "" (hook B off, failed, or nothing met the bar)."""
        result = self.pack_result
        if result is None or result.pack is None or not result.pack.entries:
            return ""
        return result.pack.markdown

    def call_model_input_filter(self, data: CallModelData[Any]) -> ModelInputData:
        """`RunConfig.call_model_input_filter`: the pack after the agent's instructions."""
        model = data.model_data
        pack = self.pack_markdown
        if not pack:
            return model
        instructions = f"{model.instructions}\n\n{pack}" if model.instructions else pack
        return ModelInputData(input=model.input, instructions=instructions)

    def run_config(self, base: RunConfig | None = None) -> RunConfig:
        """`base` (or a default RunConfig) with the pack filter; a filter already there runs
        first, and the pack is added to what it returns."""
        base = base or RunConfig()
        previous = base.call_model_input_filter
        if previous is None:
            return dataclasses.replace(base, call_model_input_filter=self.call_model_input_filter)

        async def chained(data: CallModelData[Any]) -> ModelInputData:
            first = previous(data)
            filtered = await first if inspect.isawaitable(first) else first
            return self.call_model_input_filter(dataclasses.replace(data, model_data=filtered))

        return dataclasses.replace(base, call_model_input_filter=chained)

    # -- counting -----------------------------------------------------------------------
    async def on_tool_start(
        self, context: RunContextWrapper[Any], agent: Agent[Any], tool: Any
    ) -> None:
        self.tool_calls[str(getattr(tool, "name", type(tool).__name__))] += 1

    # -- hook C -------------------------------------------------------------------------
    async def on_agent_end(
        self, context: AgentHookContext[Any], agent: Agent[Any], output: Any
    ) -> None:
        await self.record(Outcome.SUCCESS, answer=str(output), agent=agent.name)

    async def record(self, outcome: Outcome, *, answer: str = "", agent: str = "") -> HookResult:
        """Fire hook C for this run (once); the result is kept in `run_result`."""
        if self.run_result is not None:
            return self.run_result
        self.run_result = await self.hooks.apost_run_classify(self.outcome(outcome, answer, agent))
        return self.run_result

    def outcome(self, outcome: Outcome, answer: str, agent: str) -> RunOutcome:
        """The run record: the goal, the tool-call histogram, the answer's tail (redacted)."""
        calls = sum(self.tool_calls.values())
        histogram = ", ".join(f"{n} {c}" for n, c in sorted(self.tool_calls.items()))
        summary = f"OpenAI Agents run ({agent or 'agent'}): {calls} tool call(s)"
        summary += f" ({histogram})." if calls else "."
        if answer.strip():
            summary += f" Answer: {' '.join(answer.split())[-TAIL_CHARS:]}"
        return RunOutcome(
            run_id=self.run_id,
            goal=redact(self._goal_text or str(self.goal or "an OpenAI Agents run")),
            outcome=outcome,
            summary=redact(summary),
            app_id=self.app_id,
            tags=[TAG],
        )

    # -- all of it ----------------------------------------------------------------------
    async def run(self, agent: Agent[Any], input: Any, **kwargs: Any) -> Any:
        """`Runner.run` with these hooks and the pack filter; a run that raises is recorded
        as a failure (hook C), then the exception goes on to the caller."""
        kwargs["run_config"] = self.run_config(kwargs.get("run_config"))
        try:
            return await Runner.run(agent, input, hooks=self, **kwargs)
        except Exception as exc:
            await self.record(
                Outcome.FAILURE, answer=f"{type(exc).__name__}: {exc}", agent=agent.name
            )
            raise
