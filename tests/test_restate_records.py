"""Replacements told by documents: a lesson drawn from a decision record or a runbook opens
on the record's identifier ("ADR-031: …"), which names the document and not what the
lesson is about."""

from __future__ import annotations

import pytest

from agentmem.core import newvalue, restate
from agentmem.core.statement import terms

HELD_HOOKS = "Clients register webhooks with POST /v1/hooks {url, events}; the API dedupes by url."
ADR_HOOKS = (
    "RFC-042: Event subscriptions replace webhook registration: webhooks are registered with "
    "`POST /v2/event/subscriptions` `{url, events, secret}`; one row per url and event, and "
    "every change is audited."
)


def test_a_record_identifier_is_not_the_head_of_what_its_lesson_says() -> None:
    """'RFC-042: Event subscriptions …' was read as about 'rfc', a word the held lesson
    never says, while the held one opens on 'clients', which the record never says: the two
    were taken for two components and the record's new route replaced nothing."""
    assert terms(ADR_HOOKS).head[0] == "event"
    assert restate.replaces(ADR_HOOKS, HELD_HOOKS)


@pytest.mark.parametrize(
    ("held", "draft"),
    [
        (  # another component, other numbers
            "The search API allows 20 requests/s per client; bursts above that get 429.",
            "ADR-031: Payments API rate limit: the payments API allows 50 requests/s per "
            "client; bursts above that get 429.",
        ),
        (  # two records, two subjects
            "ADR-012: Nightly backups: the orders database is backed up at 01:00 UTC.",
            "ADR-013: Search reindex: the search index is rebuilt at 03:00 UTC.",
        ),
    ],
)
def test_a_record_lesson_about_another_thing_replaces_nothing(held: str, draft: str) -> None:
    """With the identifier out of the head, each lesson opens on what it is about: another
    service's limit, another job's time, stays a value of its own."""
    assert not restate.replaces(draft, held)


OLD_REFRESH = (
    "Staging databases are refreshed every other Thursday at 09:00 UTC (snapshot/X.Y). After "
    "the refresh only tables labelled keep-masked get masked again."
)
NEW_REFRESH = (
    "From 2027-02-01 on, the staging database is refreshed on Mondays at 06:00 UTC, every "
    "second week: 12 on 2027-02-01, 13 on 2027-02-15. Reviews have been taking 3-4 h "
    "lately, and the Monday slot leaves the weekend free."
)


def test_a_statement_opening_on_the_held_ones_subject_gives_its_new_value() -> None:
    """Both open on 'staging database refreshed': one subject, however much else the new
    one says (fewer than half of the shorter one's words shared, no name in common), so
    the new day and time replace the old ones."""
    assert terms(NEW_REFRESH).head == terms(OLD_REFRESH).head
    assert restate.replaces(NEW_REFRESH, OLD_REFRESH)


@pytest.mark.parametrize(
    "draft",
    [
        # the same opening for another platform's database: each names its own
        "Staging databases for Android are refreshed every other Monday at 06:00 UTC; ask "
        "in #staging.",
        # the same opening for another service's database, one frame told of two things
        "Staging databases for the search service are refreshed on Mondays at 06:00 UTC "
        "by the masking job, which takes about 3 h for the whole copy.",
    ],
)
def test_the_same_opening_words_do_not_join_two_things(draft: str) -> None:
    """A same-head statement that names another platform, or another service in the same
    frame, replaces nothing, whatever its other numbers."""
    held = (
        "Staging databases for iOS are refreshed every other Thursday at 09:00 UTC."
        if "Android" in draft
        else "Staging databases for the billing service are refreshed every other Thursday "
        "at 09:00 UTC."
    )
    assert not restate.replaces(draft, held)


def test_the_earlier_event_is_no_replacement_cue() -> None:
    """'the earlier cut gets the submission in' tells of an event before another, not of a
    thing since replaced: read as a cue, it pointed at 'get' in the held lesson's command
    (`bundletool get-size`) and the release calendar replaced the download size budget."""
    held = (
        "Bundle size budget: the size check fails above 48 MB as reported by `bundletool "
        "get-size total`; anything above 45 MB needs a line in the release PR."
    )
    draft = (
        "From 5.5 on, the release branch is cut on Tuesdays at 12:00 UTC, and the earlier "
        "cut gets the submission in before the weekend."
    )
    assert not restate.replaces(draft, held)
    # "the previous" still says so outright
    assert restate.replaces(
        "The previous size check is gone: the bundle size budget now fails above 52 MB.", held
    )


