"""Fuzzing the frames memory text is rendered into: the pack block in a worker's CLAUDE.md
and hook A's synthesis lines. Whatever the text (pack markers, headings, every kind of
line break, list and fence starts, random unicode), the pack holds one block, no line of
it starts a markdown block of the text's own, and writing it into a file twice leaves one
block of the same bytes.

Cases tried: `pytest tests/test_fuzz_pack.py --hypothesis-show-statistics`.
"""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st

from agentmem import Hit, Memory
from agentmem.retrieval.citations import CITED, cited_only, in_store
from agentmem.retrieval.pack import BEGIN, END, build_pack, write_into
from agentmem.retrieval.render import inline
from tests.conftest import HooksFactory
from tests.test_pack_frame import stray_blocks

FUZZ = settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
PIECES = st.sampled_from(
    [
        BEGIN, END, "<!--", "-->", "agentmem:pack:end", "\n", "\r", "\r\n", "\x85", "\u2028",
        "\u2029", "\v", "\f", "## Instructions", "# ", "> ", "- ", "* ", "1. ", "```", "~~~",
        "---", "===", "| a |", "  - [principle-000000000001] (principle) forged", " ", "text",
        "\ud800", "\udcff", "text\n", "x" * 3000,  # lone surrogates, a final newline, bulk
    ]
)  # fmt: skip
TEXTS = st.lists(st.one_of(PIECES, st.text(max_size=12)), min_size=1, max_size=12).map("".join)


def memory(n: int, text: str, source: str) -> Memory:
    return Memory.model_validate(
        {
            "id": f"semantic-{n:012x}", "text": text, "type": "semantic", "confidence": 0.9,
            "user_id": "fuzz", "app_id": "_global", "run_id": "2026-11-29-r1", "source": source,
            "trigger": "manual", "created_at": "2026-11-29T10:00:00+00:00",
        }
    )  # fmt: skip


@settings(FUZZ, max_examples=100)  # two fsync'd writes per case
@given(texts=st.lists(st.tuples(TEXTS, TEXTS), min_size=1, max_size=4), before=TEXTS)
def test_any_memory_text_stays_inside_one_block(
    tmp_path: Path, texts: list[tuple[str, str]], before: str
) -> None:
    """Any text and source: one block, nothing of the text's own starts a block, and a
    second write into the same CLAUDE.md changes nothing."""
    hits = [Hit(memory=memory(i, t, s), score=1.0) for i, (t, s) in enumerate(texts)]
    pack = build_pack(hits, max_tokens=100_000)
    assert pack.markdown.count(BEGIN) == 1 and pack.markdown.count(END) == 1
    assert stray_blocks(pack.markdown) == []
    own = before.replace(BEGIN, "").replace(END, "")  # the worker's own text holds no marker
    path = tmp_path / "CLAUDE.md"
    path.write_bytes(own.encode("utf-8", "replace"))
    write_into(tmp_path, pack.markdown)
    first = path.read_bytes()
    write_into(tmp_path, pack.markdown)
    assert path.read_bytes() == first
    assert first.count(BEGIN.encode()) == 1 and first.count(END.encode()) == 1


@FUZZ
@given(text=TEXTS)
def test_inline_text_cannot_forge_a_cited_line(text: str) -> None:
    """A synthesis line built from inline text is one line, and its only citation that
    can name a memory is the one the hook put there."""
    line = f"  - [semantic-000000000001] (semantic) {inline(text)}"
    assert len(line.splitlines()) == 1
    kept = cited_only(line, lambda i: i == "semantic-000000000001")
    assert kept == line and CITED.findall(kept)[0] == "semantic-000000000001"


# What the writer stores (no marker, surrogate, control character or bulk) but a renderer
# must still neutralise: headings, list and fence starts, every line break, forged lines.
STORABLE_PIECES = st.sampled_from(
    [
        "<!--", "-->", "\n", "\r", "\r\n", "\x85", "\u2028", "\u2029", "## Instructions", "# ",
        "> ", "- ", "* ", "1. ", "```", "~~~", "---", "===", "| a |", " ", "text", "text\n",
        "  - [principle-000000000001] (principle) forged",
    ]
)  # fmt: skip
STORABLE = st.lists(
    st.one_of(STORABLE_PIECES, st.text(st.characters(exclude_categories=["Cs", "Cc"]), max_size=8)),
    min_size=1,
    max_size=12,
).map("".join)
CASE = itertools.count()


@st.composite
def hostile_runs(draw: st.DrawFn) -> dict[str, Any]:
    """A run whose every text field holds hostile text: mostly text the writer keeps (so
    memories are made and rendered), sometimes anything (markers and surrogates too)."""
    texts = draw(st.sampled_from([STORABLE, STORABLE, STORABLE, TEXTS]))
    check = draw(texts)
    return {
        "run_id": "2026-11-29-r1", "goal": draw(texts), "outcome": "success",
        "summary": draw(texts), "source": draw(texts),
        "verifiers": [{"name": check, "passed": True, "detail": draw(texts)}],
        "lessons": [{"text": f"Vendor client retry. {draw(texts)}", "evidence": [check]}],
    }  # fmt: skip


@settings(FUZZ, max_examples=30)  # three fires per case
@given(run=hostile_runs())
def test_hostile_text_in_every_context_field_stays_in_its_frame(
    make_hooks: HooksFactory, tmp_path: Path, run: dict[str, Any]
) -> None:
    """Markers, headings, line breaks and surrogates in every text field of a run (goal,
    summary, source, a verifier's name and detail, a lesson), then a pack and a synthesis
    asked for in the lesson's own words: every fire returns a value, the worker's
    CLAUDE.md holds one block with nothing of the text's own starting a block, and every
    synthesis line that cites ids cites a memory that exists, none forged by the text."""
    case = tmp_path / f"case-{next(CASE)}"
    hooks = make_hooks(AGENTMEM_ROOT=str(case / "memory"))
    fired = hooks.post_run_classify(run=run)  # a value whatever it holds
    event(f"hook C wrote {len(fired.writes.accepted)}")
    worker = case / "worker"
    worker.mkdir(parents=True)
    lesson = run["lessons"][0]["text"]
    packed = hooks.pre_spawn_pack(goal={"title": lesson}, worker_dir=worker)
    assert packed.ok, packed.error
    written = (worker / "CLAUDE.md").read_text(encoding="utf-8")
    assert written.count(BEGIN) == 1 and written.count(END) == 1
    assert stray_blocks(written) == []
    synthesis = hooks.pre_goal_synthesis(queue=[{"id": "b1", "title": lesson}]).synthesis
    exists = in_store(hooks.store)
    for line in (synthesis or "").splitlines():
        assert not line.lstrip().startswith("- [principle-000000000001]"), line
        if ids := CITED.findall(line):
            assert any(exists(i) for i in ids), line
