"""The plugin handoff keeps caller and worker on the caller's CPU, and undoes it (Linux).

While a fire's plugin call is handed over, the host thread and its worker are pinned to the
CPU the host thread is on (see agentmem/_affinity.py). These tests show that the pin takes
hold, that nobody keeps it: the plugin, the threads it starts, and the host thread after
the fire all have the host thread's CPUs, whatever the fire's outcome, and that a kernel
refusing the pin leaves fires working.
"""

from __future__ import annotations

import os
import select
import signal
import threading
from typing import Any

import pytest
import structlog.testing

from agentmem import Contribution, MemoryHooks, Tools, hookimpl
from agentmem._affinity import PINNER
from agentmem._worker import POOL
from tests.conftest import HooksFactory


def affinity_allowed() -> bool:
    """Linux, and a kernel that lets this process set its threads' CPUs (seccomp may not)."""
    if not hasattr(os, "sched_setaffinity") or PINNER.getcpu is None:
        return False
    try:
        os.sched_setaffinity(0, os.sched_getaffinity(0))
    except OSError:
        return False
    return True


pytestmark = pytest.mark.skipif(
    not affinity_allowed(), reason="needs Linux and a kernel that allows sched_setaffinity"
)
needs_two_cpus = pytest.mark.skipif(
    hasattr(os, "sched_getaffinity") and len(os.sched_getaffinity(0)) < 2,
    reason="pinning needs a host thread allowed on two CPUs or more",
)


@pytest.fixture(autouse=True)
def pinning_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test starts with pinning on; a test that makes the kernel refuse it is undone."""
    monkeypatch.setattr(PINNER, "enabled", True)


class Sees:
    """Records the CPU sets of the host thread, its own thread and a thread it starts."""

    def __init__(self, host_tid: int, outcome: str = "ok") -> None:
        self.host_tid = host_tid
        self.outcome = outcome
        self.host: set[int] = set()
        self.own: set[int] = set()
        self.child: set[int] = set()
        self.release = threading.Event()

    @hookimpl
    def judgment_harvest(self, window: Any, tools: Tools) -> Contribution:
        self.host = os.sched_getaffinity(self.host_tid)
        self.own = os.sched_getaffinity(0)
        started = threading.Thread(target=lambda: self.child.update(os.sched_getaffinity(0)))
        started.start()
        started.join(5)
        if self.outcome == "raise":
            raise RuntimeError("plugin failed")
        if self.outcome == "hang":
            self.release.wait(10)
        return Contribution(text="seen")


def fire_with(make_hooks: HooksFactory, plugin: Sees, **extra: str) -> tuple[MemoryHooks, Any]:
    hooks = make_hooks(defaults=False, **extra)
    hooks.register(plugin)
    hooks.fire("judgment_harvest")  # the first fire may start a worker, which is not pinned
    return hooks, hooks.fire("judgment_harvest")


@needs_two_cpus
def test_host_thread_is_pinned_during_the_call_and_plugin_runs_with_its_cpus(
    make_hooks: HooksFactory,
) -> None:
    """During the call the host thread is on one CPU; the plugin and a thread it starts
    have the host thread's full CPU set (not the pin), and the host gets it back after."""
    before = os.sched_getaffinity(0)
    plugin = Sees(threading.get_native_id())
    _, result = fire_with(make_hooks, plugin)
    assert result.ok
    assert len(plugin.host) == 1 and plugin.host <= before
    assert plugin.own == before
    assert plugin.child == before
    assert os.sched_getaffinity(0) == before


@needs_two_cpus
@pytest.mark.parametrize("outcome", ["raise", "hang"])
def test_host_thread_gets_its_cpus_back_when_the_plugin_fails_or_overruns(
    make_hooks: HooksFactory, outcome: str
) -> None:
    before = os.sched_getaffinity(0)
    plugin = Sees(threading.get_native_id(), outcome)
    _, result = fire_with(make_hooks, plugin, AGENTMEM_HOOK_TIMEOUT_S="0.3")
    plugin.release.set()  # let the overrunning call finish
    assert result.ok is False
    assert result.error is not None
    assert result.error.type == ("RuntimeError" if outcome == "raise" else "HookTimeout")
    assert os.sched_getaffinity(0) == before
    assert plugin.own == before  # the late call, too, ran with the host thread's CPUs


