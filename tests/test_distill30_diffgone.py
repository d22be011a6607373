"""An annotated diff's "- " lines retire the held lessons that told the removed step
(`agentmem.harvest.diffgone`), and nothing of them is written."""

from __future__ import annotations

from pathlib import Path

from agentmem import MemoryHooks
from agentmem.core.model import Memory
from agentmem.harvest.diffgone import removed_before, retired, retires

BARGE = (
    "Our barge on the Rivco contract is MV Birch, 40 t a trip; book it in Rivco's portal at "
    "least two days ahead."
)
# Told by a run before the retro: the new barge, for a season; the writer judges the retro's
# added line against this one, and the old barge's lesson stayed live beside it.
SPRING = (
    "Barge for the spring runs: MV Larch, 60 t a trip, booked in Rivco's portal two days "
    "ahead; the skipper confirms the loading slot the evening before."
)
PUMP = "When the bilge pump stalls, restart the pump from the wheelhouse panel."
DIFF = """# Runbook diff: river freight

## Barge
- book MV Birch (40 t a trip)
+ book MV Larch (60 t a trip); plan cargo in multiples of 60 t
    why: the old barge is laid up for the season and Rivco put the Larch on our contract

## Bilge pump
- restart the pump from the wheelhouse panel
+ read the pump's fault log before any restart from the panel
    why: a restart hid a clogged intake twice
"""


def test_the_removed_lines_before_each_added_line() -> None:
    """Each "+ " line is paired with the "- " lines of its section since the last one."""
    assert removed_before(DIFF) == [
        ["book MV Birch (40 t a trip)"],
        ["restart the pump from the wheelhouse panel"],
    ]


def test_a_removed_step_retires_the_lesson_that_names_it_only_when_it_changed() -> None:
    """A held lesson saying the removed line's names and numbers is retired when the added
    line drops them; a step whose thing the added line names again retires nothing."""
    assert retires("book MV Birch (40 t a trip)", "book MV Larch (60 t a trip)", BARGE)
    assert not retires(
        "restart the pump from the wheelhouse panel",
        "read the pump's fault log before any restart from the panel",
        PUMP,
    )
    assert not retires("book MV Birch (40 t a trip)", "book MV Larch (60 t a trip)", PUMP)


def _memory(memory_id: str, text: str) -> Memory:
    return Memory.model_validate(
        {
            "id": memory_id,
            "type": "semantic",
            "text": text,
            "confidence": 0.8,
            "user_id": "u",
            "app_id": "river",
            "run_id": "2026-03-01-run-001",
            "trigger": "manual",
            "created_at": "2026-03-01T12:00:00+00:00",
        }
    )


def test_retired_names_by_added_line_the_lessons_its_removed_lines_told() -> None:
    """Whatever the search finds, only the lesson telling the removed barge is retired, and
    by the barge line's lesson (the first added line)."""
    found = [_memory("semantic-aaaaaaaaaaaa", BARGE), _memory("semantic-bbbbbbbbbbbb", PUMP)]
    added = ["Barge: book MV Larch (60 t a trip).", "Bilge pump: read the pump's fault log."]
    assert retired(DIFF, added, lambda text: found) == {0: ["semantic-aaaaaaaaaaaa"]}


def test_through_the_hook_the_old_barge_leaves_and_its_words_are_not_written(
    hooks: MemoryHooks, tmp_path: Path
) -> None:
    """The lesson naming the old barge is superseded by the added line's lesson; no stored
    text of the retro says the old barge, and the pump lesson stands."""
    for text in (BARGE, SPRING, PUMP):
        draft = {"text": text, "type": "semantic", "confidence": 0.8, "app_id": "river"}
        assert hooks.harvester.submit(draft, trigger="manual").memory_id
    held = {m.text: m.id for m in hooks.store.list()}
    path = tmp_path / "retros" / "2026-03-04-river.md"
    path.parent.mkdir(parents=True)
    path.write_text(DIFF, encoding="utf-8")
    result = hooks.post_retro_distill(retro={"path": str(path), "app_id": "river"})
    assert result.ok
    written = [hooks.store.get(i) for i in result.writes.accepted]
    assert any(held[BARGE] in m.supersedes for m in written)
    assert not any(held[PUMP] in m.supersedes for m in written)
    assert not any("Birch" in m.text for m in written)
