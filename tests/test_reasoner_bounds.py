"""The openai reasoner is bounded and never lets a tool call's error end the hook.

Every tool-call error is answered to the model and counted as `invalid_tool_call`; every
request carries `max_tokens`, `temperature` and an HTTP timeout within the hook's budget;
once the fire is over the reasoner makes no further request. The model is played by
`ChatServerDouble` (tests/chat_double.py); everything behind the reasoner is real.
"""

from __future__ import annotations

import json
import os
import threading
from pathlib import Path
from typing import Any

import pytest

from agentmem import MemoryHooks
from agentmem._plugins import make_manager
from agentmem.reasoner import OpenAIReasoner, Reasoning, Task
from agentmem.tools import Tools
from tests.chat_double import ChatServerDouble, call, openai_settings, say
from tests.conftest import HooksFactory

LESSON = {
    "text": "Vendor Z rate-limits at 10 rps.",
    "type": "semantic",
    "confidence": 0.8,
    "source": "retro.md",
}


class Watched:
    """The real reasoner, and an event set when its `reason` returns or raises (so a test
    can wait for a reasoner the runtime abandoned, instead of sleeping)."""

    def __init__(self, inner: OpenAIReasoner) -> None:
        self.inner = inner
        self.name = inner.name
        self.finished = threading.Event()

    def reason(self, task: Task, tools: Tools) -> Reasoning:
        try:
            return self.inner.reason(task, tools)
        finally:
            self.finished.set()


def with_reasoner(hooks: MemoryHooks, reasoner: Any) -> MemoryHooks:
    """The same settings, with this reasoner in charge."""
    return MemoryHooks(
        hooks.settings, plugin_manager=make_manager(entry_points=False), reasoner=reasoner
    )


def watched_hooks(make_hooks: HooksFactory, url: str, **extra: str) -> tuple[MemoryHooks, Watched]:
    hooks = make_hooks(**openai_settings(url, **extra))
    watched = Watched(OpenAIReasoner.from_settings(hooks.settings))
    return with_reasoner(hooks, watched), watched


@pytest.mark.parametrize(
    "path", ["retro\x00.md", "retro-\ud800.md", "x" * 5000], ids=["nul", "surrogate", "long"]
)
def test_a_path_no_file_can_have_is_a_counted_invalid_call(
    make_hooks: HooksFactory, path: str
) -> None:
    """read_file with a NUL byte, a lone surrogate or an over-long name in its path is
    answered to the model as an error and counted as invalid_tool_call; the hook goes on,
    and the valid proposal made before it is written."""
    double = ChatServerDouble(
        [
            say("", call("propose_memory", LESSON)),
            say("", call("read_file", json.dumps({"path": path}))),
            say("done"),
        ]
    )
    with double.running():
        result = make_hooks(**openai_settings(double.url)).post_retro_distill(
            retro={"path": "retro.md"}
        )
    assert result.ok, result.error
    assert len(result.writes.accepted) == 1
    assert result.tool_calls == {"propose_memory": 1, "read_file": 1, "invalid_tool_call": 1}
    [_, answer] = [json.loads(m["content"]) for m in double.tool_results()]
    assert answer["error"].split(":")[0] in ("BadPath", "OSError")


def test_every_tool_error_is_a_counted_invalid_call(make_hooks: HooksFactory) -> None:
    """An error a tool raises on its arguments (no such id, outside the repo) is counted
    as invalid_tool_call too, not only a malformed call."""
    double = ChatServerDouble(
        [
            say(
                "",
                call("get_memory", {"id": "semantic-000000000000"}),
                call("read_file", {"path": "../../etc/passwd"}),
            ),
            say("nothing"),
        ]
    )
    with double.running():
        result = make_hooks(**openai_settings(double.url)).post_retro_distill(
            retro={"path": "retro.md"}
        )
    assert result.tool_calls == {"get_memory": 1, "read_file": 1, "invalid_tool_call": 2}
    errors = [json.loads(m["content"])["error"] for m in double.tool_results()]
    assert errors[0].startswith("MemoryNotFound") and errors[1].startswith("OutsideRepo")


