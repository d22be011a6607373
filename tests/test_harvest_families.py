"""Hook E's cause families: one cause told in the vocabularies of different stacks.

A time-zone bug is `tzinfo` in one app, `LocalDateTime` in another and an IANA zone name in a
third; a rate limit is `HTTP 429`, "Too Many Requests", a quota used up or "throttled". The
failures share no words a match could join, but name one family, and are one pattern that
says which.
"""

from __future__ import annotations

from agentmem import MemoryHooks
from agentmem.harvest.families import families
from tests.test_judgment_harvest import episode, patterns, success

ZONE = "~time-zone"
RATE = "~rate-limit"
POOL = "~connection-pool"
DECODE = "~decode"


def test_time_zone_vocabularies_of_several_stacks_name_one_family() -> None:
    """Python's tzinfo, Java's LocalDateTime, Go's time.Local, an IANA zone name and a
    time "an hour early" all name time zones; a clock time given in UTC does not, nor a job
    that ran hours late."""
    for said in (
        "datetime built with replace(tzinfo=...) on a naive value",
        "SlotWindow.of(LocalDateTime) accepted the same hour twice",
        "parsed with time.Local instead of the depot's zone",
        "fixture zone America/Chicago",
        "reminders go out an hour early",
        "after the DST switch",
    ):
        assert families(said) == {ZONE}, said
    assert families("the job ran at 06:00 UTC and at 23:59:59 UTC)") == frozenset()
    assert families("the nightly export landed 3 hours late") == frozenset()


def test_rate_limits_are_named_however_said_and_not_where_denied() -> None:
    """HTTP 429, Too Many Requests, throttled, a quota used up or a request rate at its
    cap name rate limiting; "has no rate limit" names nothing, nor a disk quota, nor a CPU
    throttled."""
    for said in (
        "POST /v1/matrix -> 429 Too Many Requests",
        "GeoError 429 (key k-01)",
        "throttled by the provider",
        "ran out of geo quota",
        "at 200/200 req/min",
    ):
        assert families(said) == {RATE}, said
    assert families("the carrier endpoints have no rate limit") == frozenset()
    assert families("CPU throttled at 100% of its limit") == frozenset()
    assert families("OSError: [Errno 122] Disk quota exceeded: /scratch/x.bam") == frozenset()


def test_pool_exhaustion_and_schema_drift_are_families_and_text_encoding_is_not() -> None:
    """A pool that runs dry ("too many clients", HikariPool) and a response the client's
    model cannot decode (JsonDataException, DecodingError) are families; a text file in the
    wrong encoding (UnicodeDecodeError) is not a decode of a response (it is a character
    set's)."""
    assert families("pq: sorry, too many clients already") == {POOL}
    assert families("HikariPool-1 - Connection is not available") == {POOL}
    assert families("moshi.JsonDataException: Required value 'x' missing") == {DECODE}
    assert families("Swift.DecodingError.Context: valueNotFound") == {DECODE}
    assert families("UnicodeDecodeError: 'utf-8' codec can't decode byte 0xb5") == {"~charset"}


def test_time_zone_failures_of_three_apps_in_three_vocabularies_are_one_pattern(
    hooks: MemoryHooks,
) -> None:
    """Three apps fail on time zones, each check saying it in its own stack's words with
    no three signature words in common: they are one pattern, kept under `_global`, whose
    text names the family."""
    episode(
        hooks,
        "2026-03-29-r1",
        "Invoice cutoff per customer",
        "unit-tests",
        "test_cutoff: due 00:00+01:00 != 00:00+02:00 (built with datetime.replace(tzinfo=...))",
        "Invoice cutoff test breaks on the spring-forward day.",
        app_id="billing",
    )
    episode(
        hooks,
        "2026-03-30-r2",
        "Plan the nightly export",
        "junit",
        "JobPlannerTest > nightlyRun: export planned twice; LocalDateTime window overlaps",
        "The nightly export would run twice.",
        app_id="scheduler",
    )
    episode(
        hooks,
        "2026-03-31-r3",
        "Booking confirmation page",
        "e2e",
        "booking.spec.ts: expected 'Mon 09:00' got 'Mon 10:00' (fixture zone America/Chicago)",
        "Confirmation shows times an hour late.",
        app_id="portal",
    )
    for n, app in enumerate(("billing", "scheduler", "portal", "billing")):
        success(hooks, f"2026-03-2{n}-s{n}", "Routine work", "Shipped the change.", app)
    assert hooks.judgment_harvest().ok
    [pattern] = patterns(hooks, "_global")
    assert "failed in 3 runs" in pattern.text
    assert "time zones" in pattern.text


