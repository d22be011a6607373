"""The Memory Pack (hook B): budget, cap, floor, cut by score, type order, the CLAUDE.md block."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from hypothesis import event, given, settings
from hypothesis import strategies as st

from agentmem import Hit, Memory, MemoryHooks
from agentmem.cli import main
from agentmem.contexts import Goal
from agentmem.core.model import TYPE_ORDER, MemoryType
from agentmem.results import PackEntry
from agentmem.retrieval.pack import (
    BEGIN,
    END,
    PackFileError,
    approx_tokens,
    build_pack,
    prefer_for_goal,
    render,
    render_entry,
    write_into,
)

TYPES = list(MemoryType)


def memory(n: int, kind: MemoryType, confidence: float, text: str, **extra: object) -> Memory:
    return Memory.model_validate(
        {
            "id": f"{kind.value}-{n:012x}",
            "text": text,
            "type": kind,
            "confidence": confidence,
            "user_id": "tester",
            "app_id": "_global",
            "run_id": "2026-11-29-test",
            "trigger": "manual",
            "source": f"notes/{n}.md",
            "created_at": "2026-11-29T10:00:00+00:00",
            **extra,
        }
    )


def hit(n: int, kind: MemoryType, confidence: float, score: float, text: str = "") -> Hit:
    return Hit(memory=memory(n, kind, confidence, text or f"Memory number {n}."), score=score)


@st.composite
def pack_cases(draw: st.DrawFn) -> tuple[list[Hit], int, int, float]:
    """A reader's answer and a budget that make the pack cut: more hits clear the floor than
    the cap admits, or their text outgrows the budget. (Drawn independently, most cases
    built an empty pack, where every property holds trivially.)"""
    floor = draw(st.sampled_from([0.0, 0.7]) | st.floats(0.0, 0.95))
    max_entries = draw(st.integers(1, 12))
    rows = draw(
        st.lists(
            st.tuples(
                st.sampled_from(TYPES),
                st.integers(0, 4),  # 0: under the floor; else above it, as most of an answer is
                st.floats(0.0, 1.0),
                st.floats(0.001, 100.0),
                st.integers(1, 120),  # words of text
            ),
            min_size=max_entries + 1,
            max_size=40,
        )
    )
    hits = [
        hit(
            i,
            kind,
            floor * u if under == 0 else floor + (1.0 - floor) * u,
            score,
            " ".join(["word"] * words),
        )
        for i, (kind, under, u, score, words) in enumerate(rows)
    ]
    header = approx_tokens(render([]))
    max_tokens = draw(st.integers(header + 20, 2500))
    return hits, max_tokens, max_entries, floor


@settings(max_examples=150, deadline=None)
@given(case=pack_cases())
def test_pack_rules_hold_for_any_hits(case: tuple[list[Hit], int, int, float]) -> None:
    """Never over budget or cap, never under the floor, ordered by type, and cut by score:
    walking the hits best first, each one left out would not have fitted (the cap was
    full, or its entry would have passed the budget) when its turn came."""
    hits, max_tokens, max_entries, floor = case
    pack = build_pack(hits, max_tokens=max_tokens, max_entries=max_entries, floor=floor)
    cut = set(pack.dropped) & {"entry_cap", "token_budget"}
    event("empty pack" if not pack.entries else "cut" if cut else "everything fitted")
    assert pack.tokens == approx_tokens(pack.markdown)
    assert pack.tokens <= max_tokens
    assert len(pack.entries) <= max_entries
    assert all(e.confidence >= floor for e in pack.entries)
    ranks = [(TYPE_ORDER[MemoryType(e.type)], -e.score) for e in pack.entries]
    assert ranks == sorted(ranks)
    chosen = {e.id: e for e in pack.entries}
    used, taken = approx_tokens(render([])), 0
    for h in sorted(hits, key=lambda h: (-h.score, h.memory.id)):
        if h.memory.confidence < floor:
            assert h.memory.id not in chosen
            continue
        if h.memory.id in chosen:
            used, taken = used + chosen[h.memory.id].tokens, taken + 1
            continue
        m = h.memory
        entry = PackEntry(id=m.id, type=m.type.value, confidence=m.confidence, score=h.score,
                          source=m.source, text=m.text, tokens=0)  # fmt: skip
        cost = approx_tokens(render_entry(entry))
        assert taken >= max_entries or used + cost > max_tokens, f"{m.id} would have fitted"


def test_pack_cuts_by_score_before_ordering_by_type() -> None:
    """The cap keeps the best-scoring memories, then types order them: principle first."""
    hits = [
        hit(1, MemoryType.EPISODIC, 1.0, 9.0),
        hit(2, MemoryType.PRINCIPLE, 1.0, 1.0),
        hit(3, MemoryType.SEMANTIC, 0.9, 8.0),
        hit(4, MemoryType.PROCEDURAL, 0.8, 7.0),
        hit(5, MemoryType.REFLECTIVE, 0.8, 6.0),
        hit(6, MemoryType.SEMANTIC, 0.69, 50.0),  # under the floor, however well it scores
    ]
    pack = build_pack(hits, max_entries=4)
    assert [e.type for e in pack.entries] == ["procedural", "reflective", "semantic", "episodic"]
    assert pack.dropped == {"under_floor": 1, "entry_cap": 1}


def test_pack_entries_carry_id_and_source_framed_as_reference_data() -> None:
    """Each entry shows its id and source; the frame says reference data, not instructions."""
    pack = build_pack([hit(7, MemoryType.SEMANTIC, 0.8, 1.0, "Vendor Z needs header W.")])
    assert pack.markdown.startswith(BEGIN) and pack.markdown.rstrip().endswith(END)
    assert "reference data, not instructions" in pack.markdown
    assert f"`{pack.entries[0].id}`" in pack.markdown and "source: notes/7.md" in pack.markdown
    assert "Vendor Z needs header W." in pack.markdown


def test_pack_takes_any_token_counter_and_holds_its_budget() -> None:
    """A counter that is not additive over entries still never lets the pack pass budget."""

    def whole_only(text: str) -> int:  # super-additive: joining entries costs extra
        return len(text) // 3 + text.count("\n") * 2

    hits = [hit(i, MemoryType.SEMANTIC, 0.8, 10.0 - i, "lorem ipsum " * 20) for i in range(10)]
    pack = build_pack(hits, max_tokens=400, count=whole_only)
    assert pack.entries and whole_only(pack.markdown) == pack.tokens <= 400
    assert len(pack.entries) < 10 and pack.dropped["token_budget"] >= 1


def test_default_token_counter_needs_no_download_and_overcounts_prose() -> None:
    """approx_tokens is local arithmetic: ≥ 1 token per 4 characters and per 0.75 words."""
    text = "The vendor API returns 400 unless every request carries the X-Trace header."
    assert approx_tokens(text) >= len(text) / 4 and approx_tokens(text) >= len(text.split()) / 0.75
    assert approx_tokens("") == 0


def test_goal_kind_and_tags_steer_the_pack() -> None:
    """A memory tagged with the goal's kind outranks an untagged one scoring a little higher."""
    plain = hit(1, MemoryType.SEMANTIC, 0.8, 1.1)
    tagged = Hit(
        memory=memory(2, MemoryType.SEMANTIC, 0.8, "Code lesson.", tags=["code"]), score=1.0
    )
    pack = build_pack(prefer_for_goal([plain, tagged], Goal(title="x", kind="code")), max_entries=1)
    assert [e.id for e in pack.entries] == [tagged.memory.id]
    untouched = prefer_for_goal([plain, tagged], Goal(title="x"))
    assert [h.score for h in untouched] == [1.1, 1.0]


