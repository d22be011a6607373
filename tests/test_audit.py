"""`agentmem audit` over a scripted week: figures, alarms and rollout advice from the log alone."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, time, timedelta
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from agentmem import MemoryHooks, hookimpl
from agentmem._plugins import make_manager
from agentmem.audit import Window, build
from agentmem.audit import ledger as auditlog
from agentmem.cli import main
from agentmem.results import HookResult
from agentmem.settings import load_settings
from tests.conftest import HooksFactory

DAYS = [date(2026, 11, 16) + timedelta(days=i) for i in range(7)]
BROKEN = frozenset(DAYS[4:6])  # the two days the host's deploy carried `AGENTMEM_COHORT=`
RUNS_PER_DAY = 5
WEEK = ("--from", DAYS[0].isoformat(), "--to", DAYS[-1].isoformat())


class Clock:
    """The scripted time of the week: memories and ledger lines are stamped with it."""

    def __init__(self) -> None:
        self.now = datetime.combine(DAYS[0], time(9), UTC)

    def __call__(self) -> datetime:
        return self.now


class CohortFromEnv:
    """A host plugin with seed 000's bug: it reads the cohort from its own environment and
    stamps it on every draft, treating an empty value as a value."""

    def __init__(self, env: dict[str, str]) -> None:
        self.env = env

    @hookimpl(wrapper=True)
    def post_run_classify(self, run: Any, tools: Any) -> Any:
        contributions = yield
        cohort = self.env.get("AGENTMEM_COHORT")
        if cohort is not None:
            for item in contributions or ():
                item.drafts = [{**d, "cohort": cohort} for d in item.drafts]
        return contributions


@dataclass
class Week:
    hooks: MemoryHooks
    env_file: Path
    results: dict[str, list[tuple[date, HookResult]]] = field(default_factory=dict)

    def of(self, hook: str) -> list[HookResult]:
        return [r for _, r in self.results.get(hook, [])]


def write_env(tmp_path: Path, flags: tuple[str, ...]) -> Path:
    env = tmp_path / ".env.executive"
    lines = ["AGENTMEM_ENABLED=true", "AGENTMEM_USER_ID=week", "AGENTMEM_ROOT=./memory"]
    env.write_text("\n".join([*lines, *(f"{f}=true" for f in flags)]) + "\n")
    return env


def script_week(
    tmp_path: Path,
    broken: frozenset[date] = BROKEN,
    flags: tuple[str, ...] = ("AGENTMEM_HOOK_POST_RUN", "AGENTMEM_HOOK_PRE_SPAWN"),
    evening: Callable[[MemoryHooks, date], list[HookResult]] | None = None,
) -> Week:
    """Seven days of a host loop: per run a pack (B), the run's record (C) and an idle
    pre-goal fire (A, flag off); on `broken` days the host stamps cohort "" on C's drafts.
    `evening` fires whatever else a day ends with, at 18:00 (its results are kept too)."""
    clock = Clock()
    env_file = write_env(tmp_path, flags)
    hooks = MemoryHooks.from_env(
        env_file, environ={}, plugin_manager=make_manager(entry_points=False), clock=clock
    )
    host_env: dict[str, str] = {}
    hooks.register(CohortFromEnv(host_env))
    week = Week(hooks, env_file)
    for i, day in enumerate(DAYS):
        if day in broken:
            host_env["AGENTMEM_COHORT"] = ""
        else:
            host_env.pop("AGENTMEM_COHORT", None)
        for n in range(RUNS_PER_DAY):
            clock.now = datetime.combine(day, time(9 + n), UTC)
            passed = n % 3 != 0
            fired = [
                hooks.pre_goal_synthesis(queue=[{"id": f"q{n}", "title": "vendor retries"}]),
                hooks.pre_spawn_pack(
                    goal={"title": "Add retries to the vendor client", "app_id": "billing-api"}
                ),
                hooks.post_run_classify(
                    run={
                        "run_id": f"{day.isoformat()}-run-{i * 10 + n}",
                        "goal": "Add retries to the vendor client",
                        "outcome": "success" if passed else "failure",
                        "summary": f"Attempt {n} on {day}: the vendor API wants X-Trace.",
                        "verifiers": [{"name": "tests", "passed": passed}],
                        "lessons": [{"text": f"Retry lesson {i}.{n}: send X-Trace first."}],
                        "app_id": "billing-api",
                        "tags": ["vendor"],
                    }
                ),
            ]
            for result in fired:
                week.results.setdefault(result.hook, []).append((day, result))
        if evening is not None:
            clock.now = datetime.combine(day, time(18), UTC)
            for result in evening(hooks, day):
                week.results.setdefault(result.hook, []).append((day, result))
    return week


def cli(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(main, list(args), catch_exceptions=False)
    return result.exit_code, result.output


def all_rejected(result: HookResult) -> bool:
    w = result.writes
    return w.attempted > 0 and not w.accepted and not w.duplicates


@pytest.fixture(scope="module")
def broken_week(tmp_path_factory: pytest.TempPathFactory) -> Week:
    """One week with the cohort misconfiguration, scripted once for the tests that read it."""
    return script_week(tmp_path_factory.mktemp("week"))


def test_cohort_misconfiguration_raises_the_all_rejected_alarm_with_field_and_reason(
    broken_week: Week,
) -> None:
    """A week where two days' writes all fail: the audit names the hook, the field and the reason,
    and its figures agree with what the fires returned."""
    runs = broken_week.of("post_run_classify")
    expected_all_rejected = [r for r in runs if all_rejected(r)]
    assert len(expected_all_rejected) == RUNS_PER_DAY * len(BROKEN)  # the script did break
    code, out = cli("--env-file", str(broken_week.env_file), "--json", "audit", *WEEK)
    assert code == 0
    report = json.loads(out)
    c = report["hooks"]["post_run_classify"]
    assert c["fires"] == c["ran"] == len(runs)
    assert c["ok"] == sum(r.ok for r in runs)
    assert c["writes"]["attempted"] == sum(r.writes.attempted for r in runs)
    assert c["writes"]["accepted"] == sum(len(r.writes.accepted) for r in runs)
    rejected = sum(len(r.writes.rejected) for r in runs)
    assert c["writes"]["rejected_by_field"] == {"cohort": rejected}
    assert c["failed"] == {"AllWritesRejected": len(expected_all_rejected)}
    assert report["hooks"]["pre_goal_synthesis"]["fires"] == 0  # gated off: not in the ledger
    assert report["hooks"]["pre_spawn_pack"]["fires"] == len(broken_week.of("pre_spawn_pack"))
    alarms = [a for a in report["alarms"] if a["kind"] == "all_rejected"]
    assert [a["hook"] for a in alarms] == ["post_run_classify"]
    figures = alarms[0]["figures"]
    assert figures["all_rejected_fires"] == len(expected_all_rejected)
    assert figures["rejected_by_field"] == {"cohort": rejected}
    top = figures["top_reasons"][0]
    assert top["field"] == "cohort" and "must be a non-empty string" in top["reason"]
    assert "cohort" in alarms[0]["message"]
    for day in BROKEN:
        per_day = c["per_day"][day.isoformat()]
        assert per_day["accepted"] == 0 and per_day["rejected"] > 0


def test_next_refuses_to_advance_after_an_all_rejected_harvest(broken_week: Week) -> None:
    """`--next` names the next flag in the staged order (A after C and B) and holds, with the
    numbers: ok share and all-rejected harvests of the failing hook; exit code 1."""
    runs = broken_week.of("post_run_classify")
    code, out = cli("--env-file", str(broken_week.env_file), "audit", "--next", *WEEK)
    assert code == 1
    assert out.startswith("HOLD")
    assert "AGENTMEM_HOOK_PRE_GOAL" in out
    ok_share = f"{sum(r.ok for r in runs) / len(runs):.1%}"
    failing = next(line for line in out.splitlines() if "FAIL post_run_classify" in line)
    assert ok_share in failing
    assert f"{RUNS_PER_DAY * len(BROKEN)} all-rejected" in failing
    assert "pass pre_spawn_pack" in out


def test_terminal_table_shows_each_hook_and_the_alarm(broken_week: Week) -> None:
    """The human form is a table with a row per active hook, the rejection detail and the alarm."""
    code, out = cli("--env-file", str(broken_week.env_file), "audit", *WEEK)
    assert code == 0
    lines = out.splitlines()
    header = next(i for i, line in enumerate(lines) if line.startswith("hook "))
    rows = {line.split()[0] for line in lines[header + 2 : header + 4]}
    assert rows == {"pre_spawn_pack", "post_run_classify"}
    assert "rejected by field: cohort" in out
    assert any(line.startswith("  ! post_run_classify") for line in lines)


def test_hook_filter_keeps_one_hook(broken_week: Week) -> None:
    """`--hook X` reports only X's figures and alarms."""
    env = str(broken_week.env_file)
    code, out = cli("--env-file", env, "--json", "audit", *WEEK, "--hook", "pre_spawn_pack")
    assert code == 0
    report = json.loads(out)
    assert list(report["hooks"]) == ["pre_spawn_pack"]
    assert report["hooks"]["pre_spawn_pack"]["pack_tokens"]["packs"] == len(
        [r for r in broken_week.of("pre_spawn_pack") if r.pack is not None]
    )
    assert not [a for a in report["alarms"] if a["hook"] == "post_run_classify"]


