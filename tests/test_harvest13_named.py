"""Hook E names the cause its failures' checks tell, not one their runs only mention.

A run's account tells more than its cause: what it tried first, what it ruled out. When the
check itself names a cause family (a pool run dry), a family the account adds (throttling
that had not helped) is no second cause of that failure, and does not join it to another
cause's failures (rate limits of other apps). A value read in the wrong unit is a cause of
its own, however each check tells it: a unit mismatch, a figure some times too high, a
value never converted.
"""

from __future__ import annotations

from agentmem import MemoryHooks
from agentmem.harvest.families import failure_families, families
from tests.test_judgment_harvest import episode, patterns, success

POOL = "~connection-pool"
RATE = "~rate-limit"
UNITS = "~units"


def test_the_checks_family_is_the_failures_and_the_account_speaks_only_when_it_is_silent() -> None:
    """The check's family wins; the account's counts only where the check names none."""
    assert failure_families(
        "worker 3: connection pool exhausted after 30 s",
        "Throttling the callers to 5 per second had not helped.",
    ) == {POOL}
    assert failure_families("worker 3 stopped after 30 s", "The callers were throttled.") == {RATE}
    assert failure_families("worker 3 stopped after 30 s", "Nobody knows why.") == frozenset()


def test_units_are_named_however_said_and_unit_tests_or_load_are_not() -> None:
    """A unit beside what went wrong with it, a value some times too high or never
    converted name units of measure; a unit test, a unit price and a load some times the
    usual do not."""
    for said in (
        "label weight unit lb where the rating engine expects kg",
        "freight charge 2.2 times too high on 31 invoices",
        "stored weight never converted from pounds",
        "dashboard showed 1000x the real latency",
        "durations written in the wrong unit",
    ):
        assert families(said) == {UNITS}, said
    assert families("unit tests: expected 3 passed, got 2") == frozenset()
    assert families("unit price expected 4.50, got 4.05") == frozenset()
    assert families("the gateway took 3x the usual traffic") == frozenset()


def test_a_unit_mismatch_told_by_three_apps_checks_is_one_pattern_that_names_it(
    hooks: MemoryHooks,
) -> None:
    """Three apps' checks fail on one value read in the wrong unit, each in its own words
    (no error phrase in common): one pattern under `_global` that names units of measure."""
    episode(
        hooks,
        "2026-04-02-r1",
        "Print carrier labels for the north depot",
        "print-check",
        "label weight unit lb where the carrier expects kg on 12 labels",
        "The carrier refused the first batch of labels.",
        app_id="labels",
    )
    episode(
        hooks,
        "2026-04-04-r2",
        "Monthly freight invoices",
        "invoice-diff",
        "freight charge 2.2 times too high on 31 invoices",
        "Charges came from the raw feed of the new scales.",
        app_id="billing",
    )
    episode(
        hooks,
        "2026-04-06-r3",
        "Onboard the second scale model",
        "calibration",
        "reference parcel: stored weight never converted from pounds",
        "The adapter for the second model skipped a step.",
        app_id="scales",
    )
    for n, app in enumerate(("labels", "billing", "scales")):
        success(hooks, f"2026-04-0{n + 1}-s{n}", "Routine work", "Shipped the change.", app)
    assert hooks.judgment_harvest().ok
    [pattern] = patterns(hooks, "_global")
    assert "failed in 3 runs" in pattern.text
    assert "units of measure" in pattern.text


def test_a_family_only_the_account_adds_does_not_join_another_causes_failures(
    hooks: MemoryHooks,
) -> None:
    """One app's load check runs its pool dry three times, one run adding that throttling
    its callers had not helped; two other apps' checks are refused with HTTP 429 by a
    partner's API. Two patterns, two causes: the pool's does not swallow the rate limits."""
    for day, extra in ((3, ""), (5, " Throttling the callers had not helped."), (7, "")):
        episode(
            hooks,
            f"2026-04-0{day}-p{day}",
            f"Soak test of the order intake {day}",
            "soak",
            f"intake worker: connection pool exhausted, 50/50 in use at {day}0 rps",
            f"Intake stalled under load.{extra}",
            app_id="intake",
        )
    said = {
        "q1": ("quotes", "partner-contract", "GET /v3/rates -> HTTP 429 Too Many Requests"),
        "q2": ("tracking", "sync", "status poll: HTTP 429 from the partner API, retry later"),
        "q3": ("quotes", "partner-contract", "POST /v3/quotes -> HTTP 429, rate limited"),
    }
    for day, (run, (app, check, detail)) in enumerate(said.items(), start=4):
        episode(hooks, f"2026-04-0{day}-{run}", f"Partner work {day}", check, detail, "", app)
    for n, app in enumerate(("intake", "quotes", "tracking")):
        success(hooks, f"2026-04-0{n + 1}-s{n}", "Routine work", "Shipped the change.", app)
    assert hooks.judgment_harvest().ok
    found = patterns(hooks, "intake") + patterns(hooks, "_global")
    pool = [p for p in found if "connection pool" in p.text]
    rate = [p for p in found if "rate limiting" in p.text]
    assert len(pool) == 1 and "intake" in pool[0].text and "429" not in pool[0].text
    assert len(rate) == 1 and "failed in 3 runs" in rate[0].text
