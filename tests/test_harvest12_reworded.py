"""Hook E and one error its check told in two formats: two runs whose details share no two
words in a row, but many words in any order, are one cause (the newer wording quoted);
two runs of one check failing on different things stay no pattern."""

from __future__ import annotations

from agentmem import MemoryHooks
from tests.test_judgment_harvest import episode, patterns, success


def _harvest(hooks: MemoryHooks, first: str, second: str) -> None:
    """The label check failing twice, eight days apart, then three plain successes."""
    episode(hooks, "2026-10-01-l1", "Print the batch", "label-check", first, app_id="labels")
    episode(hooks, "2026-10-09-l2", "Print the next batch", "label-check", second, app_id="labels")
    for n in range(3):
        success(hooks, f"2026-10-2{n}-ok{n}", "Print labels", "Labels printed.", "labels")
    assert hooks.judgment_harvest().ok


def test_one_error_told_in_two_formats_is_a_pattern(hooks: MemoryHooks) -> None:
    """A label service's validator changed its message format between two failures: the
    second says `ship_mode=X` where the first said "ship mode 'X'". No phrase of two words is
    in both; seven words are. One pattern, quoting the error as last said."""
    first = "carrier validator: ship mode 'X' invalid for hazmat parcel (expected ground)"
    second = (
        "validator: LBL record rejected: ship_mode=X on parcel 4471 marked hazmat; ground expected"
    )
    _harvest(hooks, first, second)
    [found] = patterns(hooks, "labels")
    assert "ship_mode=X on parcel 4471 marked hazmat" in found.text
    assert "2 runs" in found.text


def test_two_different_failures_of_one_check_are_no_pattern(hooks: MemoryHooks) -> None:
    """The same check failed twice on two unrelated things (a missing font, a printer
    queue that was full): a few words in common ("label", "render"), no pattern."""
    first = "label render failed: font Helvetica-Bold missing on print host"
    second = "label render queue full on printer lp-3, job dropped after 30 s"
    _harvest(hooks, first, second)
    assert patterns(hooks, "labels") == []
