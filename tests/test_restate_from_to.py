"""A value changed "from X to Y" by a verb of change states Y, and says a change."""

from __future__ import annotations

from agentmem.core.restate import replaces
from agentmem.core.statement import terms

HELD = (
    "The orders topic keeps 14 days of data on the brokers, so a consumer outage shorter "
    "than two weeks can be replayed straight from Kafka."
)
DRAFT = (
    "Infra cut retention on orders.topic from 14 days to 5 days to free broker disk; older "
    "data has to be replayed from the S3 archive, not from Kafka."
)


def test_the_value_a_change_moved_from_is_no_longer_stated() -> None:
    """ "cut retention from 14 days to 5 days" stated both 14 and 5 days, so it gave no
    value the held "keeps 14 days" lacked and replaced nothing: the old retention stayed in
    packs beside the cut."""
    assert terms(DRAFT).values["day"] == {"5"}
    assert terms(DRAFT).change
    assert replaces(DRAFT, HELD)


def test_a_range_is_no_change() -> None:
    """ "down from 01:00 to 03:00" is a window: no verb of change, both times stand."""
    said = terms("The staging API is down from 01:00 to 03:00 UTC for its data refresh.")
    assert said.values["time"] == {"01:00", "03:00"}
    assert not said.change