@needs_two_cpus
def test_pin_handoff_false_leaves_affinity_alone(make_hooks: HooksFactory) -> None:
    before = os.sched_getaffinity(0)
    plugin = Sees(threading.get_native_id())
    _, result = fire_with(make_hooks, plugin, AGENTMEM_PIN_HANDOFF="false")
    assert result.ok
    assert plugin.host == before
    assert os.sched_getaffinity(0) == before


def test_host_thread_already_on_one_cpu_is_left_as_it_is(make_hooks: HooksFactory) -> None:
    """A host pinned by its operator (`taskset -c 0`) keeps exactly that pin."""
    before = os.sched_getaffinity(0)
    one = {min(before)}
    os.sched_setaffinity(0, one)
    try:
        plugin = Sees(threading.get_native_id())
        _, result = fire_with(make_hooks, plugin)
        assert result.ok
        assert plugin.own == one and plugin.host == one
        assert os.sched_getaffinity(0) == one
    finally:
        os.sched_setaffinity(0, before)


@needs_two_cpus
def test_kernel_refusing_the_pin_turns_it_off_and_fires_go_on(
    make_hooks: HooksFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A double of a kernel that refuses sched_setaffinity (as a seccomp policy may): the
    fire is ok, pinning is off for the process, the host thread's CPUs are untouched."""
    before = os.sched_getaffinity(0)

    def refuse(pid: int, mask: Any) -> None:
        raise PermissionError(1, "Operation not permitted")

    plugin = Sees(threading.get_native_id())
    hooks = make_hooks(defaults=False)
    hooks.register(plugin)
    hooks.fire("judgment_harvest")
    monkeypatch.setattr(os, "sched_setaffinity", refuse)
    with structlog.testing.capture_logs() as logs:
        result = hooks.fire("judgment_harvest")
    assert result.ok
    assert PINNER.enabled is False
    assert [e["error"] for e in logs if e["event"] == "handoff_pin_off"] == [
        "[Errno 1] Operation not permitted"
    ]
    assert plugin.host == before
    assert hooks.fire("judgment_harvest").ok


@pytest.mark.skipif(not hasattr(os, "fork"), reason="needs os.fork")
def test_forked_child_fires_without_waiting_for_the_parents_workers(
    make_hooks: HooksFactory,
) -> None:
    """The parent's parked workers do not exist in a forked child: the child's fire gets a
    worker of its own, and is ok, instead of waiting out its budget on a thread that is not
    there (and, with pinning, pinning a thread of the parent)."""
    hooks = make_hooks(defaults=False, AGENTMEM_HOOK_TIMEOUT_S="5")
    hooks.register(Sees(threading.get_native_id()))
    assert hooks.fire("judgment_harvest").ok
    assert POOL.idle() >= 1
    parent_before = os.sched_getaffinity(0)
    read, write = os.pipe()
    pid = os.fork()
    if pid == 0:  # the child: report the fire's outcome and duration, then leave at once
        try:
            result = hooks.fire("judgment_harvest")
            os.write(write, f"{result.ok} {result.duration_ms}".encode())
        finally:
            os._exit(0)
    os.close(write)
    # A child forked from a threaded process can deadlock on a lock another thread held at
    # the fork; wait a bounded time, so such a child fails this test instead of hanging it.
    answered, _, _ = select.select([read], [], [], 60)
    if not answered:
        os.kill(pid, signal.SIGKILL)
    with os.fdopen(read) as pipe:
        reply = pipe.read().split() if answered else []
    os.waitpid(pid, 0)
    assert len(reply) == 2, f"the forked child gave no answer within 60 s: {reply}"
    ok, duration_ms = reply
    assert ok == "True"
    assert float(duration_ms) < 2500  # far from the 5 s budget it used to wait out
    assert os.sched_getaffinity(0) == parent_before
