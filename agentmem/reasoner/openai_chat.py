"""A reasoner for any OpenAI-compatible chat-completions endpoint, in one of two modes.

OpenAI itself, or a local Ollama, vLLM, LM Studio or llama.cpp server: base URL, model and
key come from settings. `AGENTMEM_REASONER_MODE=tools` (the default) runs a hook as a chat
with tool calls; a call a small model writes in its content as JSON instead of sending it
(`{"name": ..., "arguments": ...}`, or a draft) is taken as that call. `json` asks for one
JSON object following the hook's schema, with what it may read already in the prompt
(`agentmem.reasoner.json_mode`).

Bounded: at most `max_turns` completions and `max_tool_calls` tool calls per hook; past
either, it stops and `Reasoning.stopped` says which. Every request carries `max_tokens`
and `temperature` and an HTTP timeout no longer than what is left of the hook's budget,
and no request is made once the fire is over: an abandoned reasoner (the runtime returned
`HookTimeout`) does not go on calling the endpoint. The `openai` package is imported only
when this reasoner is built.
"""

from __future__ import annotations

import json
from typing import Any

from agentmem.reasoner import answers
from agentmem.reasoner.base import ReasonerError, Reasoning, Task
from agentmem.reasoner.toolbox import Toolbox, clean
from agentmem.settings import Settings
from agentmem.tools import FireOver, Tools

UNUSED_KEY = "unused"  # local servers take no key; the client insists on one
READ_HOOKS = ("pre_goal_synthesis", "pre_spawn_pack")
OVER_BUDGET = "over_budget"  # calls refused past max_tool_calls, in the histogram
FROM_CONTENT = "from_content"  # calls read from an answer's content, in the histogram
INVALID_ANSWER = "invalid_answer"  # json mode: an answer that was not the object asked for
FIRE_OVER = "the hook's time budget ran out"
AGAIN = (
    "That answer was not one JSON object following the schema ({error}). Answer again "
    "with the JSON object only."
)


class OpenAIReasoner:
    """Runs a hook on a chat model; every tool call goes through the hook's Tools."""

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
            try:
                import openai
            except ImportError as exc:
                from agentmem._exceptions import SettingsError

                raise SettingsError(
                    "AGENTMEM_REASONER",
                    "openai",
                    "needs the openai package: pip install 'agentmem-loop[openai]'",
                ) from exc
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
        self, messages: list[dict[str, Any]], turn: int, timeout_s: float, **shape: Any
    ) -> Any:
        import openai

        try:
            response = self._client.chat.completions.create(
                model=self.model,
                messages=messages,
                max_tokens=self.max_tokens,
                temperature=self.temperature,
                timeout=timeout_s,
                **shape,
            )
        except openai.APIError as exc:
            raise ReasonerError(self.name, f"turn {turn}: {type(exc).__name__}: {exc}") from exc
        choices = getattr(response, "choices", None)
        if not choices:
            raise ReasonerError(self.name, f"turn {turn}: the endpoint returned no choices")
        return choices[0].message

    def _left(self, tools: Tools) -> float:
        """The HTTP timeout of the next request: what is left of the fire (0: stop)."""
        return min(self.timeout_s, tools.time_left())

    def reason(self, task: Task, tools: Tools) -> Reasoning:
        messages: list[dict[str, Any]] = [
            {"role": "system", "content": task.system},
            {"role": "user", "content": task.prompt},
        ]
        if task.mode == "json" and task.schema is not None:
            return self._answer(task, tools, messages)
        return self._chat(task, tools, messages)

    # -- json mode ------------------------------------------------------------------------
    def _answer(self, task: Task, tools: Tools, messages: list[dict[str, Any]]) -> Reasoning:
        """One JSON object following the task's schema; asked again when it is not one."""
        shape = {
            "response_format": {
                "type": "json_schema",
                "json_schema": {"name": task.hook.value, "schema": task.schema, "strict": True},
            }
        }
        text = ""
        for turn in range(1, self.max_turns + 1):
            left = self._left(tools)
            if left <= 0:
                return Reasoning(final_text=text, turns=turn - 1, stopped=FIRE_OVER)
            text = clean(self._complete(messages, turn, left, **shape).content or "")
            found = answers.first_object(text)
            if found is not None:
                return Reasoning(final_text=text, turns=turn, answer=found)
            tools.calls[INVALID_ANSWER] += 1
            error = "no JSON object in it" if text.strip() else "it was empty"
            messages += [
                {"role": "assistant", "content": text},
                {"role": "user", "content": AGAIN.format(error=error)},
            ]
        stopped = f"no JSON object in {self.max_turns} answers"
        return Reasoning(final_text=text, turns=self.max_turns, stopped=stopped)

    # -- tools mode -----------------------------------------------------------------------
    def _chat(self, task: Task, tools: Tools, messages: list[dict[str, Any]]) -> Reasoning:
        box = Toolbox(tools, writes=task.hook.value not in READ_HOOKS, hook=task.hook)
        used = 0
        text = ""
        for turn in range(1, self.max_turns + 1):
            left = self._left(tools)
            if left <= 0:  # the fire is over (or about to be): no request it cannot use
                return self._done(box, text, turn - 1, FIRE_OVER)
            message = self._complete(messages, turn, left, tools=box.schemas(), tool_choice="auto")
            text = clean(message.content or "")
            calls = [
                (
                    str(getattr(call, "id", "") or f"call-{turn}-{i}"),
                    getattr(getattr(call, "function", None), "name", "") or "",
                    getattr(getattr(call, "function", None), "arguments", "") or "",
                )
                for i, call in enumerate(message.tool_calls or [])
            ]
            final = not calls
            if final:  # a small model may write its calls into the content instead
                spelled = answers.tool_calls(text, box.names)
                if not spelled:
                    return self._done(box, text, turn, None)
                tools.calls[FROM_CONTENT] += len(spelled)
                calls = [(f"content-{turn}-{i}", n, a) for i, (n, a) in enumerate(spelled)]
                # Drafts written out as the answer end it; a read asked that way goes on.
                final = all(name == "propose_memory" for _, name, _ in calls)
            requested: list[dict[str, Any]] = []
            messages.append({"role": "assistant", "content": text, "tool_calls": requested})
            refused = 0
            for call_id, name, arguments in calls:
                requested.append(
                    {
                        "id": call_id,
                        "type": "function",
                        "function": {"name": clean(name), "arguments": clean(arguments)},
                    }
                )
                if used >= self.max_tool_calls:
                    refused += 1
                    tools.calls[OVER_BUDGET] += 1
                    answer = json.dumps({"error": "tool-call budget exhausted"})
                else:
                    used += 1
                    try:
                        answer = box.call(name, arguments)
                    except FireOver:
                        return self._done(box, text, turn, FIRE_OVER)
                messages.append({"role": "tool", "tool_call_id": call_id, "content": answer})
            if refused:
                return self._done(
                    box, text, turn, f"max tool calls ({self.max_tool_calls}) reached"
                )
            if final:
                return self._done(box, text, turn, None)
        return self._done(box, text, self.max_turns, f"max turns ({self.max_turns}) reached")

    def _done(self, box: Toolbox, text: str, turns: int, stopped: str | None) -> Reasoning:
        return Reasoning(
            final_text=text, turns=turns, stopped=stopped, hits=list(box.hits.values())
        )
