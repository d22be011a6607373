"""Hook E's signature words: what joins failures told in other words into one cause.

Identifiers count by their parts however they are written, error codes count as words, and
the run that fixed a failure does not count against the words it fixed.
"""

from __future__ import annotations

import pytest

from agentmem import MemoryHooks
from agentmem.core.model import Outcome
from agentmem.harvest.across import across, codes, contrast
from agentmem.harvest.followup import words
from tests.test_judgment_harvest import episode, patterns, success


def test_identifiers_count_by_their_parts_however_written() -> None:
    """`SerializationFailure`, `serialization_failure` and "serialization failure" say the
    same words; a name in capitals (`HTTP`) stays one word."""
    assert words("SerializationFailure") == words("serialization_failure")
    assert words("DecodingError.Context") == words("decoding error context")
    assert words("HTTPError") == words("HTTP error")


def test_error_codes_are_words_and_amounts_dates_times_are_not() -> None:
    """A number of 3 to 5 digits standing alone is an error's code ("SQLSTATE 40001",
    "-> 429", "(254)"); the parts of an amount, a date, a time, a decimal or a name are not."""
    assert codes('SQLSTATE 40001; {"sqlstate":"40001"}; HTTP 429 (Retry-After: 20)') == {
        "40001",
        "429",
    }
    assert codes("costmap value (254) at HB-4012") == {"254", "4012"}
    said = (
        "1,204,331.17 EUR on 2026-08-31 at 01:06:12, goal (41.20, 17.85), IBAN NL91HALD0417164300"
    )
    assert codes(said) == frozenset()


def test_a_failures_fix_does_not_count_against_its_words(hooks: MemoryHooks) -> None:
    """The first success of the failed app within a week that says the failure's words is
    its fix: those words are not counted against it. A second success, another app's, one
    before the failure or more than a week after it, still counts (a topic stays a topic)."""
    episode(hooks, "2026-04-10-f1", "Pricing", "e2e", "old page", "The edge cache served it.")
    success(hooks, "2026-04-08-s0", "Warm", "Warmed the edge cache.", "web")
    success(hooks, "2026-04-11-s1", "Fix", "Deploys purge the edge cache now.", "shop")
    success(hooks, "2026-04-12-s2", "Dash", "Edge cache hit rate dashboard.", "shop")
    success(hooks, "2026-04-11-s3", "Rules", "Edge cache rules.", "docs")
    success(hooks, "2026-04-25-s4", "Tune", "Edge cache tuned.", "shop")
    records = [m for m in hooks.store.list() if m.type == "episodic"]
    setbacks = [m for m in records if m.outcome is Outcome.FAILURE]
    wins = [m for m in records if m.outcome is Outcome.SUCCESS]
    [edge] = words("edge")
    [purge] = words("purge")
    assert contrast(setbacks, wins)[edge] == 4  # all but s1, the fix
    assert contrast(setbacks, wins)[purge] == 1  # the fix's other words count
    assert contrast([], wins)[edge] == 5


def test_one_cause_whose_fixes_repeat_its_words_is_one_pattern(hooks: MemoryHooks) -> None:
    """Three checks of two apps fail on one cause (a purge skipped, so the edge cache serves
    stale copies), each fixed the next day by a run that says so. The fixes do not make
    the cause's words ordinary: the three failures are one pattern. Other failures of the
    apps stay out of it."""
    said = [
        ("e2e", "web", "pricing page shows old plan names: edge cache copy, purge skipped"),
        (
            "link-check",
            "docs",
            "14 pages from the edge cache point at removed anchors; purge skipped",
        ),
        ("smoke", "web", "banner of the old release from the edge cache (purge skipped on hotfix)"),
    ]
    ids = []
    for n, (check, app, detail) in enumerate(said):
        day = 3 + 7 * n
        ids.append(
            episode(hooks, f"2026-04-{day:02d}-f{n}", f"Release {n}", check, detail, app_id=app)
        )
        success(
            hooks,
            f"2026-04-{day + 1:02d}-x{n}",
            f"Fix {check}",
            "Deploy purges the edge cache; stale copies skipped no more.",
            app,
        )
    episode(hooks, "2026-04-05-o1", "Fonts", "lint", "unused import in fonts.ts", app_id="web")
    episode(hooks, "2026-04-06-o2", "Search", "unit-tests", "ranking off by one", app_id="docs")
    for n in range(4):
        success(hooks, f"2026-04-{20 + n}-s{n}", "Copy edits", "Copy edits shipped.", "web")
    assert hooks.judgment_harvest().ok
    [pattern] = patterns(hooks, "_global")
    assert sorted(pattern.cites) == sorted(ids)
    assert "e2e, link-check and smoke failed in 3 runs" in pattern.text


def test_a_failure_sharing_everyday_words_with_two_causes_does_not_chain_them() -> None:
    """Two causes, each told by two checks sharing four rare words; one failure of each also
    says "euro ledger mismatch" (amounts that do not tie). Three shared words would join
    them, but each of the two shares more with its own cause: the causes stay two."""
    said = [
        "deadlock victim rollback orders",
        "deadlock victim rollback orders; euro ledger mismatch",
        "certificate expired handshake partner; euro ledger mismatch",
        "certificate expired handshake partner",
    ]
    joined = across([[text] for text in said], lambda text: text, [], frozenset())
    assert sorted(map(sorted, joined)) == sorted([sorted(said[:2]), sorted(said[2:])])


