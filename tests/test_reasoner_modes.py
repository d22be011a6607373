"""AGENTMEM_REASONER_MODE: tools (a chat with tool calls) or json (one object per hook).

In json mode the runtime reads for the model what the hook may read and asks for one JSON
object following the hook's schema (`response_format`); the ids it may cite are an enum of
those it was shown. In tools mode a call a small model writes into its content as JSON is
taken as that call. Hook A's synthesis, on either path, keeps only lines citing a memory
that exists. The same write contracts apply. The model is `ChatServerDouble`, answering
with scripted or real recorded replies (tests/replay.py); the rest is real.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from agentmem import MemoryHooks
from agentmem.playbook import MODES, NAMES, load
from tests.chat_double import ChatServerDouble, call, openai_settings, say
from tests.conftest import HooksFactory
from tests.replay import recorded

RETRO = "# Retro 2026-11-28\n## Lessons learned\n- Vendor Z rate-limits at 10 rps.\n"
LESSON = "Vendor Z rate-limits at 10 rps; batch the export calls."
RUN = {
    "run_id": "2026-11-29-run-7",
    "goal": "Add X-Trace header handling to the vendor client",
    "outcome": "failure",
    "app_id": "billing-api",
    "verifiers": [{"name": "tests", "passed": False, "detail": "HTTP 400 without X-Trace"}],
}


def json_hooks(make_hooks: HooksFactory, url: str, **extra: str) -> MemoryHooks:
    return make_hooks(**openai_settings(url, AGENTMEM_REASONER_MODE="json", **extra))


def answer(obj: dict[str, Any]) -> dict[str, Any]:
    return say(json.dumps(obj))


def schema_of(request: dict[str, Any]) -> dict[str, Any]:
    fmt = request["response_format"]
    assert fmt["type"] == "json_schema"
    return dict(fmt["json_schema"]["schema"])


def held(hooks: MemoryHooks, text: str, **fields: Any) -> str:
    draft = {"text": text, "type": "semantic", "confidence": 0.85, **fields}
    memory_id = hooks.harvester.submit(draft, trigger="manual").memory_id
    assert memory_id is not None
    return memory_id


@pytest.mark.parametrize("name", NAMES)
def test_every_playbook_reads_whole_in_either_mode(name: str) -> None:
    """Each playbook renders for both modes with every required section; the json text
    offers no tool, the tools text names the tools it may call."""
    book = load(name)
    for mode in MODES:
        assert set(book.sections(mode)) >= {"When it runs", "May read", "May write", "Output"}
        assert "(tools)" not in book.for_mode(mode) and "(json)" not in book.for_mode(mode)
    assert "search_memory" in book.for_mode("tools").split("## May write")[0]
    json_read = book.for_mode("json").split("## May read")[1].split("##")[0]
    assert not any(t in json_read for t in ("search_memory", "read_file", "list_memories"))


def test_json_mode_distills_a_retro_from_its_text_in_the_prompt(
    make_hooks: HooksFactory, tmp_path: Path
) -> None:
    """Hook D in json mode: the runtime reads the retro (counted), puts its text in the
    prompt, asks for an object whose types are D's contract's; the lessons are written
    with the retro as source; a principle is not even offered by the schema."""
    (tmp_path / "retro.md").write_text(RETRO)
    lesson = {"text": LESSON, "type": "semantic", "confidence": 0.8}
    double = ChatServerDouble([answer({"lessons": [lesson]})])
    with double.running():
        hooks = json_hooks(make_hooks, double.url)
        result = hooks.post_retro_distill(retro={"path": "retro.md", "app_id": "billing"})
    assert result.ok, result
    assert result.tool_calls == {"read_file": 1, "propose_memory": 1}
    [written] = [hooks.store.get(i) for i in result.writes.accepted]
    assert (written.text, written.source, written.app_id) == (LESSON, "retro.md", "billing")
    [request] = double.requests
    assert "tools" not in request and request["max_tokens"] == 1024
    types = schema_of(request)["properties"]["lessons"]["items"]["properties"]["type"]["enum"]
    assert sorted(types) == ["procedural", "reflective", "semantic"]
    assert "Vendor Z rate-limits at 10 rps." in request["messages"][1]["content"]
    assert "propose_memory" not in request["messages"][0]["content"]


def test_json_mode_synthesis_cites_only_memories_it_was_shown(make_hooks: HooksFactory) -> None:
    """Hook A in json mode: the reader's hits for each bundle are in the prompt and their
    ids are the schema's enum; a line citing an id it was not shown is dropped, the others
    are rendered with their ids."""
    double = ChatServerDouble([])
    with double.running():
        hooks = json_hooks(make_hooks, double.url)
        known = held(hooks, "The vendor client needs the X-Trace header or gets HTTP 400.")

        def reply(request: dict[str, Any]) -> dict[str, Any]:
            bundles = schema_of(request)["properties"]["bundles"]["items"]["properties"]
            assert bundles["lines"]["items"]["properties"]["cites"]["items"]["enum"] == [known]
            lines = [
                {"text": "Earlier runs failed with HTTP 400 without X-Trace.", "cites": [known]},
                {"text": "A made-up lesson.", "cites": ["semantic-000000000000"]},
            ]
            return answer({"bundles": [{"id": "q1", "lines": lines}]})

        double.script.append(reply)
        result = hooks.pre_goal_synthesis(queue=[{"id": "q1", "title": "vendor X-Trace header"}])
    assert result.ok, result
    assert result.synthesis == (
        f"q1 (vendor X-Trace header):\n  - [{known}] Earlier runs failed with HTTP 400 without X-Trace."
    )


def test_json_mode_asks_nothing_when_memory_holds_nothing(make_hooks: HooksFactory) -> None:
    """Nothing found for any bundle: no request is made (reads cost money), the synthesis
    says memory holds nothing relevant."""
    double = ChatServerDouble([])
    with double.running():
        result = json_hooks(make_hooks, double.url).pre_goal_synthesis(
            queue=[{"id": "q1", "title": "anything"}]
        )
    assert double.requests == [] and result.ok
    assert result.synthesis == "q1 (anything):\n  - memory holds nothing relevant"


def test_json_mode_asks_again_after_an_answer_that_is_no_object(
    make_hooks: HooksFactory, tmp_path: Path
) -> None:
    """An answer with no JSON object is counted (invalid_answer) and asked again, saying
    why; a fenced object is read as the object."""
    (tmp_path / "retro.md").write_text(RETRO)
    lesson = {"text": LESSON, "type": "semantic", "confidence": 0.8}
    double = ChatServerDouble(
        [
            say("functions.propose_memory:"),
            say("```json\n" + json.dumps({"lessons": [lesson]}) + "\n```"),
        ]
    )
    with double.running():
        result = json_hooks(make_hooks, double.url).post_retro_distill(retro={"path": "retro.md"})
    assert result.ok and len(result.writes.accepted) == 1
    assert result.tool_calls["invalid_answer"] == 1
    assert "not one JSON object" in double.requests[1]["messages"][-1]["content"]


def test_json_mode_pack_is_cut_from_the_memories_the_model_keeps(make_hooks: HooksFactory) -> None:
    """Hook B in json mode: the pack holds exactly the found memories the model kept."""
    double = ChatServerDouble([])
    with double.running():
        hooks = json_hooks(make_hooks, double.url)
        keep = held(hooks, "The vendor client needs the X-Trace header or gets HTTP 400.")
        held(hooks, "The vendor client retries twice on HTTP 503 from the vendor.")
        double.script.append(answer({"keep": [keep, "semantic-000000000000"]}))
        result = hooks.pre_spawn_pack(goal={"title": "vendor client header handling"})
    assert result.ok and result.pack is not None
    assert [e.id for e in result.pack.entries] == [keep]


def test_json_mode_classify_writes_the_record_and_backed_lessons_only(
    make_hooks: HooksFactory, root: Path
) -> None:
    """Hook C in json mode: agentmem sets the record's type, run, outcome and tags; a lesson
    outside C's contract (semantic at 1.0) is refused, one inside it written."""
    double = ChatServerDouble(
        [
            answer(
                {
                    "episode": {
                        "text": "Run 2026-11-29-run-7 failed: tests got HTTP 400 without X-Trace."
                    },
                    "lessons": [
                        {
                            "text": "The vendor API rejects calls without X-Trace.",
                            "type": "semantic",
                            "confidence": 1.0,
                        },
                        {
                            "text": "Send X-Trace on every vendor call.",
                            "type": "procedural",
                            "confidence": 0.7,
                        },
                    ],
                }
            )
        ]
    )
    with double.running():
        hooks = json_hooks(make_hooks, double.url)
        result = hooks.post_run_classify(run=RUN)
    written = {hooks.store.get(i).type.value: hooks.store.get(i) for i in result.writes.accepted}
    assert set(written) == {"episodic", "procedural"}
    episode = written["episodic"]
    assert (episode.run_id, episode.outcome.value if episode.outcome else None) == (
        "2026-11-29-run-7",
        "failure",
    )
    assert {"outcome-failure", "fail-tests"} <= set(episode.tags)
    [refused] = result.writes.rejected
    assert refused.problems[0]["field"] == "confidence"


