"""The loop benchmark runner (bench/loopbench.py): LOOPBENCH.md's scoring rules, worked out by
hand on tiny inputs, the format's checks, and a replay of a small scenario through the hooks."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from agentmem import Contribution, Goal, Tools, hookimpl
from bench import loopbench
from bench.loopformat import ScenarioError, Step, lint, load_scenario, parse_step
from bench.loopscore import KEYS, Entry, Tally, near_duplicates, read_entries, score_probe
from tests.chat_double import ChatServerDouble, say

FIXTURE = Path(__file__).with_name("loopbench_fixture.json")
REPO = Path(__file__).resolve().parents[1]


def probe(kind: str, **patterns: list[str]) -> Step:
    context: dict[str, Any] = {
        "pack": {"goal": {"title": "a goal"}},
        "synthesis": {"queue": [{"id": "B-1", "title": "a bundle"}]},
        "harvest": {},
    }[kind]
    return parse_step(0, {"day": 0, "probe": kind, **context, **patterns}, "test.json")


# -- one probe --------------------------------------------------------------------------------
def test_a_need_is_found_when_one_item_matches_case_insensitively() -> None:
    """re.search, ignoring case, against each item: a need is found if any one item matches."""
    step = probe("pack", needs=["Thursday", r"06:30\b", "missing"])
    score = score_probe(step, True, ["Rotation moved to THURSDAYS", "start at 06:30 UTC"])
    assert score.found == ["Thursday", r"06:30\b"]
    assert score.missed == ["missing"]


def test_a_need_split_across_two_items_is_not_found() -> None:
    """Patterns are matched against one item's text, never the items joined together."""
    step = probe("pack", needs=["vault.*thursday"])
    assert score_probe(step, True, ["read from vault", "rotates on thursday"]).missed == [
        "vault.*thursday"
    ]
    assert score_probe(step, True, ["vault rotates on thursday"]).found == ["vault.*thursday"]


def test_on_topic_counts_items_matching_any_need_or_related_pattern_once() -> None:
    """An item is on topic when it matches a needs or a related pattern, counted once."""
    step = probe("pack", needs=["thursday"], related=["vault", "credential"])
    items = ["thursday vault credential", "vault only", "unrelated", "Credential"]
    assert score_probe(step, True, items).on_topic == 3


def test_stale_items_are_those_matching_a_stale_pattern() -> None:
    """An item is stale when it matches any stale pattern; each item counts once."""
    step = probe("synthesis", stale=["every monday", "monday"])
    score = score_probe(step, True, ["rotates every Monday", "on Thursdays", "monday again"])
    assert score.stale == ["rotates every Monday", "monday again"]


def test_a_probe_that_is_not_ok_scores_as_found_nothing() -> None:
    """Not ok: no item is looked at, so no need is found and no item counts anywhere."""
    step = probe("pack", needs=["thursday"], related=["vault"], stale=["monday"])
    score = score_probe(step, False, ["thursday vault monday"])
    assert (score.found, score.missed, score.items, score.on_topic, score.stale) == (
        [],
        ["thursday"],
        [],
        0,
        [],
    )
    tally = score.tally()
    assert (tally.needs, tally.found, tally.pack_items, tally.items) == (1, 0, 0, 0)


# -- scores over probes -----------------------------------------------------------------------
def test_scores_are_ratios_of_counts_over_every_probe_by_kind() -> None:
    """Hand-worked: 2 pack probes (one empty), 1 synthesis, 1 harvest.

    pack A: needs a (found), b (missed); items: 'a x', 'y', 'old'  → on topic 1 of 3, stale 1
    pack B: needs c; empty pack → 0 of 0 for precision, need missed
    synthesis: needs d (found); lines: 'd', 'rel', 'old', 'z' → stale 1
    harvest: needs e (found), f (missed); memories: 'e', 'q' → on topic 1 of 2
    need_recall = 3/6; pack 1/3, synthesis 1/1, harvest 1/2; pack_precision 1/3;
    harvest_precision 1/2; stale_rate 2/(3+0+4+2) = 2/9.
    """
    scores = [
        score_probe(probe("pack", needs=["a", "b"], stale=["old"]), True, ["a x", "y", "old"]),
        score_probe(probe("pack", needs=["c"]), True, []),
        score_probe(
            probe("synthesis", needs=["d"], related=["rel"], stale=["old"]),
            True,
            ["d", "rel", "old", "z"],
        ),
        score_probe(probe("harvest", needs=["e", "f"]), True, ["e", "q"]),
    ]
    total = sum((s.tally() for s in scores), Tally()).scores()
    assert total["need_recall"] == 0.5
    assert total["pack_need_recall"] == round(1 / 3, 4)
    assert total["synthesis_need_recall"] == 1.0
    assert total["harvest_need_recall"] == 0.5
    assert total["pack_precision"] == round(1 / 3, 4)
    assert total["harvest_precision"] == 0.5
    assert total["stale_rate"] == round(2 / 9, 4)


