"""The multi-hop reader: its three stop rules, every hop on record, hook A's read cost."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import structlog

from agentmem import FileStore, Harvester, Hit, MemoryHooks, Reader
from agentmem.results import Hop
from agentmem.retrieval.reader import MAX_QUERIES, FeedbackPlanner, ModelPlanner
from agentmem.settings import settings_from_values
from tests.conftest import semantic

WORDS = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf", "hotel", "india"]


def store_with(root: Path, texts: Sequence[str]) -> FileStore:
    settings = settings_from_values({"AGENTMEM_USER_ID": "tester", "AGENTMEM_ROOT": str(root)})
    store = FileStore(root)
    writer = Harvester(settings, store)
    for text in texts:
        assert writer.submit(semantic(text), trigger="manual").status == "accepted"
    return store


class ScriptedPlanner:
    """A planner plugin that asks a fixed list of queries, then says it is done."""

    def __init__(self, queries: Sequence[str]) -> None:
        self.queries = list(queries)

    def next_query(self, question: str, hops: Sequence[Hop], hits: Sequence[Hit]) -> str | None:
        return self.queries[len(hops)] if len(hops) < len(self.queries) else None


def test_reader_stops_when_it_holds_enough_relevant_memories(root: Path) -> None:
    """Three memories that answer the first query well: one hop, stop 'enough'."""
    store = store_with(
        root,
        [
            "Alpha deploys fail on Fridays.",
            "Alpha deploys need the release token.",
            "Alpha deploys run from the CI runner.",
            "Bravo exports are written as CSV.",
        ],
    )
    answer = Reader(store).ask("What about alpha deploys?")
    assert answer.stop == "enough"
    assert len(answer.hops) == 1 and len(answer.hits) == 3


def test_reader_stops_when_the_top_results_stop_changing(root: Path) -> None:
    """A second query that brings back the same top: stop 'stable' after two hops."""
    store = store_with(root, ["Alpha deploys fail on Fridays.", "Bravo is unrelated."])
    planner = ScriptedPlanner(["alpha deploys", "alpha deploys zzunknownword", "bravo"])
    answer = Reader(store, planner).ask("alpha deploys?")
    assert answer.stop == "stable"
    assert [h.query for h in answer.hops] == planner.queries[:2]
    assert answer.hops[0].ids == answer.hops[1].ids


def test_reader_stops_after_eight_queries(root: Path) -> None:
    """Queries whose top keeps changing and never hold 3 relevant memories: 8 hops, 'limit'."""
    store = store_with(root, [f"{w.capitalize()} is a word." for w in WORDS[:2]])
    planner = ScriptedPlanner([f"{WORDS[i % 2]} zzfiller{i}" for i in range(20)])
    answer = Reader(store, planner).ask("words?")
    assert answer.stop == "limit"
    assert len(answer.hops) == MAX_QUERIES == 8
    assert {h.ids[0] for h in answer.hops} == {h.memory.id for h in answer.hits}


def test_reader_stops_when_the_planner_has_nothing_more(root: Path) -> None:
    """A planner that returns None ends the read: stop 'exhausted', hops so far kept."""
    store = store_with(root, ["Alpha deploys fail on Fridays."])
    answer = Reader(store, ScriptedPlanner(["alpha"])).ask("alpha?")
    assert answer.stop == "exhausted" and len(answer.hops) == 1


def test_every_hop_records_query_ids_and_scores(root: Path) -> None:
    """The default planner refines the question from the hits; each hop keeps what it saw."""
    store = store_with(root, ["Alpha deploys need the golf hotel token.", "Bravo notes."])
    answer = Reader(store, FeedbackPlanner()).ask("How do alpha deploys work?")
    assert len(answer.hops) >= 2, answer.stop
    first, second = answer.hops[0], answer.hops[1]
    assert first.query == "How do alpha deploys work?"
    assert second.query.startswith(first.query) and second.query != first.query
    for hop in answer.hops:
        assert len(hop.ids) == len(hop.scores) and hop.ids
        assert hop.scores == sorted(hop.scores, reverse=True)


def test_later_hops_only_add_to_the_first_hops_ranking(root: Path) -> None:
    """Merged answer: the first hop's hits in their order, then what later hops added."""
    store = store_with(root, [f"{w.capitalize()} is a word." for w in WORDS[:3]])
    planner = ScriptedPlanner(["alpha", "charlie bravo"])
    answer = Reader(store, planner).ask("words?")
    ids = [h.memory.id for h in answer.hits]
    assert ids[0] == answer.hops[0].ids[0]
    assert ids[1:] == [i for i in answer.hops[1].ids if i != ids[0]]


def test_reader_without_touch_leaves_access_stats_alone(root: Path) -> None:
    """A benchmark's reader (touch=False) does not change what decay sees."""
    store = store_with(root, ["Alpha deploys fail on Fridays."])
    hit = Reader(store, touch=False).ask("alpha deploys").hits[0]
    assert store.access_stats(hit.memory.id) is None
    touched = Reader(store).ask("alpha deploys")
    stats = store.access_stats(hit.memory.id)
    assert stats is not None and stats[1] == len(touched.hops)  # each hop is a read


def test_pre_goal_synthesis_with_nothing_queued_makes_zero_retrievals(
    hooks: MemoryHooks,
) -> None:
    """Hook A with an empty queue: skipped before any read; no memory's access changes."""
    written = hooks.harvester.submit(semantic("Alpha deploys fail on Fridays."), trigger="manual")
    assert written.memory_id is not None
    for queue in (None, []):
        result = hooks.pre_goal_synthesis(queue=queue)
        assert result.skipped and result.reason == "nothing queued" and not result.ran
        assert result.reads.retrievals == 0 and result.tool_calls == {}
    assert hooks.store.access_stats(written.memory_id) is None  # type: ignore[attr-defined]


