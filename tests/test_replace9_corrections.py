"""A review's "Correction" section is read: what it sets right replaces what an earlier run
or note said (a weekly review's correction of a sign-off threshold yielded no lesson, so
the old threshold stayed in every pack)."""

from __future__ import annotations

from agentmem.core.model import MemoryType
from agentmem.core.restate import replaces
from agentmem.harvest.sectioned import lessons
from agentmem.harvest.sections import section_type

REVIEW = """# Fleet review, week 12

| team | deploys | failed |
|---|---|---|
| web | 9 | 1 |

## Correction
The rollback rule we wrote down on Monday is out of date. SRE tightened it on 3 March:
**any deploy that raises the p99 latency by more than 20% is rolled back by the canary bot.**
The bot and its alerts stay as they are; only the bar changed.

## Actions
- [ ] web: add the latency panel (owner: Ida)
"""

LISTED = """# Ops review, week 30

## Recurring
- Cache warmers time out on cold starts again.

## Corrections
- Correction: the Lisbon depot's loading window is 45 minutes, not 30. The other depots stay at 30 minutes.
"""


def test_a_correction_heading_gives_facts() -> None:
    assert section_type("Correction") == MemoryType.SEMANTIC
    assert section_type("Corrections to earlier notes") == MemoryType.SEMANTIC
    assert section_type("Errata") == MemoryType.SEMANTIC


def test_a_reviews_correction_prose_is_a_lesson_that_replaces_the_old_rule() -> None:
    found = [lesson.text for lesson in lessons(REVIEW)]
    correction = [text for text in found if "20%" in text]
    assert len(correction) == 1
    held = "A deploy that raises p99 latency by more than 35% is rolled back by the canary bot."
    assert replaces(correction[0], held)


def test_a_correction_bullet_is_a_lesson() -> None:
    found = [lesson.text for lesson in lessons(LISTED)]
    assert any(text.startswith("Correction: the Lisbon depot") for text in found)


def test_a_correction_of_one_thing_is_not_of_another_that_names_the_same_places() -> None:
    """The cue points at "the Lisbon depot's loading window": a held rule on depot
    handovers names the same depots but none of those words, so it stays."""
    correction = (
        "Correction: Lisbon's loading window is 45 minutes, not 30. The new dock at the LIS "
        "depot slows loading since 03-02. OPO, FAO and BRG stay at 30 minutes. The planner "
        "needs a per-depot window."
    )
    assert not replaces(
        correction, "Every depot handover needs a signed manifest, not only OPO to LIS."
    )
    assert replaces(
        correction,
        "The loading window is 30 minutes at every depot (OPO, LIS, FAO, BRG); trucks that "
        "miss it wait for the next slot.",
    )
