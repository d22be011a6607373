"""Hook D reads a paragraph labelled a correction under any heading ("**Erratum.** Our
03-14 lesson, which put … down to …, was wrong and is withdrawn"), without its label, so the
retraction opens the text and the writer withdraws what it names. It yielded nothing
before: the label is no "Retracted:", and a heading such as "What hurt" is of no lesson
kind. An unlabelled paragraph under such a heading stays out (the story of a change)."""

from __future__ import annotations

from pathlib import Path

from agentmem import MemoryHooks
from agentmem.harvest.sectioned import lessons

REVIEW = """# Drift in the tank readings

## What hurt
Two weeks of chasing the wrong probe.

**Erratum.** Our 03-14 lesson, which put the tank drift down to a fouled probe, was wrong and
is withdrawn. The logger clock ran slow.

**Correction:** The pallet scale was never out of calibration; the pallets were wet.

Corrected. The choir rota lesson about late starts was wrong and is withdrawn.
"""


def test_a_paragraph_labelled_a_correction_is_read_without_its_label() -> None:
    """Each labelled paragraph, however the label is punctuated, is a lesson that opens
    with what it withdraws; the plain paragraph is none."""
    texts = [lesson.text for lesson in lessons(REVIEW)]
    assert [t.split()[:2] for t in texts] == [
        ["Our", "03-14"],
        ["The", "pallet"],
        ["The", "choir"],
    ]
    assert not any("Correct" in t for t in texts)


HELD = (
    "Greenhouse seed trays flood because the drip valves wear out; swap the valves every two weeks."
)
NOTE = """# Greenhouse review

## What hurt
**Erratum.** Our 03-14 lesson, which put the flooded seed trays down to valve wear, was
wrong and is withdrawn: the trays flooded because the bench drain was blocked.
"""


def test_a_correction_of_a_review_withdraws_the_lesson_of_its_day(
    hooks: MemoryHooks, tmp_path: Path
) -> None:
    """Fired through hook D, the correction is written and supersedes the lesson written
    on the day it names."""
    held = hooks.harvester.submit(
        {
            "text": HELD,
            "type": "procedural",
            "confidence": 0.8,
            "app_id": "greenhouse",
            "run_id": "2027-03-14-run-001",
        },
        trigger="manual",
    )
    path = tmp_path / "retros" / "greenhouse.md"
    path.parent.mkdir(parents=True)
    path.write_text(NOTE)
    result = hooks.post_retro_distill(
        retro={"path": "retros/greenhouse.md", "app_id": "greenhouse"}
    )
    assert result.ok
    written = [hooks.store.get(memory_id) for memory_id in result.writes.accepted]
    assert any(held.memory_id in memory.supersedes for memory in written)
