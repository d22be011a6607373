"""Hook E, judgment harvest, in full: causes mined from what failures share and successes
do not, confidence from the evidence, supersedes, the window (dates given or since the last
harvest), daily notes, the model path and the CLI."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import UTC, datetime
from pathlib import Path

import pytest
from click.testing import CliRunner

from agentmem import Memory, MemoryHooks
from agentmem._plugins import make_manager
from agentmem.cli import main
from agentmem.harvest.phrases import phrase
from agentmem.harvest.runrecord import Check, read_record
from agentmem.settings import settings_from_values
from tests.chat_double import ChatServerDouble, call, openai_settings, say
from tests.conftest import ALL_ON, HooksFactory, semantic

LOCK = "canceling statement due to lock timeout"


def episode(
    hooks: MemoryHooks,
    run_id: str,
    goal: str,
    failed: str = "tests",
    detail: str = "",
    summary: str = "",
    app_id: str = "shop",
) -> str:
    run = {
        "run_id": run_id,
        "goal": goal,
        "outcome": "failure",
        "app_id": app_id,
        "summary": summary,
        "verifiers": [{"name": failed, "passed": False, "detail": detail}],
    }
    result = hooks.post_run_classify(run=run)
    assert result.ok
    return result.writes.accepted[0]


def success(hooks: MemoryHooks, run_id: str, goal: str, summary: str, app_id: str = "shop") -> None:
    run = {
        "run_id": run_id,
        "goal": goal,
        "outcome": "success",
        "app_id": app_id,
        "summary": summary,
        "verifiers": [{"name": "migrate", "passed": True}],
        "tags": ["db"],
    }
    assert hooks.post_run_classify(run=run).ok


def checked_run(
    hooks: MemoryHooks,
    run_id: str,
    goal: str,
    summary: str,
    detail: str = "",
    lessons: tuple[str, ...] = (),
    *,
    app_id: str,
    check: str,
) -> None:
    """One run of `app_id` under one check: failed with `detail` when given, else passed,
    with the semantic lessons the worker wrote."""
    run = {
        "run_id": run_id,
        "goal": goal,
        "outcome": "failure" if detail else "success",
        "app_id": app_id,
        "summary": summary,
        "verifiers": [{"name": check, "passed": not detail, "detail": detail}],
        "lessons": [{"text": t, "type": "semantic", "confidence": 0.8} for t in lessons],
    }
    assert hooks.post_run_classify(run=run).ok


def patterns(hooks: MemoryHooks, app_id: str = "shop") -> list[Memory]:
    """The harvest's own pattern memories (reflective assessments) of one app."""
    return [m for m in hooks.store.list() if "pattern" in m.tags and m.app_id == app_id]


def lock_timeouts(hooks: MemoryHooks, days: tuple[int, ...] = (14, 21, 28)) -> list[str]:
    """Migrations of different tables failing on the lock timeout, on the given days."""
    return [
        episode(
            hooks,
            f"2026-03-{day}-r{day}",
            f"Add column {n} to the orders table",
            failed="migrate",
            detail=f"ALTER TABLE orders ADD COLUMN c{n}: {LOCK}",
            summary="The checkout migration waited behind the reconciler's row locks.",
        )
        for n, day in enumerate(days)
    ]


def test_judgment_harvest_names_the_cause_failures_share(hooks: MemoryHooks) -> None:
    """Failures of three runs whose verifier said the same thing make one pattern: a
    reflective assessment naming the verifier and the error phrase, citing the three
    records, with a confidence inside the reflective range."""
    ids = lock_timeouts(hooks)
    episode(hooks, "2026-03-15-r99", "Fix the cart", failed="unit-tests", detail="3 failed: cart")
    result = hooks.judgment_harvest()
    assert result.ok, result
    [pattern] = patterns(hooks)
    assert pattern.type.value == "reflective" and pattern.kind.value == "assessment"
    assert "migrate failed in 3 runs" in pattern.text and LOCK in pattern.text
    assert sorted(pattern.cites) == sorted(ids) and "fail-migrate" in pattern.tags
    assert 0.7 <= pattern.confidence <= 0.95
    again = hooks.judgment_harvest(window={"since": "2026-03-01"})  # found again: held
    assert again.ok and not again.writes.accepted and again.writes.duplicates == [pattern.id]


