"""Hook D reads a rule told by the day it took effect ("Since 3 May the kiln alarm fires at
…") where it had passed over it: an item of an incident report's "Actions" list, and a
sentence of a review's pasted message."""

from __future__ import annotations

from agentmem.core.model import MemoryType
from agentmem.harvest.distill import distill
from agentmem.harvest.onset import in_force_from
from agentmem.harvest.sectioned import lessons

REPORT = """# Incident report: kiln 2 overfired a glaze batch

## Timeline
- 3 May 09:10 - batch 41 comes out blistered.

## Root cause
The thermocouple drifted high after the element swap.

## Actions
- Add a second thermocouple to kiln 2.
- Since 5 May the kiln alarm fires at 1,180 °C, held for 10 minutes (glaze team request).
- Since Monday the spare controller has been on the shelf.
"""

REVIEW = """# Weekly studio review - week 19

## What went wrong
- Two batches blistered.

## Message from the clay supplier (pasted)

> The supplier rang about wet sacks. Starting with Friday's delivery the depot refuses any
> order under 20 sacks. From 3 May to 9 May the depot is shut.
"""


def test_an_actions_item_that_opens_on_the_day_a_rule_took_effect_is_a_fact() -> None:
    """Under a heading of plans, the item dated by its onset tells a rule in force and is
    read (led by the report's title); the to-do and the item told in the past stay out."""
    found = lessons(REPORT)
    assert [(lesson.type, lesson.text) for lesson in found] == [
        (
            MemoryType.SEMANTIC,
            "Incident report: kiln 2 overfired a glaze batch — Since 5 May the kiln alarm "
            "fires at 1,180 °C, held for 10 minutes (glaze team request).",
        )
    ]


def test_a_review_sentence_opening_on_its_onset_is_a_fact_of_its_own() -> None:
    """A periodic review with no lesson heading: the pasted sentence that opens on the day
    the rule starts is a lesson; a range of days and the sentence before it are not."""
    result = distill(REVIEW, "reviews/week-19.md", periodic=True)
    assert [lesson.text for lesson in result.found] == [
        "Starting with Friday's delivery the depot refuses any order under 20 sacks."
    ]


def test_only_an_opening_day_followed_by_a_state_is_an_onset() -> None:
    """A day range, a reason ("since the upgrade"), a "since" inside the sentence, a clause
    in the past or a hedge is no onset."""
    assert in_force_from("As of 12 March, refunds go to the finance desk.")
    assert in_force_from("From 2026-05-03 the export runs at 04:00.")
    assert not in_force_from("From 3 May to 9 May the lab is shut.")
    assert not in_force_from("Since the upgrade there were no misses.")
    assert not in_force_from("No misses since 3 May.")
    assert not in_force_from("Since 3 May the feed was down.")
    assert not in_force_from("From Friday we might move the job.")
