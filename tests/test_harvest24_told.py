"""Hook E on two runs of one cause told in other words, and on what a pattern's phrase leaves out.

Two runs whose checks and own accounts say one cause's rare words in other orders (no two
words in a row alike) are a pattern; words a successful run says too, or a runner's stock
words that only the checks share, are not. A pattern whose error phrase stops where its
checks' values part also tells the newest check's own words.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest

from agentmem import Memory, MemoryHooks
from tests.conftest import semantic
from tests.test_judgment_harvest import clocked, episode, patterns, success

__all__ = ["clocked"]  # the fixture: hooks whose clock reads a given day


def harvested(hooks: MemoryHooks, app: str) -> list[Memory]:
    assert hooks.judgment_harvest().ok
    return patterns(hooks, app)


# (app, check, two runs' (detail, summary), in other orders and values, one cause)
REWORDED = [
    (
        "kiln-control",
        "firing-log",
        [
            (
                "zone 2 thermocouple read 40 C under the pyrometer",
                "Glaze underfired: a thermocouple reads low.",
            ),
            (
                "pyrometer puts zone 5 hotter; thermocouple offset -38 C",
                "Underfired again, thermocouple low in zone 5.",
            ),
        ],
    ),
    (
        "drone-survey",
        "survey-qa",
        [
            (
                "GCP 7 residual 0.41 m after the RTK link lost its fix",
                "Orthomosaic shifted: the RTK base lost its fix near the quarry.",
            ),
            (
                "residuals up to 0.38 m at GCP 3, RTK float only",
                "Map misaligned; the RTK base lost fix mid-flight.",
            ),
        ],
    ),
    (
        "bakery-line",
        "proof-check",
        [
            (
                "humidity 97% in proofer B, loaves collapsed on bake",
                "Overproofed batch: the proofer sensor read humidity too high.",
            ),
            (
                "collapsed crumb in 14 loaves; sensor of proofer B stuck at 95% humidity",
                "Loaves sank again; the proofer sensor sticks.",
            ),
        ],
    ),
]


@pytest.mark.parametrize(("app", "check", "runs"), REWORDED)
def test_two_runs_telling_one_cause_in_other_words_are_a_pattern(
    hooks: MemoryHooks, app: str, check: str, runs: list[tuple[str, str]]
) -> None:
    """No two words in a row are in both checks' details, so no error phrase joins them;
    both checks and both runs' own accounts say the cause's rare words, which the app's
    successful runs do not: the two runs are one pattern citing both."""
    success(hooks, "2099-03-01-s1", "Routine job", "Routine job done.", app_id=app)
    success(hooks, "2099-03-02-s2", "Another job", "Nightly batch finished on time.", app_id=app)
    cited = [
        episode(hooks, f"2099-03-{day}-f{day}", f"Work item {day}", check, detail, summary, app)
        for day, (detail, summary) in zip((10, 24), runs, strict=True)
    ]
    [pattern] = harvested(hooks, app)
    assert set(pattern.cites) == set(cited)


def test_words_a_success_says_make_no_pair_a_pattern(hooks: MemoryHooks) -> None:
    """The same two failures, but a successful run (before them: no fix of theirs) says
    those words in its own account: what the app works on, not what failed it."""
    app, check, runs = REWORDED[0]
    success(
        hooks,
        "2099-03-01-s1",
        "Calibrate",
        "Thermocouple and pyrometer agree in every zone; nothing underfired or low.",
        app_id=app,
    )
    for day, (detail, summary) in zip((10, 24), runs, strict=True):
        episode(hooks, f"2099-03-{day}-f{day}", f"Work item {day}", check, detail, summary, app)
    assert harvested(hooks, app) == []


def test_checks_sharing_stock_words_whose_runs_tell_two_causes_are_no_pattern(
    hooks: MemoryHooks,
) -> None:
    """Two checks of one runner say its stock words ("deadline exceeded waiting for the
    worker") in other orders; the runs' own accounts tell two causes that share no rare
    word: no pattern of two runs."""
    app = "ticket-bot"
    episode(
        hooks,
        "2099-04-02-f1",
        "Auto-triage",
        "integration",
        "deadline exceeded: 30 s waiting for worker triage-3",
        "The classifier model took too long to load.",
        app,
    )
    episode(
        hooks,
        "2099-04-09-f2",
        "Send digests",
        "integration",
        "worker mailer-1: waiting exceeded the 60 s deadline",
        "The mail relay refused the sender domain.",
        app,
    )
    assert harvested(hooks, app) == []


# (app, check, what three runs' checks said: one message whose values part where the cause is)
PARTED = [
    (
        "photo-export",
        "export-check",
        [
            "export halted: quota reached on bucket eu-1 (12 GB)",
            "export halted: quota reached on bucket us-2 (9 GB)",
            "export halted: quota reached on bucket ap-3, retention lock still active",
        ],
        "retention lock",
    ),
    (
        "ledger-close",
        "close-run",
        [
            "period close aborted by the database: temp volume full at 92%",
            "period close aborted by the database: deadlock with the nightly reindex",
        ],
        "nightly reindex",
    ),
]


@pytest.mark.parametrize(("app", "check", "details", "told"), PARTED)
def test_a_pattern_tells_the_newest_check_beyond_its_phrase(
    hooks: MemoryHooks, app: str, check: str, details: list[str], told: str
) -> None:
    """The words every check said stop where their values part; the pattern also tells
    what the newest check said, so its cause is not lost with the values."""
    success(hooks, "2099-05-01-s1", "Routine job", "Routine job done.", app_id=app)
    for day, detail in zip((3, 10, 17), details, strict=False):
        episode(hooks, f"2099-05-{day:02d}-f{day}", f"Run {day}", check, detail, "It failed.", app)
    [pattern] = harvested(hooks, app)
    assert told in pattern.text


def test_a_pattern_whose_phrase_is_all_its_checks_said_repeats_nothing(
    hooks: MemoryHooks,
) -> None:
    """Checks that said one message word for word: the phrase is all of it, and the
    pattern does not tell it twice."""
    app = "tile-cache"
    success(hooks, "2099-05-01-s1", "Routine job", "Routine job done.", app_id=app)
    for day in (3, 10):
        episode(
            hooks, f"2099-05-{day:02d}-f{day}", f"Run {day}", "warmup", "tile seed stalled", "", app
        )
    [pattern] = harvested(hooks, app)
    assert pattern.text.count("tile seed stalled") == 1


def test_the_newest_check_of_a_run_quoting_a_retired_value_is_not_told(
    clocked: Callable[[str], MemoryHooks],
) -> None:
    """The newest check said more than the phrase, with a limit a later lesson replaced:
    its run quotes what the replacement took away (`withdrawn`), so, as for the example,
    the pattern does not tell its words."""
    app = "sign-shop"
    limit = "The vinyl cutter check rejects a job whose blade pressure is over 140 g."
    raised = "From June the vinyl cutter check allows blade pressure up to 165 g."
    old = clocked("2099-05-01").harvester.submit(semantic(limit, app_id=app), trigger="manual")
    assert old.memory_id is not None
    for day, detail in (
        (3, "blade pressure over 140 g on the banner job"),
        (10, "blade pressure over 140 g on the window decal, backing paper torn"),
    ):
        hooks = clocked(f"2099-05-{day:02d}")
        episode(hooks, f"2099-05-{day:02d}-c{day}", "Cut", "cutter", detail, "", app)
    held = clocked("2099-06-01").harvester.submit(
        semantic(raised, app_id=app, supersedes=[old.memory_id]), trigger="manual"
    )
    assert held.memory_id is not None
    [pattern] = [p for p in harvested(clocked("2099-06-02"), app) if not p.supersedes]
    assert "Last failed" not in pattern.text
