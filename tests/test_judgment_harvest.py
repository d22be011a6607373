"""Hook E, judgment harvest, in full: the ≥ 3 episodes / ≥ 2 runs rule, observations apart
from assessments, supersedes, the window (dates given or since the last harvest), daily
notes, the model path and the CLI."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from agentmem import Memory, MemoryHooks
from agentmem._plugins import make_manager
from agentmem.cli import main
from agentmem.settings import settings_from_values
from tests.chat_double import ChatServerDouble, call, openai_settings, say
from tests.conftest import ALL_ON, HooksFactory


def episode(hooks: MemoryHooks, run_id: str, goal: str, failed: str = "tests") -> str:
    run = {
        "run_id": run_id,
        "goal": goal,
        "outcome": "failure",
        "app_id": "shop",
        "verifiers": [{"name": failed, "passed": False}],
    }
    result = hooks.post_run_classify(run=run)
    assert result.ok
    return result.writes.accepted[0]


def by_tag(hooks: MemoryHooks, tag: str, kind: str) -> list[Memory]:
    """The harvest's own memories for a pattern: its counts (observations) or assessments."""
    mark = "pattern-count" if kind == "observation" else "pattern"
    return [
        m for m in hooks.store.list() if tag in m.tags and mark in m.tags and m.kind.value == kind
    ]


def test_judgment_harvest_writes_an_observation_and_a_cited_assessment(
    hooks: MemoryHooks,
) -> None:
    """Three failing-tests episodes from two runs: the count is stored as an observation and
    the pattern as a reflective assessment citing the three episodes."""
    ids = [
        episode(hooks, "2026-11-24-r1", "checkout flow"),
        episode(hooks, "2026-11-24-r2", "cart totals"),
        episode(hooks, "2026-11-25-r3", "coupon codes"),
    ]
    result = hooks.judgment_harvest()
    assert result.ok, result
    [count] = by_tag(hooks, "fail-tests", "observation")
    assert count.type.value == "semantic" and "pattern-count" in count.tags
    assert "3 episodes from 3 runs" in count.text and count.trigger == "judgment_harvest"
    [assessment] = by_tag(hooks, "fail-tests", "assessment")
    assert assessment.type.value == "reflective" and 0.7 <= assessment.confidence <= 0.95
    assert sorted(assessment.cites) == sorted(ids)
    assert assessment.text == "Recurring pattern in shop: the tests verifier fails."
    assert "2 pattern(s) met the rule" in result.final_text  # fail-tests and outcome-failure


def test_judgment_harvest_needs_three_episodes_of_two_runs(hooks: MemoryHooks) -> None:
    """Two episodes, or three from a single run, are anecdotes: nothing is written."""
    episode(hooks, "2026-11-24-r1", "checkout flow")
    episode(hooks, "2026-11-25-r2", "cart totals")
    assert hooks.judgment_harvest().writes.attempted == 0
    episode(hooks, "2026-11-26-r3", "coupon codes", failed="lint")
    for goal in ("a", "b"):  # more records of run r3 (hook C itself keeps one per run)
        draft = {"text": f"lint {goal} failed", "type": "episodic", "app_id": "shop"}
        draft |= {"run_id": "2026-11-26-r3", "tags": ["fail-lint"]}
        assert hooks.harvester.submit(draft, trigger="manual").status == "accepted"
    result = hooks.judgment_harvest()
    assert not by_tag(hooks, "fail-lint", "assessment")
    assert result.ok


def test_judgment_harvest_supersedes_the_previous_count(hooks: MemoryHooks) -> None:
    """A newer count of a pattern supersedes the older one, which stays (ranked down, never
    deleted); the unchanged assessment is reported as a duplicate."""
    for run, goal in (("2026-11-24-r1", "a"), ("2026-11-24-r2", "b"), ("2026-11-25-r3", "c")):
        episode(hooks, run, goal)
    first = hooks.judgment_harvest()
    [old] = by_tag(hooks, "fail-tests", "observation")
    episode(hooks, "2026-11-26-r4", "d")
    second = hooks.judgment_harvest()
    assert second.ok
    counts = by_tag(hooks, "fail-tests", "observation")
    new = next(m for m in counts if m.id != old.id)
    assert new.supersedes == (old.id,) and "4 episodes from 4 runs" in new.text
    assert hooks.store.get(old.id).text == old.text  # still there, unchanged
    [assessment_id] = [
        i
        for i in first.writes.accepted
        if i.startswith("reflective-") and "tests" in hooks.store.get(i).text
    ]
    assert assessment_id in second.writes.duplicates
    hits = hooks.store.search("Observed in shop: episodes tagged", k=50, explain=True)
    flags = {h.memory.id: h.explain["superseded"] for h in hits}
    assert flags[old.id] is True and flags[new.id] is False


