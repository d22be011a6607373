"""Two values in a loose frame (two shared words: a person and a unit) tell of one thing
only when their statements open on the same subject: a deadline for refund requests is no
new value of the booking deadline."""

from __future__ import annotations

from agentmem.core.loosehead import heads_apart
from agentmem.core.slots import renewed
from agentmem.core.verdict import Held, judge

BOOKING = "Court booking now closes later: members can book until 12 hours before the match starts."
REFUNDS = "Refund requests from members must arrive 48 hours before the match."


def test_a_deadline_of_another_subject_replaces_nothing() -> None:
    """ "members … 48 hours" and "members … 12 hours" share two frame words; the one is
    about refund requests, the other about booking."""
    assert heads_apart(REFUNDS, BOOKING)
    assert not renewed(REFUNDS, BOOKING)
    assert judge(REFUNDS, [Held("book", BOOKING, "semantic")], "semantic").replaces == []


def test_a_new_value_of_the_same_subject_still_replaces() -> None:
    """The same subject told with another value is still read as its new value."""
    draft = (
        "Court booking closes later again: members can book until 6 hours before the match starts."
    )
    assert not heads_apart(draft, BOOKING)
    assert judge(draft, [Held("book", BOOKING, "semantic")], "semantic").replaces == ["book"]


def test_a_labelled_change_of_the_same_doing_still_replaces() -> None:
    """A label opens each text ("Ops review:", "Lockout:"), so their heads differ; the
    values' clauses share the doing ("locked after … failed logins")."""
    held = "Lockout: SSO policy, and the account is locked after 5 failed logins over 10 minutes."
    draft = "- ops review outcome: lock only after 8 failed login tries spread over 30 minutes"
    assert judge(draft, [Held("lock", held, "semantic")], "semantic").replaces == ["lock"]


def test_a_subject_told_in_the_held_texts_second_clause_is_the_same() -> None:
    """The held text opens on a page's timer; its value's clause tells of the holds the
    draft opens on: the draft gives their new value."""
    held = (
        "The checkout page timer uses hold_until; holds last 20 minutes from when the cart is made."
    )
    draft = "Since the spring sale, cart holds last only 10 minutes (CART_HOLD=10m)."
    assert judge(draft, [Held("hold", held, "semantic")], "semantic").replaces == ["hold"]
