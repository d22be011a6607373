"""The run that fixed a failure speaks for a pattern, not against it (`agentmem.harvest.across.fixes`,
`agentmem.harvest.followup`).

A pottery's glaze check failed on crawling glaze; the next day a run moved the drying racks
out of the draught and said so in the failure's own words ("the slip no longer dried too
fast"), and a week later the glaze crawled again under a new fan. The fix shares the
failures' cause words because it fixed that cause: it is no successful run against the
pattern, which hook E writes on its two runs. And when a later run went after the failures,
the fix's own lesson (the first success of the app after them, in their words) is the
follow-up the pattern quotes, before a later run on another side of the same ground.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from agentmem import MemoryHooks
from tests.test_judgment_harvest import checked_run, clocked, patterns

__all__ = ["clocked"]  # the fixture: hooks whose clock reads a given day

APP = "kiln"


_run = partial(checked_run, app_id=APP, check="glaze-check")


def _quiet(clocked: Callable[[str], MemoryHooks], days: tuple[int, ...]) -> None:
    for day in days:
        _run(
            clocked(f"2027-02-{day:02d}"),
            f"2027-02-{day:02d}-q{day}",
            "Fire the weekly earthenware load",
            f"Load {day} fired to cone 04 and unloaded whole.",
        )


def _crawls(clocked: Callable[[str], MemoryHooks]) -> None:
    """Two firings whose glaze crawled, nine days apart."""
    _run(
        clocked("2027-02-03"),
        "2027-02-03-f1",
        "Fire the stoneware mugs",
        "The slip dried too fast in the draught; the glaze crawled off the rims.",
        "crawling on 14 pieces: glaze lifted from the rim",
    )
    _run(
        clocked("2027-02-12"),
        "2027-02-12-f2",
        "Fire the stoneware bowls",
        "The slip dried too fast under the new fan; the glaze crawled off the rims.",
        "crawling on 9 pieces: glaze lifted from the rim",
    )


def test_the_fix_of_a_failure_does_not_speak_against_its_pattern(
    clocked: Callable[[str], MemoryHooks],
) -> None:
    _quiet(clocked, (1, 2, 5, 6))
    _run(
        clocked("2027-02-04"),
        "2027-02-04-s1",
        "Shield the drying racks",
        "Racks out of the draught: the slip no longer dried too fast on the rims.",
    )
    _crawls(clocked)
    assert clocked("2027-02-13").judgment_harvest().ok
    [pattern] = [p.text for p in patterns(clocked("2027-02-13"), APP)]
    assert (
        'glaze-check failed in 2 runs between 2027-02-03 and 2027-02-12 with "crawling' in pattern
    )


def test_a_success_that_is_no_fix_still_speaks_against_it(
    clocked: Callable[[str], MemoryHooks],
) -> None:
    """The same success before the first failure fixed nothing: it says the cause words and
    did not fail, so two runs make no pattern."""
    _quiet(clocked, (1, 5, 6))
    _run(
        clocked("2027-02-02"),
        "2027-02-02-s1",
        "Shield the drying racks",
        "Racks out of the draught: the slip no longer dried too fast on the rims.",
    )
    _crawls(clocked)
    assert clocked("2027-02-13").judgment_harvest().ok
    assert patterns(clocked("2027-02-13"), APP) == []


def _stall(hooks: MemoryHooks, run_id: str, degrees: int) -> None:
    run = {
        "run_id": run_id,
        "goal": "Fire the glaze load in K2",
        "outcome": "failure",
        "app_id": APP,
        "summary": "The K2 firing stopped short of peak.",
        "verifiers": [
            {
                "name": "firing-log",
                "passed": False,
                "detail": f"stalled at {degrees} C, thermocouple below the target; "
                "controller ramp aborted",
            }
        ],
    }
    assert hooks.post_run_classify(run=run).ok


def _stalls_and_fix(clocked: Callable[[str], MemoryHooks]) -> None:
    """Five clean bisque loads, two stalls a week apart, then the run that fixed them."""
    for day in (1, 2, 3, 4, 5):
        _run(
            clocked(f"2027-03-{day:02d}"),
            f"2027-03-{day:02d}-q{day}",
            "Fire the bisque load",
            f"Load {day} fired; the controller ramp ran to plan.",
        )
    _stall(clocked("2027-03-08"), "2027-03-08-k1", 1040)
    _stall(clocked("2027-03-15"), "2027-03-15-k2", 1065)
    _run(
        clocked("2027-03-16"),
        "2027-03-16-fix",
        "Replace the K2 probe",
        "New type-S thermocouple fitted in K2.",
        lessons=(
            "The controller ramp needs an intact thermocouple; swap the probe at the first drift.",
        ),
    )


def test_the_fix_is_the_follow_up_before_a_later_run_on_the_same_ground(
    clocked: Callable[[str], MemoryHooks],
) -> None:
    """The first success after the stalls wrote a lesson in their words (one of them rare:
    the thermocouple); a later run's lesson shares more rare words (the target, the
    stall) but came after the fix: the pattern quotes the fix."""
    _stalls_and_fix(clocked)
    _run(
        clocked("2027-03-18"),
        "2027-03-18-alarm",
        "Tune the K2 alarms",
        "K2 alarm set for a reading under the target, a warning before a stall.",
        lessons=(
            "Alarm when the reading sits 20 C under the target for ten minutes: it stalls next.",
        ),
    )
    assert clocked("2027-03-19").judgment_harvest().ok
    [pattern] = [p.text for p in patterns(clocked("2027-03-19"), APP)]
    assert "firing-log failed in 2 runs" in pattern
    assert "Followed up in 2027-03-16-fix" in pattern
    assert "swap the probe at the first drift" in pattern


def test_no_fix_is_made_a_follow_up_where_no_run_went_after_the_failures(
    clocked: Callable[[str], MemoryHooks],
) -> None:
    """Without a run that went after the stalls, the fix's one rare word does not make it
    the pattern's follow-up: the pattern quotes its example."""
    _stalls_and_fix(clocked)
    assert clocked("2027-03-19").judgment_harvest().ok
    [pattern] = [p.text for p in patterns(clocked("2027-03-19"), APP)]
    assert "Followed up" not in pattern
    assert "Example, 2027-03-" in pattern
