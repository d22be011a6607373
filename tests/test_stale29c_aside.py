"""A held subject with a bracketed second name (`agentmem.core.sameframe`): "the glaze
mixer (the GM-2 unit) stirs every 4 hours" is told anew by "the glaze unit stirs hourly",
whose subject words are the held clause's or its aside's, and by a dated record's label
before it ("Decision K-4 (review, 2030-04-01): …"). A subject word neither holds (another
team's mixer, the billing mixer), an undated period's label, or another thing after the
value is no new value of the held one.
"""

from __future__ import annotations

import pytest

from agentmem.core.sameframe import reframed
from agentmem.core.verdict import Held, judge

HELD = "The glaze mixer (the GM-2 unit) stirs every 4 hours and feeds the spray booth."


@pytest.mark.parametrize(
    "draft",
    [
        "The glaze unit stirs hourly; the booth keeps its own timer.",
        "Decision K-4 (kiln review, 2030-04-01): the glaze unit stirs hourly, on the hour, "
        "until the humid season ends.",
    ],
)
def test_the_subject_by_its_aside_with_a_new_cadence_replaces(draft: str) -> None:
    """The held subject named by its words and its aside's, or after a dated record's
    label, with another cadence: a new value of the held lesson."""
    assert reframed(draft, HELD)
    assert judge(draft, [Held("h1", HELD, "semantic")], "semantic").replaces == ["h1"]


@pytest.mark.parametrize(
    "draft",
    [
        "The billing unit stirs hourly.",  # a word neither the clause nor its aside holds
        "The glaze mixer of team B stirs hourly.",
        "During the humid season: the glaze unit stirs hourly.",  # a period, no date
        "The glaze unit stirs hourly for the test tiles.",  # another thing after the value
        "The glaze unit also stirs hourly.",
    ],
)
def test_another_subject_or_a_period_is_no_new_value(draft: str) -> None:
    """Another subject, an undated period's label, another thing the value is for, or one
    more cadence beside the held one: the held lesson stands."""
    assert not reframed(draft, HELD)
