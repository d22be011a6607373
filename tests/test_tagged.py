"""A new value beside a tag both texts name replaces the held lesson
(`agentmem.core.tagged`), however the rest is told; another member of the tag's family,
another slot beside the tag, another year, a denial, a value of another tag's clause, a
plain draft on another instance and one sharing nothing around the value keep it."""

from __future__ import annotations

import time

import pytest

from agentmem.core.held import Held, judge
from agentmem.core.tagged import tagged_anew

REBOILER = (
    "Reboiler E-105 outlet temperature setpoint is 120 °C with 30 wt% MEA; "
    "LP steam flow (FIC-106) is the manipulated variable."
)
SCHEMA = (
    "Monthly reports go to the Environment Agency Compliance Portal as CP-ePR schema 3.1 "
    "XML, due by the 5th working day of the month."
)
FAN = "Dryer D-2 exhaust fan runs at 38 Hz on the Danfoss drive; check belts monthly."
PUMPS = "Pump P-14 runs 50 Hz and pump P-12 runs 45 Hz."


@pytest.mark.parametrize(
    ("draft", "held"),
    [
        (
            "With CESAR1 the reboiler E-105 setpoint is 124 °C; Solvaris' limit is 126 °C, "
            "do not go above it (PZ degradation).",
            REBOILER,
        ),
        (
            "Monthly submissions use CP-ePR schema 3.2 since 1 May (NitrosamineSum elements); "
            "the portal rejects files in the older schema.",
            SCHEMA,
        ),
    ],
)
def test_a_new_value_beside_a_shared_tag_replaces(draft: str, held: str) -> None:
    assert tagged_anew(draft, held)
    assert judge(draft, [Held("h1", held, "semantic")], "semantic").replaces == ["h1"]


@pytest.mark.parametrize(
    ("draft", "held"),
    [
        ("Since March pump P-12 runs 40 Hz; pump P-14 stays at 50 Hz.", PUMPS),
        (
            "With the Grundfos impeller, chiller CH-3 supply setpoint is 7 °C.",
            "Chiller CH-3 supply water setpoint is 6 °C with the Carrier impeller.",
        ),
    ],
)
def test_the_tag_s_value_is_read_where_the_judge_s_guards_decide(draft: str, held: str) -> None:
    """Read as the tag's new value; the judge's guards against another member named
    (P-14) or another supplier named (`agentmem.core.apart`) still have the last word."""
    assert tagged_anew(draft, held)


@pytest.mark.parametrize(
    ("draft", "held"),
    [
        ("Since March the reboiler E-106 setpoint is 124 °C.", REBOILER),  # another member
        ("The E-105 alarm limit is now 130 °C.", REBOILER),  # another slot beside the tag
        (
            "Since March the reboiler E-105 setpoint is 124 °C for the 2027 season.",
            "Reboiler E-105 setpoint is 120 °C for the 2026 season.",
        ),  # another year
        ("Reboiler E-105 setpoint was wrong: it is not 120 °C.", REBOILER),  # a denial
        ("On the pilot skid the reboiler E-105 setpoint is 124 °C.", REBOILER),  # elsewhere
        ("Pump P-12 starts at 30 Hz.", PUMPS),  # another slot: nothing around it shared
        ("Since March pump P-12 runs 40 Hz.", "Pump P-14 runs 45 Hz and pump P-12 is spare."),
        ("Since March the D-2 fan runs 38 Hz and the D-3 fan 41 Hz.", FAN),  # the held value
        ("Since March the exhaust fan runs at 44 Hz.", FAN),  # no tag named
    ],
)
def test_near_misses_stay(draft: str, held: str) -> None:
    assert not tagged_anew(draft, held)


@pytest.mark.parametrize(
    "text",
    [
        "E-105 " * 20_000,
        "Since March E-105 setpoint is 124 °C " + "E-105 7 °C; " * 8_000,
        "CP-ePR \ud800 schema 3.2 now " * 5_000,
        "A-1" + "-1" * 40_000,
    ],
)
def test_hostile_text_reads_in_linear_time(text: str) -> None:
    start = time.process_time()
    tagged_anew(text, REBOILER)
    tagged_anew(REBOILER, text)
    assert time.process_time() - start < 10


def test_a_pattern_s_count_of_runs_beside_a_tag_replaces_no_pattern() -> None:
    """Two patterns across runs that recur on one tag ("failed in 3 runs … KP-UPPER",
    "failed in 5 runs … KP-UPPER") give no new value of the tag: the rule reads a lesson
    against a lesson only."""
    draft = (
        "Recurring failure in bulletin-publisher, wx-ingest: station-replay and staging-publish"
        ' failed in 3 runs between 2026-01-22 and 2026-01-24 with "KP-UPPER … observations'
        ' since 03:15 MST". Followed up in 2026-01-25-run-034 (wx-ingest): Ingest KP-UPPER over'
        " Iridium SBD, success. Lesson: KP-UPPER now reports hourly through an Iridium SBD modem"
        " (frames land in the sbd-gw mailbox and wx-ingest decodes them); RC-MID stays on the"
        " radio link with LoggerNet polls every 15 minutes. Last failed: staging-publish,"
        " preflight blocked publish: KP-UPPER feed stale 7 h (no observations since 03:15 MST)"
    )
    held = (
        "Recurring failure in control-scheduler, road-alerts, wx-ingest: station-replay,"
        " notify-dryrun and e2e-scheduler failed in 5 runs between 2026-01-22 and 2026-01-24"
        ' with "KP-UPPER … since 03:15 MST". Cause: storm (the tag these failed runs share'
        " across apps, rare on successful runs). Example, 2026-01-22-run-026: KP-UPPER silent"
        " since 03:15; RC-MID fine."
    )
    assert judge(draft, [Held("h1", held, "reflective")], "reflective").replaces == []
