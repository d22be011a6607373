"""A new schedule for a job told in one statement of few shared words replaces the held one:
another clock time for the same cutoff, another cadence (a cron line, "six times a day")
for the same job, another wait for a batch job's result now told anew. Another thing told
in the same frame (elevator inspections, not boiler ones), another region's job, or a
lesson that shares only a word or two keeps its own value."""

from __future__ import annotations

from agentmem.core.cadence import cadences, lags, rescheduled, swapped_heads
from agentmem.core.restate import read_together, replaces

EXPORT = (
    "The invoice export runs once a day at 03:00 UTC and writes every settled payment to "
    "the billing bucket above the 2% reserve."
)
CUTOFF = (
    "Requests for next-day water meter installs must be in by 2:00 PM; later requests roll "
    "to the following business day."
)
BATCH = (
    "Refund statuses reach the storefront through the nightly refund batch; expect up to a "
    "day of delay before the order page shows it."
)


def test_cadences_are_read_as_runs_per_week() -> None:
    """A cron line, "N times a day", "every N hours", "hourly", "nightly" and "daily at" are
    runs per week; "daily" before a noun (a limit per day) is no cadence."""
    assert cadences("fires on cron 0 */4 * * * (six times a day)") == {"42/week"}
    assert cadences("runs once a day at 02:00") == {"7/week"}
    assert cadences("the hourly batch sync") == {"168/week"}
    assert cadences("every 15 minutes") == {"672/week"}
    assert cadences("30 2 * * 1-5") == {"5/week"}
    assert cadences("runs daily at 02:00") == {"7/week"}
    assert cadences("keep the daily budget under the cap") == set()
    assert cadences("twice a week, on the nightly host") == {"2/week", "7/week"}


def test_lags_are_waits_in_seconds() -> None:
    """A length of time said as a wait ("up to an hour of lag", "within two minutes") is
    read in seconds; how long a job takes is no wait."""
    assert lags("expect up to an hour of lag") == {3600.0}
    assert lags("update within about two minutes of the change") == {120.0}
    assert lags("the export takes about 40 minutes") == set()


def test_a_job_on_a_new_cron_replaces_its_daily_run() -> None:
    """ "Now on cron 0 */6 * * * (four times a day)" replaces "runs once a day at 03:00",
    though the two share only the job's words."""
    draft = (
        "Invoice exports now fire on cron 0 */6 * * * so the billing bucket never lags by a "
        "whole day; batch sizes stay the same."
    )
    assert replaces(draft, EXPORT)
    assert rescheduled(draft, EXPORT, *read_together(draft, EXPORT))


def test_a_new_cutoff_replaces_the_old_one_and_not_another_cutoff() -> None:
    """A cutoff told with another clock time "now" replaces the held cutoff; the other cutoff
    the draft mentions in passing (the same clock time as the held one's) is no new
    schedule of it."""
    draft = (
        "Next-day meter install requests close at 12:00 now (utility change from March 3); "
        "hydrant tests keep their own 10 AM cutoff."
    )
    assert replaces(draft, CUTOFF)
    hydrant = "Hydrant test requests must be in by 10 AM and need a crew lead to sign them off."
    assert not rescheduled(draft, hydrant, *read_together(draft, hydrant))


def test_a_batch_job_told_as_events_replaces_its_lag() -> None:
    """ "Now update from webhooks within thirty seconds" replaces the nightly batch's "up to a
    day of delay" of the same statuses."""
    draft = (
        "Storefront refund statuses now update from payment webhooks within about thirty "
        "seconds of the refund."
    )
    assert replaces(draft, BATCH)
    assert rescheduled(draft, BATCH, *read_together(draft, BATCH))


def test_another_thing_in_the_same_frame_is_not_rescheduled() -> None:
    """Elevator inspections are not boiler inspections: a word swapped before a word both
    open on names another thing."""
    draft = (
        "Requests for next-day elevator inspections now close at 11 AM; crews plan routes early."
    )
    held = (
        "Requests for next-day boiler inspections must be in by 3:00 PM; anything later "
        "rolls to the following business day."
    )
    assert swapped_heads(draft, held, *read_together(draft, held))
    assert not rescheduled(draft, held, *read_together(draft, held))


def test_no_new_schedule_without_a_change_word_or_shared_subject() -> None:
    """Another region's export, a statement with no change word, a wait that is not the held
    job's: none is a new schedule."""
    eu = "The EU invoice export runs every 6 hours on the Frankfurt workers."
    us = "The US invoice export runs once a day at 03:00 UTC on the Virginia workers."
    assert not replaces(eu, us)
    plain = "Invoice exports fire on cron 0 */6 * * * for the finance dashboard."
    assert not rescheduled(plain, EXPORT, *read_together(plain, EXPORT))
    webhooks = "Payment webhooks now retry every 10 minutes for up to a day."
    assert not replaces(webhooks, BATCH)
    alerts = "Invoice export alerts now page the on-call after 15 minutes of silence."
    nightly = "The invoice export runs nightly and takes about 40 minutes; alerts go to billing."
    assert not rescheduled(alerts, nightly, *read_together(alerts, nightly))