def test_json_mode_harvest_cites_the_episodes_it_was_shown(make_hooks: HooksFactory) -> None:
    """Hook E in json mode: the window's episodes are in the prompt, their ids the enum an
    assessment may cite; a cited id it was not shown is left out of the draft."""
    double = ChatServerDouble([])
    with double.running():
        hooks = json_hooks(make_hooks, double.url)
        episodes = [
            hooks.harvester.submit(
                {
                    "text": f"Run 2026-11-2{i}-r{i}: the export failed; tests got HTTP 400.",
                    "type": "episodic",
                    "run_id": f"2026-11-2{i}-r{i}",
                    "outcome": "failure",
                    "app_id": "billing-api",
                    "tags": ["outcome-failure", "fail-tests"],
                },
                trigger="post_run_classify",
            ).memory_id
            for i in range(1, 4)
        ]

        def reply(request: dict[str, Any]) -> dict[str, Any]:
            item = schema_of(request)["properties"]["drafts"]["items"]["properties"]
            assert sorted(item["cites"]["items"]["enum"]) == sorted(episodes)
            draft = {
                "text": "Exports of billing-api fail when the X-Trace header is missing.",
                "type": "reflective",
                "confidence": 0.8,
                "kind": "assessment",
                "cites": [*episodes, "episodic-000000000000"],
                "app_id": "billing-api",
            }
            return answer({"drafts": [draft]})

        double.script.append(reply)
        result = hooks.judgment_harvest()
    assert result.ok, result
    written = [hooks.store.get(i) for i in result.writes.accepted]
    [memory] = [m for m in written if "X-Trace" in m.text]  # beside the miner's own pattern
    assert sorted(memory.cites) == sorted(episodes) and memory.app_id == "billing-api"


