"""Replacement told in words (agentmem.core.restate): a text that announces itself as a
correction or a replacement ("Correction to the … rule:", "the old …", "… was removed",
"since 2026-07-15 …") supersedes the held statement of what the cue points at, even when
the two share only two words; counts written as words are values like digits. Near misses
stay two memories: another component, another region or plan, different numbers for
different subjects, a cue that points at something else, no cue at all."""

from __future__ import annotations

import pytest

from agentmem import MemoryHooks
from agentmem.core.restate import replaces, restates, retired_values
from tests.conftest import semantic

REPLACED = [
    pytest.param(  # a later text sharing two words with the old fact, "the old …" and a date
        "Pinecone uses pod-based pricing: you pay per pod-hour (p1.x1 about 0.096 USD/h) "
        "whatever the query volume.",
        "Since 2026-07-15 Pinecone bills serverless indexes by read units, write units and "
        "storage; the old pod-hour model is only for existing customers.",
        id="since-a-date-and-the-old",
    ),
    pytest.param(  # "no … any more", the negation split around what it denies
        "Runners sign release images with the key file in /etc/release/signing.pem.",
        "Release images are signed by the signing service; no runner holds a signing key "
        "file any more.",
        id="no-any-more",
    ),
    pytest.param(  # an explicit correction marker
        "Hotfix branches are cut from the release tag and merged back into main after the deploy.",
        "Correction to the hotfix rule: cut hotfix branches from main, not from the release tag.",
        id="correction-marker",
    ),
    pytest.param(  # the old flag "was removed"
        "Rebuild the search index with `search-admin reindex --full` after a schema change.",
        "After a schema change run `search-admin rebuild`; the --full flag was removed in "
        "search-admin 3.",
        id="was-removed",
    ),
    pytest.param(  # a removed flag, pointed at through the held procedure's command
        "Apply infra changes with `tfx apply --force` to skip the prompt.",
        "The --force flag was removed from tfx; confirm with `tfx apply --auto-approve`.",
        id="flag-removed-named-in-the-command",
    ),
    pytest.param(  # a correction stamped with its date, as a daily log writes it
        "Nightly exports run from the reporting replica at 02:00 UTC.",
        "2026-09-20 Correction: nightly exports run at 03:30 UTC now that backups hold the "
        "replica until 03:00.",
        id="dated-correction",
    ),
    pytest.param(  # a design record that says what it replaces
        "Manual database failover: stop writes, promote the replica with pg_ctl promote, "
        "then repoint DNS.",
        "This ADR replaces the manual failover runbook: Patroni promotes the replica and "
        "moves the service address.",
        id="replaces-the-runbook",
    ),
    pytest.param(  # the same thing told with another name and no cue: still replaced
        "The online feature store is Redis (features-redis) in eu-west-1.",
        "The online feature store is DynamoDB (features-online) in eu-west-1.",
        id="other-name-same-thing",
    ),
    pytest.param(  # a count written as a word, changed
        "Schema changes on the ledger need two approvals from the data team.",
        "Ledger schema changes need one approval from the data team.",
        id="two-approvals-to-one",
    ),
    pytest.param(  # the same procedure's list of numbers changed, with a change cue
        "Roll a pricing model out in three stages: 5%, 25% and 100% of traffic, 30 minutes apart.",
        "Staged rollout changed: a pricing model goes to 10 then 100 percent of traffic, "
        "15 minutes apart.",
        id="stages-changed",
    ),
]


@pytest.mark.parametrize(("old", "new"), REPLACED)
def test_a_replacement_told_as_one_supersedes_the_old_statement(old: str, new: str) -> None:
    """Each newer text replaces the older one and is not a restatement of it."""
    assert replaces(new, old) and not restates(new, old)


def test_a_number_written_as_a_word_is_the_same_value() -> None:
    """ "2 approvals" and "two approvals" say the same: a restatement, not a change; "the old
    one" is not a count."""
    digits = "Ledger schema changes need 2 approvals from the data team."
    words = "Schema changes to the ledger need two approvals from the data team."
    assert restates(words, digits) and not replaces(words, digits)
    assert not replaces("Use the new one; ledger schema changes need 2 approvals.", digits)