def test_judgment_harvest_words_as_common_in_successes_are_no_cause(hooks: MemoryHooks) -> None:
    """A word every run says, failed or not (a topic, here `checkout`), is never named as a
    cause; words only the failures say (`reconciler`, `locks`) are."""
    lock_timeouts(hooks)
    for day in (15, 16, 17, 18):
        success(hooks, f"2026-03-{day}-s{day}", "Add an index", "The checkout migration ran.")
    hooks.judgment_harvest()
    [pattern] = patterns(hooks)
    causes = pattern.text.split("do not: ", 1)[1].split(".", 1)[0].split(", ")
    assert "reconciler's" in causes or "reconciler" in causes
    assert "checkout" not in causes and "migration" not in causes


def test_judgment_harvest_two_runs_with_one_error_are_a_pattern(hooks: MemoryHooks) -> None:
    """Two runs whose verifier said the same error phrase, with no success against it, are
    a pattern already, with less confidence than three runs of the same error."""
    lock_timeouts(hooks, days=(14, 21))
    for day in (12, 19, 26):
        episode(
            hooks,
            f"2026-03-{day}-o{day}",
            f"Resync {day}",
            failed="sync",
            detail=f"OOMKilled, exit code 137 at {day} GiB",
            app_id="stock",
        )
    result = hooks.judgment_harvest()
    assert result.ok
    [pair] = patterns(hooks)
    [three] = patterns(hooks, "stock")
    assert "migrate failed in 2 runs" in pair.text and LOCK in pair.text
    assert 0.7 <= pair.confidence < three.confidence <= 0.95


def test_judgment_harvest_two_runs_need_one_error_and_nothing_against_it(
    hooks: MemoryHooks,
) -> None:
    """Two runs make no pattern when their checks share words but no error phrase, nor
    when successful runs say what they say; three failures that each say something else
    are no pattern either: no pattern is written, only the accounts of failures seen once
    (`agentmem.harvest.once`), none of the auth failures later successes say."""
    for n, detail in enumerate(("timeout waiting for the lock", "lock held past its timeout")):
        episode(hooks, f"2026-03-1{n}-w{n}", f"Migrate {n}", failed="migrate", detail=detail)
    for n in range(2):
        episode(
            hooks,
            f"2026-03-1{n}-t{n}",
            f"Login {n}",
            failed="e2e",
            detail="password authentication failed",
            summary="Staging login broke after rotation.",
            app_id="auth",
        )
    for n in range(3):
        success(
            hooks,
            f"2026-03-2{n}-u{n}",
            "Rotate",
            "password authentication failed, then passed",
            "auth",
        )
    for n, detail in enumerate(("disk full on runner", "DNS lookup failed", "OOMKilled")):
        episode(hooks, f"2026-03-2{n}-x{n}", f"Nightly job {n}", failed="nightly", detail=detail)
    result = hooks.judgment_harvest()
    once = [m for m in hooks.store.list() if "once" in m.tags]
    assert result.ok and result.writes.attempted == len(once) == 1
    assert not patterns(hooks) and not patterns(hooks, "auth") and once[0].app_id == "shop"


def test_judgment_harvest_error_phrase_spans_one_character_words() -> None:
    """The error phrase two details share is told as written even when a one-character
    word sits inside the shared run ("(3 of 40 tests)" against "(5 of 40 tests)")."""
    said = phrase(
        [
            "I2C bus timeout on sensor 0x44 after warm reset (3 of 40 tests)",
            "I2C bus timeout on sensor 0x44 after warm reset (5 of 40 tests)",
        ]
    )
    assert said.startswith("I2C bus timeout on sensor 0x44 after warm reset")