def test_tools_mode_takes_a_call_written_as_fenced_json(make_hooks: HooksFactory) -> None:
    """Replayed (row 33): llama-server's model wrote `{"name": "read_file", "arguments":
    …}` in a code fence instead of a tool call. It is taken as that call (counted, and
    here refused: the path is outside the repository), and the chat goes on."""
    double = ChatServerDouble([recorded(33), say("nothing to add")])
    with double.running():
        result = make_hooks(**openai_settings(double.url)).pre_spawn_pack(
            goal={"title": "Add X-Trace header handling"}
        )
    assert result.ok and len(double.requests) == 2
    assert result.tool_calls["from_content"] == 1 and result.tool_calls["read_file"] == 1
    assert result.tool_calls["invalid_tool_call"] == 1


def test_tools_mode_takes_drafts_written_as_fenced_json(make_hooks: HooksFactory) -> None:
    """Replayed (row 53): hook C's drafts written as fenced JSON, nested under made-up
    keys. Each is proposed; the contract refuses the semantic one at confidence 1.0 and
    the real procedural lesson is written."""
    double = ChatServerDouble([recorded(53)])
    with double.running():
        hooks = make_hooks(**openai_settings(double.url))
        result = hooks.post_run_classify(run=RUN)
    assert result.tool_calls["from_content"] == 2 and result.tool_calls["propose_memory"] == 2
    written = [hooks.store.get(i) for i in result.writes.accepted]
    [record] = [m for m in written if m.type.value == "episodic"]  # agentmem's, not the model's
    [kept] = [m for m in written if m.type.value != "episodic"]
    assert kept.text.startswith("Run the export test twice with SEED=7")
    assert record.trigger == "post_run_classify" and record.run_id == RUN["run_id"]
    assert len(double.requests) == 1


