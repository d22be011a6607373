"""New values of one subject told with other details: a job's new time, a role's new holder.

A schedule that moved is often told in a sentence that shares few words with the old one
(each gives details of its own); a new owner is told in other words and names other people.
Both supersede the old statement; another job's time, another thing's owner do not."""

from __future__ import annotations

import pytest

from agentmem import MemoryHooks
from agentmem.core.restate import replaces, restates
from agentmem.core.statement import terms
from tests.conftest import semantic

SYNC = (
    "The invoice sync runs nightly at 01:15 UTC (cron 15 1 * * * on the batch host) and "
    "writes invoices/YYYY-MM-DD.csv plus a checksum file to cold storage."
)
SYNC_NOTE = "Invoice sync: nightly at 01:15 UTC on the batch host, CSV + `checksum.txt`."
SYNC_MOVED = (
    "The invoice sync cron is now 15 3 * * * (03:15 UTC), after the ledger snapshot, and "
    "the job waits while replica lag is above 30 s (retries every 5 min)."
)
OWNER = (
    "Billing export layout questions (column list, rounding rules, retention) go to Alice "
    "Moore in Finance Ops; she approves every change to the CSV layout before it ships."
)
NEW_OWNER = (
    "**Ownership:** Raj Patel (Data Platform) owns the billing export spec from this sprint "
    "and approves any layout change. Questions go to #data-platform."
)


def test_a_job_moved_to_a_new_time_supersedes_its_old_schedule(hooks: MemoryHooks) -> None:
    """ "The invoice sync cron is now 03:15 …" replaces "the invoice sync runs nightly at
    01:15 … and writes …" and a retro's short "Invoice sync: nightly at 01:15": the same job
    (both open on it), a change word, another time; too few words shared to count as one
    subject by overlap alone, which left both old schedules live."""
    assert replaces(SYNC_MOVED, SYNC)
    assert replaces(SYNC_MOVED, SYNC_NOTE)
    first = hooks.harvester.submit(semantic(SYNC, app_id="billing"), trigger="manual")
    note = hooks.harvester.submit(semantic(SYNC_NOTE), trigger="post_retro_distill")
    moved = hooks.harvester.submit(semantic(SYNC_MOVED, app_id="billing"), trigger="manual")
    assert moved.status == "accepted" and moved.memory_id is not None
    assert set(hooks.store.get(moved.memory_id).supersedes) == {first.memory_id, note.memory_id}


def test_a_bold_label_before_the_new_time_is_a_heading_not_the_job() -> None:
    """A weekly note's "**Schedule:** the invoice sync now runs at 03:15 …" replaces "the
    invoice sync runs nightly at 01:15 …": the label opens the bullet, the job follows it.
    Another job after the same label does not."""
    note = "**Schedule:** t" + SYNC_MOVED[1:]
    assert replaces(note, SYNC)
    assert not replaces(note.replace("invoice sync", "invoice backup"), SYNC)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (SYNC, SYNC_MOVED.replace("invoice sync", "invoice backup")),
        (
            "The ledger export runs nightly at 01:00 UTC on the batch host.",
            "The invoice sync now runs at 03:15 UTC on the batch host.",
        ),
        (  # a size is no schedule: another figure of the same job, not a new value
            "The staging deploy keeps 3 GB of build cache on the runner.",
            "The staging deploy now uploads 12 GB artifacts to the bucket.",
        ),
        (  # a bare count is no measure: a cron line's fields are no new worker count
            "The invoice sync runs with 4 workers on the batch host and writes a checksum "
            "file to cold storage, one folder per tenant.",
            "The invoice sync cron is now 15 3 * * * after the ledger snapshot, and the job "
            "waits while the replica catches up.",
        ),
    ],
)
def test_another_jobs_time_is_no_new_schedule(old: str, new: str) -> None:
    """Against false replacements: a new time for a job that opens on other words (the
    invoice backup, not the invoice sync), another size, or another count of something
    else, leaves the held statement live, however the draft says "now"."""
    assert not replaces(new, old)


def test_a_new_owner_of_the_same_role_supersedes_the_old_one(hooks: MemoryHooks) -> None:
    """A bold-labelled retro bullet naming Raj Patel as who owns and approves the billing
    export spec replaces the lesson naming Alice Moore for its approval: one role over one
    subject, held by someone else (no value, no change word told it before)."""
    assert replaces(NEW_OWNER, OWNER)
    old = hooks.harvester.submit(semantic(OWNER, app_id="billing"), trigger="manual")
    new = hooks.harvester.submit(semantic(NEW_OWNER), trigger="post_retro_distill")
    assert new.status == "accepted" and new.memory_id is not None
    assert hooks.store.get(new.memory_id).supersedes == (old.memory_id,)


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (
            "Schema changes to the billing tables need a written sign-off from Alice Moore "
            "before the nightly migration window.",
            "Schema changes to the search index need a written sign-off from Bob Stone "
            "before the nightly migration window.",
        ),
        (
            "Questions about the billing dashboards go to Alice Moore (Finance Ops).",
            "Questions about the search dashboards go to Bob Stone (Search Infra).",
        ),
        (
            "Alice Moore owns the billing dashboards; ask her about Grafana access.",
            "Bob Stone owns the search dashboards; ask him about Grafana access.",
        ),
        (  # "their own" is no owner, and a name that opens a sentence is still that name
            "Vendor SDKs must ship their own PrivacyInfo.xcprivacy; App Store Connect "
            "rejects the upload with ITMS-91053 otherwise.",
            "Each app extension needs its own PrivacyInfo.xcprivacy; App Store Connect "
            "checks them one by one (ITMS-91053).",
        ),
    ],
)
def test_another_things_owner_is_no_new_owner(old: str, new: str) -> None:
    """Against false replacements: two teams' approvers for two things (the billing tables,
    the search index: a phrase swapped between the same words) stay two lessons."""
    assert not replaces(new, old) and not replaces(old, new)