def test_judgment_harvest_confidence_comes_from_the_evidence(hooks: MemoryHooks) -> None:
    """More runs raise the confidence, failures crowded into one day and successes that say
    the same words lower it; it is never one flat figure."""
    lock_timeouts(hooks, days=(11, 12, 13, 14, 15, 16))  # six runs on six days: strong
    for n in range(3):  # three runs on one day: weak
        episode(
            hooks,
            f"2026-03-10-q{n}",
            f"Resync {n}",
            failed="sync",
            detail="OOMKilled, exit code 137",
            app_id="stock",
        )
    for n in range(3):  # three runs on three days, but successes say the same words
        episode(
            hooks,
            f"2026-03-1{n}-t{n}",
            f"Login {n}",
            failed="e2e",
            detail="password authentication failed",
            app_id="auth",
        )
        success(
            hooks,
            f"2026-03-2{n}-u{n}",
            "Rotate",
            "password authentication failed once, then passed",
            app_id="auth",
        )
    hooks.judgment_harvest()
    confidence = {app: patterns(hooks, app)[0].confidence for app in ("shop", "stock", "auth")}
    assert confidence["shop"] > confidence["auth"] and confidence["shop"] > confidence["stock"]
    assert len(set(confidence.values())) == 3 and max(confidence.values()) <= 0.95


def test_judgment_harvest_supersedes_the_previous_count(hooks: MemoryHooks) -> None:
    """A pattern found again with more runs is written anew and supersedes the older
    statement, which stays in the files (shown by get) but leaves packs."""
    lock_timeouts(hooks)
    hooks.judgment_harvest()
    [old] = patterns(hooks)
    episode(
        hooks,
        "2026-04-04-r40",
        "Add loyalty column",
        failed="migrate",
        detail=f"ALTER TABLE orders ADD COLUMN points: {LOCK}",
    )
    second = hooks.judgment_harvest()
    assert second.ok
    new = next(m for m in patterns(hooks) if m.id != old.id)
    assert new.supersedes == (old.id,) and "in 4 runs" in new.text
    assert hooks.store.get(old.id).text == old.text  # still there, unchanged
    pack = hooks.pre_spawn_pack(goal={"title": "orders migration lock timeout", "app_id": "shop"})
    assert pack.pack is not None
    assert old.id not in [e.id for e in pack.pack.entries]
    assert new.id in [e.id for e in pack.pack.entries]


@pytest.fixture
def clocked(root: Path, tmp_path: Path) -> Callable[[str], MemoryHooks]:
    """Hooks whose clock (memory stamps and ledger) reads the given day."""

    def at(day: str) -> MemoryHooks:
        values = {**ALL_ON, "AGENTMEM_USER_ID": "tester", "AGENTMEM_ROOT": str(root)}
        when = datetime.fromisoformat(f"{day}T12:00:00+00:00").astimezone(UTC)
        return MemoryHooks(
            settings_from_values(values, base_dir=tmp_path),
            plugin_manager=make_manager(entry_points=False),
            clock=lambda: when,
        )

    return at


def test_judgment_harvest_window_since_last_harvest_or_dates_given(
    clocked: Callable[[str], MemoryHooks],
) -> None:
    """Without dates the window starts at the last harvest (from the ledger), so episodes
    from before it are not harvested again; given dates choose the window instead."""
    early = clocked("2026-11-20")
    for run, goal in (("2026-11-20-r1", "a"), ("2026-11-20-r2", "b"), ("2026-11-20-r3", "c")):
        episode(early, run, goal, detail="3 failed: assertion error in test_cart")
    assert clocked("2026-11-21").fire("judgment_harvest", window={"since": "2026-11-21"}).ok
    later = clocked("2026-11-23").judgment_harvest()
    assert "since the last harvest on 2026-11-21" in later.final_text
    assert later.writes.attempted == 0
    given = clocked("2026-11-23").judgment_harvest(
        window={"since": "2026-11-20", "until": "2026-11-20"}
    )
    assert "dates given" in given.final_text and len(given.writes.accepted) == 1
    outside = clocked("2026-11-23").judgment_harvest(
        window={"since": "2026-10-01", "until": "2026-10-31"}
    )
    assert outside.writes.attempted == 0


