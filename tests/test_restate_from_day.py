"""Prose that tells a new state by when it starts ("From the 14th, …", "… from Oct 5.",
"Going forward …", "As of v2 …") says something changed, as "now" does; a range of days
or times ("from Monday to Friday") and a value's origin inside a clause do not."""

from __future__ import annotations

import pytest

from agentmem.core.restate import replaces
from agentmem.core.statement import terms

HELD = "Nightly ledger exports go to the finance-archive bucket in us-east-1, one file per day."


@pytest.mark.parametrize(
    "text",
    [
        "From the 14th, nightly ledger exports go to the finance-archive bucket in eu-west-1.",
        "Nightly ledger exports go to the finance-archive bucket in eu-west-1 from Oct 5.",
        "Going forward, nightly ledger exports go to eu-west-1.",
        "As of v2 the exporter writes one file per tenant.",
    ],
)
def test_when_a_state_starts_says_it_changed(text: str) -> None:
    """Each tells a new state by when it starts (no "now", "moved" or "no longer" was in
    them, so none was read as a change)."""
    assert terms(text).change


def test_a_new_state_from_a_day_on_replaces_the_held_one() -> None:
    """ "From the 14th, exports go to eu-west-1" replaces "exports go to us-east-1": the
    region is no value kind, so only the change it tells makes it the newer word."""
    assert replaces(
        "From the 14th, nightly ledger exports go to the finance-archive bucket in eu-west-1.",
        HELD,
    )


@pytest.mark.parametrize(
    "text",
    [
        "The payout job runs daily from Monday to Friday at 12:15.",
        "The maintenance window is open from 01:00 to 03:00 UTC.",
        "Annotation pins the cache (value from 2026-08-10: build 112) in the workflow.",
        "Exports are read from the archive bucket by the finance team.",
    ],
)
def test_a_range_or_an_origin_is_no_change(text: str) -> None:
    """Against false changes: a range of days or times, and "from" that tells where a
    value or a thing comes from, say nothing changed."""
    assert not terms(text).change


def test_a_dated_rollout_shares_no_subject_through_a_path_placeholder() -> None:
    """Against false replacements: a decision record's "From 2027-03-01 the exporter writes
    … `s3://ledger-raw/<tenant_id>/`" is not a new value of a lesson that only shares the
    `<tenant_id>` placeholder with it (the ISO date opening its sentence was read as a
    change, and the other lesson left packs)."""
    assert not replaces(
        "ADR-031: Ledger storage moves to object storage: From 2027-03-01 the exporter writes "
        "all nightly ledgers to the bucket `s3://ledger-raw/<tenant_id>/`, one prefix each.",
        "Tenant rate cards come from the billing API (GET /api/v2/ratecards/<tenant_id>); "
        "the spreadsheet copy is not authoritative.",
    )
