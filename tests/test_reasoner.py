"""Reasoners: the deterministic default and an OpenAI-compatible chat model with tool calling.

The model is played by `ChatServerDouble` (tests/chat_double.py), a local HTTP server that
speaks the chat-completions protocol from a script. Everything behind the reasoner is real.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from agentmem import MemoryHooks, SettingsError
from agentmem._plugins import make_manager
from agentmem.playbook import load
from agentmem.reasoner import DeterministicReasoner, ModelDriven, OpenAIReasoner
from agentmem.settings import settings_from_values
from tests.chat_double import ChatServerDouble, Failure, call, openai_settings, say
from tests.conftest import ALL_ON, HooksFactory

RETRO = "# Retro 2026-11-28\n## Lessons learned\n- Vendor Z rate-limits at 10 rps.\n"
LESSON = {
    "text": "Vendor Z rate-limits at 10 rps.",
    "type": "semantic",
    "confidence": 0.8,
    "source": "retro.md",
}


@pytest.fixture
def retro(tmp_path: Path) -> Path:
    path = tmp_path / "retro.md"
    path.write_text(RETRO)
    return path


def test_openai_reasoner_drives_a_hook_through_the_tools(
    make_hooks: HooksFactory, retro: Path
) -> None:
    """Every tool call reaches Tools (exact histogram), the proposal goes through the one
    writer, and final_text is the model's last answer."""
    double = ChatServerDouble(
        [
            say("", call("read_file", {"path": "retro.md"})),
            say("", call("search_memory", {"question": "How fast may we call vendor Z?"})),
            say("", call("propose_memory", LESSON)),
            say("Proposed 1 semantic lesson: vendor Z rate limit."),
        ]
    )
    with double.running():
        hooks = make_hooks(**openai_settings(double.url))
        result = hooks.post_retro_distill(retro={"path": "retro.md"})
    assert result.ok, result
    assert result.tool_calls == {"read_file": 1, "search_memory": 1, "propose_memory": 1}
    assert result.final_text == "Proposed 1 semantic lesson: vendor Z rate limit."
    [written] = [hooks.store.get(i) for i in result.writes.accepted]
    assert written.text == LESSON["text"] and written.trigger == "post_retro_distill"
    first = double.requests[0]
    assert first["model"] == "double"
    assert first["messages"][0]["content"].startswith(load("harvester").text.split("{{")[0][:80])
    assert '"path": "retro.md"' in first["messages"][1]["content"]  # the context, as JSON
    offered = {t["function"]["name"] for t in first["tools"]}
    assert offered == {
        "search_memory",
        "list_memories",
        "get_memory",
        "read_file",
        "propose_memory",
    }
    tool_answers = [json.loads(m["content"]) for m in double.tool_results()]
    assert tool_answers[0]["text"] == RETRO


def test_malformed_tool_calls_are_answered_and_counted(
    make_hooks: HooksFactory, retro: Path
) -> None:
    """Broken JSON arguments, an unknown tool and a wrong argument type get an error back to
    the model (the run goes on) and count as invalid_tool_call; they reach no tool."""
    double = ChatServerDouble(
        [
            say(
                "",
                call("propose_memory", '{"text": "half a draft", '),
                call("delete_everything", {}),
                call("search_memory", {"question": "vendor", "k": "5"}),
            ),
            say("", call("propose_memory", LESSON)),
            say("done"),
        ]
    )
    with double.running():
        result = make_hooks(**openai_settings(double.url)).post_retro_distill(
            retro={"path": "retro.md"}
        )
    assert result.ok and len(result.writes.accepted) == 1
    assert result.tool_calls == {"invalid_tool_call": 3, "propose_memory": 1}
    errors = [json.loads(m["content"])["error"] for m in double.tool_results()[:3]]
    assert "not valid JSON" in errors[0]
    assert "unknown tool 'delete_everything'" in errors[1]
    assert errors[2].startswith("k: expected an integer")