def test_judgment_harvest_reads_daily_notes_in_the_window(hooks: MemoryHooks, root: Path) -> None:
    """Lessons the agent wrote in daily/YYYY-MM-DD.md within the window become memories with
    the note as source; notes outside the window are not read."""
    daily = root / "daily"
    daily.mkdir(parents=True)
    (daily / "2026-11-27.md").write_text(
        "# 2026-11-27\n## Morning\n- 08:00 - Cron: news scan.\n## Lessons\n- Sub-agents suit newsletter writing.\n"
    )
    (daily / "2026-10-01.md").write_text("# 2026-10-01\n## Lessons\n- An old lesson.\n")
    (daily / "2026-11-28.md").write_text(  # the daily log's own format: timed event lines
        "# 2026-11-28\n\n- 09:15:02Z Spawned a worker.\n- 16:00:40Z How to: rerun flaky tests once.\n"
    )
    result = hooks.judgment_harvest(window={"since": "2026-11-01"})
    assert result.ok and result.tool_calls["read_file"] == 2
    memory, how_to = (hooks.store.get(i) for i in result.writes.accepted)
    assert memory.text == "Sub-agents suit newsletter writing."
    assert memory.source == "memory/daily/2026-11-27.md" and "daily" in memory.tags
    assert how_to.text == "rerun flaky tests once." and how_to.type.value == "procedural"
    assert how_to.run_id == "2026-11-28-daily"
    assert "2 daily note(s) read" in result.final_text


def model_only(hooks: MemoryHooks) -> MemoryHooks:
    """The model's drafts alone: the built-in miner, which runs beside a model, set aside."""
    hooks.pm.unregister(name="agentmem.hooks.judgment_harvest")
    return hooks


def test_judgment_harvest_model_path_rejects_uncited_and_assessment_citing_assessments(
    make_hooks: HooksFactory,
) -> None:
    """Through a model: an assessment without cites is rejected, so is one citing another
    assessment (it must rest on observations); with nothing accepted ok=False, and the
    histogram shows both proposals."""
    hooks = make_hooks()
    ids = [episode(hooks, f"2026-11-2{n}-r{n}", f"goal {n}") for n in (4, 5, 6)]
    held = hooks.harvester.submit(
        {
            "text": "Shop is fragile.",
            "type": "reflective",
            "confidence": 0.8,
            "kind": "assessment",
            "cites": ids,
        },
        trigger="manual",
    )
    uncited = {
        "text": "Shop tests are flaky.",
        "type": "reflective",
        "confidence": 0.8,
        "kind": "assessment",
        "app_id": "shop",
    }
    on_assessment = {**uncited, "text": "Shop keeps failing.", "cites": [held.memory_id]}
    double = ChatServerDouble(
        [
            say("", call("list_memories", {"type": "episodic", "app_id": "shop"})),
            say("", call("propose_memory", uncited), call("propose_memory", on_assessment)),
            say("two assessments"),
        ]
    )
    with double.running():
        result = model_only(make_hooks(**openai_settings(double.url))).judgment_harvest()
    assert not result.ok and result.tool_calls == {"list_memories": 1, "propose_memory": 2}
    reasons = [r.problems[0] for r in result.writes.rejected]
    assert reasons[0] == {
        "field": "cites",
        "reason": "an assessment must cite the observation ids it rests on",
    }
    assert reasons[1]["field"] == "cites" and "is an assessment" in reasons[1]["reason"]
    listed = json.loads(double.tool_results()[0]["content"])
    assert sorted(m["id"] for m in listed) == sorted(ids)


def test_judgment_harvest_model_path_accepts_a_cited_assessment(
    make_hooks: HooksFactory, root: Path
) -> None:
    """An assessment citing the episodes it rests on passes the writer; the model's context
    carries the resolved window and the daily notes in it."""
    hooks = make_hooks()
    (root / "daily").mkdir(parents=True)
    (root / "daily" / "2026-11-27.md").write_text("# 2026-11-27\n\n- 08:00:00Z Lesson: x.\n")
    ids = [episode(hooks, f"2026-11-2{n}-r{n}", f"goal {n}") for n in (4, 5, 6)]
    draft = {
        "text": "Shop tests fail on every run.",
        "type": "reflective",
        "confidence": 0.8,
        "kind": "assessment",
        "app_id": "shop",
        "cites": ids,
    }
    double = ChatServerDouble([say("", call("propose_memory", draft)), say("one")])
    with double.running():
        result = model_only(make_hooks(**openai_settings(double.url))).judgment_harvest()
    assert result.ok and len(result.writes.accepted) == 1
    assert hooks.store.get(result.writes.accepted[0]).cites == tuple(ids)
    prompt = double.requests[0]["messages"][1]["content"]
    context = json.loads(prompt.split("```json\n", 1)[1].split("\n```", 1)[0])
    assert context["daily_notes"] == ["memory/daily/2026-11-27.md"]
    assert context["resolved_window"]["basis"] == "no earlier harvest: everything"


