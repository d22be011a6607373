"""Shared fixtures: an isolated environment, a memory root per test, hooks with flags set."""

from __future__ import annotations

import os
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
import structlog
from hypothesis import settings as hypothesis_settings

from agentmem import MemoryHooks
from agentmem._plugins import make_manager
from agentmem.settings import HOOK_FLAGS, settings_from_values

# The backends of the store contract (files, mem0, mem0-platform) and their fixtures.
pytest_plugins = ["tests.backends"]

# `make test` (CI) fuzzes the same generated cases on every run, so main is green on what
# it was shown green on; `make fuzz` (HYPOTHESIS_PROFILE=explore) draws new ones each run.
hypothesis_settings.register_profile("ci", derandomize=True)
hypothesis_settings.register_profile("explore", derandomize=False)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

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