@pytest.fixture
def clocked(root: Path, tmp_path: Path) -> Callable[[str], MemoryHooks]:
    """Hooks whose clock (memory stamps and ledger) reads the given day."""

    def at(day: str) -> MemoryHooks:
        values = {**ALL_ON, "AGENTMEM_USER_ID": "tester", "AGENTMEM_ROOT": str(root)}
        when = datetime.fromisoformat(f"{day}T12:00:00+00:00").astimezone(UTC)
        return MemoryHooks(
            settings_from_values(values, base_dir=tmp_path),
            plugin_manager=make_manager(entry_points=False),
            clock=lambda: when,
        )

    return at


def test_judgment_harvest_window_since_last_harvest_or_dates_given(
    clocked: Callable[[str], MemoryHooks],
) -> None:
    """Without dates the window starts at the last harvest (from the ledger), so episodes
    from before it are not harvested again; given dates choose the window instead."""
    early = clocked("2026-11-20")
    for run, goal in (("2026-11-20-r1", "a"), ("2026-11-20-r2", "b"), ("2026-11-20-r3", "c")):
        episode(early, run, goal)
    assert clocked("2026-11-21").fire("judgment_harvest", window={"since": "2026-11-21"}).ok
    later = clocked("2026-11-23").judgment_harvest()
    assert "since the last harvest on 2026-11-21" in later.final_text
    assert later.writes.attempted == 0
    given = clocked("2026-11-23").judgment_harvest(
        window={"since": "2026-11-20", "until": "2026-11-20"}
    )
    assert "dates given" in given.final_text and len(given.writes.accepted) == 4
    outside = clocked("2026-11-23").judgment_harvest(
        window={"since": "2026-10-01", "until": "2026-10-31"}
    )
    assert outside.writes.attempted == 0


def test_judgment_harvest_reads_daily_notes_in_the_window(hooks: MemoryHooks, root: Path) -> None:
    """Lessons the agent wrote in daily/YYYY-MM-DD.md within the window become memories with
    the note as source; notes outside the window are not read."""
    daily = root / "daily"
    daily.mkdir(parents=True)
    (daily / "2026-11-27.md").write_text(
        "# 2026-11-27\n## Morning\n- 08:00 - Cron: news scan.\n## Lessons\n- Sub-agents suit newsletter writing.\n"
    )
    (daily / "2026-10-01.md").write_text("# 2026-10-01\n## Lessons\n- An old lesson.\n")
    (daily / "2026-11-28.md").write_text(  # the daily log's own format: timed event lines
        "# 2026-11-28\n\n- 09:15:02Z Spawned a worker.\n- 16:00:40Z How to: rerun flaky tests once.\n"
    )
    result = hooks.judgment_harvest(window={"since": "2026-11-01"})
    assert result.ok and result.tool_calls["read_file"] == 2
    memory, how_to = (hooks.store.get(i) for i in result.writes.accepted)
    assert memory.text == "Sub-agents suit newsletter writing."
    assert memory.source == "memory/daily/2026-11-27.md" and "daily" in memory.tags
    assert how_to.text == "rerun flaky tests once." and how_to.type.value == "procedural"
    assert how_to.run_id == "2026-11-28-daily"
    assert "2 daily note(s) read" in result.final_text


