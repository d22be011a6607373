"""A draft that says what kind of rule it is and which rule it is not ("…; that is their
own habit, not the site rule") replaces no held lesson on that other rule, however alike
the frames of their values read. A change told with "not" and the old value is still a
change."""

from __future__ import annotations

import pytest

from agentmem.core.apart import set_apart
from agentmem.core.otherkind import disowned_things
from agentmem.core.verdict import Held, judge

SITE = "Since March the site rule wants shift notes 45 minutes before the handover."
NIGHT = (
    "The night crew wants shift notes 20 minutes ahead; that is their own habit, not the site rule."
)


def test_a_rule_said_to_be_another_keeps_the_held_one() -> None:
    """Without the clause the two frames ("wants shift notes … minutes") read as one
    slot given a new value; the clause names the site rule as another thing."""
    assert set_apart(NIGHT, SITE)
    assert judge(NIGHT, [Held("site", SITE, "semantic")], "semantic").replaces == []


@pytest.mark.parametrize(
    "draft",
    [
        "The site rule wants shift notes 60 minutes before the handover now, not 45.",
        "Shift notes are due 60 minutes ahead; that is the rule now, not the old one.",
    ],
)
def test_a_change_told_with_not_is_no_other_thing(draft: str) -> None:
    """After "not", a value or the old one: no other thing is named."""
    assert disowned_things(draft) == ()
    assert not set_apart(draft, SITE)


def test_the_clause_must_follow_a_statement() -> None:
    """A sentence that opens on "that is" names no kind of its own statement."""
    assert disowned_things("That's the proxy, not the site rule.") == ()