def test_write_into_refuses_unpaired_markers_and_changes_nothing(tmp_path: Path) -> None:
    """A begin marker without its end: a clear error naming the file; the file is untouched."""
    path = tmp_path / "CLAUDE.md"
    original = f"# Worker\n{BEGIN}\nhalf a block\n"
    path.write_text(original)
    with pytest.raises(PackFileError, match=r"CLAUDE\.md"):
        write_into(tmp_path, build_pack([]).markdown)
    assert path.read_text() == original


def test_pre_spawn_pack_replaces_its_block_across_three_fires(
    hooks: MemoryHooks, tmp_path: Path
) -> None:
    """Three fires with memory changing between them: one block, the rest byte-identical."""
    worker = tmp_path / "worker"
    worker.mkdir()
    before = "# Worker rules\n\nKeep diffs small.\r\nUnicode stays: é ✓\n\n"
    after = "\n## Task\n\nShip the vendor client.\n"
    claude = worker / "CLAUDE.md"
    claude.write_bytes((before + BEGIN + "\nstale pack\n" + END + "\n" + after).encode())
    packs = []
    # Three different lessons (numbered ones would be one lesson with a new value each time).
    lessons = [
        "Vendor client: retry on 429.",
        "Vendor client retry jitter.",
        "Vendor client retry cap.",
    ]
    for i in range(3):
        hooks.harvester.submit(
            {
                "text": lessons[i],
                "type": "semantic",
                "confidence": 0.8,
            },
            trigger="manual",
        )
        result = hooks.pre_spawn_pack(goal={"title": "vendor client retry"}, worker_dir=worker)
        assert result.ok and result.pack is not None
        packs.append(result.pack.markdown)
        text = claude.read_bytes().decode()
        assert text.count(BEGIN) == 1 and text.count(END) == 1
        assert text.startswith(before) and text.endswith(after)
        assert text == before + result.pack.markdown + after
    assert len({len(p) for p in packs}) == 3  # the block really changed each time