def test_a_score_with_nothing_to_count_is_null() -> None:
    """Only empty packs, no harvest probe: precision and harvest recall are null, not 0 or 1."""
    scores = Tally().scores()
    assert scores["pack_precision"] is None
    assert scores["harvest_need_recall"] is None
    assert score_probe(probe("pack", needs=["a"]), True, []).tally().scores()["need_recall"] == 0.0


# -- near duplicates --------------------------------------------------------------------------
def entry(memory_id: str, text: str, **fields: Any) -> Entry:
    base = {"id": memory_id, "type": "semantic", "app_id": "svc", "run_id": "2026-06-01-run-1"}
    return Entry(memory_id, {**base, **fields}, text)


def test_near_duplicates_use_jaccard_of_lowercased_tokens_of_three_or_more_characters() -> None:
    """Tokens are [a-z0-9]+ lower-cased, 3+ characters; a pair counts at Jaccard ≥ 0.8.

    'Staging creds rotate on Thursdays at 0600 UTC' → {staging, creds, rotate, thursdays,
    0600, utc} (on, at dropped). 'STAGING creds rotate Thursdays 0600 utc, ok' has the same
    set (ok dropped): 1.0. Adding 'vault' to one: 6/7 = 0.857 ≥ 0.8. Adding 'vault' and
    'nightly': 6/8 = 0.75 < 0.8.
    """
    text = "Staging creds rotate on Thursdays at 0600 UTC"
    same = entry("b", "STAGING creds rotate Thursdays 0600 utc, ok")
    assert near_duplicates([entry("a", text), same]) == [("a", "b", 1.0)]
    assert near_duplicates([entry("a", text), entry("c", text + " vault")]) == [("a", "c", 0.857)]
    assert near_duplicates([entry("a", text), entry("d", text + " vault nightly")]) == []


def test_exactly_four_fifths_counts_as_a_near_duplicate() -> None:
    """4 shared tokens of 5: Jaccard 0.8 exactly, which is ≥ 0.8."""
    pairs = near_duplicates(
        [entry("a", "one two three four"), entry("b", "one two three four five")]
    )
    assert pairs == [("a", "b", 0.8)]


def test_near_duplicates_leave_out_superseded_memories() -> None:
    """Named in another memory's supersedes, or carrying superseded_by: not counted."""
    text = "Staging credentials rotate on Thursdays"
    named = [entry("old", text), entry("new", text + " now", supersedes=["old"])]
    assert near_duplicates(named) == []
    marked = [entry("old", text, superseded_by="new"), entry("twin", text)]
    assert near_duplicates(marked) == []


def test_near_duplicates_are_within_one_app_id() -> None:
    """The same text under two app_ids is two scopes, not a duplicate."""
    text = "Staging credentials rotate on Thursdays"
    assert near_duplicates([entry("a", text), entry("b", text, app_id="other")]) == []


def test_episodes_of_different_runs_are_distinct_events() -> None:
    """Two episodic records are left out unless they share a run_id; episodic vs lesson counts."""
    text = "Run ended in success. Nightly stock sync finished."
    other_run = [
        entry("e1", text, type="episodic"),
        entry("e2", text, type="episodic", run_id="2026-06-02-run-2"),
    ]
    assert near_duplicates(other_run) == []
    same_run = [entry("e1", text, type="episodic"), entry("e2", text + " again", type="episodic")]
    assert near_duplicates(same_run) == [("e1", "e2", round(7 / 8, 3))]
    mixed = [entry("e1", text, type="episodic", run_id="2026-06-02-run-2"), entry("s", text)]
    assert near_duplicates(mixed) == [("e1", "s", 1.0)]


# -- the format -------------------------------------------------------------------------------
def scenario_file(tmp_path: Path, steps: list[Any], **top: Any) -> Path:
    path = tmp_path / "scenario.json"
    data = {"name": "t", "start": "2026-06-01", "user_id": "bench", "steps": steps, **top}
    path.write_text(json.dumps(data))
    return path


