"""Rollout advice fits how often each hook fires, and says when the rollout is complete."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from agentmem.audit.rollout import DEFAULT_MIN_FIRES, advise
from agentmem.audit.stats import aggregate
from agentmem.cli import main
from agentmem.settings import load_settings

TS = datetime(2026, 11, 20, 12, tzinfo=UTC).timestamp()
C, B, A, D, E = (
    "post_run_classify",
    "pre_spawn_pack",
    "pre_goal_synthesis",
    "post_retro_distill",
    "judgment_harvest",
)
FLAGS = {
    C: "AGENTMEM_HOOK_POST_RUN",
    B: "AGENTMEM_HOOK_PRE_SPAWN",
    A: "AGENTMEM_HOOK_PRE_GOAL",
    D: "AGENTMEM_HOOK_POST_RETRO",
    E: "AGENTMEM_HOOK_JUDGMENT",
}


def fires(hook: str, n: int, duration_ms: float = 10.0) -> list[dict[str, Any]]:
    event = {"event": "hook_run", "ts": TS, "hook": hook, "ran": True, "ok": True}
    return [{**event, "duration_ms": duration_ms} for _ in range(n)]


def settings_with(*hooks: str) -> Any:
    env = {"AGENTMEM_ENABLED": "true", **{FLAGS[h]: "true" for h in hooks}}
    return load_settings(None, env)


def test_a_loop_of_thirty_runs_and_three_retros_may_turn_on_the_harvest() -> None:
    """Thresholds are per hook: D fires once per retro, so three retros in a window are
    enough to move on to E (one threshold of 20 for every hook made D need 200 runs)."""
    stats = aggregate([*fires(C, 30), *fires(B, 30), *fires(A, 12), *fires(D, 3)])
    advice = advise(settings_with(C, B, A, D), stats)
    assert advice.advance and advice.next_hook == E, advice.summary
    assert "D 3+" in advice.summary


def test_a_threshold_given_for_one_hook_holds_only_that_hook() -> None:
    """`min_fires` names hooks; the rest keep their defaults."""
    stats = aggregate([*fires(C, 30), *fires(B, 30), *fires(A, 12), *fires(D, 3)])
    advice = advise(settings_with(C, B, A, D), stats, {D: 5})
    assert not advice.advance
    failing = [c for c in advice.checks if not c.passed]
    assert [(c.hook, c.problems) for c in failing] == [(D, ["ran 3 times, fewer than 5"])]


def write_env(tmp_path: Path, hooks: tuple[str, ...]) -> Path:
    env = tmp_path / ".env.executive"
    lines = [
        "AGENTMEM_ENABLED=true",
        "AGENTMEM_ROOT=./memory",
        *(f"{FLAGS[h]}=true" for h in hooks),
    ]
    env.write_text("\n".join(lines) + "\n")
    return env


def test_with_all_five_hooks_on_the_rollout_is_complete_and_exit_is_zero(tmp_path: Path) -> None:
    """`audit --next` with every flag on says the rollout is complete (exit 0), not HOLD."""
    env = write_env(tmp_path, (C, B, A, D, E))
    result = CliRunner().invoke(main, ["--env-file", str(env), "audit", "--next"])
    assert result.exit_code == 0, result.output
    assert result.output.startswith("DONE: rollout complete")
    result = CliRunner().invoke(main, ["--env-file", str(env), "--json", "audit", "--next"])
    assert json.loads(result.output)["complete"] is True


@pytest.mark.parametrize(
    ("given", "message"),
    [("F=3", "unknown hook 'F'"), ("D=0", "whole number"), ("many", "whole number")],
)
def test_a_bad_min_fires_is_exit_2_naming_it(tmp_path: Path, given: str, message: str) -> None:
    """`--min-fires` takes N or HOOK=N (a name or a letter); anything else is refused."""
    env = write_env(tmp_path, (C,))
    result = CliRunner().invoke(
        main, ["--env-file", str(env), "audit", "--next", "--min-fires", given]
    )
    assert result.exit_code == 2 and given in result.output and message in result.output


def test_min_fires_by_letter_and_for_every_hook(tmp_path: Path) -> None:
    """`--min-fires 5 --min-fires C=40`: every hook 5, then C 40 (later values win)."""
    env = write_env(tmp_path, (C,))
    result = CliRunner().invoke(
        main,
        ["--env-file", str(env), "audit", "--next", "--min-fires", "5", "--min-fires", "C=40"],
    )
    assert result.exit_code == 1 and "fewer than 40" in result.output
    assert set(DEFAULT_MIN_FIRES) == set(FLAGS)


def test_one_slow_fire_shows_as_the_max_not_as_a_mean_above_the_p95() -> None:
    """A mean above the p95 is arithmetic, not a bug, when one fire is an outlier (the first
    fire opens the store); the table shows p50, p95 and max so the outlier is visible."""
    stats = aggregate([*fires(B, 99, 10.0), *fires(B, 1, 2000.0)])[B]
    assert stats.p50_ms == stats.p95_ms == 10.0
    assert stats.mean_ms > stats.p95_ms and stats.max_ms == 2000.0
    figures = stats.as_dict()["duration_ms"]
    assert figures == {"mean": 29.9, "p50": 10.0, "p95": 10.0, "max": 2000.0}