def test_judgment_harvest_fires_from_the_cli(
    hooks: MemoryHooks, tmp_path: Path, root: Path
) -> None:
    """`agentmem fire judgment_harvest --since D` runs the harvest; exit 0, JSON result."""
    for run, goal in (("2026-11-24-r1", "a"), ("2026-11-24-r2", "b"), ("2026-11-25-r3", "c")):
        episode(hooks, run, goal, detail="3 failed: assertion error in test_cart")
    env = tmp_path / ".env.executive"
    env.write_text(
        "\n".join(
            [
                *(f"{k}={v}" for k, v in ALL_ON.items()),
                "AGENTMEM_USER_ID=tester",
                f"AGENTMEM_ROOT={root}",
            ]
        )
    )
    out = CliRunner().invoke(main, ["--json", "fire", "judgment_harvest", "--since", "2026-11-24"])
    assert out.exit_code == 0, out.output
    data = json.loads(out.stdout)
    assert data["ok"] and len(data["writes"]["accepted"]) == 1
    bad = CliRunner().invoke(main, ["fire", "judgment_harvest", "--since", "24/11/2026"])
    assert bad.exit_code == 2 and "YYYY-MM-DD" in bad.output


def test_judgment_harvest_one_error_across_apps_is_one_global_pattern(hooks: MemoryHooks) -> None:
    """The same check failing the same way in two apps (a shared certificate expired) is one
    pattern of three runs, kept under _global and naming both apps; its phrase keeps every
    run of words the details share, not only the longest."""
    detail = (
        "{host}: x509: certificate has expired or is not yet valid: after {day}T03:00:00Z "
        "(issuer cluster-ca)"
    )
    for n, (app, host) in enumerate([("k8s", "webhook"), ("obs", "gateway"), ("obs", "grafana")]):
        episode(
            hooks, f"2026-03-1{n}-c{n}", f"Rotate {host}", failed="smoke",
            detail=detail.format(host=host, day=f"2026-03-1{n}"), app_id=app,
        )  # fmt: skip
    hooks.judgment_harvest()
    [pattern] = patterns(hooks, "_global")
    assert pattern.text.startswith("Recurring failure in k8s, obs: smoke failed in 3 runs")
    assert "x509: certificate has expired or is not yet valid" in pattern.text
    assert " … " in pattern.text.split('with "', 1)[1]  # a second shared run of words


def test_judgment_harvest_retires_a_lesson_a_later_failure_contradicts(hooks: MemoryHooks) -> None:
    """A lesson prescribing a measured setting (04:00 UTC), then a failure on the same
    ground that ran with it: the harvest writes an assessment citing both that supersedes
    the lesson, which leaves packs. A failure that only shares a bare number or a version
    with a lesson (API 26, minSdk 26) contradicts nothing."""
    lesson = hooks.harvester.submit(
        semantic("Migrations on the orders table go through when run at 04:00 UTC.", app_id="shop"),
        trigger="manual",
    )
    fact = hooks.harvester.submit(
        semantic("The Android app's minSdk is 26 since release 4.13.", app_id="shop"),
        trigger="manual",
    )
    episode(
        hooks, "2099-01-02-m1", "Add a column to orders", failed="migrate", detail=LOCK,
        summary="Retried the orders migration at 04:00 UTC as the lesson said; it still failed.",
    )  # fmt: skip
    episode(
        hooks, "2099-01-03-m2", "Ship 4.14", failed="ui-tests", detail="NoSuchMethodError on API 26"
    )
    result = hooks.judgment_harvest()
    [retired] = [m for m in hooks.store.list() if "did-not-hold" in m.tags]
    assert retired.supersedes == (lesson.memory_id,) and lesson.memory_id in retired.cites
    assert retired.kind.value == "assessment" and "lock timeout" in retired.text
    assert "1 lesson(s) a later failure contradicts" in result.final_text
    pack = hooks.pre_spawn_pack(goal={"title": "orders table migration", "app_id": "shop"})
    assert pack.pack is not None and lesson.memory_id not in [e.id for e in pack.pack.entries]
    assert fact.memory_id not in retired.supersedes