RUN = {"run_id": "2026-06-01-run-1", "goal": "g", "outcome": "success"}


@pytest.mark.parametrize(
    ("steps", "where", "reason"),
    [
        (
            [{"day": 0, "fire": "post_run_classify"}],
            "step 0 (fire post_run_classify, day 0): run",
            "needs 'run'",
        ),
        ([{"day": "1", "fire": "post_run_classify", "run": RUN}], "step 0: day", "whole number"),
        ([{"day": 0, "fire": "x", "probe": "pack"}], "step 0: fire/probe", "exactly one"),
        ([{"day": 0, "probe": "recall"}], "step 0: probe", "unknown probe 'recall'"),
        (
            [
                {"day": 0, "fire": "post_run_classify", "run": RUN},
                {
                    "day": 1,
                    "fire": "post_run_classify",
                    "run": {**RUN, "verifiers": [{"name": "t", "passed": "maybe"}]},
                },
            ],
            "step 1 (fire post_run_classify, day 1): run.verifiers[0].passed",
            "boolean",
        ),
        (
            [{"day": 0, "probe": "pack", "goal": {"title": "g"}, "needs": ["ok", "("]}],
            "step 0 (probe pack, day 0): needs[1]",
            "bad regular expression",
        ),
        (
            [{"day": 0, "probe": "pack", "goal": {"title": "g"}, "need": ["x"]}],
            "step 0 (probe pack, day 0): need",
            "unknown key",
        ),
        (
            [
                {
                    "day": 0,
                    "fire": "post_retro_distill",
                    "retro": {},
                    "file": {"path": "../x.md", "text": ""},
                }
            ],
            "step 0 (fire post_retro_distill, day 0): file.path",
            "inside the work folder",
        ),
        (
            [{"day": 0, "probe": "synthesis", "queue": [{"id": "B-1"}]}],
            "queue[0].title",
            "required",
        ),
    ],
)
def test_a_malformed_step_is_refused_naming_the_step_and_the_field(
    tmp_path: Path, steps: list[Any], where: str, reason: str
) -> None:
    """The error names the step's index (its kind and day when known) and the field at fault."""
    with pytest.raises(ScenarioError) as caught:
        load_scenario(scenario_file(tmp_path, steps))
    assert where in caught.value.where and reason in caught.value.reason