def test_server_error_becomes_a_failed_result(make_hooks: HooksFactory, retro: Path) -> None:
    """A 500 from the endpoint is a value, not an exception: ok=False, ReasonerError naming
    the turn, the histogram keeps the calls made before it, and nothing is written."""
    double = ChatServerDouble([say("", call("propose_memory", LESSON)), Failure(500)])
    with double.running():
        hooks = make_hooks(**openai_settings(double.url))
        result = hooks.post_retro_distill(retro={"path": "retro.md"})
    assert result.ran and not result.ok
    assert result.error is not None and result.error.type == "ReasonerError"
    assert "turn 2" in result.error.message and "InternalServerError" in result.error.message
    assert result.tool_calls == {"propose_memory": 1}
    assert hooks.store.list() == []


def test_max_turns_bounds_a_model_that_never_answers(make_hooks: HooksFactory, retro: Path) -> None:
    """Past AGENTMEM_REASONER_MAX_TURNS completions the reasoner stops and final_text says so."""
    double = ChatServerDouble(
        [say("still looking", call("search_memory", {"question": f"q{i}"})) for i in range(5)]
    )
    with double.running():
        result = make_hooks(
            **openai_settings(double.url, AGENTMEM_REASONER_MAX_TURNS="2")
        ).post_retro_distill(retro={"path": "retro.md"})
    assert len(double.requests) == 2
    assert result.tool_calls == {"search_memory": 2}
    assert result.final_text.endswith("[openai reasoner stopped: max turns (2) reached]")


def test_max_tool_calls_refuses_the_rest(make_hooks: HooksFactory, retro: Path) -> None:
    """Calls past AGENTMEM_REASONER_MAX_TOOL_CALLS are refused (counted as over_budget), not
    run, and the reasoner stops there."""
    double = ChatServerDouble(
        [
            say(
                "",
                call("propose_memory", LESSON, "c1"),
                call("propose_memory", {**LESSON, "text": "Another lesson."}, "c2"),
            ),
            say("never asked for"),
        ]
    )
    with double.running():
        result = make_hooks(
            **openai_settings(double.url, AGENTMEM_REASONER_MAX_TOOL_CALLS="1")
        ).post_retro_distill(retro={"path": "retro.md"})
    assert result.tool_calls == {"propose_memory": 1, "over_budget": 1}
    assert len(result.writes.accepted) == 1 and len(double.requests) == 1
    assert "max tool calls (1) reached" in result.final_text


def test_read_file_outside_the_repo_is_refused_to_the_model(make_hooks: HooksFactory) -> None:
    """A model asking for a file outside the repository gets an error, counted as an
    invalid tool call; nothing is read."""
    double = ChatServerDouble(
        [say("", call("read_file", {"path": "../../etc/passwd"})), say("nothing to distill")]
    )
    with double.running():
        result = make_hooks(**openai_settings(double.url)).post_retro_distill(
            retro={"path": "retro.md"}
        )
    assert result.ok and result.tool_calls == {"read_file": 1, "invalid_tool_call": 1}
    assert "outside the repository" in json.loads(double.tool_results()[0]["content"])["error"]


def test_read_hook_gets_no_write_tool_and_a_pack_from_its_searches(
    make_hooks: HooksFactory,
) -> None:
    """pre_spawn_pack through a model: the reader's contract, no propose_memory offered, and
    the pack built from the memories its searches returned (not from its prose)."""
    double = ChatServerDouble(
        [
            say("", call("search_memory", {"question": "What about pushing to main?"})),
            say("- [x] push only when verifiers pass"),
        ]
    )
    with double.running():
        hooks = make_hooks(**openai_settings(double.url))
        held = hooks.harvester.submit(
            {"text": "Never push to main unless verifiers pass.", "type": "principle"},
            trigger="backfill",
        )
        result = hooks.pre_spawn_pack(goal={"title": "push the client to main"})
    assert result.ok and result.pack is not None
    assert [e.id for e in result.pack.entries] == [held.memory_id]
    offered = {t["function"]["name"] for t in double.requests[0]["tools"]}
    assert "propose_memory" not in offered
    assert double.requests[0]["messages"][0]["content"].startswith("# Playbook: the reader")
    assert result.tool_calls == {"search_memory": 1, "build_pack": 1}