@pytest.mark.parametrize(
    ("summary", "found"), [("Still 188 unowned.", True), ("188 unowned.", False)]
)
def test_a_failure_that_says_it_failed_again_needs_one_word_fewer(
    hooks: MemoryHooks, summary: str, found: bool
) -> None:
    """A check fails, and its rerun fails again, told in new words ("asset not found in
    inventory", "asset lookup miss for autoscaled nodes") sharing two rare words: when the
    later run says it is the same failure again ("Still …"), the two are one pattern; a
    recurring job failing twice with two words in common, saying nothing of the kind, is not."""
    episode(
        hooks,
        "2026-09-15-v1",
        "Monthly breach report",
        "sla-check",
        "214 findings without owner: asset not found in inventory (hosts ip-10-42-*)",
        "Report lacks owners.",
        app_id="vuln",
    )
    episode(
        hooks,
        "2026-09-18-v2",
        "Monthly breach report",
        "sla-check",
        "188 findings unowned: asset lookup miss for autoscaled nodes (ip-10-42-*)",
        summary,
        app_id="vuln",
    )
    for n in range(3):
        success(hooks, f"2026-09-2{n}-s{n}", "Digest", "Weekly findings digest sent.", "vuln")
    assert hooks.judgment_harvest().ok
    assert len(patterns(hooks, "vuln")) == (1 if found else 0)


def test_saying_still_or_again_links_no_follow_up(hooks: MemoryHooks) -> None:
    """A later run of another app whose lesson shares with a pattern's failures only how
    they relate ("still", "again") and one other word is no follow-up of it: the pattern
    gives its own example, not that lesson."""
    for n, said in enumerate(
        [
            "invariant violated: task claimed twice, leader lock lost in a pause",
            "invariant violated: task claimed twice; real fix still open",
            "invariant violated: task claimed twice again",
        ]
    ):
        episode(hooks, f"2026-06-1{n}-l{n}", f"Load test {n}", "load-test", said, app_id="fleet")
    hooks.post_run_classify(
        run={
            "run_id": "2026-06-13-n1",
            "goal": "Nightly map check",
            "outcome": "success",
            "app_id": "nav",
            "summary": "Map fixtures still pinned; a fix is pending.",
            "verifiers": [{"name": "map-check", "passed": True}],
            "lessons": [
                {"text": "The nav map fixtures are still pinned to revision r42: fix them."}
            ],
        }
    )
    assert hooks.judgment_harvest().ok
    [pattern] = patterns(hooks, "fleet")
    assert "Followed up" not in pattern.text


@pytest.mark.parametrize("told", [True, False])
def test_checks_that_share_two_words_and_whose_runs_tell_one_cause_are_one(
    hooks: MemoryHooks, told: bool
) -> None:
    """Three apps' checks fail on one changed response (each check's error shares two rare
    words with another's), and each run's summary tells the same cause in words of its own
    ("staging returns null where the model marks the field required"): one pattern. The
    same errors with summaries that tell nothing in common stay apart."""
    said = [
        ("android-ui", "android", "JsonDataException: Required value 'slot' missing at $.orders"),
        ("ios-ui", "ios", "DecodingError.valueNotFound(Int): found null in slot"),
        ("contract", "api", "pact: body mismatch, received null for slot at $.orders"),
    ]
    summaries = [
        "Staging returns null for the field; the generated model marks it required.",
        "Staging sends null although the generated model marks the field required.",
        "The generated model marks the field required, but staging now returns null.",
    ]
    if not told:
        summaries = ["Android list empty.", "iOS detail screen blank.", "Merge blocked."]
    ids = [
        episode(hooks, f"2026-09-1{n}-d{n}", f"Screen {n}", check, detail, summaries[n], app)
        for n, (check, app, detail) in enumerate(said)
    ]
    for n in range(3):
        success(hooks, f"2026-09-2{n}-s{n}", "Copy", "Copy edits shipped.", "api")
    assert hooks.judgment_harvest().ok
    found = patterns(hooks, "_global")
    assert [sorted(p.cites) for p in found] == ([sorted(ids)] if told else [])


def test_another_apps_lesson_is_no_follow_up(hooks: MemoryHooks) -> None:
    """A run of another app, after a pattern's failures, whose lesson happens to share two
    rare words with what they said (a player, a start), is no follow-up: only a run of one
    of the pattern's apps says in a lesson why its failures happened."""
    for n in range(3):
        episode(
            hooks,
            f"2026-09-1{n}-p{n}",
            f"Rung {n}",
            "package-validate",
            f"segment {n} does not start with an IDR frame; player stalls on switch",
            app_id="transcode",
        )
    hooks.post_run_classify(
        run={
            "run_id": "2026-09-14-q1",
            "goal": "Exclude lab sessions",
            "outcome": "success",
            "app_id": "analytics",
            "summary": "Lab player sessions filtered at the start.",
            "verifiers": [{"name": "unit-tests", "passed": True}],
            "lessons": [{"text": "Lab player sessions start with a VSLab agent: drop them."}],
        }
    )
    assert hooks.judgment_harvest().ok
    [pattern] = patterns(hooks, "transcode")
    assert "Followed up" not in pattern.text
