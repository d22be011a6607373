"""An incident account's root cause is a fact to keep, and an action its author marks done
("… (done)") is a change made, like a ticked one; both come after the account's lessons."""

from __future__ import annotations

from agentmem.core.model import MemoryType
from agentmem.harvest.distill import distill
from agentmem.harvest.sectioned import lessons

ACCOUNT = """# INC-17: night batch printed no labels

## Impact
Labels for 300 parcels were missing at the morning shift.

## Root cause
The carrier moved its manifest upload: the file now arrives at 04:45 UTC. Our print job
still ran at 03:00 and printed an empty batch.

## Lessons
- A job that reads an external file fails when the file is missing.

## Actions
- Print job moved to 05:15 UTC, after the manifest. (done)
- Ask the carrier for an arrival notice.
- [x] Alert when a batch has no labels.
"""


def test_root_cause_and_actions_marked_done_are_read_after_the_lessons() -> None:
    """The root cause paragraph is a semantic lesson, and so are the done actions (the mark
    dropped), after the Lessons section's own; an action not marked done is no lesson."""
    assert [(lesson.type, lesson.text) for lesson in lessons(ACCOUNT)] == [
        (MemoryType.SEMANTIC, "A job that reads an external file fails when the file is missing."),
        (
            MemoryType.SEMANTIC,
            "The carrier moved its manifest upload: the file now arrives at 04:45 UTC. Our print "
            "job still ran at 03:00 and printed an empty batch.",
        ),
        (MemoryType.SEMANTIC, "Print job moved to 05:15 UTC, after the manifest."),
        (MemoryType.SEMANTIC, "Alert when a batch has no labels."),
    ]


def test_a_one_run_retro_keeps_its_lessons_first_under_its_cap() -> None:
    """The cap of a one-run retro takes the document's own lessons first: a root cause
    fills only what room is left."""
    found = distill(ACCOUNT, "retros/r.md", periodic=False, run_id="2026-03-02-run-7")
    assert found.drafts[0]["text"].startswith("A job that reads")
    assert len(found.drafts) == 3


def test_a_root_cause_that_only_diagnoses_or_takes_back_in_passing_is_no_lesson() -> None:
    """A root cause read as a lesson tells what is now otherwise, or opens by setting an
    earlier note right; a diagnosis alone, or one that calls an earlier note wrong in
    passing, is the incident's story."""

    def read(cause: str) -> list[str]:
        return [
            lesson.text for lesson in lessons(f"# INC-3: scale drift\n\n## Root cause\n{cause}\n")
        ]

    assert read("The scale firmware rounded grams down on every weighing.") == []
    assert read("The note blaming the belt was wrong. The scale firmware now rounds down.") == []
    assert read("Correction to the earlier belt advice: the scale drifts when cold.") == [
        "Correction to the earlier belt advice: the scale drifts when cold."
    ]
