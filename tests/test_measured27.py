"""Two measures of one unit that each name what they measure ("3 days' notice", "2 days
off") are two rules of one subject: the later lesson replaces no held lesson of the other
period, and a new value of the same named period, or one told as a change, still does."""

from __future__ import annotations

import pytest

from agentmem.core.restate import replaces
from agentmem.core.verdict import Held, judge

APART = [
    (
        "Every courier needs at least two days off between two rosters, and a van trade may "
        "not cut that short.",
        "Van trades need only 3 days' notice before the first roster they touch, from 1 May.",
    ),
    (
        "Kilns need 40 minutes of cool-down after each firing.",
        "Kilns need a 20-minute warm-up before each firing.",
    ),
]

ANEW = [
    (
        "Loan requests need only 5 days' notice before pickup, from next month.",
        "Loan requests need 3 days' notice before pickup.",
    ),
    (
        "Loan requests must be made at least 5 days before pickup.",
        "Loan requests need 3 days' notice before pickup.",
    ),
    (
        "Kilns now need a 30-minute warm-up before each firing.",
        "Kilns need a 20-minute warm-up before each firing.",
    ),
    (
        "Loan requests now need a 5-day lead time.",
        "Loan requests need 3 days' notice.",
    ),
]


@pytest.mark.parametrize(("draft", "held"), APART)
def test_another_named_period_replaces_nothing(draft: str, held: str) -> None:
    """A rest period is no new notice period, though both are days of one subject."""
    assert not replaces(draft, held)
    assert judge(draft, [Held("m1", held, "semantic")], "semantic").replaces == []


@pytest.mark.parametrize(("draft", "held"), ANEW)
def test_same_period_or_told_change_still_replaces(draft: str, held: str) -> None:
    """The same named period anew, one that names nothing, or one told as a change replaces."""
    assert judge(draft, [Held("m1", held, "semantic")], "semantic").replaces == ["m1"]