def test_a_lone_surrogate_in_arguments_does_not_break_the_next_request(
    make_hooks: HooksFactory,
) -> None:
    """The model's own arguments are echoed back in the next request: a lone surrogate in
    them (valid JSON, not valid UTF-8) is escaped, so the conversation goes on."""
    raw = '{"question": "vendor \\ud800 limits"}'
    double = ChatServerDouble([say("", call("search_memory", raw)), say("done")])
    with double.running():
        result = make_hooks(**openai_settings(double.url)).post_retro_distill(
            retro={"path": "retro.md"}
        )
    assert result.ok and result.error is None
    assert len(double.requests) == 2 and result.final_text == "done"


def test_every_request_carries_max_tokens_temperature_and_a_bounded_timeout(
    make_hooks: HooksFactory,
) -> None:
    """max_tokens and temperature come from settings (1024 and 0 by default) and go with
    every request; the HTTP timeout given to the client never exceeds the hook's budget."""
    double = ChatServerDouble([say("", call("search_memory", {"question": "q?"})), say("done")])
    seen: list[float] = []
    with double.running():
        hooks = make_hooks(**openai_settings(double.url), AGENTMEM_HOOK_TIMEOUT_S="7")
        real = OpenAIReasoner.from_settings(hooks.settings)
        client = real._client

        class Recording:  # the real client, with each request's timeout noted on the way
            class chat:
                class completions:
                    @staticmethod
                    def create(**kwargs: Any) -> Any:
                        seen.append(kwargs["timeout"])
                        return client.chat.completions.create(**kwargs)

        real._client = Recording()
        hooks = with_reasoner(hooks, real)
        assert hooks.post_run_classify(
            run={"run_id": "2026-11-28-r1", "goal": "g", "outcome": "success"}
        ).ran
        changed = make_hooks(
            **openai_settings(
                double.url,
                AGENTMEM_REASONER_MAX_TOKENS="256",
                AGENTMEM_REASONER_TEMPERATURE="0.3",
            )
        )
        double.script.append(say("ok"))
        changed.post_run_classify(
            run={"run_id": "2026-11-28-r2", "goal": "g", "outcome": "success"}
        )
    assert [(r["max_tokens"], r["temperature"]) for r in double.requests] == [
        (1024, 0.0),
        (1024, 0.0),
        (256, 0.3),
    ]
    assert len(seen) == 2 and all(0 < t <= 7 for t in seen) and seen[1] < seen[0]


def test_a_reply_slower_than_the_budget_is_abandoned_not_awaited(
    make_hooks: HooksFactory,
) -> None:
    """A server slower than the hook's budget: the fire fails (HookTimeout, or the request's
    own timeout if it ends first), the request is cut by its HTTP timeout (no longer than
    the budget), and the reasoner makes no further request."""
    release = threading.Event()

    def slow(request: dict[str, Any]) -> dict[str, Any]:
        release.wait(30)
        return say("", call("search_memory", {"question": "q?"}))

    double = ChatServerDouble([slow, say("", call("search_memory", {"question": "q2?"}))])
    with double.running():
        hooks, watched = watched_hooks(make_hooks, double.url, AGENTMEM_HOOK_TIMEOUT_S="0.5")
        result = hooks.post_retro_distill(retro={"path": "retro.md"})
        # Whichever ends first: the runtime's budget, or the request's own timeout (≤ it).
        assert result.error is not None
        assert result.error.type in ("HookTimeout", "ReasonerError"), result.error
        assert watched.finished.wait(10), "the request was not cut by its HTTP timeout"
        release.set()
    assert len(double.requests) == 1


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs a named pipe")
def test_no_completion_after_the_fire_is_over(make_hooks: HooksFactory, tmp_path: Path) -> None:
    """A tool call that outlasts the budget (a read of a pipe nobody writes yet): the fire
    ends in HookTimeout; when the read returns, the abandoned reasoner stops before its
    next completion instead of going on up to max turns."""
    os.mkfifo(tmp_path / "pipe")
    double = ChatServerDouble(
        [say("", call("read_file", {"path": "pipe"}))]
        + [say("", call("search_memory", {"question": f"q{i}?"})) for i in range(6)]
    )
    with double.running():
        hooks, watched = watched_hooks(make_hooks, double.url, AGENTMEM_HOOK_TIMEOUT_S="0.5")
        result = hooks.post_retro_distill(retro={"path": "retro.md"})
        assert result.error is not None and result.error.type == "HookTimeout"
        (tmp_path / "pipe").write_text("late text")  # unblocks the abandoned read
        assert watched.finished.wait(10)
    assert len(double.requests) == 1
