"""A change announced for a time to come is a change cue (`agentmem.core.announced`)."""

from __future__ import annotations

from agentmem.core.cues import CHANGE
from agentmem.core.restate import replaces

HELD = (
    "The bulletin to every club member goes out each Thursday at 17:00 and lists the events"
    " of the next 14 days."
)


def test_from_next_week_replaces_the_value_it_changes() -> None:
    """'from next week …' with a new day and time replaces the held send time, though it
    says no 'now' or 'moved' (before: judged another thing's value, both stayed)."""
    draft = "from next week the member bulletin sends Fridays 07:30, I'll move the job today"
    assert replaces(draft, HELD)


def test_starting_with_a_release_is_a_change_word() -> None:
    """'starting with release 7', 'as of 4.2', 'beginning Monday', 'from June 3' announce."""
    for text in (
        "starting with release 7 the exporter writes Parquet",
        "as of 4.2 the ferry app shows the pier",
        "beginning Monday the desk closes at 18:00",
        "from June 3 the shuttle leaves from gate B",
    ):
        assert CHANGE.search(text), text


def test_a_range_or_a_thing_of_that_time_is_no_announcement() -> None:
    """A range ('from Monday to Friday') or a thing of that time ('from Monday's batch')
    says no change, and neither does a size ('from 1.5 GB')."""
    for text in (
        "the desk is staffed from Monday to Friday",
        "changes are frozen from Friday 18:00 UTC until Monday",
        "the rota runs from Tuesday - Thursday",
        "the figures from Monday's batch were fine",
        "rows copied from next week's plan until the audit",
        "memory use grew from 1.5 GB over the night",
    ):
        assert not CHANGE.search(text), text


def test_another_subject_is_not_replaced() -> None:
    """An announcement of another thing with other values leaves the held fact alone."""
    draft = "from next week the club's car park closes Fridays 07:30, I'll move the sign today"
    assert not replaces(draft, HELD)
