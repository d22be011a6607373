"""Quarantine: a plugin whose calls hang past the budget is not fed more threads (issue 20)."""

from __future__ import annotations

import threading
import time
from typing import Any

from click.testing import CliRunner

from agentmem import Contribution, MemoryHooks, Tools, hookimpl
from agentmem.audit import ledger as auditlog
from agentmem.cli import main as cli
from tests.conftest import HooksFactory

HUNG = "tests.reliability.test_quarantine.NeverReturns"


class NeverReturns:
    """Blocks until released: a stuck network call. Released at the end of each test so
    its threads end with it."""

    def __init__(self) -> None:
        self.release = threading.Event()
        self.calls = 0

    @hookimpl
    def judgment_harvest(self, window: Any, tools: Tools) -> Contribution:
        self.calls += 1
        self.release.wait()
        return Contribution(text="returned at last")


class Healthy:
    @hookimpl
    def judgment_harvest(self, window: Any, tools: Tools) -> Contribution:
        return Contribution(text="healthy")


def hung_hooks(
    make_hooks: HooksFactory, hung: NeverReturns, budget: str = "0.5", **extra: str
) -> MemoryHooks:
    hooks = make_hooks(defaults=False, AGENTMEM_HOOK_TIMEOUT_S=budget, **extra)
    hooks.register(Healthy())
    hooks.register(hung)  # registered last: pluggy calls it first
    hooks.store  # opened before the budget clock of the first fire starts anyway  # noqa: B018
    return hooks


def wait_for(predicate: Any, seconds: float = 5.0) -> bool:
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.01)
    return predicate()


def test_hung_plugin_fired_1000_times_keeps_threads_bounded(make_hooks: HooksFactory) -> None:
    """A plugin that never returns, fired 1,000 times: it is called twice
    (AGENTMEM_PLUGIN_MAX_HUNG=2), each call timing out; every later fire skips it at once
    and is ok=False naming it as quarantined, while the healthy plugin still runs. Threads
    alive grow by two, not by a thousand. Once its calls return, it is called again.
    (The budget is 0.5 s: only the two hung calls wait it out, and a loaded machine still
    starts the hung call, and reaches the healthy plugin, within it: with 0.01 s, at load
    10 a fire could end before the hung call even started, and nothing was quarantined.)"""
    hung = NeverReturns()
    hooks = hung_hooks(make_hooks, hung)
    start = threading.active_count()
    try:
        hooks.fire("judgment_harvest")
        hooks.fire("judgment_harvest")
        results = [hooks.fire("judgment_harvest") for _ in range(998)]
        # Two threads stuck in the hung calls, and at most one new parked worker.
        assert threading.active_count() <= start + 3
        assert hung.calls == 2
        for result in results:
            assert result.ok is False and result.ran is True
            assert result.quarantined == (HUNG,)
            assert result.error is not None and result.error.type == "PluginQuarantined"
            assert result.error.plugin == HUNG and "2 of its calls" in result.error.message
            assert result.final_text == "healthy"  # the other plugin still runs
    finally:
        hung.release.set()
    assert wait_for(lambda: hooks._quarantine.held(hung) == 0)
    again = hooks.fire("judgment_harvest")
    assert hung.calls == 3 and again.quarantined == ()


def test_first_calls_time_out_naming_the_plugin(make_hooks: HooksFactory) -> None:
    """The calls that hang are timeouts naming the plugin that was still running; the
    plugins the budget never reached are named too, as not called."""
    hung = NeverReturns()
    hooks = hung_hooks(make_hooks, hung)
    try:
        result = hooks.fire("judgment_harvest")
    finally:
        hung.release.set()
    assert result.ok is False and result.error is not None
    assert (result.error.type, result.error.plugin) == ("HookTimeout", HUNG)
    assert "still running" in result.error.message
    [late] = result.plugin_errors[1:]
    assert late.plugin == "tests.reliability.test_quarantine.Healthy"
    assert "before it was called" in late.message


def test_quarantine_is_in_the_ledger_and_raises_an_audit_alarm(
    make_hooks: HooksFactory,
) -> None:
    """Quarantined fires carry `quarantined` in their ledger line, and `agentmem audit`
    shows a plugin_quarantined alarm naming the plugin and how many fires skipped it."""
    hung = NeverReturns()
    hooks = hung_hooks(make_hooks, hung, AGENTMEM_PLUGIN_MAX_HUNG="1")
    try:
        for _ in range(4):
            hooks.fire("judgment_harvest")
    finally:
        hung.release.set()
    lines = [e for e in auditlog.read(hooks.settings.log_path) if e.get("event") == "hook_run"]
    assert [line["quarantined"] for line in lines] == [[], [HUNG], [HUNG], [HUNG]]
    env = hooks.settings.base_dir / ".env.audit"
    env.write_text(
        f"AGENTMEM_ENABLED=true\nAGENTMEM_HOOK_JUDGMENT=true\nAGENTMEM_ROOT={hooks.settings.root}\n"
    )
    out = CliRunner().invoke(cli, ["--env-file", str(env), "audit", "--json"])
    assert out.exit_code in (0, 1), out.output
    import json

    alarms = [a for a in json.loads(out.output)["alarms"] if a["kind"] == "plugin_quarantined"]
    assert [(a["hook"], a["figures"]) for a in alarms] == [
        ("judgment_harvest", {"plugins": {HUNG: 3}})
    ]
    assert HUNG in alarms[0]["message"]
