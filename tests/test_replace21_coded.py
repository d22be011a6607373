"""A new value of a thing named by a code spelled alike (`agentmem.core.restate`): a bucket
("kx-logs-eu"), a rule ("FRD-204"), a pool, written the same way in an earlier lesson and a
later note that gives it another value of one measure, replaces the lesson, however few
other words the two share ("set kx-logs-eu retention to 30 days" of "the kx-logs-eu bucket
deletes objects after 90 days"). A code alone is no subject, nor is a value of another
thing told beside the code for a comparison."""

from __future__ import annotations

import pytest

from agentmem.core.restate import replaces
from agentmem.core.statement import terms

HELD = "The archive bucket s3://kx-logs-eu deletes uploaded objects after 90 days (bucket policy)."


def test_a_code_of_joined_parts_is_read_as_a_name() -> None:
    """A code with a digit or three parts is a name; a word joined once is not."""
    assert terms("rule FRD-204 and s3://kx-logs-eu").codes == {"frd-204", "kx-logs-eu"}
    assert terms("a next-day, on-call, end-to-end check").codes == frozenset()


@pytest.mark.parametrize(
    ("draft", "replaced"),
    [
        ("ops(storage): set kx-logs-eu retention to 30 days to save cost", True),
        # the same code, a value of another measure: another side of the bucket
        ("kx-logs-eu is capped at 4 TB by the storage team", False),
        # another thing's value, the code only compared with
        (
            "Trace dumps live 14 days in the scratch bucket (shorter than kx-logs-eu) as Vexa asks",
            False,
        ),
    ],
)
def test_a_new_value_of_a_thing_named_by_one_code_replaces(draft: str, replaced: bool) -> None:
    """The code links the two when the draft gives it another value of the same measure."""
    assert replaces(draft, HELD) is replaced


def test_an_ip_address_is_a_place_not_a_release() -> None:
    """ "10.4.7.21" is where a thing is reached: a value of its own kind, and one a note
    can say it moved away from ("moved from 10.4.7.21 to …"), which replaces the lesson
    that states it; a release named alike ("v10.4.7") is still a version."""
    held = "Badge events are forwarded to the access gateway at 10.4.7.21:7001 over TLS."
    assert terms(held).values.get("address") == {"10.4.7.21"}
    assert "version" not in terms(held).values
    draft = (
        "Access gateway moved from 10.4.7.21 to gw-core-03.sec.internal (port 7001 "
        "unchanged). The old IP is switched off."
    )
    assert replaces(draft, held)
    assert terms("the agent v10.4.7 build").values.get("version") == {"10.4.7"}


def test_another_sum_of_money_of_a_coded_rule_replaces() -> None:
    """A rule named by its code, given another amount ("$900" after "$1,200"), is a new
    value of that rule; another amount with no code in common is left to the other rules."""
    held = "Refund requests above $1,200 on a fresh account go to a second approver (rule RFD-31)."
    assert terms(held).amounts == {"1200"}
    assert replaces("RFD-31 limit is $900 since the spring policy review.", held)
    assert not replaces("Chargeback fees are $900 since the spring policy review.", held)