def test_pre_goal_synthesis_counts_retrievals_per_fire(hooks: MemoryHooks) -> None:
    """Each fire's result and log carry its own retrieval count: every hop of every ask."""
    hooks.harvester.submit(semantic("Alpha deploys fail on Fridays."), trigger="manual")
    hooks.harvester.submit(semantic("Bravo exports are UTF-8 CSV."), trigger="manual")
    queue = [{"id": "b1", "title": "alpha deploys"}, {"id": "b2", "title": "bravo exports"}]
    with structlog.testing.capture_logs() as logs:
        first = hooks.pre_goal_synthesis(queue=queue)
        second = hooks.pre_goal_synthesis(queue=queue[:1])
    assert first.ok and second.ok
    # three searches per bundle: its lessons, its run records, its lessons replaced or not
    assert first.tool_calls["search_memory"] == 6 and second.tool_calls["search_memory"] == 3
    assert first.reads.retrievals == len(first.reads.hops) >= 2
    assert 1 <= second.reads.retrievals < first.reads.retrievals
    events = [e for e in logs if e["event"] == "hook_run"]
    assert [e["retrievals"] for e in events] == [first.reads.retrievals, second.reads.retrievals]
    assert events[0]["reads"]["hops"][0]["query"] == "alpha deploys"  # the bundle's own words


def test_pre_goal_synthesis_stays_within_its_word_budget(hooks: MemoryHooks) -> None:
    """Many long memories and many bundles: the synthesis never passes its word budget."""
    from hooks.pre_goal_synthesis import WORD_BUDGET

    for i in range(12):
        text = f"Alpha note {WORDS[i % len(WORDS)]} {i}: " + " ".join(["deploy detail"] * 30)
        hooks.harvester.submit(semantic(text), trigger="manual")
    queue = [{"id": f"b{i}", "title": "alpha deploy detail"} for i in range(12)]
    result = hooks.pre_goal_synthesis(queue=queue)
    assert result.ok and result.synthesis is not None
    assert len(result.synthesis.split()) <= WORD_BUDGET
    assert result.synthesis.endswith("(word budget reached)")
    for line in result.synthesis.splitlines():
        if line.startswith("  - ["):
            assert line[5 : line.index("]")] in result.reads.returned  # no id, no claim


class ModelDouble:
    """Stands in for the host's language model (none runs here): replies from a script
    and keeps every prompt it was given."""

    def __init__(self, replies: Sequence[str]) -> None:
        self.replies = list(replies)
        self.prompts: list[str] = []

    def __call__(self, prompt: str) -> str:
        self.prompts.append(prompt)
        return self.replies[len(self.prompts) - 1]


def test_model_planner_refines_from_what_came_back(root: Path) -> None:
    """The model sees the question, each hop and the best hits; its first line is the next
    query, and DONE ends the read."""
    store = store_with(root, ["Alpha deploys need the golf token.", "Golf tokens expire hourly."])
    model = ModelDouble(['"How long do golf tokens last?"\nbecause the deploy needs one', "DONE"])
    answer = Reader(store, ModelPlanner(model)).ask("What do alpha deploys need?")
    assert [h.query for h in answer.hops] == [
        "What do alpha deploys need?",
        "How long do golf tokens last?",
    ]
    assert answer.stop in {"stable", "enough", "exhausted"}
    first = model.prompts[0]
    assert "Question: What do alpha deploys need?" in first
    assert answer.hops[0].ids[0] in first and "golf token" in first
    assert {h.memory.text for h in answer.hits} == {
        "Alpha deploys need the golf token.",
        "Golf tokens expire hourly.",
    }


def test_model_planner_done_stops_before_a_second_search(root: Path) -> None:
    """A model that says DONE after the first hop costs exactly one retrieval."""
    store = store_with(root, ["Alpha deploys need the golf token.", "Bravo notes."])
    model = ModelDouble(["DONE."])
    answer = Reader(store, ModelPlanner(model)).ask("alpha deploys")
    assert len(answer.hops) == 1 and answer.stop == "exhausted" and len(model.prompts) == 1


def test_search_filters_given_as_lists_work_and_are_cached(root: Path) -> None:
    """A host may pass lists in Filters; the store still filters (and caches) by them."""
    from agentmem import Filters

    store = store_with(root, ["Alpha deploys fail on Fridays.", "Alpha notes for later."])
    mine = Filters(app_ids=["_global"], types=["semantic"])  # type: ignore[arg-type]
    assert len(store.search("alpha", 5, mine, touch=False)) == 2
    none = Filters(app_ids=["billing-api"])  # type: ignore[arg-type]
    assert store.search("alpha", 5, none, touch=False) == []


def test_search_hops_explain_shows_each_hop_and_each_score(tmp_path: Path) -> None:
    """`agentmem search --hops --explain`: one line per hop, then hits with their makeup."""
    from click.testing import CliRunner

    from agentmem.cli import main

    runner = CliRunner()
    base = ["--root", str(tmp_path / "memory")]
    env = {"AGENTMEM_USER_ID": "tester"}
    for text in ("Alpha deploys need the golf token.", "Golf tokens expire hourly."):
        added = runner.invoke(
            main, [*base, "add", text, "--type", "semantic", "--confidence", "0.8"], env=env
        )
        assert added.exit_code == 0, added.output
    out = runner.invoke(main, [*base, "search", "alpha deploys", "--hops", "--explain"], env=env)
    assert out.exit_code == 0, out.output
    lines = out.output.splitlines()
    assert lines[0] == "hop 1: alpha deploys (1 hits)"
    assert any(line.strip().startswith("bm25=") and "× decay=" in line for line in lines)
