"""Hook E's follow-up of failures a later run asks about in their runs' own words.

A later run that asks why the failures happen, naming them in the words of the failed
runs' own accounts rather than their checks', is their follow-up, and the lesson it wrote
is its answer (`agentmem.harvest.followup`).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial

from agentmem import MemoryHooks
from tests.test_judgment_harvest import checked_run, clocked, patterns

__all__ = ["clocked"]  # the fixture: hooks whose clock reads a given day


ANSWER = (
    "Pen-written figures use a comma where the parser expects a point; the parser must "
    "take either separator."
)


_run = partial(checked_run, app_id="ledger", check="totals-check")


def test_a_run_asking_why_in_the_failed_runs_own_words_is_their_follow_up(
    clocked: Callable[[str], MemoryHooks],
) -> None:
    """Two runs fail a totals check that says only that amounts were not read; their own
    accounts say the invoices were handwritten. A later run asks why handwritten invoices
    lose their totals, and answers in a lesson that shares no word with the checks; the
    next run fixes it and restates the checks' words. The pattern quotes the run that asked
    and its answer, not the fix that only restates the failure."""
    for day in range(1, 9):
        _run(
            clocked(f"2031-04-{day:02d}"),
            f"2031-04-{day:02d}-q{day}",
            f"Book the supplier batch {day}",
            f"Batch {day} booked.",
        )
    for day, n in ((10, 4), (12, 6)):
        _run(
            clocked(f"2031-04-{day}"),
            f"2031-04-{day}-f{day}",
            f"Import the scanned bills of week {day}",
            "Handwritten invoices came through with empty totals.",
            detail=f"{n} of 30 seeded amounts not read: total blank",
        )
    _run(
        clocked("2031-04-13"),
        "2031-04-13-a13",
        "Find out why handwritten invoices lose their totals",
        "Traced to the totals parser.",
        lessons=(ANSWER,),
    )
    _run(
        clocked("2031-04-14"),
        "2031-04-14-x14",
        "Accept either separator in totals",
        "Parser updated; all 30 seeded amounts read again, none blank.",
    )
    hooks = clocked("2031-04-15")
    assert hooks.judgment_harvest().ok
    [pattern] = patterns(hooks, "ledger")
    assert "Followed up in 2031-04-13-a13" in pattern.text
    assert "take either separator" in pattern.text