def test_openai_reasoner_needs_a_model_setting(tmp_path: Path) -> None:
    """AGENTMEM_REASONER=openai without AGENTMEM_REASONER_MODEL fails at start-up, by name."""
    settings = settings_from_values(
        {**ALL_ON, "AGENTMEM_REASONER": "openai", "AGENTMEM_USER_ID": "t"}, base_dir=tmp_path
    )
    with pytest.raises(SettingsError, match="AGENTMEM_REASONER_MODEL"):
        MemoryHooks(settings, plugin_manager=make_manager(entry_points=False))
    with pytest.raises(SettingsError, match="AGENTMEM_REASONER"):
        settings_from_values({"AGENTMEM_REASONER": "gpt"})


def test_reasoner_key_never_shows_in_settings(tmp_path: Path) -> None:
    """The API key is a secret value: not in repr, not in a dump."""
    settings = settings_from_values(
        {"AGENTMEM_REASONER_API_KEY": "sk-live-0123456789abcdef"}, base_dir=tmp_path
    )
    assert "sk-live" not in repr(settings) and "sk-live" not in settings.model_dump_json()
    assert settings.reasoner_api_key is not None
    reasoner = OpenAIReasoner.from_settings(
        settings.model_copy(
            update={"reasoner_model": "m", "reasoner_base_url": "http://127.0.0.1:9/v1"}
        )
    )
    assert reasoner.model == "m"


def test_deterministic_reasoner_matches_the_builtin_rules(
    make_hooks: HooksFactory, retro: Path, root: Path
) -> None:
    """ModelDriven(DeterministicReasoner()) writes what the built-in plugins write, and its
    drafts show in the histogram as proposals."""
    builtin = make_hooks().post_retro_distill(retro={"path": "retro.md"})
    for path in (root / "entries").glob("*.md"):
        path.unlink()
    driven = make_hooks()
    driven.pm.unregister(name="agentmem.hooks.post_retro_distill")
    driven.register(ModelDriven(DeterministicReasoner()), name="driven")
    again = driven.post_retro_distill(retro={"path": "retro.md"})
    assert again.ok and again.writes.accepted == builtin.writes.accepted
    assert again.final_text == builtin.final_text
    assert again.tool_calls["propose_memory"] == len(builtin.writes.accepted)


def test_every_hook_has_a_model_path(make_hooks: HooksFactory) -> None:
    """Hooks A and C run through the model too: A's synthesis is the model's answer (with
    the ids it read); in C the model's episodic draft is left out for agentmem's record of
    the run (computed from it, as the built-in hook C writes it), through the writer."""
    run = {
        "run_id": "2026-11-28-r9",
        "goal": "Fix cart totals",
        "outcome": "success",
        "app_id": "shop",
    }
    episode = {
        "text": "Run 2026-11-28-r9: cart totals fixed.",
        "type": "episodic",
        "run_id": "2026-11-28-r9",
        "app_id": "shop",
        "outcome": "success",
    }
    double = ChatServerDouble(
        [
            say("", call("propose_memory", episode)),
            say("Recorded the run."),
            say("", call("search_memory", {"question": "What do we know about cart totals?"})),
            say("b1 (cart): [{id}] cart totals were fixed in run r9"),
        ]
    )
    with double.running():
        hooks = make_hooks(**openai_settings(double.url))
        classified = hooks.post_run_classify(run=run)
        [episode_id] = classified.writes.accepted
        double.script[-1]["content"] = double.script[-1]["content"].format(id=episode_id)
        synthesis = hooks.pre_goal_synthesis(queue=[{"id": "b1", "title": "cart"}])
    # agentmem looks up the run's record (held already?), the model proposed its draft
    assert classified.ok and classified.tool_calls == {"get_memory": 1, "propose_memory": 1}
    record = hooks.store.get(episode_id)
    assert record.trigger == "post_run_classify"
    assert record.text.startswith("Run 2026-11-28-r9: Fix cart totals ended in success.")
    assert (
        synthesis.ok
        and synthesis.synthesis == f"b1 (cart): [{episode_id}] cart totals were fixed in run r9"
    )
    assert synthesis.reads.returned == [episode_id]
    assert "Fix cart totals" in double.requests[0]["messages"][1]["content"]
