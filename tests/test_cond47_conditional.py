"""A procedure for a case (`agentmem.core.conditional`): "When X goes above Y, do Z (to V)"
tells what to do when a measure crosses a threshold; its numbers are the case's threshold
and target, no new standing value of a held setting, so it replaces no held lesson that
states one. The other way round: a real change told with "when" or "if" wording (the
draft says it changed, or its "when" names an event, no threshold) still replaces, and a
case told with a new threshold replaces the held lesson of that case."""

from __future__ import annotations

import time

import pytest

from agentmem.core.conditional import case_only, conditioned, in_case
from agentmem.core.held import Held, judge

LEARNER = (
    "The learner pool is kept warmer and more heavily chlorinated than the main pool: free"
    " chlorine 1.5–2.0 mg/l, combined chlorine no more than 0.5 mg/l, pH 7.2–7.4, water at"
    " 31 °C."
)


def replaced_lesson(draft: str, held: str, kind: str = "procedural") -> bool:
    """The judge, given the held text as one live lesson, replaces it with the draft."""
    lesson = Held("lesson-1", held, "semantic")
    return "lesson-1" in judge(draft, [lesson], kind).replaces


@pytest.mark.parametrize(
    ("draft", "held"),
    [
        (
            "When learner pool combined chlorine goes above 0.5 mg/l after busy sessions,"
            " superchlorinate overnight to 5 mg/l free chlorine; it will be back under 0.5 by"
            " opening.",
            LEARNER,
        ),
        (
            "When the ingest queue goes above 5000 jobs, start 2 more workers with batches of"
            " 500 jobs.",
            "The ingest queue runs 4 workers, each taking batches of 200 jobs.",
        ),
    ],
)
def test_a_procedure_for_a_case_replaces_no_standing_value(draft: str, held: str) -> None:
    """A threshold and a target of a case are no new value of the held setting."""
    assert in_case(draft, held)
    assert not replaced_lesson(draft, held)


def test_a_case_told_with_if_and_exceeds_replaces_nothing() -> None:
    draft = "If spa combined chlorine exceeds 0.3 mg/l, shock-dose the spa to 10 mg/l overnight."
    held = "The spa is dosed to free chlorine 3.0 mg/l, combined chlorine under 0.3 mg/l."
    assert case_only(draft)
    assert not replaced_lesson(draft, held)


@pytest.mark.parametrize(
    ("draft", "held"),
    [
        # a change said outright, its "when" an event
        (
            "From Monday, when the new pump is in, dose free chlorine in the main pool at"
            " 2.0 mg/l.",
            "Free chlorine in the main pool is dosed at 1.5 mg/l.",
        ),
        # a case told anew: the held lesson is of that case
        (
            "When the ingest queue exceeds 800 jobs, add one worker.",
            "When the ingest queue exceeds 500 jobs, add one worker.",
        ),
        # a standing value told anew, no case
        (
            "Free chlorine in the main pool is now dosed at 2.0 mg/l.",
            "Free chlorine in the main pool is dosed at 1.5 mg/l.",
        ),
    ],
)
def test_a_change_told_with_when_wording_still_replaces(draft: str, held: str) -> None:
    assert not in_case(draft, held)
    assert replaced_lesson(draft, held)


@pytest.mark.parametrize(
    ("sentence", "case"),
    [
        ("When the level drops below 20 %, close the inlet valve.", True),
        ("Add a worker if the queue is over 500 jobs.", True),
        ("Once the kiln reaches 1100 C, hold for 20 minutes.", True),
        ("When the new pump is in, dose at 2.0 mg/l.", False),
        ("Once a week, check that chlorine is above 1.0 mg/l.", False),
        ("Free chlorine should stay above 1.0 mg/l.", False),
        ("Superchlorinate overnight to 5 mg/l.", False),
    ],
)
def test_a_case_is_a_condition_on_a_threshold(sentence: str, case: bool) -> None:
    assert conditioned(sentence) is case


def test_a_draft_with_a_standing_value_beside_the_case_is_no_case_only() -> None:
    """A sentence of its own that states a value tells that value, whatever the case."""
    draft = (
        "Free chlorine is kept at 2.0 mg/l. When combined chlorine goes above 0.5 mg/l,"
        " superchlorinate overnight to 5 mg/l."
    )
    assert not case_only(draft)


def test_reading_a_hostile_draft_stays_linear() -> None:
    """Hostile input: an 8,000-character draft of openers and thresholds with no clause end
    costs no more than four quarter-length ones (compared in one run): each condition is
    read in a bounded window."""
    hostile = ("when if once whenever above 1 " * 300)[:8000]
    started = time.process_time()
    case_only.__wrapped__(hostile)
    whole = time.process_time() - started
    started = time.process_time()
    for part in range(4):
        case_only.__wrapped__(hostile[part * 2000 : (part + 1) * 2000])
    quarters = time.process_time() - started
    assert whole < 3 * quarters + 0.01