HELD_STOCK = (
    "Other services read inventory only through inventory-svc's GET /v1/levels (per "
    "warehouse, counts as integers); nothing queries the inventory tables directly."
)


@pytest.mark.parametrize(
    "draft",
    [
        "ADR-033: Availability API v2 with reservations: all clients call `GET /v2/stock-levels`.",
        "Picking calls GET /v2/stock-levels?sku=<sku> with reserve=true, so two pickers "
        "never take the last unit.",
    ],
)
def test_a_route_of_a_newer_api_version_for_the_same_resource_replaces_the_old(
    draft: str,
) -> None:
    """'GET /v2/stock-levels' after 'GET /v1/levels': the same resource at a newer version,
    told with two words in common (too few for one subject): the old route stayed in packs
    beside the new one."""
    assert restate.replaces(draft, HELD_STOCK)


@pytest.mark.parametrize(
    "draft",
    [
        # another resource under the newer version
        "Clients reserve a unit with POST /v2/reservations {sku, warehouse}; a reservation "
        "is held for 10 minutes.",
        # another method on the same resource: a write is not the read's new route
        "Stock corrections go through POST /v2/stock-levels/adjustments with a reason code.",
        # an older version named after a newer one
        "GET /v0/levels still answers for the warehouse scanners; they are not migrated.",
    ],
)
def test_another_route_or_method_or_an_older_version_is_no_new_route(draft: str) -> None:
    """Only a newer version of the same method on the same resource is a new route; the
    other resource and the other method replace nothing at all."""
    assert not newvalue.rerouted(draft, HELD_STOCK)
    if "/v0/" not in draft:  # an older version read as a new one is the version rule's
        assert not restate.replaces(draft, HELD_STOCK)


HELD_RELAY = (
    "US mail is relayed through the Dublin gateway (dub); bounces go to bounce.example.net."
)


def test_since_a_day_says_the_new_value_of_a_swapped_name() -> None:
    """'… is the Lisbon gateway since the outage report of 11-03': the gateway's name is
    swapped in one frame (read as two things told alike) and nothing said it changed;
    'since' a day, or an event on a day, says so."""
    draft = (
        "The US mail relay is the Lisbon gateway (lis) since the outage report of 11-03; "
        "bounces still go to bounce.example.net."
    )
    assert terms(draft).change
    assert restate.replaces(draft, HELD_RELAY)


def test_since_without_a_day_or_of_another_thing_replaces_nothing() -> None:
    """'since' that gives a reason is no change word; a change of another region's relay,
    since a day, is not the held region's."""
    assert not terms("Bounces go to the Lisbon gateway since the Dublin one is full.").change
    assert not terms("Bounces go to Lisbon since the outage report of the relay team.").change
    other = (
        "EU mail is relayed through the Lisbon gateway (lis) since 11-03; bounces go to "
        "eu-bounce.example.net."
    )
    assert not restate.replaces(other, HELD_RELAY)


HELD_GATE = (
    "Prod applies on web-config are gated by CODEOWNERS: a dnsops reviewer (Lena Fischer's "
    "team) has to approve the PR before the apply job will touch the prod workspace."
)


def test_a_role_handed_to_others_in_few_shared_words_replaces_the_old_holder() -> None:
    """'the edge team owns web-config: prod applies need an approval from @acme/edge':
    another holder of the approval over the same prod applies, told with under half the
    held text's words (too few for one subject by count), stayed beside the old one."""
    draft = (
        "Since 09-28 the edge team owns web-config: prod applies need an approval from "
        "@acme/edge, and change requests go to #edge-change on the tracker."
    )
    assert restate.replaces(draft, HELD_GATE)


def test_sharing_only_the_role_is_two_roles_over_two_things() -> None:
    """Another approver of another thing shares the role's words and little else: no
    replacement."""
    draft = (
        "Schema migrations on the billing database need an approval from @acme/dba before "
        "the job will run; ask in #dba."
    )
    assert not restate.replaces(draft, HELD_GATE)


