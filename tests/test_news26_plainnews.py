"""A new value told plainly (`agentmem.core.plainnews`): a later lesson that states the held
lesson's slot with another clock time, limit or size and no word of news replaces it, read
clause against clause; a second rule on one subject, another instance, a bound of another
way, a clause of two values or a note's time stamp does not. And a draft with no word of
news that names another instance of the held thing (an environment, a shift, "their own
cap") replaces nothing, however alike the rest reads (`elsewhere_unsaid`).
"""

from __future__ import annotations

import pytest

from agentmem.core.plainnews import elsewhere_unsaid, told_plainly
from agentmem.core.samething import given_anew
from agentmem.core.verdict import Held, judge


def _replaces(draft: str, held: str) -> bool:
    return judge(draft, [Held("h1", held, "semantic")], "semantic").replaces == ["h1"]


@pytest.mark.parametrize(
    ("held", "draft"),
    [
        (
            "The kiln log must be on the shared drive by 05:00 the morning after a firing.",
            "Kiln logs are due on the shared drive by 04:30; the foreman reads them at 05:15.",
        ),
        (
            "The tile press accepts at most 300 blanks per hour per die; the feeder slows "
            "down to stay under it.",
            "The tile press intake limit is 450 blanks per hour per die; the feeder can run "
            "two lanes.",
        ),
        (
            "Glaze mixer cache TTL is 90 s per recipe; the tablet never polls faster.",
            "The glaze mixer caches each recipe's settings for 45 s (MIX_TTL=45).",
        ),
    ],
)
def test_a_new_value_of_the_held_slot_told_plainly_replaces(held: str, draft: str) -> None:
    """A clock time, a limit, a length of time: one value in one clause of each, on the
    thing both open on, bounded alike and framed by the same words, with no word of news."""
    assert not given_anew(draft, held)
    assert told_plainly(draft, held)
    assert _replaces(draft, held)


@pytest.mark.parametrize(
    ("held", "draft"),
    [
        # a second rule on one subject: the words after each value say another thing
        (
            "Return claims over $400 need a supervisor's signature.",
            "Return claims over $150 are checked by the audit robot.",
        ),
        # another instance, said so
        (
            "The kiln log must be on the shared drive by 05:00.",
            "Kiln logs for the night shift only must be on the shared drive by 06:00.",
        ),
        (
            "The report queue accepts at most 50 jobs per minute.",
            "In staging the report queue accepts at most 10 jobs per minute.",
        ),
        # a bound of another way: what a tank holds is no floor to keep it above
        (
            "The rinse tank holds 900 litres of water.",
            "Keep the rinse tank above 300 litres of water between shifts.",
        ),
        # two values in the clause: more than one slot told
        (
            "The tile press accepts at most 300 blanks per hour.",
            "The tile press takes 450 blanks per hour with 20 dies.",
        ),
        # a note's time stamp, not a value of the slot
        (
            "The glaze order file lands in the inbox at 03:00.",
            "05:40 glaze order file landed in the inbox.",
        ),
        # the held value stays
        (
            "The glaze mixer timeout is 90 s.",
            "The glaze mixer timeout is still 90 s; the dryer timeout is 45 s.",
        ),
    ],
)
def test_second_rules_other_instances_and_notes_are_no_plain_new_value(
    held: str, draft: str
) -> None:
    """Without a word of news, a look-alike is no new value of the held slot. (Whether the
    judge replaces it is for the rules that read a voice of change.)"""
    assert not told_plainly(draft, held)


@pytest.mark.parametrize(
    ("held", "draft"),
    [
        (
            "The report queue accepts at most 50 jobs per minute.",
            "In staging the report queue accepts at most 10 jobs per minute.",
        ),
        (
            "The kiln log must be on the shared drive by 05:00.",
            "Kiln logs for the night shift only must be on the shared drive by 06:00.",
        ),
        (
            "The loom room closes at 22:00.",
            "On holidays the loom room closes at 18:00.",
        ),
        (
            "Sample jars are kept 14 days in the cold room.",
            "Sample jars from the pilot line are kept 7 days in the cold room.",
        ),
        (
            "Loyalty vouchers are capped at $30 per order.",
            "Gift vouchers have their own cap of $50 per order; it is not the loyalty cap.",
        ),
    ],
)
def test_another_instance_told_with_no_news_replaces_nothing(held: str, draft: str) -> None:
    """An environment, a shift, a day of another kind, a line, "their own cap": the held
    lesson stays live beside the draft."""
    assert elsewhere_unsaid(draft, held)
    assert not _replaces(draft, held)


@pytest.mark.parametrize(
    ("held", "draft"),
    [
        # told as news: the instance word is what changed
        (
            "The report queue accepts at most 50 jobs per minute.",
            "The report queue now accepts at most 80 jobs per minute, staging included.",
        ),
        # another instance set apart in a clause of its own, not the draft's thing
        (
            "The kiln log must be on the shared drive by 05:00.",
            "The kiln log is due on the shared drive by 04:30; the glaze log is separate "
            "and lands at 07:00.",
        ),
    ],
)
def test_news_or_a_clause_on_another_thing_is_no_other_instance(held: str, draft: str) -> None:
    """A word of news, or an instance word in a clause about another thing, leaves the
    reading to the other rules."""
    assert not elsewhere_unsaid(draft, held)
    assert _replaces(draft, held)
