"""A reasoner for any OpenAI-compatible chat-completions endpoint with tool calling.

OpenAI itself, or a local Ollama, vLLM or LM Studio server: base URL, model and key come
from settings. Bounded: at most `max_turns` completions and `max_tool_calls` tool calls
per hook; past either, it stops and `Reasoning.stopped` says which. Every request carries
`max_tokens` and `temperature` and an HTTP timeout no longer than what is left of the
hook's budget, and no request is made once the fire is over: an abandoned reasoner (the
runtime returned `HookTimeout`) does not go on calling the endpoint. The `openai` package
(installed with mem0ai) is imported only when this reasoner is built.
"""

from __future__ import annotations

import json
from typing import Any

from agentmem.reasoner.base import ReasonerError, Reasoning, Task
from agentmem.reasoner.toolbox import Toolbox, clean
from agentmem.settings import Settings
from agentmem.tools import FireOver, Tools

UNUSED_KEY = "unused"  # local servers take no key; the client insists on one
READ_HOOKS = ("pre_goal_synthesis", "pre_spawn_pack")
OVER_BUDGET = "over_budget"  # calls refused past max_tool_calls, in the histogram
FIRE_OVER = "the hook's time budget ran out"


class OpenAIReasoner:
    """Runs a hook as a chat with tool calls; every call goes through the hook's Tools."""

    name = "openai"

    def __init__(
        self,
        model: str,
        *,
        base_url: str | None = None,
        api_key: str | None = None,
        max_turns: int = 8,
        max_tool_calls: int = 24,
        max_tokens: int = 1024,
        temperature: float = 0.0,
        timeout_s: float = 60.0,
        client: Any = None,
    ) -> None:
        self.model = model
        self.max_turns = max_turns
        self.max_tool_calls = max_tool_calls
        self.max_tokens = max_tokens
        self.temperature = temperature
        self.timeout_s = timeout_s
        if client is None:
            import openai

            client = openai.OpenAI(
                base_url=base_url, api_key=api_key or UNUSED_KEY, timeout=timeout_s, max_retries=0
            )
        self._client = client

    @classmethod
    def from_settings(cls, settings: Settings) -> OpenAIReasoner:
        from agentmem._exceptions import SettingsError

        if not settings.reasoner_model:
            raise SettingsError(
                "AGENTMEM_REASONER_MODEL", "", "required when AGENTMEM_REASONER=openai"
            )
        key = settings.reasoner_api_key
        return cls(
            settings.reasoner_model,
            base_url=settings.reasoner_base_url,
            api_key=key.get_secret_value() if key is not None else None,
            max_turns=settings.reasoner_max_turns,
            max_tool_calls=settings.reasoner_max_tool_calls,
            max_tokens=settings.reasoner_max_tokens,
            temperature=settings.reasoner_temperature,
            timeout_s=settings.hook_timeout_s,
        )

    def _complete(
        self, messages: list[dict[str, Any]], box: Toolbox, turn: int, timeout_s: float
    ) -> Any:
        import openai

        try:
            response = self._client.chat.completions.create(
                model=self.model,
                messages=messages,
                tools=box.schemas(),
                tool_choice="auto",
                max_tokens=self.max_tokens,
                temperature=self.temperature,
                timeout=timeout_s,
            )
        except openai.APIError as exc:
            raise ReasonerError(self.name, f"turn {turn}: {type(exc).__name__}: {exc}") from exc
        choices = getattr(response, "choices", None)
        if not choices:
            raise ReasonerError(self.name, f"turn {turn}: the endpoint returned no choices")
        return choices[0].message

    def reason(self, task: Task, tools: Tools) -> Reasoning:
        box = Toolbox(tools, writes=task.hook.value not in READ_HOOKS, hook=task.hook)
        messages: list[dict[str, Any]] = [
            {"role": "system", "content": task.system},
            {"role": "user", "content": task.prompt},
        ]
        used = 0
        text = ""
        for turn in range(1, self.max_turns + 1):
            left = min(self.timeout_s, tools.time_left())
            if left <= 0:  # the fire is over (or about to be): no request it cannot use
                return self._done(box, text, turn - 1, FIRE_OVER)
            message = self._complete(messages, box, turn, left)
            text = clean(message.content or "")
            calls = list(message.tool_calls or [])
            if not calls:
                return self._done(box, text, turn, None)
            requested: list[dict[str, Any]] = []
            messages.append({"role": "assistant", "content": text, "tool_calls": requested})
            refused = 0
            for call in calls:
                function = getattr(call, "function", None)
                name = clean(getattr(function, "name", "") or "")
                arguments = clean(getattr(function, "arguments", "") or "")
                requested.append(
                    {
                        "id": call.id,
                        "type": "function",
                        "function": {"name": name, "arguments": arguments},
                    }
                )
                if used >= self.max_tool_calls:
                    refused += 1
                    tools.calls[OVER_BUDGET] += 1
                    answer = json.dumps({"error": "tool-call budget exhausted"})
                else:
                    used += 1
                    try:
                        answer = box.call(name, getattr(function, "arguments", "") or "")
                    except FireOver:
                        return self._done(box, text, turn, FIRE_OVER)
                messages.append({"role": "tool", "tool_call_id": call.id, "content": answer})
            if refused:
                return self._done(
                    box, text, turn, f"max tool calls ({self.max_tool_calls}) reached"
                )
        return self._done(box, text, self.max_turns, f"max turns ({self.max_turns}) reached")

    def _done(self, box: Toolbox, text: str, turns: int, stopped: str | None) -> Reasoning:
        return Reasoning(
            final_text=text, turns=turns, stopped=stopped, hits=list(box.hits.values())
        )