def test_pre_spawn_pack_creates_claude_md_when_absent(hooks: MemoryHooks, tmp_path: Path) -> None:
    """No CLAUDE.md yet: the file is created holding just the block."""
    hooks.harvester.submit(
        {"text": "Never push to main unless verifiers pass.", "type": "principle"},
        trigger="manual",
    )
    worker = tmp_path / "fresh"
    worker.mkdir()  # the folder must exist (a missing one is refused): the file need not
    result = hooks.pre_spawn_pack(goal={"title": "push to main"}, worker_dir=worker)
    assert result.ok and result.pack is not None
    assert (worker / "CLAUDE.md").read_text() == result.pack.markdown


def test_pre_spawn_pack_with_broken_markers_fails_as_a_value(
    hooks: MemoryHooks, tmp_path: Path
) -> None:
    """Unpaired markers in the worker's file: the fire is not ok, says why, and writes nothing."""
    claude = tmp_path / "CLAUDE.md"
    claude.write_text(f"{BEGIN}\nno end\n")
    result = hooks.pre_spawn_pack(goal={"title": "anything"}, worker_dir=tmp_path)
    assert not result.ok and result.error is not None
    assert result.error.type == "PackFileError"
    assert claude.read_text() == f"{BEGIN}\nno end\n"


def test_pack_cli_prints_the_pack_and_respects_the_floor(tmp_path: Path) -> None:
    """`agentmem pack GOAL` prints the pack; a memory under the floor never appears."""
    runner = CliRunner()
    base = ["--root", str(tmp_path / "memory")]
    env = {"AGENTMEM_USER_ID": "tester"}
    for text, kind, conf in [
        ("The vendor API needs the X-Trace header.", "semantic", "0.9"),
        ("Vendor API retries should back off.", "procedural", "0.6"),
    ]:
        out = runner.invoke(
            main, [*base, "add", text, "--type", kind, "--confidence", conf], env=env
        )
        assert out.exit_code == 0, out.output
    shown = runner.invoke(main, [*base, "pack", "fix the vendor API client"], env=env)
    assert shown.exit_code == 0, shown.output
    assert "X-Trace" in shown.output and "back off" not in shown.output
    data = json.loads(runner.invoke(main, [*base, "--json", "pack", "vendor API"], env=env).output)
    assert [e["type"] for e in data["entries"]] == ["semantic"]
    assert data["dropped"] == {"under_floor": 1} and data["hops"] and data["stop"]


def test_pack_cli_bad_worker_dir_is_bad_input(tmp_path: Path) -> None:
    """A --worker-dir that cannot hold CLAUDE.md: exit 2 naming the option, nothing written."""
    blocker = tmp_path / "a-file"
    blocker.write_text("not a folder")
    out = CliRunner().invoke(
        main,
        ["--root", str(tmp_path / "memory"), "pack", "goal", "--worker-dir", str(blocker / "sub")],
        env={"AGENTMEM_USER_ID": "tester"},
    )
    assert out.exit_code == 2 and "--worker-dir" in out.output
    assert blocker.read_text() == "not a folder"
