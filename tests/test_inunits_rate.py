"""A rate told in another unit that comes to the held length of time restates the held
lesson ("twice a minute" of "30 s"); one that comes to another length is no restatement."""

from __future__ import annotations

import pytest

from agentmem.core.inunits import periods, rate_retold
from agentmem.core.verdict import Held, judge


@pytest.mark.parametrize(
    ("said", "seconds"),
    [
        ("the board refreshes twice a minute", {30.0}),
        ("polled 4 times an hour", {900.0}),
        ("synced three times per minute", {20.0}),
        ("runs once a day", {86400.0}),
        ("refreshes often", set()),
    ],
)
def test_periods_reads_a_rate_as_the_length_of_time_between_two(
    said: str, seconds: set[float]
) -> None:
    """A count in a unit of time is read as its period, in seconds."""
    assert periods(said) == seconds


HELD_TTL = "The departures board caches each gate's status for 30 s (BOARD_TTL=30)."


def test_a_rate_that_comes_to_the_held_length_of_time_restates_it() -> None:
    """Twice a minute is the held 30 s told otherwise: a restatement, not a new value."""
    draft = "The departures board now refreshes each gate twice a minute at peak."
    assert rate_retold(HELD_TTL, draft)
    verdict = judge(draft, [Held("ttl", HELD_TTL, "semantic")], "semantic")
    assert verdict.replaces == []
    assert verdict.restates == "ttl"


def test_a_rate_that_comes_to_another_length_of_time_is_no_restatement() -> None:
    """Four times a minute (15 s) is not the held 30 s."""
    assert not rate_retold(
        HELD_TTL, "The departures board now refreshes each gate 4 times a minute."
    )