@pytest.mark.parametrize("row", [1, 32, 41])
def test_a_synthesis_citing_no_memory_is_no_synthesis(make_hooks: HooksFactory, row: int) -> None:
    """Replayed: hook A answered `functions.search_memory:` (row 1), or fenced JSON with
    `[q1]` for ids (rows 32, 41). No line cites a memory that exists: the fire is not ok,
    it says why, and there is no synthesis."""
    double = ChatServerDouble([recorded(row)])
    with double.running():
        result = make_hooks(**openai_settings(double.url)).pre_goal_synthesis(
            queue=[{"id": "q1", "title": "Add retries to the vendor client"}]
        )
    assert not result.ok and result.synthesis is None
    assert result.error is not None and "cites a memory that exists" in result.error.message


def test_a_synthesis_keeps_only_lines_citing_memories(make_hooks: HooksFactory) -> None:
    """Tools mode: of a model's synthesis, only the lines citing a memory that exists are
    kept; a made-up id, a heading and the reasoner's stop note are not advice."""
    double = ChatServerDouble([])
    with double.running():
        hooks = make_hooks(**openai_settings(double.url, AGENTMEM_REASONER_MAX_TURNS="2"))
        known = held(hooks, "The vendor client needs the X-Trace header or gets HTTP 400.")
        double.script += [
            say("", call("search_memory", {"question": "vendor client header"})),
            say(f"q1 (header):\n- [{known}] send X-Trace\n- [semantic-000000000000] made up"),
        ]
        result = hooks.pre_goal_synthesis(queue=[{"id": "q1", "title": "header"}])
    assert result.ok and result.synthesis == f"- [{known}] send X-Trace"


def test_json_mode_replayed_object_that_ignores_the_schema(make_hooks: HooksFactory) -> None:
    """Replayed as a json-mode answer (row 41: `{"advisory_synthesis": "Q1 [principle] …"}`
    from a server that did not constrain decoding): an object, but not the schema's; no
    line cites a memory shown, so the fire is not ok."""
    double = ChatServerDouble([recorded(41)])
    with double.running():
        hooks = json_hooks(make_hooks, double.url)
        held(hooks, "Retries on the vendor client must back off exponentially.")
        result = hooks.pre_goal_synthesis(
            queue=[{"id": "q1", "title": "Add retries to the vendor client"}]
        )
    assert not result.ok and result.synthesis is None and len(double.requests) == 1


def test_replayed_tool_marker_writes_nothing(make_hooks: HooksFactory) -> None:
    """Replayed (row 0): hook D answered the literal text `functions.propose_memory:`.
    No call is read from it, nothing is written, and the answer is the final text."""
    double = ChatServerDouble([recorded(0)])
    with double.running():
        hooks = make_hooks(**openai_settings(double.url))
        result = hooks.post_retro_distill(retro={"path": "retro.md"})
    assert result.writes.attempted == 0 and hooks.store.list() == []
    assert (
        result.final_text == "functions.propose_memory:" and "from_content" not in result.tool_calls
    )


def test_replayed_fenced_draft_without_text_is_refused(make_hooks: HooksFactory) -> None:
    """Replayed (row 35): hook D's fenced JSON holds a draft-like object with made-up ids in
    `cites` and `supersedes` and no text. It is not taken for a draft (no text), so nothing
    is proposed or written."""
    double = ChatServerDouble([recorded(35)])
    with double.running():
        hooks = make_hooks(**openai_settings(double.url))
        result = hooks.post_retro_distill(retro={"path": "retro.md"})
    assert result.writes.attempted == 0 and hooks.store.list() == []


def test_replayed_proxy_failure_is_a_value(make_hooks: HooksFactory) -> None:
    """Replayed (row 38): the endpoint answered 502. The fire is a value: not ok, a
    ReasonerError naming the turn, nothing written."""
    double = ChatServerDouble([recorded(38)])
    with double.running():
        hooks = make_hooks(**openai_settings(double.url))
        result = hooks.post_run_classify(run=RUN)
    assert not result.ok and result.error is not None and result.error.type == "ReasonerError"
    assert "turn 1" in result.error.message and hooks.store.list() == []
