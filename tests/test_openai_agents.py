"""The OpenAI Agents SDK adapter, run by the SDK's real `Runner` on the SDK's own scripted
model (`agents.testing.ScriptedModel`: no network, no key), with real function tools."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from agents import Agent, RunConfig, Runner, function_tool
from agents.testing import ScriptedModel, assistant_message, function_call

from agentmem import MemoryHooks, Outcome
from agentmem.adapters.openai_agents import MemoryRunHooks
from agentmem.audit import ledger
from tests.conftest import HooksFactory

VENDOR = "The vendor API needs the X-Trace header on every request."
NO_TRACES = RunConfig(tracing_disabled=True)  # the SDK would try to export traces otherwise
ANSWER = "Added the X-Trace header to the vendor client; the tests pass."


@function_tool
def read_file(path: str) -> str:
    """Read a file of the repository."""
    return f"contents of {path}"


@function_tool
def run_tests() -> str:
    """Run the test suite."""
    return "3 passed"


def _agent(model: ScriptedModel) -> Agent[None]:
    return Agent(
        name="worker", instructions="You fix bugs.", model=model, tools=[read_file, run_tests]
    )


def _seed(hooks: MemoryHooks) -> str:
    outcome = hooks.harvester.submit(
        {"text": VENDOR, "type": "semantic", "confidence": 0.85}, trigger="manual"
    )
    assert outcome.memory_id is not None
    return outcome.memory_id


def test_runner_gets_the_pack_and_the_run_is_recorded(make_hooks: HooksFactory, root: Path) -> None:
    """With `Runner.run(..., hooks=memory, run_config=memory.run_config())`: hook B fired
    before the first model call and its pack followed the agent's instructions in every
    call; the three tool calls were counted; hook C recorded the run with the histogram
    and the final output's tail; the ledger shows hook B, then hook C."""
    hooks = make_hooks()
    seeded = _seed(hooks)
    model = ScriptedModel(
        [
            [
                function_call("read_file", {"path": "vendor.py"}, call_id="c1"),
                function_call("run_tests", {}, call_id="c2"),
            ],
            [function_call("read_file", {"path": "client.py"}, call_id="c3")],
            [assistant_message(ANSWER)],
        ]
    )
    memory = MemoryRunHooks(hooks, goal="fix the vendor API client")

    config = memory.run_config(RunConfig(tracing_disabled=True))  # a base config is kept
    result = asyncio.run(
        Runner.run(_agent(model), "Fix the vendor API client.", hooks=memory, run_config=config)
    )

    assert result.final_output == ANSWER
    model.assert_complete()
    for call in model.calls:
        assert call.system_instructions is not None
        assert call.system_instructions.startswith("You fix bugs.\n\n<!-- agentmem:pack:begin -->")
        assert seeded in call.system_instructions and VENDOR in call.system_instructions
    assert memory.tool_calls == {"read_file": 2, "run_tests": 1}
    assert memory.run_result is not None and memory.run_result.ok
    [episode] = [m for m in hooks.store.list() if m.run_id == memory.run_id]
    assert episode.type.value == "episodic" and episode.outcome == Outcome.SUCCESS
    assert "3 tool call(s) (read_file 2, run_tests 1)" in episode.text and ANSWER in episode.text
    assert "openai-agents" in episode.tags
    fired = [
        e["hook"] for e in ledger.read(hooks.settings.log_path) if e.get("event") == "hook_run"
    ]
    assert fired == ["pre_spawn_pack", "post_run_classify"]


def test_a_run_that_raises_is_recorded_as_a_failure(make_hooks: HooksFactory) -> None:
    """`memory.run(...)`: when the model call fails mid-run the exception reaches the
    caller as the SDK raised it, and hook C has recorded the run as a failure, with the
    tool call made before it."""
    hooks = make_hooks()
    model = ScriptedModel(
        [[function_call("run_tests", {}, call_id="c1")], RuntimeError("the model is down")]
    )
    memory = MemoryRunHooks(hooks, goal="run the tests")
    with pytest.raises(RuntimeError, match="the model is down"):
        asyncio.run(memory.run(_agent(model), "Run the tests.", run_config=NO_TRACES))
    assert memory.run_result is not None and memory.run_result.ok
    [episode] = [m for m in hooks.store.list() if m.run_id == memory.run_id]
    assert episode.outcome == Outcome.FAILURE
    assert "(run_tests 1)" in episode.text and "the model is down" in episode.text


def test_gated_off_the_run_is_untouched(make_hooks: HooksFactory, root: Path) -> None:
    """With agentmem off, the agent's instructions reach the model unchanged, both fires
    are skipped values, and the memory root is never created."""
    hooks = make_hooks({})
    model = ScriptedModel([[assistant_message("Done.")]])
    memory = MemoryRunHooks(hooks)
    result = asyncio.run(memory.run(_agent(model), "Say done.", run_config=NO_TRACES))
    assert result.final_output == "Done."
    assert model.calls[0].system_instructions == "You fix bugs."
    assert memory.pack_result is not None and memory.pack_result.skipped
    assert memory.run_result is not None and memory.run_result.skipped
    assert not root.exists()