def test_judgment_harvest_a_limit_an_error_states_contradicts_no_lesson(
    hooks: MemoryHooks,
) -> None:
    """A failed check that states the limit it hit ("after 100 requests in 10 s") says what
    the service allows, not what the run did: the lesson that prescribes batching to that
    limit still holds. Only the run's own account (its summary) can say it ran with the
    lesson's setting."""
    lesson = hooks.harvester.submit(
        semantic(
            "Send CRM bulk writes in batches of 100 with a 10 s pause between batches.",
            app_id="crm",
        ),
        trigger="manual",
    )
    episode(
        hooks,
        "2099-01-02-c1",
        "Sync CSAT scores into the CRM bulk endpoint",
        failed="sync-e2e",
        detail="HTTP 429 from the CRM bulk endpoint after 100 requests in 10 s",
        summary="Scores pushed one request per ticket; the CRM bulk writes stopped.",
        app_id="crm",
    )
    result = hooks.judgment_harvest()
    assert result.ok
    assert not [m for m in hooks.store.list() if "did-not-hold" in m.tags]
    assert lesson.memory_id in [m.id for m in hooks.store.list()]


def test_judgment_harvest_a_check_that_keeps_failing_in_other_words_is_a_pattern(
    hooks: MemoryHooks,
) -> None:
    """One check of one app failing in three runs, each time saying it differently (no
    two details share most of their words), is one pattern naming the check and the words
    half of them share; before, each detail was a group of one and hook E wrote nothing."""
    details = [
        "replay over index web-logs: 0 hits; field 'client_ip' not present (index has client.ip)",
        "0 events matched in auth-logs: field 'login' unknown; mapping now has user.name",
        "0 hits in dns-logs: field 'qname' not found; the index field is dns.question.name",
    ]
    ids = [
        episode(hooks, f"2026-04-0{n + 2}-d{n}", f"Detection rule {n}", "replay", detail)
        for n, detail in enumerate(details)
    ]
    success(hooks, "2026-04-01-s1", "Detection rule for VPN logins", "Replay found 12 events.")
    assert hooks.judgment_harvest().ok
    [pattern] = patterns(hooks)
    assert "replay failed in 3 runs" in pattern.text and "field" in pattern.text
    assert sorted(pattern.cites) == sorted(ids)


def test_judgment_harvest_reads_a_detail_that_holds_its_own_parentheses(
    hooks: MemoryHooks,
) -> None:
    """A verifier's detail with parentheses and "; " of its own ("(38,114 failing rows);
    downstream skipped") is read back whole from the run record, one check with all its
    words; before, it was cut at the first ")" and its cause words were lost."""
    detail = (
        "dbt build: 1 of 46 tests failed: not_null_user_id (38,114 failing rows); "
        "downstream fct_sessions skipped (schema registry moved to v14)"
    )
    record = episode(hooks, "2026-05-01-p1", "Nightly sessions", "dag-run", detail)
    [check] = read_record(hooks.store.get(record, touch=False).text).failed
    assert check == Check("dag-run", detail)
    stray = "1) drain the queue; 2) restart (pods: 3); then retry"
    record = episode(hooks, "2026-05-02-p2", "Nightly sessions", "dag-run", stray)
    assert read_record(hooks.store.get(record, touch=False).text).failed == (
        Check("dag-run", stray),
    )


