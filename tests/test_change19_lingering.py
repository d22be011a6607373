"""Changes that lingered (issue 13): a new value told in the ways people write a change,
and read as replacing the held statement of the old one; the near misses (another thing
in the same frame, a restatement) replace nothing."""

from __future__ import annotations

import pytest

from agentmem.core.apart import set_apart
from agentmem.core.restate import replaces
from agentmem.core.statement import terms
from agentmem.core.verdict import Held, judge


@pytest.mark.parametrize(
    "text",
    [
        "Since 3 Feb kiln alarms sound at 1,150 degrees of glaze temperature.",
        "Since Feb 3 kiln alarms sound at 1,150 degrees of glaze temperature.",
        "As of 12 Sept the kiln log keeps 90 days.",
    ],
)
def test_since_a_day_with_a_short_month_points_at_what_follows(text: str) -> None:
    """A day with a short month ("since 3 Feb"), like "since 2026-02-03" or "since 3 February",
    says a new state and points at what it is of (a month written short was no cue at all)."""
    read = terms(text)
    assert read.change
    assert read.cued


def test_a_threshold_since_a_day_replaces_the_one_held() -> None:
    """A threshold told anew from a day on ("since 3 Feb … at 10 minutes") replaces the held
    statement of the old threshold, though the two share too few words to be one subject
    by count."""
    held = (
        "Proofing alerts are published when the dough rise on a tray lags 15 minutes; "
        "shorter lags only show as expected times on the oven screens."
    )
    draft = (
        "Since 3 Feb proofing alerts fire at 10 minutes of rise lag (bakery.yaml "
        "lag_alert_min: 10), as the head baker asked; wall displays are unaffected."
    )
    assert replaces(draft, held)


def test_since_a_day_of_another_kiln_replaces_nothing() -> None:
    """The same cue told of another thing (another kiln, named) is no new value of the
    held one's."""
    held = "The raku kiln alarm sounds when the glaze temperature reaches 1,000 degrees."
    draft = "Since 3 Feb the electric kiln alarm sounds at 1,150 degrees of glaze temperature."
    assert not replaces(draft, held)


def test_a_thing_said_unaffected_sets_apart_only_what_opens_on_it() -> None:
    """A clause "the wall displays are unaffected" keeps a held lesson about the displays, not one
    that only mentions them after its own subject: the draft's new threshold still replaces
    that one."""
    draft = (
        "Since 3 Feb proofing alerts fire at 10 minutes of rise lag (bakery.yaml "
        "lag_alert_min: 10), as the head baker asked; the wall displays are unaffected."
    )
    mentions = Held(
        "alerts",
        "Proofing alerts are published when the dough rise on a tray lags 15 minutes; "
        "shorter lags only show as expected times on the wall displays.",
        "semantic",
    )
    about = Held("displays", "The wall displays refresh every 15 minutes.", "semantic")
    assert not set_apart(draft, about.text) or not replaces(draft, about.text)
    assert set_apart(draft, "Wall displays show the expected time of every tray.")
    assert judge(draft, [mentions], "semantic").replaces == ["alerts"]


def test_a_job_moved_to_another_time_in_a_later_clause_replaces_its_held_time() -> None:
    """A later clause "…, so the glaze kiln cron moved to 06:45" gives a new time of the job
    a held lesson runs at 04:30 in its second clause, though the two open on other things
    and share few words."""
    held = (
        "The studio writes firing_log.csv to the shared drive at about 04:00; the glaze "
        "kiln cron runs at 04:30 and only fires shelves marked READY."
    )
    draft = (
        "The potters' shelf check now ends around 06:30, so the glaze kiln cron moved to "
        "06:45; anything earlier sees only DRYING shelves."
    )
    assert replaces(draft, held)
    assert judge(draft, [Held("old", held, "semantic")], "semantic").replaces == ["old"]


@pytest.mark.parametrize(
    "draft",
    [
        # another job, named by other words before the change
        "The potters' shelf check now ends around 06:30, so the bisque kiln cron moved to "
        "06:45; anything earlier sees only DRYING shelves.",
        # no change told of the job: another job's time beside it
        "The potters' shelf check ends around 06:30 and the glaze kiln cron needs it done.",
    ],
)
def test_a_later_clause_of_another_job_or_without_a_change_replaces_nothing(draft: str) -> None:
    """The job a later clause moves must be named by the held clause's words; and a clause
    that tells no change gives no new time."""
    held = (
        "The studio writes firing_log.csv to the shared drive at about 04:00; the glaze "
        "kiln cron runs at 04:30 and only fires shelves marked READY."
    )
    assert not replaces(draft, held)


