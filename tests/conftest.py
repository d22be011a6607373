"""Shared fixtures: an isolated environment, a memory root per test, hooks with flags set."""

from __future__ import annotations

import json
import os
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import structlog
from hypothesis import settings as hypothesis_settings

from agentmem import MemoryHooks
from agentmem._plugins import make_manager
from agentmem.core.model import Memory, Outcome
from agentmem.settings import HOOK_FLAGS, settings_from_values

# The backends of the store contract (files, mem0, mem0-platform) and their fixtures.
pytest_plugins = ["tests.backends"]

# `make test` (CI) fuzzes the same generated cases on every run, so main is green on what
# it was shown green on; `make fuzz` (HYPOTHESIS_PROFILE=explore) draws new ones each run.
hypothesis_settings.register_profile("ci", derandomize=True)
hypothesis_settings.register_profile("explore", derandomize=False)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

# One thread per test process for torch's kernels (the MiniLM model behind mem0's embedder and
# the semantic leg; torch is imported lazily, after this line, and reads it then). `make test`
# runs a process per core, so torch's own pool of a thread per core oversubscribed the machine:
# its threads spin waiting for each other (measured at load 7 on 2 cores: 50 embeddings in
# 16.6 s wall, 8.9 s CPU on two threads, against 1.9 s wall, 1.2 s CPU on one). Subprocesses
# inherit it. The vectors are the model's either way: only the number of threads changes.
for _threads in ("OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_threads, "1")

ALL_ON = {"AGENTMEM_ENABLED": "true", **dict.fromkeys(HOOK_FLAGS.values(), "true")}


@pytest.fixture(autouse=True)
def isolated_env(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """No AGENTMEM_* leaks in from the machine; nothing reaches a network or a model hub."""
    for key in list(os.environ):
        if key.startswith("AGENTMEM_"):
            monkeypatch.delenv(key)
    monkeypatch.setenv("HF_HUB_OFFLINE", "1")
    monkeypatch.setenv("MEM0_TELEMETRY", "false")
    monkeypatch.chdir(tmp_path)
    # The CLI configures structlog (a level filter); start every test from the library default.
    structlog.reset_defaults()


@pytest.fixture
def root(tmp_path: Path) -> Path:
    return tmp_path / "memory"


HooksFactory = Callable[..., MemoryHooks]


@pytest.fixture
def make_hooks(root: Path, tmp_path: Path) -> HooksFactory:
    """MemoryHooks over `root` with a fresh plugin manager; keyword args are extra settings."""

    def factory(
        values: dict[str, str] | None = None, *, defaults: bool = True, **extra: str
    ) -> MemoryHooks:
        merged = {"AGENTMEM_USER_ID": "tester", "AGENTMEM_ROOT": str(root)}
        merged.update(ALL_ON if values is None else values)
        merged.update(extra)
        settings = settings_from_values(merged, base_dir=tmp_path)
        return MemoryHooks(
            settings, plugin_manager=make_manager(defaults=defaults, entry_points=False)
        )

    return factory


class ManualClock:
    """The host's clock as a test sets it: `now` until moved with `advance(days=...)`."""

    def __init__(self) -> None:
        self.now = datetime(2026, 10, 5, 12, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> None:
        self.now += timedelta(**delta)


@pytest.fixture
def clock() -> ManualClock:
    return ManualClock()


@pytest.fixture
def clocked_hooks(root: Path, tmp_path: Path, clock: ManualClock) -> MemoryHooks:
    """Every flag on, the built-in plugins registered, time read from `clock`."""
    settings = settings_from_values(
        {"AGENTMEM_USER_ID": "tester", "AGENTMEM_ROOT": str(root), **ALL_ON}, base_dir=tmp_path
    )
    manager = make_manager(defaults=True, entry_points=False)
    return MemoryHooks(settings, plugin_manager=manager, clock=clock)


@pytest.fixture
def hooks(make_hooks: HooksFactory) -> MemoryHooks:
    """Every flag on, the built-in plugins registered."""
    return make_hooks()


def semantic(text: str, **fields: object) -> dict[str, object]:
    """A minimal valid semantic draft (the writer fills the scope)."""
    return {"text": text, "type": "semantic", "confidence": 0.8, **fields}


def held(
    text: str, day: int | str, memory_id: str = "semantic-000000000001", *, app_id: str,
    **fields: object,
) -> Memory:  # fmt: skip
    """A memory as the store holds it, built without the writer: a semantic lesson of `app_id`
    written at noon UTC on `day` (a day of March 2027, or an ISO date), in a run of that day.
    `fields` override any frontmatter field (`type`, `supersedes`, `trigger`, ...)."""
    date = f"2027-03-{day:02d}" if isinstance(day, int) else day
    values: dict[str, object] = {
        "id": memory_id, "text": text, "type": "semantic", "confidence": 0.8, "user_id": "u",
        "app_id": app_id, "run_id": f"{date}-r1", "trigger": "manual",
        "created_at": f"{date}T12:00:00+00:00", **fields,
    }  # fmt: skip
    return Memory.model_validate(values)


def run_record(
    day: int, n: int, goal: str, summary: str, detail: str = "", *, app_id: str, check: str,
    others: int,
) -> Memory:  # fmt: skip
    """A run record as hook C writes it, on `day` of March 2027: with a `detail`, a failure
    of `check` with `others` checks passed; without, a success with all of them passed."""
    run_id = f"2027-03-{day:02d}-run-{n:03d}"
    outcome = Outcome.FAILURE if detail else Outcome.SUCCESS
    checks = f"Failed: {check} ({detail}). {others} other check(s) passed." if detail else (
        f"All {others + 1} check(s) passed."
    )  # fmt: skip
    text = f"Run {run_id}: {goal} ended in {outcome.value}. {summary} {checks}"
    return held(
        text, day, f"episodic-{day:04d}{n:08d}", app_id=app_id, type="episodic", run_id=run_id,
        outcome=outcome.value, confidence=1.0, trigger="post_run_classify",
    )  # fmt: skip


def lesson(hooks: MemoryHooks, text: str, app_id: str) -> str:
    """A semantic lesson of `app_id` written through the writer; its id."""
    memory_id = hooks.harvester.submit(semantic(text, app_id=app_id), trigger="manual").memory_id
    assert memory_id is not None, text
    return memory_id


def run_lesson(hooks: MemoryHooks, run_id: str, app_id: str, text: str, *, goal: str) -> str:
    """The id of the semantic lesson a successful run of `app_id` teaches through hook C."""
    result = hooks.post_run_classify(
        run={
            "run_id": run_id, "goal": goal, "outcome": "success", "summary": "Done.",
            "app_id": app_id, "verifiers": [{"name": "check", "passed": True}],
            "lessons": [{"text": text, "type": "semantic", "evidence": []}],
        }
    )  # fmt: skip
    assert result.ok
    return next(i for i in result.writes.accepted if i.startswith("semantic-"))


def unlinked_pair(
    hooks: MemoryHooks,
    clock: ManualClock,
    old: str,
    new: str,
    *,
    app_id: str,
    days: int,
    filler: str,
) -> tuple[str, str]:
    """The older lesson, and `days` on the newer one, stored as a writer that did not
    recognise the pair leaves it: both live, neither naming the other. The newer text is put
    in place of `filler` (a lesson the writer takes), so no restatement check sees it."""
    first = lesson(hooks, old, app_id)
    clock.advance(days=days)
    second = lesson(hooks, filler, app_id)
    held = hooks.store.get(second)
    hooks.store.put(held.model_copy(update={"text": new, "supersedes": ()}))
    return first, second


def packed_ids(hooks: MemoryHooks, goal: dict[str, object]) -> list[str]:
    """The ids of the entries of the pack hook B builds for `goal`."""
    result = hooks.pre_spawn_pack(goal=goal)
    assert result.pack is not None
    return [e.id for e in result.pack.entries]


PAIRS_DIR = Path(__file__).resolve().parents[1] / "bench" / "pairs" / "written-blind"
FIRST_PAIRS = ("a", "b", "c")  # first-half pairs files: development material


def pair_texts(letters: tuple[str, ...] = FIRST_PAIRS) -> list[tuple[str, str]]:
    """(new, old) of every pair of the written-blind pairs files named by `letters`."""
    found: list[tuple[str, str]] = []
    for letter in letters:
        pairs = json.loads((PAIRS_DIR / f"pairs-{letter}.json").read_text(encoding="utf-8"))
        found += [(p["new"], p["old"]) for p in pairs]
    return found
