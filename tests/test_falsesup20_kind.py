"""A lesson telling how any one of a kind replaces an earlier one of the same kind ("a
refill voucher replaces the earlier voucher for the same card") is a rule of the domain,
not a replacement of whatever lesson shares the kind's name; a thing named as replaced
("… replaces the old cron export") still is one."""

from __future__ import annotations

import pytest

from agentmem.core.restate import replaces
from agentmem.core.statement import terms
from agentmem.core.withdrawnname import withdrawn_by_name, withdrawn_names

VOUCHERS = (
    "Refill VCHs arrive on queue CARD.VCH.IN on host vend-1.corp.lan:9000; the kiosk reader "
    "commits only after the balance insert."
)
CATALOG = "The catalog cron export writes the specimen list to the archive share every night."


def test_one_of_a_kind_replacing_an_earlier_one_is_no_change_cue() -> None:
    """ "A refill VCH replaces the earlier VCH …" and "each nightly snapshot supersedes the
    previous snapshot …" tell how the domain works, every time: no change is told."""
    for rule in (
        "A refill VCH replaces the earlier VCH for the same card number; a void VCH cancels "
        "the card's balance.",
        "Each nightly snapshot supersedes the previous snapshot of the herbarium index.",
    ):
        told = terms(rule)
        assert not told.change and not told.cued, rule


def test_a_rule_of_a_kind_replaces_no_lesson_of_that_kind() -> None:
    """The voucher rule leaves the lesson on where vouchers arrive live; the snapshot rule
    leaves the lesson on when the snapshot is written live."""
    rule = (
        "A refill VCH replaces the earlier VCH for the same card number; a void VCH cancels "
        "the card's balance."
    )
    assert not replaces(rule, VOUCHERS)
    assert not replaces(
        "Each nightly snapshot supersedes the previous snapshot of the herbarium index.",
        "The herbarium index snapshot is written to the archive share at 02:00 by the catalog job.",
    )


@pytest.mark.parametrize(
    "draft",
    [
        "The specimen loader replaces the old catalog cron export from Monday.",
        "A ledger feed replaces the old catalog cron export.",
    ],
)
def test_a_thing_named_as_replaced_is_still_replaced(draft: str) -> None:
    """ "… replaces the old catalog cron export", even after "a", names a thing gone: the
    lesson on that export is replaced."""
    assert replaces(draft, CATALOG)


@pytest.mark.parametrize(
    "rule",
    [
        "A refill VCH replaces the earlier VCH for the same card number.",
        "Each Zephyr build supersedes the previous Zephyr build.",
    ],
)
def test_one_of_a_kind_replacing_an_earlier_one_withdraws_no_name(rule: str) -> None:
    """A rule of how one of a kind replaces an earlier one withdraws nothing it names: the
    lessons naming VCHs or Zephyr builds stay live."""
    assert not withdrawn_names(rule)
    assert not withdrawn_by_name(rule, VOUCHERS)


@pytest.mark.parametrize(
    "draft",
    [
        "A new Zephyr relay replaces the old Borealis relay.",
        "The Zephyr relay replaces the Borealis relay.",
    ],
)
def test_a_thing_replaced_by_another_is_still_withdrawn(draft: str) -> None:
    """One thing replacing another, "a new … replaces the old …" too, withdraws the old one:
    the lesson resting on the Borealis relay is retired."""
    assert {n.word for n in withdrawn_names(draft)} == {"borealis"}
    assert withdrawn_by_name(draft, "Edge traffic goes through the Borealis relay on port 7000.")
