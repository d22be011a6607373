"""A step an annotated diff removes with nothing put in its place ("- " with no "+ " after
it in its section, or alone in a section with a note saying why) retires the held lesson
that told it, and is never written (`agentmem.harvest.diffgone`, `agentmem.harvest.rundiff`)."""

from __future__ import annotations

from pathlib import Path

from agentmem import MemoryHooks
from agentmem.harvest.diffgone import removed_before
from agentmem.harvest.rundiff import diff_lessons

LOCK = "Before the weir, call the lock keeper on VHF 14 and wait for the green light."
GLARE = "Tram stop cameras run at sensitivity 40% on platform P3 for the evening glare."
PUMP = "When the bilge pump stalls, restart the pump from the wheelhouse panel."
DIFF = """# Runbook diff: river freight

## Barge
- book MV Birch (40 t a trip)
+ book MV Larch (60 t a trip)
    why: the old barge is laid up for the season
- call the lock keeper on VHF 14 before the weir
    why: the weir gate opens on its own since the refit

## Cameras
- P3 sensitivity 40% for the evening glare
    why: dust on the lens was the cause, not the glare

## Crew
- Ana Ruiz
- Tom Berg
"""


def test_a_lone_removed_line_goes_with_a_near_added_line() -> None:
    """The trailing "- " line goes with its section's last "+ " line, the one alone in a
    section with a note with the "+ " line before it; a plain bullet list goes nowhere."""
    assert removed_before(DIFF) == [
        [
            "book MV Birch (40 t a trip)",
            "call the lock keeper on VHF 14 before the weir",
            "P3 sensitivity 40% for the evening glare",
        ]
    ]


def test_a_step_removed_alone_is_not_read_as_a_bullet() -> None:
    """The removed camera step and its note are taken out of the document; the crew list,
    with no note, stays an ordinary list."""
    found, rest = diff_lessons(DIFF)
    assert [lesson.text for lesson in found] == [
        "Barge: book MV Larch (60 t a trip). Why: the old barge is laid up for the season."
    ]
    assert "sensitivity" not in rest
    assert "dust on the lens" not in rest
    assert "- Ana Ruiz" in rest


def test_through_the_hook_the_removed_steps_leave_and_the_rest_stands(
    hooks: MemoryHooks, tmp_path: Path
) -> None:
    """The lessons telling the two steps removed with nothing in their place are
    superseded, the pump lesson stands, and no stored text says the removed steps."""
    for text in (LOCK, GLARE, PUMP):
        draft = {"text": text, "type": "semantic", "confidence": 0.8, "app_id": "river"}
        assert hooks.harvester.submit(draft, trigger="manual").memory_id
    held = {m.text: m.id for m in hooks.store.list()}
    path = tmp_path / "retros" / "2026-03-04-river.md"
    path.parent.mkdir(parents=True)
    path.write_text(DIFF, encoding="utf-8")
    result = hooks.post_retro_distill(retro={"path": str(path), "app_id": "river"})
    assert result.ok
    written = [hooks.store.get(i) for i in result.writes.accepted]
    retired = {old for m in written for old in m.supersedes}
    assert held[LOCK] in retired
    assert held[GLARE] in retired
    assert held[PUMP] not in retired
    assert not any("VHF" in m.text or "glare" in m.text for m in written)