def test_who_holds_a_role_is_read_as_names_in_full() -> None:
    """People, teams and channels are read whole, a name that opens a sentence included,
    without the word that opens it; roles by their kind ("signs off" and "approves" are one
    role), and "their own" gives no one a role."""
    read = terms("Ask Dana Whitfield first. The Privacy Office signs off; see #privacy-desk.")
    assert read.people == {"dana whitfield", "privacy office", "#privacy-desk"}
    assert read.roles == {"ask", "approve"}
    assert terms("Service Desk approves refunds.").people == {"service desk"}
    assert not terms("Each team keeps their own runbook.").roles


def test_a_value_changed_twice_is_found_in_its_newest_statement(hooks: MemoryHooks) -> None:
    """01:15, then 03:15, then 05:45: the newest statement replaces the first one too, so a
    bundle told in the first statement's words ("nightly", "batch host", "cold storage") is
    shown the newest time; it was shown none (the first one's replacement, which would have
    taken its place, was itself replaced)."""
    first = hooks.harvester.submit(semantic(SYNC, app_id="billing"), trigger="manual")
    hooks.harvester.submit(
        semantic(
            "Nightly files on the batch host are compressed with zstd before they go to cold "
            "storage; the checksum is taken after compression.",
            app_id="billing",
        ),
        trigger="manual",
    )
    second = hooks.harvester.submit(semantic(SYNC_MOVED, app_id="billing"), trigger="manual")
    third = hooks.harvester.submit(
        semantic(
            "Invoice sync cron is 45 5 * * * (05:45 UTC) since the ledger team moved the "
            "snapshot to 03:00-05:00; the job re-checks replica lag between pages.",
            app_id="billing",
        ),
        trigger="manual",
    )
    assert third.memory_id is not None
    assert hooks.store.get(third.memory_id).supersedes == (second.memory_id, first.memory_id)
    bundle = {
        "id": "b1",
        "title": "Nightly invoice files to cold storage",
        "description": "A checksum file per day, written on the batch host.",
        "app_id": "billing",
    }
    synthesis = hooks.pre_goal_synthesis(queue=[bundle]).synthesis or ""
    assert "05:45" in synthesis and "01:15" not in synthesis and "03:15 UTC" not in synthesis


@pytest.mark.parametrize(
    ("old", "other", "same"),
    [
        (
            "Nightly backups of the orders DB run at 01:00 UTC.",
            "Nightly backups of the search index now run at 03:00 UTC.",
            "Nightly backups of the orders DB now run at 03:00 UTC.",
        ),
        (
            "Certificates of the staging cluster renew every 30 days.",
            "Certificates of the production cluster now renew every 60 days.",
            "Certificates of the staging cluster now renew every 60 days.",
        ),
    ],
)
def test_one_frame_told_of_two_things_is_no_replacement(old: str, other: str, same: str) -> None:
    """Against false replacements: the same sentence with one phrase swapped (the orders DB,
    the search index) and nothing else said differently but its values is about another
    thing, even when it says "now"; the same thing with a new value still replaces."""
    assert not replaces(other, old)
    assert replaces(same, old)


def test_a_clock_time_is_one_value_however_it_is_written() -> None:
    """ "2:30 pm", "14:30" and a cron line's "30 14 * * *" are one time; "2am" is 02:00.
    So a cron line alone gives a job a new time ("moved to `15 3 * * *`" replaces "runs at
    01:15"), a time in am/pm replaces a long statement of the old one, and the same time
    written another way is a restatement, not a new value."""
    assert terms("cron `30 14 * * 1-5`").values["time"] == {"14:30"}
    assert terms("at 2am, then 2:30 pm").values["time"] == {"02:00", "14:30"}
    snapshot = (
        "The ledger snapshot runs nightly at 01:15 UTC on the db host, takes about 40 minutes "
        "and writes its manifest next to the dump in cold storage."
    )
    assert replaces("The ledger snapshot cron moved to `15 3 * * *` for the new replica.", snapshot)
    assert replaces(
        "The ledger snapshot now starts at 3am, after the reindex, and pages if it is late.",
        snapshot,
    )
    assert restates("The standup bot posts at 2:30 pm.", "The standup bot posts at 14:30.")