HELD_FORMAT = (
    "Bake plans come in as OvenXML 2.0 exports from Doughly; the importer reads <TRAY> "
    "elements and ignores <RACK>."
)


def test_a_cue_naming_a_part_of_a_camelcase_name_replaces_what_it_names() -> None:
    """A cue "the old XML importer is no longer used" points at the importer of "OvenXML"
    exports: a part of a name written in CamelCase is a word the cue can point at."""
    draft = (
        "Since Doughly's spring release our bake plans arrive as OvenJSON 2.0 "
        "(plans[].trays); the old XML importer is no longer used."
    )
    assert terms(draft).cued >= {"xml", "import"}
    assert replaces(draft, HELD_FORMAT)


def test_one_part_of_a_camelcase_name_alone_points_at_nothing() -> None:
    """A cue that meets the held text only in one part of its name ("the old XML
    validator", of an importer's lesson) says nothing of it."""
    draft = "Since Doughly's spring release the old XML validator is no longer used."
    assert not replaces(draft, HELD_FORMAT)


HELD_HOWTO = (
    "After changing a glaze recipe, regenerate swatches with make swatches KILN=4 and commit "
    "the PNGs together with the recipe cards."
)


def test_a_tools_own_file_gone_retires_the_how_to_that_runs_the_tool() -> None:
    """A tool's file gone ("the Makefile is gone") says `make` no longer runs the task: the held
    how-to that regenerates with `make …` is replaced by the draft's new command, though the two
    share few words and name no command in common."""
    draft = (
        "glaze-lab builds with Bazel now and the Makefile is gone; regenerate swatch PNGs "
        "with bazel run //glaze:swatches -- --kiln=4."
    )
    assert judge(draft, [Held("old", HELD_HOWTO, "procedural")], "procedural").replaces == ["old"]


def test_another_tools_file_gone_retires_nothing() -> None:
    """The Dockerfile gone says nothing of a how-to that runs `make`."""
    draft = (
        "glaze-lab images build with Bazel now and the Dockerfile is gone; regenerate swatch "
        "PNGs with bazel run //glaze:swatches -- --kiln=4."
    )
    assert judge(draft, [Held("old", HELD_HOWTO, "procedural")], "procedural").replaces == []


HELD_HOST = (
    "Kiln telemetry arrives on topic KILN.TEMP.RAW on broker BRK_A (mq-a.studio.lan:1883, "
    "user kiln_reader); the logger acks only after the reading_log insert."
)


def test_a_thing_named_alike_on_another_host_of_the_domain_replaces_the_held_host() -> None:
    """A change that puts the same named topic on another host of the same domain, with
    another port, replaces the held lesson that gives the old host, though the two share
    under half their words."""
    draft = (
        "Since the 3 Feb cutover KILN.TEMP.RAW lives on BRK_B (mq-b.studio.lan:1884); only "
        "the TLS listener accepts clients, the plain port answers 5."
    )
    assert replaces(draft, HELD_HOST)


@pytest.mark.parametrize(
    "draft",
    [
        # another topic on another host of the domain: nothing named alike
        "Since the 3 Feb cutover glaze cameras stream on mq-b.studio.lan:1884; only the TLS "
        "listener accepts clients.",
        # the same topic mirrored on a host of another domain
        "Since the 3 Feb cutover KILN.TEMP.RAW is mirrored to cloud.vendor.example:8883 for "
        "the dashboards.",
    ],
)
def test_another_thing_or_another_domain_keeps_the_held_host(draft: str) -> None:
    """Only the thing both name, moved within its domain, is moved."""
    assert not replaces(draft, HELD_HOST)


def test_a_fact_of_another_year_replaces_nothing() -> None:
    """A draft "the 2026 price list sets porcelain at 5 EUR" is next year's list, not a new value
    of this year's; a year that says when a change took effect ("since 2026") names no
    other thing."""
    held = Held("y25", "The 2025 price list sets porcelain at 4 EUR per kg.", "semantic")
    other_year = "The 2026 price list sets porcelain at 5 EUR per kg."
    assert judge(other_year, [held], "semantic").replaces == []
    assert not set_apart("Since 2026 the price list sets porcelain at 5 EUR per kg.", held.text)