def test_memory_growth_per_day_counts_the_files(broken_week: Week) -> None:
    """Growth per day is read from the memory files: no growth on the broken days, and the
    week's total equals the accepted writes; a low limit turns the peak day into an alarm."""
    settings = broken_week.hooks.settings
    window = Window(
        datetime.combine(DAYS[0], time(), UTC),
        datetime.combine(DAYS[-1] + timedelta(days=1), time(), UTC),
    )
    report = build(settings, window, growth_limit=3)
    accepted = {
        day: sum(
            len(r.writes.accepted) for d, r in broken_week.results["post_run_classify"] if d == day
        )
        for day in DAYS
    }
    assert report.growth.new == accepted
    assert all(report.growth.new[d] == 0 for d in BROKEN)
    assert report.growth.totals()[-1][1] == len(list((settings.root / "entries").glob("*.md")))
    growth = [a for a in report.alarms if a.kind == "memory_growth"]
    assert len(growth) == 1 and growth[0].figures["peak_new"] == max(accepted.values())


def test_a_clean_week_advances_to_the_next_stage(tmp_path: Path) -> None:
    """With ≥ 20 runs per enabled hook, all ok and no all-rejected harvest, `--next` says to
    turn on the next flag of the staged order, exit code 0."""
    week = script_week(tmp_path, broken=frozenset())
    code, out = cli("--env-file", str(week.env_file), "audit", "--next", *WEEK)
    assert code == 0, out
    assert out.startswith("NEXT: turn on AGENTMEM_HOOK_PRE_GOAL=true (stage 3: A")
    assert f"pass post_run_classify: ran {len(week.of('post_run_classify'))}, 100.0% ok" in out


