"""A timestamp or a UTC offset in a lesson is no clock time it sets."""

from __future__ import annotations

from agentmem.core.restate import replaces
from agentmem.core.statement import terms

RULE = (
    "Incident review: readings rejected by the dashboard — All sensor readings are serialised "
    "as RFC 3339 with the Europe/Oslo offset (+01:00 in winter, +02:00 in summer) via "
    "tele.clock.wire()."
)
RETOLD = (
    "Sensor readings must carry the Europe/Oslo UTC offset (RFC 3339, e.g. "
    "2027-01-10T06:15:00+01:00); the dashboard reads naive times as UTC."
)


def test_a_retold_rule_with_an_example_timestamp_replaces_nothing() -> None:
    """A run's lesson that retells a review's rule with an example timestamp gave "06:15"
    and "01:00" as clock times against the review's "+02:00": a new value, so it replaced
    the review's line, and the helper the line names left every pack."""
    assert not replaces(RETOLD, RULE)


def test_timestamps_read_as_dates_and_offsets_as_offsets() -> None:
    """The timestamp is its date; the offsets are their own kind, no time of day."""
    assert "time" not in terms(RETOLD).values
    assert terms(RETOLD).values["date"] == frozenset({"2027-01-10"})
    assert terms(RULE).values["offset"] == frozenset({"+01:00", "+02:00"})


def test_a_new_clock_time_still_replaces() -> None:
    """A job moved to another time of day is still a new value of the held rule."""
    held = "The sensor archive job runs every night at 02:00 and keeps 30 days."
    assert replaces("The sensor archive job now runs every night at 04:30 and keeps 30 days.", held)
    assert terms("The cutover is at 2027-01-10 06:15+01:00 sharp.").values.get("time") is None
