"""What the model path puts in front of a model, and what it keeps of its answers (issue 13.8).

In json mode the runtime reads for the model: for hook B the reader's candidates for a
worker (`memories`, superseded lessons left out) beside weaker matches (`also_found`);
for hook A each bundle's history as the built-in hook reads it. A lesson a model proposes
from a run carries the run's tags, as the built-in hook C's do, in either mode. The
benchmark's double (`bench/model_double.py`) follows hook C's playbook for failed runs and
for lessons the report types reflective. The model is `ChatServerDouble`; the rest is real.
"""

from __future__ import annotations

import json
from typing import Any

from agentmem import MemoryHooks
from bench.model_double import backed_lessons, context_of
from tests.chat_double import ChatServerDouble, openai_settings, say
from tests.conftest import HooksFactory

OLD = "Greenhouse valves open for 12 minutes per irrigation cycle on the drip line."
NEW = "Greenhouse valves open for 9 minutes per irrigation cycle on the drip line since the new emitters."
OTHER = "The drip line pressure sensor reads high for an hour after a valve flush."


def json_hooks(make_hooks: HooksFactory, url: str) -> MemoryHooks:
    return make_hooks(**openai_settings(url, AGENTMEM_REASONER_MODE="json"))


def held(hooks: MemoryHooks, text: str, **fields: Any) -> str:
    draft = {"text": text, "type": "semantic", "confidence": 0.85, **fields}
    memory_id = hooks.harvester.submit(draft, trigger="manual").memory_id
    assert memory_id is not None
    return memory_id


def test_a_pack_model_is_shown_the_readers_candidates_not_a_superseded_lesson(
    make_hooks: HooksFactory,
) -> None:
    """Hook B in json mode: the replaced lesson is not among the reader's candidates; the
    answer's ids may still name any memory shown, and the pack holds what it kept."""
    double = ChatServerDouble([])
    seen: dict[str, Any] = {}
    with double.running():
        hooks = json_hooks(make_hooks, double.url)
        old = held(hooks, OLD)
        new = held(hooks, NEW, supersedes=[old])
        held(hooks, OTHER)

        def reply(request: dict[str, Any]) -> dict[str, Any]:
            seen.update(context_of(request))
            return say(json.dumps({"keep": [new]}))

        double.script.append(reply)
        result = hooks.pre_spawn_pack(
            goal={"title": "irrigation cycle valve minutes on the greenhouse drip line"}
        )
    assert result.ok and result.pack is not None
    chosen = [m["id"] for m in seen["memories"]]
    assert new in chosen and old not in chosen
    assert "also_found" in seen
    assert [e.id for e in result.pack.entries] == [new]


def test_a_synthesis_model_is_shown_each_bundles_history_not_a_superseded_lesson(
    make_hooks: HooksFactory,
) -> None:
    """Hook A in json mode: a bundle's memories are what its history tells (the lesson
    that replaced another, not the one replaced); each bundle may get a line per memory."""
    double = ChatServerDouble([])
    seen: dict[str, Any] = {}
    with double.running():
        hooks = json_hooks(make_hooks, double.url)
        old = held(hooks, OLD)
        new = held(hooks, NEW, supersedes=[old])

        def reply(request: dict[str, Any]) -> dict[str, Any]:
            seen.update(context_of(request))
            schema = request["response_format"]["json_schema"]["schema"]
            lines = schema["properties"]["bundles"]["items"]["properties"]["lines"]
            seen["most"] = lines["maxItems"]
            return say(
                json.dumps(
                    {
                        "bundles": [
                            {
                                "id": "g1",
                                "lines": [
                                    {"text": "Valves now open 9 minutes a cycle.", "cites": [new]}
                                ],
                            }
                        ]
                    }
                )
            )

        double.script.append(reply)
        result = hooks.pre_goal_synthesis(
            queue=[{"id": "g1", "title": "greenhouse drip line irrigation cycle"}]
        )
    assert result.ok, result
    [bundle] = seen["bundles"]
    shown = [m["id"] for m in bundle["memories"]]
    assert new in shown and old not in shown
    assert seen["most"] >= len(shown)
    assert result.synthesis is not None and f"[{new}]" in result.synthesis


def test_a_runs_lesson_carries_the_runs_tags(make_hooks: HooksFactory) -> None:
    """Hook C in json mode: the schema has no tags, yet the written lesson carries the run's
    topic tags, so a pack for a goal with those tags lifts it."""
    lesson = {
        "text": "Flush the drip line before a pressure reading or it reads high.",
        "type": "procedural",
        "confidence": 0.8,
    }
    double = ChatServerDouble([say(json.dumps({"lessons": [lesson]}))])
    run = {
        "run_id": "2026-11-20-gh-3",
        "goal": "Calibrate the drip line pressure sensor",
        "outcome": "success",
        "app_id": "greenhouse",
        "tags": ["Drip Line", "sensors"],
        "verifiers": [{"name": "calibration", "passed": True}],
    }
    with double.running():
        hooks = json_hooks(make_hooks, double.url)
        result = hooks.post_run_classify(run=run)
    written = [hooks.store.get(i) for i in result.writes.accepted]
    [learned] = [m for m in written if m.type.value == "procedural"]
    assert {"drip-line", "sensors"} <= set(learned.tags)


def test_the_double_keeps_what_a_failed_run_showed_and_a_reflective_lesson_as_a_fact() -> None:
    """Hook C's playbook: a failed run's lesson when it says what the run showed (whatever
    verifier it names), never a guess; a lesson typed reflective is written as semantic."""
    run = {
        "run_id": "2026-11-21-gh-4",
        "goal": "Raise the night temperature floor",
        "outcome": "failure",
        "verifiers": [{"name": "climate", "passed": False, "detail": "vents stuck open"}],
        "lessons": [
            {
                "text": "The vent motor stalls below 4 C.",
                "type": "semantic",
                "evidence": ["climate"],
            },
            {"text": "Maybe the heater relay is slow?", "type": "semantic"},
            {"text": "Vents lag the heater by ten minutes.", "type": "reflective"},
        ],
    }
    kept = backed_lessons(run)
    assert [(x["text"], x["type"]) for x in kept] == [
        ("The vent motor stalls below 4 C.", "semantic"),
        ("Vents lag the heater by ten minutes.", "semantic"),
    ]