def test_judgment_harvest_quotes_the_run_that_went_after_the_failures(hooks: MemoryHooks) -> None:
    """A later run, in another app, whose goal names what the failures said (the warehouse
    and its resource monitor) is where the loop wrote the cause: the pattern quotes it.
    A run on the same topic that names none of it is no follow-up, nor is a fix made
    between the failures (they went on: it did not hold)."""
    for day in (8, 9, 10):
        episode(
            hooks,
            f"2026-06-0{day}-n{day}" if day < 10 else f"2026-06-{day}-n{day}",
            f"Build the marts for June {day - 1}",
            "dag-run",
            "build stopped: warehouse TRANSFORM_WH suspended, resource monitor RM_NIGHTLY "
            "at 100% of its credits",
            "The nightly build aborted partway.",
            app_id="dags",
        )
    success(
        hooks,
        "2026-06-09-f1",
        "Raise the resource monitor RM_NIGHTLY credits quota for TRANSFORM_WH",
        "Quota raised; the warehouse resumed.",
        "dags",
    )
    success(hooks, "2026-06-11-s1", "Build the marts for June 10", "Built 212 models.", "dags")
    success(
        hooks,
        "2026-06-11-s2",
        "Find what used up the TRANSFORM_WH credits this month",
        "Metering shows three full-refresh backfills spent most of the monthly quota.",
        "models",
    )
    success(hooks, "2026-06-11-s3", "Add a nightly freshness test", "Test added.", "models")
    assert hooks.judgment_harvest().ok
    [pattern] = patterns(hooks, "dags")
    assert "dag-run failed in 3 runs" in pattern.text
    assert "Followed up in 2026-06-11-s2 (models)" in pattern.text
    assert "full-refresh backfills" in pattern.text and "freshness" not in pattern.text
    assert "f1" not in pattern.text


def test_judgment_harvest_one_cause_told_by_different_checks_is_one_pattern(
    hooks: MemoryHooks,
) -> None:
    """An expired client certificate fails a contract test in one app and an upload in
    another, each check in its own words: failures of different checks that share three
    words few failures and no successes say are one pattern, naming the checks, the phrase
    two of them share and the words they share. Checks that share only their app's everyday words
    (`invoice`, `export`) stay apart."""
    said = {
        "contract": "SSLError: sslv3 alert certificate expired during POST /eligibility",
        "upload": "PUT vault/audit.gz failed: TLS alert 45, peer rejected client certificate "
        "CN=partner-egress (certificate expired)",
        "submit": "TLS handshake failed: remote error: expired certificate (client "
        "CN=partner-egress, notAfter=2026-05-24)",
    }
    ids = [
        episode(hooks, f"2026-05-1{n}-c{n}", f"Task {name}", name, detail, app_id=app)
        for n, (name, detail, app) in enumerate(
            [(k, v, "claims" if k != "upload" else "export") for k, v in said.items()]
        )
    ]
    topic = "invoice export totals"
    episode(hooks, "2026-05-14-o1", "Invoices", "lint", f"{topic}: unused import")
    episode(hooks, "2026-05-15-o2", "Invoices", "unit-tests", f"{topic} off by one cent")
    episode(hooks, "2026-05-16-o3", "Invoices", "mypy", f"{topic}: Optional[int] not int")
    for n in range(3):
        success(hooks, f"2026-05-2{n}-s{n}", "Invoices", f"Shipped the {topic}.", "claims")
    assert hooks.judgment_harvest().ok
    [pattern] = [m for m in hooks.store.list() if "pattern" in m.tags]
    assert pattern.app_id == "_global" and sorted(pattern.cites) == sorted(ids)
    assert "contract, upload and submit failed in 3 runs" in pattern.text
    assert 'with "CN=partner-egress"' in pattern.text  # what two of them say
    assert "do not: certificate, expired" in pattern.text


