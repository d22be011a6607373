"""Issue 13's stale goal: a state turned round (`agentmem.core.turned`). A draft giving the
opposite state of one a held lesson gives, of the same thing ("the kiosk printer is switched
off" after "the kiosk printer is on"), replaces the lesson; a state of another thing, a
state said under a condition, with "still" or "also", negated, or a text giving both states
per case leaves it."""

from __future__ import annotations

import time

import pytest

from agentmem.core import toldanew as told_rules
from agentmem.core.held import Held, judge
from agentmem.core.turned import turned

TURNED = [
    (
        "Overnight price sync is switched off since the vendor outage: stores key prices by hand.",
        "Overnight price sync is on for every store; a failed batch retries twice.",
    ),
    (
        "Service lane L3 is two-way again after the widening work; vans may leave by it.",
        "Lorries arrive by the main gate; service lane L3 is one-way (northbound) as it is narrow.",
    ),
]
# Turns told in few of the lesson's words: no other rule of the judge reads them.
TURNED_ALONE = [
    (
        "The staff lift is disabled after the inspection found a worn cable; deliveries use the "
        "ramp by the bins.",
        "Morning deliveries go up in the staff lift, which is enabled for trolleys before opening "
        "hours; keep the door clear.",
    ),
    (
        "Safety goggles in the potting shed are optional from this week, as the mixer is enclosed.",
        "Safety goggles in the potting shed are mandatory for anyone mixing compost; the first-aid "
        "box hangs by the door.",
    ),
    (
        "Chlorine dosing pump P-7 stays out of service until the new seals arrive.",
        "Keep chlorine dosing pump P-7 in service around the clock; it guards the reservoir.",
    ),
    (
        "Returned crates may be restacked again since the new racks are bolted to the wall.",
        "Returned crates must not be restacked: the old racks wobble under a full load; line them "
        "up on the floor by bay 2.",
    ),
    (
        "Invoice matching for the café is done by hand since the scanner broke.",
        "Invoice matching for the café is automatic through the OCR inbox.",
    ),
]

KEPT = [
    # a state of another component
    (
        "Dosing pump P-8 stays out of service until the new seals arrive.",
        "Keep dosing pump P-7 in service around the clock; it guards the reservoir.",
    ),
    # "still" restates the held state's thing, "also" adds one beside it
    (
        "Overnight price sync is still off in the south region.",
        "Overnight price sync is on for every store in the north region.",
    ),
    (
        "Overnight price sync is also switched off in the south region.",
        "Overnight price sync is on for every store in the north region.",
    ),
    # a condition, not a change
    (
        "The staff lift is disabled when the fire alarm sounds.",
        "The staff lift is enabled for deliveries before opening hours.",
    ),
    # negated: the held state holds
    (
        "The staff lift is not disabled, whatever the notice on the door says.",
        "The staff lift is enabled for deliveries before opening hours.",
    ),
    # the held lesson gives both states, per case
    (
        "The greenhouse vents are closed and the misting is switched off.",
        "Misting is switched on in the day and switched off at night.",
    ),
    # a may / must-not pair of two deeds
    (
        "Returned crates may be washed again with the new hoses.",
        "Returned crates must not be restacked: the old racks wobble under a full load.",
    ),
    # "on" as a preposition is no state
    (
        "The backup radio is off the shelf and in the van.",
        "The backup radio is on the shelf in the control room.",
    ),
]


@pytest.mark.parametrize(("draft", "held"), TURNED + TURNED_ALONE)
def test_a_state_turned_round_replaces_the_lesson(draft: str, held: str) -> None:
    """The opposite state of the held lesson's thing ends the lesson."""
    assert turned(draft, held)
    verdict = judge(draft, [Held("h1", held, "semantic")], "semantic")
    assert verdict.replaces == ["h1"]


@pytest.mark.parametrize(("draft", "held"), KEPT)
def test_a_near_miss_turns_nothing(draft: str, held: str) -> None:
    """Another thing's state, a condition, "still", "also", a negation, a lesson giving both
    states, another deed or a preposition: the rule reads no turn."""
    assert not turned(draft, held)


@pytest.mark.parametrize(("draft", "held"), TURNED_ALONE)
def test_the_turn_is_read_by_this_rule_alone(draft: str, held: str) -> None:
    """Told in few of the lesson's words, the turn is read by no other rule of the judge:
    without `turned` the lesson stays live."""
    rules = tuple(f for f in told_rules.TOLD_OTHERWISE if f is not turned)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(told_rules, "TOLD_OTHERWISE", rules)
        verdict = judge(draft, [Held("h1", held, "semantic")], "semantic")
    assert verdict.replaces == []


def test_a_long_text_of_many_states_is_read_in_linear_time() -> None:
    """Every state of a sentence is read from one reading of its words, and a sentence's
    hedges once: 160 KB texts of repeated states (one long sentence and many short ones)
    take well under a second of CPU (reading the words before each state anew took minutes;
    CPU time, so a loaded machine cannot fail it)."""
    one = "the pump is on and the valve is kept manual, " * 3600
    many = "Pump P1 is on. Valve V2 is manual. " * 4600
    for held in (one, many):
        draft = held.replace(" on", " off").replace("manual", "automatic")
        started = time.process_time()
        assert turned(draft, held)
        assert time.process_time() - started < 10
