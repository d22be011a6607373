"""A thing named with its version in its name ("policy refund-large-v2") named at a higher
version by a newer statement of it is replaced, however few other words the two share; a
text that only mentions the newer version, another thing's version, or an older one is
not a new statement of it."""

from __future__ import annotations

from agentmem.core.restate import read_together, replaces
from agentmem.core.versioned import reversioned, suffixed

HELD = (
    "Refunds above $5k need 2 approvals under policy refund-large-v2; smaller refunds need "
    "one approval plus the fraud score check."
)


def test_versions_in_names_are_read() -> None:
    assert suffixed("policy refund-large-v2 and layout_v10") == {
        "refund-large": {2},
        "layout": {10},
    }


def test_a_higher_version_of_the_same_policy_replaces_the_old_rule() -> None:
    draft = (
        "ADR-0012: Approval quorum for large refunds: Payouts back to customers over $5k "
        "require 3 of 4 signers under policy refund-large-v3, one of them from the Dublin "
        "finance desk."
    )
    assert replaces(draft, HELD)
    assert reversioned(draft, HELD, *read_together(draft, HELD))


def test_a_mention_of_the_new_version_or_an_older_one_is_no_new_rule() -> None:
    log = "The audit export lists every refund approved under refund-large-v3 with its approvers."
    assert not reversioned(log, HELD, *read_together(log, HELD))
    older = "Refunds above $5k needed 1 approval under policy refund-large-v1 and a note."
    assert not reversioned(older, HELD, *read_together(older, HELD))
    other = "Chargebacks above $5k need 2 approvals under policy chargeback-v3; refunds unchanged."
    assert not reversioned(other, HELD, *read_together(other, HELD))
