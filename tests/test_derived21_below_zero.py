"""A value below zero is a value: a change that moves it retires the old one in hook E's text.

A cold room held its freezers at -18 degrees until a decision moved them to -22; a
pattern of failed door checks written after it quoted a run that said "held at -18.0
degrees": the minus sign and the decimal hid the value from the change, so the example
kept telling the retired setting.
"""

from __future__ import annotations

from collections.abc import Callable

from agentmem import MemoryHooks
from agentmem.core.counted import counts
from agentmem.harvest.present import elide
from agentmem.retrieval.lingering import retired_by
from tests.conftest import semantic
from tests.test_judgment_harvest import clocked, patterns

__all__ = ["clocked"]  # the fixture: hooks whose clock reads a given day

APP = "cold-room"
SET = "Freezer bays are held at -18 degrees with the fans on auto."
MOVED = "Freezer bays now target -22 degrees after the audit; fans stay on auto."


def test_a_level_below_zero_is_a_count_and_a_range_is_not() -> None:
    """ "-18 degrees" after a space is the value -18; "2-3 days" is a range, no -3; "18.0"
    and "18" are one value."""
    assert counts("bays are held at -18 degrees") == {"degre": {"-18"}}
    assert counts("bays are held at -18.0 degrees") == {"degre": {"-18"}}
    assert "day" not in counts("restock is 2-3 days")
    assert counts("the limit is 2,000 pallets") == {"pallet": {"2000"}}


def test_a_new_target_retires_the_old_level() -> None:
    """The replacement "now target -22 degrees" gives the value anew: -18 is retired."""
    change = retired_by(SET, MOVED, "2027-06-01")
    assert change is not None
    assert ("count degre", "-18") in change.retired


def test_eliding_a_value_takes_its_zero_decimals_too() -> None:
    """ "-18.0 degrees" without -18 leaves no ".0" behind."""
    assert elide("held at -18.0 degrees overnight", ["-18"]) == "held at … degrees overnight"


def _failure(hooks: MemoryHooks, run_id: str, summary: str) -> None:
    run = {
        "run_id": run_id,
        "goal": "Nightly door seal check",
        "outcome": "failure",
        "app_id": APP,
        "summary": summary,
        "verifiers": [
            {"name": "seal-check", "passed": False, "detail": "door 3 seal open 140 s (max 60 s)"}
        ],
    }
    assert hooks.post_run_classify(run=run).ok


def test_a_pattern_written_after_the_change_does_not_quote_the_old_level(
    clocked: Callable[[str], MemoryHooks],
) -> None:
    """Two failures under the old setting, then the change: the pattern keeps its cause
    and its example's run, and says no -18."""
    hooks = clocked("2027-05-01")
    old = hooks.harvester.submit(semantic(SET, app_id=APP), trigger="manual").memory_id
    assert old is not None
    _failure(clocked("2027-05-03"), "2027-05-03-s1", "Bays fine at -18.0 degrees but door 3 stuck.")
    _failure(clocked("2027-05-05"), "2027-05-05-s2", "Door 3 stuck open again after loading.")
    moved = semantic(MOVED, app_id=APP, supersedes=[old])
    assert clocked("2027-05-10").harvester.submit(moved, trigger="manual").memory_id
    assert clocked("2027-05-11").judgment_harvest().ok
    [pattern] = [p for p in patterns(clocked("2027-05-11"), APP) if not p.supersedes]
    assert "seal-check failed in 2 runs" in pattern.text
    assert "-18" not in pattern.text


def test_a_pattern_whose_level_still_holds_keeps_it(
    clocked: Callable[[str], MemoryHooks],
) -> None:
    """The same failures with no change recorded: -18 is still the setting, and the
    pattern's example says it as the run did."""
    hooks = clocked("2027-05-01")
    assert hooks.harvester.submit(semantic(SET, app_id=APP), trigger="manual").memory_id
    _failure(clocked("2027-05-03"), "2027-05-03-s1", "Bays fine at -18.0 degrees but door 3 stuck.")
    _failure(clocked("2027-05-05"), "2027-05-05-s2", "Door 3 stuck open again after loading.")
    assert clocked("2027-05-11").judgment_harvest().ok
    [pattern] = [p for p in patterns(clocked("2027-05-11"), APP) if not p.supersedes]
    assert "seal-check failed in 2 runs" in pattern.text
    assert "-18.0 degrees" in pattern.text
