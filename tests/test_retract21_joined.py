"""A rule keeping two things apart ("one or the other, never both") turned around by a newer
one saying they now apply together ("now stacks"), though it names no verb the newer one
negates; another thing joined, no word of change, or still apart: the rule stays."""

from __future__ import annotations

import pytest

from agentmem.core.joined import joins_apart
from agentmem.core.verdict import Held, judge

APART = (
    "Gift token vs group fare: one or the other per booking, never both "
    "(test basket TB-12 is the reference case)."
)
STAFF_APART = "A crew pass and a group fare never combine on one booking."
JOINED = (
    "Since RFC-31 the harbour gift token stacks on top of a group fare: apply the fare "
    "first, then the token value to the reduced fare."
)


def test_a_rule_kept_apart_is_turned_around_by_a_newer_one_joining_them() -> None:
    """ "One or the other, never both" names no verb the newer "now stack" says: the
    writer retires it all the same."""
    assert joins_apart(JOINED, APART)
    verdict = judge(JOINED, [Held("old", APART, "semantic")], "semantic")
    assert verdict.replaces == ["old"]


@pytest.mark.parametrize(
    ("newer", "older"),
    [
        # another thing joined: the crew pass, not the gift tokens
        (JOINED, STAFF_APART),
        # no word of change: it may tell of another counter
        ("Gift tokens stack on top of a group fare at the harbour kiosk.", APART),
        # still kept apart
        ("Since RFC-31 gift tokens still never stack with a group fare.", APART),
    ],
)
def test_a_rule_kept_apart_stays_without_a_change_joining_the_same_thing(
    newer: str, older: str
) -> None:
    assert not joins_apart(newer, older)


def test_the_writer_keeps_a_rule_on_another_thing_kept_apart() -> None:
    """The gift tokens now stack: the crew pass's rule stays."""
    assert judge(JOINED, [Held("old", STAFF_APART, "semantic")], "semantic").replaces == []