def test_judgment_harvest_quotes_the_lesson_of_the_rerun_that_worked(hooks: MemoryHooks) -> None:
    """A failed goal rerun the next day, successfully, with a lesson naming what the checks
    said (fixture patients 404 after the sandbox reset) is the loop's account of the cause:
    the pattern quotes that lesson. A rerun that wrote no lesson says nothing of it."""
    for n, day in enumerate((3, 10, 17)):
        episode(
            hooks,
            f"2026-05-{day:02d}-e{n}",
            f"Portal page {n}",
            "e2e",
            f"GET /fhir/Patient/x{n} 404 Not Found (fixture patient 'Ana Test')",
            "Specs broke on fixtures.",
            app_id="portal",
        )
    hooks.post_run_classify(
        run={
            "run_id": "2026-05-18-e9",
            "goal": "Portal page 2",
            "outcome": "success",
            "app_id": "portal",
            "summary": "Fixtures resolve patients at start.",
            "verifiers": [{"name": "e2e", "passed": True}],
            "lessons": [
                {
                    "text": "The FHIR sandbox is re-seeded every Sunday and fixture patients "
                    "get new ids: look them up by MRN instead of hard-coding Patient ids."
                }
            ],
        }
    )
    assert hooks.judgment_harvest().ok
    [pattern] = patterns(hooks, "portal")
    assert "Followed up in 2026-05-18-e9 (portal): Portal page 2, success. Lesson: " in (
        pattern.text
    )
    assert "re-seeded every Sunday" in pattern.text


def test_judgment_harvest_error_phrase_is_never_only_numbers_and_function_words() -> None:
    """Two details sharing only "for 2026" share no error: the phrase is what they share
    that says something ("pg-audit-ro"), or nothing."""
    said = [
        "reconcile for 2026-05-15: 4,118 events missing; export read pg-audit-ro",
        "manifest rows for 2026-06-08 short; rerun while pg-audit-ro was paused",
    ]
    assert phrase(said) == "pg-audit-ro"
    assert phrase(["no file for 2026-06-08", "rows short for 2026-06-09"]) == ""


def test_judgment_harvest_joins_one_checks_failures_told_in_other_words(
    hooks: MemoryHooks,
) -> None:
    """One check failing in three runs, each detail in its own words but all naming the
    same rare things (the key id, the PSSH, the byte order), among failures of that check
    with other causes: the three are one pattern; the others stay out of it."""
    details = [
        "xbox console: license acquired, then decrypt refused at first frame; KID in "
        "license versus PSSH header differ, byte order of data1",
        "windows offline downloads: persisted store lookup misses on reopen, KID derived "
        "straight from PSSH UUID, byte order never swapped",
        "tizen television: no usable content key after proxy returned success; PSSH "
        "decoded as plain UUID, KID byte order reversed",
        "device-lab certificate revoked for the test handset",
        "key server answered 429 Too Many Requests during the test",
    ]
    ids = [
        episode(hooks, f"2026-06-1{n}-k{n}", f"Playback task {n}", "license-e2e", d, app_id="drm")
        for n, d in enumerate(details)
    ]
    for n in range(3):
        success(hooks, f"2026-06-2{n}-s{n}", "Playback task", "License flow green.", "drm")
    assert hooks.judgment_harvest().ok
    [pattern] = patterns(hooks, "drm")
    assert "license-e2e failed in 3 runs" in pattern.text
    assert sorted(pattern.cites) == sorted(ids[:3])


def test_a_pattern_does_not_raise_the_packs_bar_over_the_lessons(hooks: MemoryHooks) -> None:
    """Hook E's pattern repeats its failures' words and outscores any lesson on them; the
    lessons' bar is set by the best lesson, so the lesson a worker needs is still packed."""
    for n, day in enumerate((3, 10, 17)):
        episode(
            hooks,
            f"2026-05-{day:02d}-q{n}",
            f"Rebuffer ratio for platform {n}",
            "dq-checks",
            f"rebuffer ratio null: sdk beacons lack rebuffer_ms, sessions dropped {n}",
            "Rebuffer ratio null for the new sdk sessions; beacons renamed rebuffer fields.",
            app_id="qoe",
        )
    assert hooks.judgment_harvest().ok
    assert patterns(hooks, "qoe")
    lesson = "Session watch time under 10 s is dropped before aggregation."
    assert hooks.harvester.submit(semantic(lesson, app_id="qoe"), trigger="manual")
    goal = {"title": "Rebuffer ratio for the sdk sessions of the new platform", "app_id": "qoe"}
    pack = hooks.pre_spawn_pack(goal=goal)
    assert pack.ok and any(e.text == lesson for e in pack.pack.entries), pack.pack.entries
