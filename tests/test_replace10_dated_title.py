"""A review's line read into memory under its dated title ("Weekly payments review - W14
(Apr 6-10): We no longer auto-cancel …") is about what follows the title: it replaces the
held rule it changes, though the title's first words are not that rule's. A change word
points at what the line says, never back at the title."""

from __future__ import annotations

from agentmem.core.restate import replaces
from agentmem.core.statement import terms

HELD = (
    "Orders the fraud model scores above 0.95 are auto-cancelled with the 'fraud' tag and no "
    "email; scores of 0.7-0.95 get the suspected-fraud tag."
)
REVIEW = (
    "Weekly payments review - W14 (Apr 6-10): We no longer auto-cancel suspected fraud. "
    "Every score above 0.7 goes to the Fraud Queue view and an analyst cancels it."
)


def test_a_dated_title_is_read_past() -> None:
    """The head after the dated title is the rule's own words."""
    assert terms(REVIEW).inner[:2] == ("auto", "cancel")
    assert terms("Orders above 0.95 are cancelled (fraud): see the queue.").inner == ()


def test_a_change_word_points_past_the_dated_title() -> None:
    """ "no longer" points at what the line says, not back at the title's words."""
    assert not terms(REVIEW).cued & {"w14", "apr", "payment", "review"}


def test_a_review_line_under_a_dated_title_replaces_the_rule_it_changes() -> None:
    assert replaces(REVIEW, HELD)


def test_a_review_line_of_another_thing_replaces_nothing() -> None:
    """Another rule under the same kind of title (chargebacks, not fraud) keeps the held one."""
    other = (
        "Weekly payments review - W14 (Apr 6-10): We no longer auto-refund chargebacks under "
        "$20. Every dispute goes to the Disputes view and an agent answers it."
    )
    assert not replaces(other, HELD)