HELD_LOAD = (
    "Load tests run headless on Locust Classic 2 (master only, no workers) with "
    "plans/checkout.py; `make load-test` runs all 48 scenarios in about 25 minutes."
)
ADR_LOAD = (
    "ADR-021: Load tests on Grafana k6, pinned to the perf pool: Move the suite to **Grafana "
    "k6** (`k6 run` 0.50) with `xk6-output`. Convert the plans to JS (`plans/checkout.js`). "
    "Cut-over on Monday 2027-03-01."
)


def test_a_decision_to_move_to_something_is_a_change() -> None:
    """'Move the suite to Grafana k6 … Cut-over on Monday': the decision tells the new
    state in the imperative, with no "now" or "moved"; the old tool's lesson stayed."""
    assert terms(ADR_LOAD).change
    assert restate.replaces(ADR_LOAD, HELD_LOAD)


def test_moving_inside_a_sentence_is_no_change_word() -> None:
    """'the map server moves to a new revision' tells what happens, not that something
    changed; a decision to move another suite replaces nothing of this one."""
    assert not terms("When an aisle is re-racked the map server moves to a new revision.").change
    other = (
        "ADR-022: Soak tests on the night pool: Move the soak suite to the night pool "
        "(`pool: night`). Cut-over on Monday 2027-03-08."
    )
    assert not restate.replaces(other, HELD_LOAD)


HELD_EXPORT = (
    "CSV dumping runs Tabula csvdump (1.2.0-77) over the partitioned parquet snapshots, JSON "
    "goes through exporter-ng 2.6; both read from s3://snap-out/<table_id>/."
)
ADR_EXPORT = (
    "ADR-023: One exporter for CSV and JSON: Export every table with a single exporter-ng "
    "3.0.1 run (`pipeline/export.py`) that writes the CSV files and the JSON dumps over "
    "shared snapshots. The old CSV step is removed, not kept as a fallback."
)


def test_a_cue_at_the_name_the_held_text_opens_on_points_at_it() -> None:
    """'The old CSV step is removed' points at 'CSV', the name in capitals the held lesson
    opens on ('CSV exports run …'): one word, but what that lesson is about."""
    assert restate.replaces(ADR_EXPORT, HELD_EXPORT)


def test_a_cue_at_a_name_the_held_text_only_mentions_points_elsewhere() -> None:
    """A held lesson about something else that names CSV in passing, or opens on a plain
    word the cue also names, is not what the cue points at."""
    passing = (
        "Nightly tables are snapshotted at 01:00 UTC and every export reads the snapshot, "
        "never the live tables, before any CSV is written."
    )
    assert not restate.replaces(ADR_EXPORT, passing)


def test_a_file_extension_names_no_shared_thing() -> None:
    """'tools/fixtures/load.py' and 'tests/stream_kraft.py' share 'py', which was read as a
    name both mention: one subject, and the fixture change replaced the suite's command."""
    held = (
        "On Kafka 4 the suite is `pytest tests/stream_kraft.py --broker=kraft`. Topics come "
        "through the schema bridge, so a missing bridge entry looks like a dead consumer."
    )
    draft = (
        "Stream fixtures no longer pin a schema version: tools/fixtures/load.py asks the "
        "registry for the current schema_id at suite start and re-samples records when the "
        "fixture was recorded on another version."
    )
    assert "py" not in terms(draft).names
    assert not restate.replaces(draft, held)
    # a word that stands alone stays a name ("the Py client" is one)
    assert "py" in terms("The Py client reads conf.py at start.").names


HELD_LABEL = (
    "ADR-030: E2E suite on the gpu pool: The `e2e` job **always** runs on the `gpu-pool` "
    "runner label. The label lives in `ci/templates/e2e.yml`, never in per-job overrides."
)


def test_the_old_thing_after_a_preposition_is_where_something_happened() -> None:
    """'the nightly came back from the old template without gpu-pool' tells what went wrong,
    in agreement with the held rule; read as 'the old template' replaced, it superseded the
    rule that says where the label lives."""
    draft = (
        "When e2e aborts on the slowness guard, look at the job's runs-on label first: after "
        "the runner move the nightly came back from the old template without gpu-pool."
    )
    assert not terms(draft).cued
    assert not restate.replaces(draft, HELD_LABEL)


def test_the_old_thing_a_statement_is_about_is_still_a_cue() -> None:
    """'The old template is gone' says the template it names was replaced."""
    draft = "The old e2e template is gone: the gpu-pool label now lives in `ci/e2e.yml`."
    assert terms(draft).cued
    assert restate.replaces(draft, HELD_LABEL)