def test_a_bare_count_of_something_else_is_no_new_value() -> None:
    """Against false replacements: "three rebuilds of orders_daily used 640 of the 1,000
    credits" names the table a held lesson is about ("orders_daily keeps a 2-day window")
    but its numbers count other things: with little else shared, a bare number is no new
    value of the held one. A measure (a window in days) still is."""
    held = "orders_daily is incremental on loaded_at with a 2-day window; late rows arrive up to 40 hours late."
    assert not replaces(
        "Three rebuilds (orders_daily March, orders_daily Q1) used 640 of the 1,000 monthly "
        "credits; a rebuild of orders_daily on a large warehouse costs about 200 credits.",
        held,
    )
    assert replaces("orders_daily now keeps a 3 day window on loaded_at.", held)


def test_a_number_after_a_name_is_that_things_version() -> None:
    """ "Docusaurus 3" after "Docusaurus 2" is a new version of one thing, told in few shared
    words, not a bare count: it replaces the held lesson whatever else each says."""
    assert terms("The site runs on Docusaurus 3 now.").values == {"version of docusaurus": {"3"}}
    assert replaces(
        "The docs site runs on Docusaurus 3 (MDX 3) since July: a literal { or < in prose "
        "breaks the build, escape it.",
        "The docs site is built with Docusaurus 2 (MDX 1): JSX components can be used inline.",
    )


def test_one_more_case_told_with_also_replaces_nothing() -> None:
    """Against false replacements: "Harbor Freight also bills in USD cents …" opens on
    another sender than the held "Acme Wholesale bills in USD cents …" and says it does the
    same too: a second case, whatever "instead of" follows. A new value for the held
    sender itself still replaces."""
    held = (
        "Acme Wholesale bills in USD cents and declares it in the invoice header; parse "
        "amounts with the header's currency, never as dollars."
    )
    assert not replaces(
        "Harbor Freight also bills in USD cents. Its feed had its own parser that assumed "
        "dollars; every feed should go through the shared amount parser instead of "
        "parsing amounts itself.",
        held,
    )
    assert replaces("Acme Wholesale now bills in EUR cents; parse with the header.", held)


def test_a_version_with_trailing_zeros_is_the_same_version() -> None:
    """ "Spec 6.1" and "Spec 6.1.0" are one version: a lesson that works under the spec's
    6.1 gives no new version of a lesson that validates against 6.1.0 with a tool at 6.3,
    and does not replace it."""
    assert terms("runs on 6.1.0 and v2.0").values["version"] == {"6.1", "2"}
    assert not replaces(
        "Orders need a Warehouse reference under Retail Spec 6.1: map the site code through "
        "the crosswalk (config/sites.csv).",
        "We validate against Retail Spec 6.1.0 now, with speccheck 6.3.x; the pinned "
        "version file was deleted and the tax mapping was rewritten for the new profiles.",
    )


def test_a_cue_at_a_word_named_only_in_the_draft_points_at_nothing_held() -> None:
    """Against false replacements: "mark the old Order inactive … instead of deleting it"
    capitalises "Order" as its own domain's name; the held "look the test order up by SKU
    …" names no Order, so the cue ("the old", "instead of") does not point at it, and two
    shared words are no subject in common. A cue at a name the held text gives still does."""
    held = (
        "smoke tests against shop-stg.example: look the test order up by SKU at the start, "
        "ids change after every nightly reset"
    )
    assert not replaces(
        "Bundle splits: line 1 is the retired SKU. Mark the old Order inactive and add a "
        "replaced-by link instead of deleting it.",
        held,
    )
    assert replaces(
        "Correction to the PS5 save-data rule: the per-slot limit is 512 MB.",
        "PS5 cert: save data must stay under 1 GB per slot (TRC R4092).",
    )


@pytest.mark.parametrize(
    ("new", "old"),
    [
        (
            "since the 3.2 upgrade the exporters serve /metrics/v2; the v1 path was removed "
            "in 3.2.",
            "All hosts run node-exporter 3.1; Prometheus scrapes the exporters at /metrics/v1.",
        ),
        (
            "Since 06-29 the depots run a night shift, so packing stations are busy until "
            "06:00; restocks now go out at 13:30.",
            "Depots restock the packing stations at 02:00, when no shift is on.",
        ),
    ],
)
def test_a_statement_opening_on_when_it_took_effect_is_read_after_that_clause(
    new: str, old: str
) -> None:
    """ "Since the 3.2 upgrade the exporters serve …" is about the exporters, not about an
    upgrade: the opening clause says when, so it neither heads the statement nor names it
    (it once made the two read as two parallel things, and the old path stayed live)."""
    assert terms(new).head[0] in terms(old).content
    assert replaces(new, old)


def test_a_statement_after_its_opening_clause_is_still_another_components() -> None:
    """Reading past "Since the 3.2 upgrade" never merges two components: the payments API's
    replicas are not the orders API's."""
    old = "The orders API runs 4 replicas behind the internal load balancer."
    new = (
        "Since the 3.2 upgrade the payments API runs 6 replicas behind the internal load balancer."
    )
    assert not replaces(new, old)
