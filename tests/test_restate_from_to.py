"""A value changed "from X to Y" by a verb of change states Y, and says a change of what
states X."""

from __future__ import annotations

from agentmem.core.restate import replaces
from agentmem.core.statement import terms

HELD = (
    "pageviews.raw has 24 partitions and keeps 7 days of data on the brokers, so any consumer "
    "outage shorter than a week can be replayed straight from Kafka."
)
DRAFT = (
    "Infra cut retention on pageviews.raw from 7 days to 3 days on 2026-03-02 to free broker "
    "disk; anything older has to be replayed from the S3 archive with the archive_replay job, "
    "not from Kafka."
)
OTHER = (
    "A dbt test breaking in the pageviews staging models usually means an upstream schema "
    "change: check the registry for a new pageviews.raw-value version before rerunning anything."
)


def test_the_value_a_change_moved_from_is_no_longer_stated() -> None:
    """ "cut retention from 7 days to 3 days" stated both 7 and 3 days, so it gave no value
    the held "keeps 7 days of data" lacked and replaced nothing: the old retention stayed in
    packs beside the cut."""
    assert terms(DRAFT).values["day"] == {"3"}
    assert terms(DRAFT).moved == {"7"}
    assert replaces(DRAFT, HELD)


def test_a_value_moved_is_a_change_of_what_states_it_only() -> None:
    """The cut shares the topic's name with a lesson about its schema: no value of that
    lesson moved, so the cut does not replace it (read as a change of anything it shares a
    name with, it did)."""
    assert not replaces(DRAFT, OTHER)


def test_a_range_is_no_change() -> None:
    """ "down from 01:00 to 03:00" is a window: no verb of change, both times stand."""
    said = terms("The staging API is down from 01:00 to 03:00 UTC for its data refresh.")
    assert said.values["time"] == {"01:00", "03:00"}
    assert not said.moved
