"""Hook E quotes the fix of a recurring failure when its run says so in its own account,
though its lesson tells the cause in other words (`agentmem.harvest.followup`).

A winery's blend check failed twice, a week apart, on a ratio off the recipe sheet; no run
set out after it in the failures' words, and the cause was found on the way: the next
successful blend run says in its summary that the ratio now matches the recipe sheet, and
its lesson says why (tank volumes read during a pump-over count the foam). The checks never
named the cause, so the pattern quotes that lesson: the fix, told by the run that made it.
Nor need its summary say it, when its lesson restates most of what the checks said. A
success that only shares the topic with the failures is no fix.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from agentmem import MemoryHooks
from tests.test_judgment_harvest import checked_run, clocked, patterns

__all__ = ["clocked"]  # the fixture: hooks whose clock reads a given day

APP = "cellar"
LESSON = (
    "Read tank volumes only after the foam settles: a reading taken during a pump-over "
    "counts the foam as wine."
)


_run = partial(checked_run, app_id=APP, check="blend-check")


def _history(
    clocked: Callable[[str], MemoryHooks],
    fix_summary: str,
    lesson: str = LESSON,
    quiet: str = "Lot {day} bottled and labelled.",
) -> None:
    """Quiet bottlings, two blends off the recipe sheet a week apart, then the next blend."""
    for day in (1, 2, 3, 5, 6):
        _run(
            clocked(f"2027-05-{day:02d}"),
            f"2027-05-{day:02d}-q{day}",
            "Bottle the weekly rosé",
            quiet.format(day=day),
        )
    for day, (got, want) in ((4, ("61.4", "60.0")), (11, ("57.9", "56.5"))):
        _run(
            clocked(f"2027-05-{day:02d}"),
            f"2027-05-{day:02d}-b{day}",
            f"Blend lot {day} of the house red",
            "The blend came out off; everything else in the cellar log looks right.",
            f"FAIL blend ratio {got} % != recipe sheet {want} % (tolerance 0.5 %)",
        )
    _run(
        clocked("2027-05-12"),
        "2027-05-12-fix",
        "Fix the tank volumes used for blending",
        fix_summary,
        lessons=(lesson,),
    )


def test_the_next_success_that_says_the_failures_words_is_their_fix(
    clocked: Callable[[str], MemoryHooks],
) -> None:
    """The fix's summary says the failures' rare words (the ratio, the recipe sheet): the
    pattern quotes its lesson, which names the cause no check did."""
    _history(clocked, "Volumes now read after settling; the ratio matches the recipe sheet.")
    assert clocked("2027-05-13").judgment_harvest().ok
    [pattern] = [p.text for p in patterns(clocked("2027-05-13"), APP)]
    assert "blend-check failed in 2 runs" in pattern
    assert "Followed up in 2027-05-12-fix" in pattern
    assert "counts the foam as wine" in pattern


def test_a_next_success_on_the_same_topic_is_no_fix(
    clocked: Callable[[str], MemoryHooks],
) -> None:
    """A next success that says none of what the checks said is not taken for their fix."""
    _history(clocked, "Volumes now read after settling; the cellar is ready for the harvest.")
    assert clocked("2027-05-13").judgment_harvest().ok
    [pattern] = [p.text for p in patterns(clocked("2027-05-13"), APP)]
    assert "blend-check failed in 2 runs" in pattern
    assert "Followed up" not in pattern


def test_the_next_success_whose_lesson_restates_the_failures_is_their_fix(
    clocked: Callable[[str], MemoryHooks],
) -> None:
    """The next blend's summary says one word of the failures (the recipe), but its lesson
    says most of what their checks said (the ratio, the tolerance, the recipe; the bottlings
    say the ratio and the tolerance too, so only the recipe is rare): that lesson is their
    fix."""
    _history(
        clocked,
        "Volumes now read after settling; the cellar is ready for the next recipe.",
        "The ratio drifts past the tolerance when tank volumes are read during a pump-over; "
        "read them after the foam settles, as the recipe says.",
        "Lot {day} bottled; fill within tolerance, sugar ratio as usual.",
    )
    assert clocked("2027-05-13").judgment_harvest().ok
    [pattern] = [p.text for p in patterns(clocked("2027-05-13"), APP)]
    assert "blend-check failed in 2 runs" in pattern
    assert "Followed up in 2027-05-12-fix" in pattern
    assert "during a pump-over" in pattern
