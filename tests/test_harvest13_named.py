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
from agentmem.harvest.families import failure_families
from tests.test_judgment_harvest import episode, patterns, success

POOL = "~connection-pool"
RATE = "~rate-limit"


def test_the_checks_family_is_the_failures_and_the_account_speaks_only_when_it_is_silent() -> None:
    """The check's family wins; the account's counts only where the check names none."""
    assert failure_families(
        "worker 3: connection pool exhausted after 30 s",
        "Throttling the callers to 5 per second had not helped.",
    ) == {POOL}
    assert failure_families("worker 3 stopped after 30 s", "The callers were throttled.") == {RATE}
    assert failure_families("worker 3 stopped after 30 s", "Nobody knows why.") == frozenset()


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