def test_a_malformed_scenario_exits_2_before_any_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Exit code 2, the message on stderr, nothing on stdout, no replay of a good file given too."""
    bad = scenario_file(tmp_path, [{"day": 0, "fire": "post_run_classify", "run": {"goal": "g"}}])
    assert loopbench.main([str(FIXTURE), str(bad), "--json"]) == 2
    out, err = capsys.readouterr()
    assert out == ""
    assert "step 0 (fire post_run_classify, day 0): run.run_id" in err


# -- replay through the hooks -----------------------------------------------------------------
class ProposesFromAReadHook:
    """A host plugin double: its read-hook contribution holds a draft, which the runtime refuses,
    so the fire is not ok while the built-in pack is still in the result."""

    @hookimpl
    def pre_spawn_pack(self, goal: Goal, tools: Tools) -> Contribution:
        return Contribution(drafts=[{"text": "a read hook cannot write", "type": "semantic"}])


def test_replay_fires_every_step_with_the_scenario_clock_and_retro_files(tmp_path: Path) -> None:
    """Fire steps and read probes count as fires; the retro file lies at its path (relative to
    the work folder) when hook D reads it, so every fire is ok; memories carry the step's day at
    12:00 UTC; the first harvest probe, before any harvest, finds hook E wrote nothing."""
    scenario = load_scenario(FIXTURE)
    done = loopbench.replay(scenario, work=tmp_path / "work", environ={})
    assert (done.tally.fires, done.tally.fires_not_ok) == (8, 0), done.failures
    retro = tmp_path / "work" / "retros" / "weekly-23.md"
    assert retro.read_text().startswith("# Weekly retro")
    entries, count = read_entries(tmp_path / "work" / "memory")
    assert (
        count == done.tally.memories == len(list((tmp_path / "work/memory/entries").glob("*.md")))
    )
    created = {
        e.fields["run_id"]: e.fields["created_at"]
        for e in entries
        if e.fields["type"] == "episodic"
    }
    assert created["2026-06-01-run-001"] == "2026-06-01T12:00:00+00:00"
    assert created["2026-06-02-run-002"] == "2026-06-02T12:00:00+00:00"
    before_harvest = done.probes[0]
    assert (before_harvest.items, before_harvest.missed) == (
        [],
        ["password authentication|credential"],
    )


def test_a_probe_whose_fire_is_not_ok_finds_nothing_even_with_a_pack(tmp_path: Path) -> None:
    """The pack probe's fire returns ok=False (a plugin proposed a draft from a read hook) with
    the built-in pack present: the probe still scores as found nothing."""
    scenario = load_scenario(FIXTURE)
    done = loopbench.replay(
        scenario, work=tmp_path / "w", environ={}, plugins=[ProposesFromAReadHook()]
    )
    pack = next(p for p in done.probes if p.step.probe == "pack")
    assert not pack.ok
    assert (pack.found, pack.items, pack.on_topic) == ([], [], 0)
    assert done.tally.fires_not_ok == 2  # the fire step and the probe, both pre_spawn_pack
    assert done.tally.pack_items == 0


def test_json_output_is_one_object_on_stdout_with_every_score() -> None:
    """As a script: stdout parses as one JSON object (logs went elsewhere), with LOOPBENCH.md's
    keys in total and per scenario."""
    run = subprocess.run(
        [sys.executable, "bench/loopbench.py", str(FIXTURE), "--json"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
        env={"PATH": "/usr/bin:/bin", "HF_HUB_OFFLINE": "1", "MEM0_TELEMETRY": "false"},
    )
    data = json.loads(run.stdout)
    keys = set(KEYS)
    assert keys | {"per_scenario"} == set(data)
    assert set(data["per_scenario"]) == {"tiny-ops"}
    assert keys == set(data["per_scenario"]["tiny-ops"])
    assert data["fires"] == 8 and data["memories"] > 0


@pytest.mark.parametrize(
    "path", sorted((REPO / "bench" / "scenarios").glob("*.json")), ids=lambda p: p.stem
)
def test_the_committed_scenarios_are_well_formed(path: Path) -> None:
    """Every scenario in bench/scenarios/ passes the format's checks, with no clock going back
    and no need its own probe's question would satisfy."""
    scenario = load_scenario(path)
    assert scenario.name == path.stem
    assert lint(scenario) == []


@pytest.mark.parametrize(
    "path",
    sorted((REPO / "bench" / "scenarios" / "written-blind").glob("*.json")),
    ids=lambda p: p.stem,
)
def test_the_scenarios_written_blind_load_as_written(path: Path) -> None:
    """The scenarios kept as their writers wrote them load in the format (lint findings, such
    as a need its own probe's question satisfies, are theirs and stay)."""
    assert load_scenario(path).name == path.stem


def test_a_worker_dir_is_a_folder_of_the_work_folder_made_before_the_fire(tmp_path: Path) -> None:
    """A pre_spawn_pack step's worker_dir is relative to the work folder; the runner makes the
    folder (as a host does before it spawns a worker), so the fire is ok and the pack lands
    in its CLAUDE.md."""
    steps = [
        {"day": 0, "fire": "post_run_classify", "run": RUN},
        {"day": 1, "fire": "pre_spawn_pack", "goal": {"title": "g"}, "worker_dir": "workers/w1"},
    ]
    done = loopbench.replay(
        load_scenario(scenario_file(tmp_path, steps)), work=tmp_path / "work", environ={}
    )
    assert (done.tally.fires, done.tally.fires_not_ok) == (2, 0), done.failures
    assert (tmp_path / "work" / "workers" / "w1" / "CLAUDE.md").is_file()


def test_reasoner_openai_drives_the_hooks_through_the_endpoint_in_the_environment(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """--reasoner openai sets AGENTMEM_REASONER; the endpoint and model come from the
    environment (passed through), so every hook fire asks the model: here a chat-server
    double (no model can run here) that answers every request with plain text."""
    double = ChatServerDouble([lambda _: say("Nothing to add.")] * 100)
    with double.running():
        monkeypatch.setenv("AGENTMEM_REASONER_BASE_URL", double.url)
        monkeypatch.setenv("AGENTMEM_REASONER_MODEL", "double")
        monkeypatch.setenv("AGENTMEM_REASONER_API_KEY", "test-key")
        monkeypatch.setenv("AGENTMEM_REASONER", "deterministic")  # the flag wins over this
        assert loopbench.main([str(FIXTURE), "--reasoner", "openai", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["fires"] == 8
    assert len(double.requests) == 8  # one conversation per fire, each answered at once