def test_rate_limits_of_two_apps_sharing_one_key_are_one_pattern(hooks: MemoryHooks) -> None:
    """An HTTP 429 in one app's contract test and a throttled worker in another's e2e run
    (one API key, one quota) are one pattern that names rate limiting."""
    episode(
        hooks,
        "2026-03-10-r1",
        "Reindex the catalogue",
        "contract-geo",
        "GET https://api.geo.example/v2/lookup -> 429 Too Many Requests (Retry-After: 10)",
        "Reindex stopped halfway; the lookups were refused.",
        app_id="search",
    )
    episode(
        hooks,
        "2026-03-12-r2",
        "Map tiles for the store finder",
        "e2e",
        "tiles.spec.ts: no tiles after 20s; tile-worker throttled by the provider",
        "Tiles stopped loading during the replay.",
        app_id="maps",
    )
    episode(
        hooks,
        "2026-03-14-r3",
        "Nightly reindex",
        "contract-geo",
        "lookup batch 7: quota_exceeded (HTTP 429) on 12 of 30 calls",
        "The reindex ran out of geo quota.",
        app_id="search",
    )
    for n, app in enumerate(("search", "maps", "search")):
        success(hooks, f"2026-03-0{n + 1}-s{n}", "Routine work", "Shipped the change.", app)
    assert hooks.judgment_harvest().ok
    [pattern] = patterns(hooks, "_global")
    assert "failed in 3 runs" in pattern.text and "rate limiting" in pattern.text
    assert {"search", "maps"} <= set(pattern.text.split(":", 1)[0].replace(",", "").split())


def test_cause_words_leave_out_failure_talk_and_word_fragments(hooks: MemoryHooks) -> None:
    """A pattern's cause words name what its failures share, not that they failed
    ("failed", "error") nor two-letter fragments of a hyphenated or dotted name ("re" of
    "re-sync", "ts" of "sync.spec.ts"): those fill the text with words any goal may hold."""
    for day in (3, 5, 7):
        episode(
            hooks,
            f"2026-03-0{day}-r{day}",
            f"Re-sync the catalogue {day}",
            "sync",
            f"sync.spec.ts: batch {day} error: canceling statement due to lock timeout",
            "Re-sync failed behind the reconciler's row locks.",
        )
    for day in (2, 4, 6):
        success(hooks, f"2026-03-0{day}-s{day}", "Index", "Added the index.")
    assert hooks.judgment_harvest().ok
    [pattern] = patterns(hooks)
    causes = pattern.text.split("do not: ", 1)[1].split(".", 1)[0].split(", ")
    assert "reconciler's" in causes or "reconciler" in causes
    assert not {"re", "ts", "failed", "error"} & set(causes), causes


def test_two_runs_sharing_only_a_file_suffix_and_a_stock_phrase_are_no_pattern(
    hooks: MemoryHooks,
) -> None:
    """Two browser tests of one suite timing out for two reasons share the end of their
    spec files' names ("spec.ts") and the runner's stock words ("waiting for"): no error
    phrase, so two runs make no pattern. Two runs whose checks say one error do."""
    episode(
        hooks,
        "2026-03-03-r1",
        "Upgrade the chart library",
        "e2e",
        "cash-trend.spec.ts:41 locator.hover: Timeout 5000ms exceeded. waiting for tooltip",
        "Tooltips moved into a portal.",
    )
    episode(
        hooks,
        "2026-03-09-r2",
        "Export the report as PDF",
        "e2e",
        "pdf-export.spec.ts:18 Timeout 30000ms exceeded while waiting for event download",
        "The PDF export never finished printing.",
    )
    assert hooks.judgment_harvest().ok
    assert patterns(hooks) == []
    for day in (10, 12):
        episode(
            hooks,
            f"2026-03-{day}-o{day}",
            f"Resize images {day}",
            "resize",
            "OOMKilled, exit code 137",
            f"Batch {day} died.",
            app_id="media",
        )
    assert hooks.judgment_harvest(window={"since": "2026-03-01"}).ok
    [pattern] = patterns(hooks, "media")
    assert "OOMKilled, exit code 137" in pattern.text


def test_a_family_most_failures_name_still_joins_them(hooks: MemoryHooks) -> None:
    """Where every failure is a rate limit (a family said by more than a quarter of the
    failed checks), the family still joins them: a third app's check hitting it makes the
    pattern wider, one cause with one live count (it supersedes the narrower one)."""
    said = {
        "r1": ("search", "contract-geo", "GET /v2/lookup -> 429 Too Many Requests"),
        "r2": ("maps", "e2e", "tiles.spec.ts: no tiles; tile-worker throttled by the provider"),
        "r3": ("search", "contract-geo", "lookup batch 7: quota_exceeded (HTTP 429)"),
    }
    for day, (run, (app, check, detail)) in enumerate(said.items(), start=3):
        episode(hooks, f"2026-03-0{day}-{run}", f"Work {day}", check, detail, "", app_id=app)
    assert hooks.judgment_harvest(window={"since": "2026-03-01"}).ok
    [narrower] = patterns(hooks, "_global")
    episode(
        hooks,
        "2026-03-09-r4",
        "Bid load test",
        "load-test",
        "k6: 31% of POST /bid answered HTTP 429, rate limited at the gateway",
        "",
        app_id="ads",
    )
    assert hooks.judgment_harvest(window={"since": "2026-03-01"}).ok
    wider = [p for p in patterns(hooks, "_global") if p.id != narrower.id]
    assert len(wider) == 1 and "failed in 4 runs" in wider[0].text
    assert narrower.id in wider[0].supersedes