def test_judgment_harvest_model_path_rejects_uncited_and_assessment_citing_assessments(
    make_hooks: HooksFactory,
) -> None:
    """Through a model: an assessment without cites is rejected, so is one citing another
    assessment (it must rest on observations); with nothing accepted ok=False, and the
    histogram shows both proposals."""
    hooks = make_hooks()
    ids = [episode(hooks, f"2026-11-2{n}-r{n}", f"goal {n}") for n in (4, 5, 6)]
    held = hooks.harvester.submit(
        {
            "text": "Shop is fragile.",
            "type": "reflective",
            "confidence": 0.8,
            "kind": "assessment",
            "cites": ids,
        },
        trigger="manual",
    )
    uncited = {
        "text": "Shop tests are flaky.",
        "type": "reflective",
        "confidence": 0.8,
        "kind": "assessment",
        "app_id": "shop",
    }
    on_assessment = {**uncited, "text": "Shop keeps failing.", "cites": [held.memory_id]}
    double = ChatServerDouble(
        [
            say("", call("list_memories", {"type": "episodic", "app_id": "shop"})),
            say("", call("propose_memory", uncited), call("propose_memory", on_assessment)),
            say("two assessments"),
        ]
    )
    with double.running():
        result = make_hooks(**openai_settings(double.url)).judgment_harvest()
    assert not result.ok and result.tool_calls == {"list_memories": 1, "propose_memory": 2}
    reasons = [r.problems[0] for r in result.writes.rejected]
    assert reasons[0] == {
        "field": "cites",
        "reason": "an assessment must cite the observation ids it rests on",
    }
    assert reasons[1]["field"] == "cites" and "is an assessment" in reasons[1]["reason"]
    listed = json.loads(double.tool_results()[0]["content"])
    assert sorted(m["id"] for m in listed) == sorted(ids)


def test_judgment_harvest_model_path_accepts_a_cited_assessment(
    make_hooks: HooksFactory, root: Path
) -> None:
    """An assessment citing the episodes it rests on passes the writer; the model's context
    carries the resolved window and the daily notes in it."""
    hooks = make_hooks()
    (root / "daily").mkdir(parents=True)
    (root / "daily" / "2026-11-27.md").write_text("# 2026-11-27\n\n- 08:00:00Z Lesson: x.\n")
    ids = [episode(hooks, f"2026-11-2{n}-r{n}", f"goal {n}") for n in (4, 5, 6)]
    draft = {
        "text": "Shop tests fail on every run.",
        "type": "reflective",
        "confidence": 0.8,
        "kind": "assessment",
        "app_id": "shop",
        "cites": ids,
    }
    double = ChatServerDouble([say("", call("propose_memory", draft)), say("one")])
    with double.running():
        result = make_hooks(**openai_settings(double.url)).judgment_harvest()
    assert result.ok and len(result.writes.accepted) == 1
    assert hooks.store.get(result.writes.accepted[0]).cites == tuple(ids)
    prompt = double.requests[0]["messages"][1]["content"]
    context = json.loads(prompt.split("```json\n", 1)[1].split("\n```", 1)[0])
    assert context["daily_notes"] == ["memory/daily/2026-11-27.md"]
    assert context["resolved_window"]["basis"] == "no earlier harvest: everything"


def test_judgment_harvest_fires_from_the_cli(
    hooks: MemoryHooks, tmp_path: Path, root: Path
) -> None:
    """`agentmem fire judgment_harvest --since D` runs the harvest; exit 0, JSON result."""
    for run, goal in (("2026-11-24-r1", "a"), ("2026-11-24-r2", "b"), ("2026-11-25-r3", "c")):
        episode(hooks, run, goal)
    env = tmp_path / ".env.executive"
    env.write_text(
        "\n".join(
            [
                *(f"{k}={v}" for k, v in ALL_ON.items()),
                "AGENTMEM_USER_ID=tester",
                f"AGENTMEM_ROOT={root}",
            ]
        )
    )
    out = CliRunner().invoke(main, ["--json", "fire", "judgment_harvest", "--since", "2026-11-24"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["ok"] and len(data["writes"]["accepted"]) == 4
    bad = CliRunner().invoke(main, ["fire", "judgment_harvest", "--since", "24/11/2026"])
    assert bad.exit_code == 2 and "YYYY-MM-DD" in bad.output