NOT_REPLACED = [
    pytest.param(
        "The EU region keeps database backups for 30 days.",
        "The US region keeps database backups for 7 days.",
        id="other-region",
    ),
    pytest.param(
        "The Pro plan allows 10 seats per workspace.",
        "The Team plan allows 25 seats per workspace.",
        id="other-plan",
    ),
    pytest.param(  # a cue, two shared words, but the cue points at another vendor
        "Pinecone uses pod-based pricing: you pay per pod-hour whatever the query volume.",
        "Since 2026-08-01 Weaviate Cloud bills per stored dimension; the old per-node plan "
        "is gone, whatever the volume.",
        id="cue-about-another-vendor",
    ),
    pytest.param(  # a correction of another component's rule
        "The orders-api runs 3 replicas behind the internal load balancer.",
        "Correction to the payments-api rule: it runs 4 replicas behind the internal load "
        "balancer.",
        id="correction-of-another-component",
    ),
    pytest.param(  # a removal that points at another part of the same tool
        "Before terraform force-unlock, check who holds the lock and that no pipeline of that "
        "workspace is running.",
        "Run terraform login before init; locking is done by Terraform Cloud and the old "
        "DynamoDB lock table was deleted.",
        id="removal-of-something-else",
    ),
    pytest.param(  # different numbers for different subjects, no cue
        "Canary the checkout service at 5 percent for 30 minutes.",
        "Canary the search service at 20 percent for 10 minutes.",
        id="numbers-of-another-service",
    ),
    pytest.param(  # a correction whose cue names another console
        "Xbox cert: save data must stay under 256 MB per user (XR-045).",
        "Correction to the PS5 save-data rule: the per-slot limit is 512 MB since the "
        "September SDK.",
        id="correction-names-another-platform",
    ),
    pytest.param(  # the same words and other numbers, each opening on another name
        "Texture streaming pool: 3 GB on PS5, 2 GB on Xbox Series S, 1 GB on Switch.",
        "The PC texture streaming pool is 4 GB at the high preset.",
        id="other-platform-other-numbers",
    ),
    pytest.param(
        "Full PS5 builds need 4 agents with 64 GB RAM each.",
        "Full Xbox builds need six agents with 32 GB RAM each.",
        id="other-console-other-counts",
    ),
    pytest.param(  # "changed:" about another subject of the same team ("go", "risk")
        "Risk rule changes need two approvals from the risk team before they go live.",
        "The risk model rollout changed: new versions go to 1%, 10%, 50% and then 100% of "
        "card traffic, 30 minutes at each stage.",
        id="change-of-another-subject",
    ),
    pytest.param(  # two shared words, no cue at all
        "Pinecone indexes are created per environment with a suffix.",
        "Pinecone pricing went up for large indexes last quarter.",
        id="no-cue",
    ),
]


@pytest.mark.parametrize(("old", "new"), NOT_REPLACED)
def test_near_misses_are_not_replacements(old: str, new: str) -> None:
    """Neither text replaces the other."""
    assert not replaces(new, old) and not replaces(old, new)


def test_the_writer_supersedes_on_a_correction_and_keeps_a_near_miss(hooks: MemoryHooks) -> None:
    """Through the one writer: a correction supersedes the held rule; the same correction
    for another region leaves the other region's rule live."""
    submit = hooks.harvester.submit
    eu = submit(semantic("EU payouts settle in two business days."), trigger="manual").memory_id
    us = submit(semantic("US payouts settle in three business days."), trigger="manual").memory_id
    fix = submit(
        semantic("Correction to the US payout rule: US payouts settle in one business day."),
        trigger="manual",
    )
    assert eu and us and fix.status == "accepted" and fix.memory_id
    assert hooks.store.get(fix.memory_id).supersedes == (us,)


def test_what_a_replacement_retires() -> None:
    """What a run record may still say after a change: the replaced product's name and a
    count of what the replacement recounts; not a count of anything else, nor what both say."""
    paged = retired_values(
        "On-call is paged through PagerDuty; escalate after 15 minutes.",
        "On-call is now paged through Opsgenie; escalate after 15 minutes.",
    )
    assert "pagerduty" in paged and "15 minutes" not in paged
    agents = retired_values(
        "Full PS5 builds need 4 agents with 64 GB RAM; a build takes 50 minutes.",
        "Full PS5 builds need six agents with 64 GB RAM since engine 5.4.",
    )
    assert "4 agents" in agents and "64 gb" not in agents and "50 minutes" not in agents
