"""Another channel or another side of a place (`agentmem.core.otherscope`), and another year
or numbered thing at read time (`agentmem.retrieval.newerwins`): the same wording of the
held measure told of another instance leaves the held lesson in place, while the same
thing told anew, or a channel that is itself the new value, still replaces it."""

from __future__ import annotations

import pytest

from agentmem.core.lookalike import another_instance
from agentmem.core.otherrecord import other_record
from agentmem.core.otherscope import other_scope
from agentmem.core.verdict import Held, judge
from agentmem.retrieval.conflict import retired_by_newer
from agentmem.retrieval.newerwins import values_displaced
from tests.conftest import held


def _replaces(draft: str, old: str) -> bool:
    return judge(draft, [Held("h1", old, "semantic")], "semantic").replaces == ["h1"]


OTHER_SCOPE = [
    pytest.param(  # another channel, named as a label before the value
        "Gift-card top-ups in the kiosk app are capped at 8 per customer per day.",
        "Phone channel: gift-card top-ups are capped at 20 per customer per day.",
        id="channel",
    ),
    pytest.param(  # the other side of a place: inside against outside
        "Delivery fee for in-county addresses is 6% of the basket.",
        "Addresses outside county lines pay a delivery fee of 9% of the basket.",
        id="outside",
    ),
    pytest.param(  # another compass point before the same word
        "Trailer parking in the north yard is limited to 40 trailers overnight.",
        "West yard trailer parking: 25 trailers overnight.",
        id="compass",
    ),
    pytest.param(  # a group of the held lesson's people, marked by what they have
        "Signup no longer shuts three days ahead: members can sign up until 24 hours before "
        "the class starts (T-24h).",
        "Swap requests from members with guests are due 72 hours before the class.",
        id="group",
    ),
    pytest.param(  # another holder's rule, the held one's named as not its source
        "Since 2031-04-02 the harbour board wants berth requests 6 hours before the arrival "
        "window; the planner now files at T-7h.",
        "The pilot cooperative's dispatcher wants berth requests 2 hours ahead; that is "
        "their contract, not the harbour board rule.",
        id="not-its-source",
    ),
    pytest.param(  # the other side of a pump: suction against discharge
        "Pump P-101 discharge pressure stays under 6 bar.",
        "Pump P-101 suction pressure stays above 0.5 bar.",
        id="suction-discharge",
    ),
    pytest.param(  # the other end of a day, beside a tag both name
        "Valve FV-220 opens to 40% during the morning start-up.",
        "Valve FV-220 opens to 65% during the evening wash-down.",
        id="morning-evening",
    ),
    pytest.param(  # the other shift
        "Conveyor CV-3 runs at 1.2 m/s on the day shift.",
        "Conveyor CV-3 runs at 0.8 m/s on the night shift to cut noise.",
        id="day-night-shift",
    ),
]


@pytest.mark.parametrize(("old", "new"), OTHER_SCOPE)
def test_another_channel_or_side_replaces_nothing(old: str, new: str) -> None:
    """The held lesson stays true of its own channel or side of the place."""
    assert other_scope(new, old)
    assert another_instance(new, old)
    assert not _replaces(new, old)


SAME_SCOPE = [
    pytest.param(  # the channel is the new value: the number stays
        "Appointment reminders go out by email 24 hours before the visit.",
        "Appointment reminders go out by text message 24 hours before the visit.",
        id="channel-is-the-value",
    ),
    pytest.param(  # one side of the place both times, a new value of it
        "Delivery fee for in-county addresses is 6% of the basket.",
        "In-county addresses now pay a delivery fee of 7% of the basket.",
        id="same-side",
    ),
    pytest.param(  # the same side of the pump both times, a new value of it
        "Pump P-101 discharge pressure stays under 6 bar.",
        "Pump P-101 discharge pressure stays under 7 bar after the new seal.",
        id="same-side-of-the-pump",
    ),
    pytest.param(  # another channel, but told as news: left to the rules
        "Gift-card top-ups in the kiosk app are capped at 8 per customer per day.",
        "Since the audit, phone top-ups are capped at 5 per customer per day.",
        id="news",
    ),
    pytest.param(  # "solves with" is a verb and its tool, no group of solves
        "The route planner solves the daily model with SolverA 4.2; the licence comes from "
        "lic-a.plan.internal at start.",
        "The route planner solves with SolverB 9; it takes a seat from lic-b.plan.internal:7000 "
        "at start.",
        id="verb-with-tool",
    ),
]


@pytest.mark.parametrize(("old", "new"), SAME_SCOPE)
def test_the_same_scope_or_news_is_no_lookalike(old: str, new: str) -> None:
    """A channel that is itself the value, one side named in both, or a change told as
    news, is not another instance."""
    assert not another_instance(new, old)


def test_a_newer_lesson_of_another_year_displaces_nothing_at_read_time() -> None:
    """A newer lesson of another year's cap leaves the older year's cap in the pack."""
    old = held(
        "The 2030 grant ceiling in the rules engine is $41,200 per applicant.",
        1,
        "semantic-a",
        app_id="grants",
    )
    new = held(
        "2031 grant ceiling in the rules engine per applicant: $44,900.",
        15,
        "semantic-b",
        app_id="grants",
    )
    assert not values_displaced(old, new, set())


def test_a_host_named_short_retells_the_change() -> None:
    """ "now on the gw3 box" retells a held "is now plc-gw3.<domain>": no newer state."""
    old = (
        "ingest: PLC feed for line north is now plc-gw3.line-north.local:502 (new gateway, "
        "add its cert to certs/ok)."
    )
    assert not _replaces("ingest: backlog refilled; the PLC feed is now on gw3 for line north", old)
    assert _replaces("ingest: PLC feed now on the gw4 box for line north", old)


def test_a_line_of_another_record_replaces_nothing() -> None:
    """Two records' lines alike in their heading alone: the later one's "now" is news of
    its own thing; a later record on the held line's thing is still read by the rules."""
    old = "Postmortem PM-2031-004: kiln overheated — Thermocouples are checked every Monday."
    new = (
        "Postmortem PM-2031-009: label misprints at the packing bench — the printer now "
        "reloads its template nightly."
    )
    assert other_record(new, old)
    assert not _replaces(new, old)
    same = "Postmortem PM-2031-009: thermocouples are now checked every Friday."
    assert not other_record(same, old)


def test_another_members_own_value_told_as_news_replaces_nothing() -> None:
    """ "Line 2 filler now runs 220 bottles/min" beside "Line 1 filler runs at 240": news
    of line 2's own rate, at write time and at read time; the same line's news, or a
    member told with no number of its own ("since May, hall C is the overflow"), still
    replaces."""
    old = "Line 1 filler runs at 240 bottles/min on the 0.5 L format."
    new = "Line 2 filler now runs 220 bottles/min on the 0.5 L format."
    assert another_instance(new, old)
    assert not _replaces(new, old)
    older = held(old, 1, "semantic-a", app_id="bottling")
    newer = held(new, 5, "semantic-b", app_id="bottling")
    assert not retired_by_newer(older, newer, set())
    assert _replaces("Line 1 filler now runs 220 bottles/min on the 0.5 L format.", old)
    assert _replaces(
        "Since May, hall C is the overflow for the fair.", "Hall B is the overflow for the fair."
    )