def test_ran_while_off_compares_the_ledger_with_the_settings(make_hooks: HooksFactory) -> None:
    """A hook in the ledger that ran while the settings say its flag is off is an alarm."""
    hooks = make_hooks()
    assert hooks.fire("judgment_harvest").ran
    now = datetime.now(UTC)
    off = load_settings(
        None, {"AGENTMEM_ENABLED": "true", "AGENTMEM_ROOT": str(hooks.settings.root)}
    )
    report = build(off, Window(now - timedelta(hours=1), now + timedelta(hours=1)))
    alarms = [a for a in report.alarms if a.kind == "ran_while_off"]
    assert [(a.hook, a.figures["flag"]) for a in alarms] == [
        ("judgment_harvest", "AGENTMEM_HOOK_JUDGMENT")
    ]
    on = build(hooks.settings, Window(now - timedelta(hours=1), now + timedelta(hours=1)))
    assert not [a for a in on.alarms if a.kind == "ran_while_off"]


def test_read_hook_retrieving_with_nothing_queued_is_an_alarm(make_hooks: HooksFactory) -> None:
    """The runtime's own idle fire (skipped, zero retrievals, queued 0) raises nothing; a ledger
    line from a host whose read hook retrieved with an empty queue raises the alarm."""
    hooks = make_hooks()
    hooks.pre_goal_synthesis(queue=[])
    now = datetime.now(UTC)
    window = Window(now - timedelta(hours=1), now + timedelta(hours=1))
    assert not [
        a for a in build(hooks.settings, window).alarms if a.kind == "read_with_nothing_queued"
    ]
    line = {"event": "hook_run", "ts": now.timestamp(), "hook": "pre_goal_synthesis", "ran": True,
            "ok": True, "queued": 0, "retrievals": 4, "duration_ms": 3.0}  # fmt: skip
    auditlog.append(hooks.settings.log_path, line)
    alarms = [
        a for a in build(hooks.settings, window).alarms if a.kind == "read_with_nothing_queued"
    ]
    assert [(a.hook, a.figures["fires"]) for a in alarms] == [("pre_goal_synthesis", 1)]


def test_torn_and_foreign_lines_do_not_break_the_audit(make_hooks: HooksFactory) -> None:
    """A torn line, a non-event line and a hook_run line with wrong types are read past; the
    real fire is still counted."""
    hooks = make_hooks()
    hooks.judgment_harvest()
    now = datetime.now(UTC)
    with hooks.settings.log_path.open("a") as handle:
        handle.write('{"event": "hook_run", "ts": 1, "hook": "judg\n')  # torn
        handle.write("[1, 2, 3]\n")
        bad = {"event": "hook_run", "ts": now.timestamp(), "hook": "judgment_harvest",
               "retrievals": "many", "duration_ms": None, "writes": {"attempted": "2",
               "rejected": [{"problems": ["x"]}]}, "pack": {"tokens": "9"}}  # fmt: skip
        handle.write(json.dumps(bad) + "\n")
    report = build(hooks.settings, Window(now - timedelta(hours=1), now + timedelta(hours=1)))
    stats = report.hooks["judgment_harvest"]
    assert stats.fires == 2 and stats.ran == 1
    assert stats.retrievals == 0 and stats.rejected == 1 and not stats.reasons


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("--since", "7x"), "--since '7x'"),
        (("--since", "0d"), "--since '0d'"),
        (("--since", "7d", "--from", "2026-11-01"), "--since '7d'"),
        (("--from", "2026-13-01"), "--from '2026-13-01'"),
        (("--from", "2026-11-22", "--to", "2026-11-16"), "--to '2026-11-16'"),
        (("--to", "2026-11-16"), "--from ''"),
    ],
)
def test_a_bad_window_is_bad_input_naming_the_option(args: tuple[str, ...], named: str) -> None:
    """A window the audit cannot read exits 2 with the option and the value in the message."""
    code, out = cli("audit", *args)
    assert code == 2
    assert named in out
