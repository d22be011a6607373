"""The five built-in hooks, one test (at least) named for each, and a check that it stays so."""

from __future__ import annotations

import re
from pathlib import Path

from agentmem import HookName, MemoryHooks, hookspecs

RUN = {
    "run_id": "2026-11-27-r1",
    "goal": "Add retries to the vendor client",
    "app_id": "billing-api",
}


def test_post_run_classify_writes_episode_and_supported_lessons(hooks: MemoryHooks) -> None:
    """One episodic record always; a lesson only when the verifiers it names passed; ≤ 3 writes."""
    run = {
        **RUN,
        "outcome": "success",
        "verifiers": [{"name": "tests", "passed": True}, {"name": "lint", "passed": False}],
        "lessons": [
            {"text": "The vendor API needs the X-Trace header.", "evidence": ["tests"]},
            {
                "text": "Run ruff --fix before committing.",
                "type": "procedural",
                "evidence": ["lint"],
            },
            {"text": "Retries need jitter.", "evidence": ["tests"]},
            {"text": "Use exponential backoff.", "evidence": ["tests"]},
        ],
    }
    result = hooks.post_run_classify(run=run)
    assert result.ok and result.ran
    assert len(result.writes.accepted) == 3
    memories = {m.id: m for m in hooks.store.list()}
    types = sorted(memories[i].type.value for i in result.writes.accepted)
    assert types == ["episodic", "semantic", "semantic"]
    episode = next(m for m in memories.values() if m.type.value == "episodic")
    assert episode.run_id == "2026-11-27-r1" and episode.outcome is not None
    assert "fail-lint" in episode.tags
    assert all("ruff" not in m.text for m in memories.values())  # lint failed: not supported


def test_post_retro_distill_turns_lessons_into_typed_drafts(
    hooks: MemoryHooks, tmp_path: Path
) -> None:
    (tmp_path / "retro.md").write_text(
        "# Retro\n## What happened\n- a timeline entry\n## Lessons learned\n- Vendor Z rate-limits at 10 rps.\n"
        "## How to\n- Run the smoke test before tagging.\n## Patterns\n- [reflective] Friday deploys fail more.\n"
    )
    result = hooks.post_retro_distill(retro={"path": "retro.md", "app_id": "billing-api"})
    assert result.ok, result
    written = {m.text: m for m in hooks.store.list()}
    assert {m.type.value for m in written.values()} == {"semantic", "procedural", "reflective"}
    assert all(m.source == "retro.md" for m in written.values())
    assert "a timeline entry" not in written


def test_post_retro_distill_outside_repo_is_refused(hooks: MemoryHooks) -> None:
    result = hooks.post_retro_distill(retro={"path": "../../etc/passwd"})
    assert (
        result.ok is False
        and result.error is not None
        and "outside the repository" in result.error.message
    )


def test_judgment_harvest_promotes_a_repeated_pattern(hooks: MemoryHooks) -> None:
    """A failure tag on ≥ 3 episodes from ≥ 2 runs becomes a reflective assessment citing them."""
    for day in (24, 25, 26):
        run = {
            **RUN,
            "run_id": f"2026-11-{day}-r",
            "outcome": "failure",
            "verifiers": [{"name": "lint", "passed": False}],
        }
        assert hooks.post_run_classify(run=run).ok
    result = hooks.judgment_harvest()
    assert result.ok and result.writes.accepted
    reflective = [m for m in hooks.store.list() if m.type.value == "reflective"]
    lint = next(m for m in reflective if "lint" in m.text)
    assert lint.kind.value == "assessment" and len(lint.cites) == 3
    again = hooks.judgment_harvest()  # the same pattern is not written a second time
    assert again.ok and not again.writes.accepted


def test_pre_spawn_pack_writes_claude_md_once(hooks: MemoryHooks, tmp_path: Path) -> None:
    hooks.harvester.submit(
        {"text": "Never push to main unless verifiers pass.", "type": "principle"},
        trigger="backfill",
    )
    worker = tmp_path / "worker"
    worker.mkdir()
    (worker / "CLAUDE.md").write_text("# Worker\nYour task is below.\n")
    for _ in range(2):
        result = hooks.pre_spawn_pack(
            goal={"title": "push the vendor client to main"}, worker_dir=worker
        )
        assert result.ok and result.pack is not None and result.pack.entries
    text = (worker / "CLAUDE.md").read_text()
    assert text.startswith("# Worker\nYour task is below.\n")
    assert text.count("agentmem:pack:begin") == 1


def test_pre_goal_synthesis_cites_memory_ids(hooks: MemoryHooks) -> None:
    memory = hooks.harvester.submit(
        {"text": "The vendor API needs the X-Trace header.", "type": "semantic", "confidence": 0.8},
        trigger="manual",
    )
    result = hooks.pre_goal_synthesis(queue=[{"id": "b1", "title": "vendor API client"}])
    assert result.ok and result.synthesis is not None
    assert f"[{memory.memory_id}]" in result.synthesis
    assert result.reads.retrievals >= 1


def test_every_hook_has_a_test_named_for_it() -> None:
    """datasette's rule: a hook without a test named for it fails here."""
    source = "\n".join(p.read_text() for p in Path(__file__).parent.glob("test_*.py"))
    missing = [h.value for h in HookName if not re.search(rf"def test_{h.value}\w*\(", source)]
    assert not missing


def test_every_hook_is_documented() -> None:
    """Each hookspec has a one-line docstring and appears in the README."""
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    for hook in HookName:
        spec = getattr(hookspecs, hook.value)
        assert spec.__doc__ and spec.__doc__.strip()
        assert hook.value in readme
