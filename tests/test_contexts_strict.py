"""Hook contexts are as strict as drafts, and a worker folder must exist (issue 14, item 11)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from agentmem import MemoryHooks

RUN = {"run_id": "2026-11-29-r1", "goal": "g", "outcome": "success"}


@pytest.mark.parametrize(
    ("hook", "context", "where"),
    [
        (
            "post_run_classify",
            {"run": {**RUN, "verifiers": [{"name": "tests", "passed": "yes"}]}},
            "run.verifiers.0.passed",
        ),
        (
            "post_run_classify",
            {"run": {**RUN, "verifiers": [{"name": "tests", "passed": 1}]}},
            "run.verifiers.0.passed",
        ),
        (
            "post_run_classify",
            {"run": {**RUN, "lessons": [{"text": "x", "confidence": "0.8"}]}},
            "run.lessons.0.confidence",
        ),
        ("post_retro_distill", {"retro": {"path": "r.md", "periodic": "true"}}, "retro.periodic"),
        ("judgment_harvest", {"window": {"since": 0}}, "window.since"),
    ],
)
def test_wrong_kinds_of_values_are_refused(
    hooks: MemoryHooks, hook: str, context: dict[str, Any], where: str
) -> None:
    """A string or number where a boolean is due, a string where a number is due, a number
    where a date is due: a ContextError naming the field, never quietly coerced ("yes"
    used to be read as passed=True)."""
    result = hooks.fire(hook, **context)
    assert result.ok is False and result.ran is False
    assert result.error is not None and result.error.type == "ContextError"
    assert where in result.error.message


def test_json_spellings_still_validate(hooks: MemoryHooks, tmp_path: Path) -> None:
    """What a context read from JSON holds is still taken: enum values, paths and ISO dates
    as strings, whole numbers for a confidence."""
    (tmp_path / "retro.md").write_text("# Retro\n\n- Keep the cache warm before deploys.\n")
    run = {**RUN, "outcome": "failure", "lessons": [{"text": "Warm the cache.", "confidence": 1}]}
    results = [
        hooks.fire("post_run_classify", run=run),
        hooks.fire("post_retro_distill", retro={"path": "retro.md", "periodic": False}),
        hooks.fire("judgment_harvest", window={"since": "2026-11-01", "until": "2026-11-29"}),
    ]
    assert [r.error for r in results] == [None, None, None]


def test_pack_into_a_missing_worker_folder_is_refused(hooks: MemoryHooks, tmp_path: Path) -> None:
    """pre_spawn_pack with a worker_dir that does not exist is ok=False naming the path,
    and the folder is not created (it used to be, with a pack no worker would read)."""
    missing = tmp_path / "workers" / "w-17"
    result = hooks.pre_spawn_pack(goal={"title": "vendor client"}, worker_dir=missing)
    assert result.ok is False and result.error is not None
    assert result.error.type == "ContextError" and str(missing) in result.error.message
    assert not missing.exists() and not missing.parent.exists()
    a_file = tmp_path / "not-a-folder"
    a_file.write_text("x")
    assert hooks.pre_spawn_pack(goal={"title": "g"}, worker_dir=a_file).ok is False


def test_a_queued_bundle_takes_a_goals_kind_and_still_refuses_a_stranger(
    hooks: MemoryHooks,
) -> None:
    """A host queues its goals as they are, each with its task kind as `Goal` has one: hook
    A reads them (a bundle with a kind once failed the whole fire with "Extra inputs are not
    permitted"); a field no context has is still refused, named."""
    bundle = {"id": "T-7", "title": "Rotate the ingest keys", "app_id": "ingest", "kind": "ops"}
    result = hooks.fire("pre_goal_synthesis", queue=[bundle])
    assert result.ok is True and result.error is None
    odd = hooks.fire("pre_goal_synthesis", queue=[{**bundle, "priority": 2}])
    assert odd.ok is False and odd.error is not None and odd.error.type == "ContextError"
    assert "queue.0.priority" in odd.error.message


def test_a_lesson_given_as_a_bare_string_is_that_lessons_text(hooks: MemoryHooks) -> None:
    """A run's report that lists what it learned as plain sentences (`"lessons": ["…"]`, as
    a model often writes them) is read as lessons with those texts and the defaults, as
    `{"text": …}` is: the lesson is written, not the whole fire refused. Anything else that
    is not a lesson is still refused, named."""
    text = "The nightly export needs the replica's read lock released first."
    passed = [{"name": "tests", "passed": True}]
    run = {**RUN, "app_id": "exports", "verifiers": passed, "lessons": [text]}
    result = hooks.fire("post_run_classify", run=run)
    assert result.ok is True and result.error is None
    assert text in [m.text for m in hooks.store.list()]
    for odd in (5, None, ["a list"]):
        refused = hooks.fire("post_run_classify", run={**RUN, "lessons": [odd]})
        assert refused.ok is False and refused.error is not None
        assert refused.error.type == "ContextError" and "run.lessons.0" in refused.error.message
