"""Regression tests for faults the fault injection found, and the reusable hook worker."""

from __future__ import annotations

import sys
import threading
from pathlib import Path
from typing import Any

import pytest

from agentmem import Contribution, MemoryHooks, Tools, hookimpl
from agentmem._worker import POOL
from tests.conftest import HooksFactory


def one_plugin(make_hooks: HooksFactory, plugin: object, **extra: str) -> MemoryHooks:
    hooks = make_hooks(defaults=False, **extra)
    hooks.register(plugin)
    return hooks


@pytest.mark.parametrize("error", [SystemExit(3), KeyboardInterrupt()])
def test_plugin_raising_base_exception_is_a_value(
    make_hooks: HooksFactory, error: BaseException
) -> None:
    """SystemExit or KeyboardInterrupt raised inside a plugin ends that fire with
    ok=False and error PluginAborted; it never escapes fire, and the next fire works."""

    class Exits:
        armed = True

        @hookimpl
        def judgment_harvest(self, window: Any, tools: Tools) -> Contribution:
            if self.armed:
                raise error
            return Contribution(text="fine")

    plugin = Exits()
    hooks = one_plugin(make_hooks, plugin)
    result = hooks.fire("judgment_harvest")
    assert result.ok is False and result.ran is True
    assert result.error is not None and result.error.type == "PluginAborted"
    assert type(error).__name__ in result.error.message
    plugin.armed = False
    assert hooks.fire("judgment_harvest").ok


@pytest.mark.parametrize(
    ("field", "value"),
    [("pack", "not a pack"), ("text", 12345), ("drafts", None), ("synthesis", ["x"])],
)
def test_contribution_with_wrong_field_type_is_a_value(
    make_hooks: HooksFactory, tmp_path: Path, field: str, value: Any
) -> None:
    """A Contribution whose field has the wrong type (a dataclass checks nothing) makes the
    fire ok=False with a TypeError naming the field; before the fix a string pack escaped
    fire as AttributeError. Nothing is written into the worker folder."""

    class Garbage:
        @hookimpl
        def pre_spawn_pack(self, goal: Any, worker_dir: Any, tools: Tools) -> Contribution:
            contribution = Contribution()
            setattr(contribution, field, value)
            return contribution

    worker = tmp_path / "worker"
    worker.mkdir()
    hooks = one_plugin(make_hooks, Garbage())
    result = hooks.fire("pre_spawn_pack", goal={"title": "g"}, worker_dir=worker)
    assert result.ok is False
    assert result.error is not None and result.error.type == "TypeError"
    assert f"whose {field} is" in result.error.message
    assert list(worker.iterdir()) == []


class Records:
    """Remembers which thread ran each call; blocks while `hold` is clear."""

    def __init__(self) -> None:
        self.threads: list[threading.Thread] = []
        self.hold = threading.Event()
        self.hold.set()

    @hookimpl
    def judgment_harvest(self, window: Any, tools: Tools) -> None:
        self.threads.append(threading.current_thread())
        self.hold.wait(10)


def test_worker_thread_is_reused_between_fires(make_hooks: HooksFactory) -> None:
    """Consecutive fires run their plugins on the same parked daemon thread (no new
    thread per fire), never on the host's thread."""
    plugin = Records()
    hooks = one_plugin(make_hooks, plugin)
    assert hooks.fire("judgment_harvest").ok
    assert hooks.fire("judgment_harvest").ok
    first, second = plugin.threads
    assert first is second and first is not threading.current_thread()
    assert first.daemon and first.name == "agentmem-hook"


def test_timed_out_worker_is_replaced_and_ends_after_the_late_call(
    make_hooks: HooksFactory,
) -> None:
    """A worker whose call overran the budget serves no further call: the next fire gets
    another thread, and the abandoned one ends once the late call returns."""
    plugin = Records()
    hooks = one_plugin(make_hooks, plugin, AGENTMEM_HOOK_TIMEOUT_S="0.05")
    plugin.hold.clear()
    late = hooks.fire("judgment_harvest")
    assert late.ok is False and late.error is not None and late.error.type == "HookTimeout"
    plugin.hold.set()
    assert hooks.fire("judgment_harvest").ok
    hung, fresh = plugin.threads
    assert fresh is not hung
    hung.join(5)
    assert not hung.is_alive()
    assert POOL.idle() >= 1


def test_concurrent_fires_each_get_a_worker(make_hooks: HooksFactory) -> None:
    """Two host threads firing at once do not queue behind each other's budget: both
    plugins run at the same time on different workers."""
    both_in = threading.Barrier(2, timeout=5)

    class Meets:
        @hookimpl
        def judgment_harvest(self, window: Any, tools: Tools) -> Contribution:
            both_in.wait()  # raises BrokenBarrierError unless the other call runs meanwhile
            return Contribution(text="met")

    hooks = one_plugin(make_hooks, Meets())
    results: list[Any] = []
    threads = [
        threading.Thread(target=lambda: results.append(hooks.fire("judgment_harvest")))
        for _ in range(2)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert [r.ok for r in results] == [True, True], results


def test_sys_exit_in_plugin_does_not_stop_the_interpreter(make_hooks: HooksFactory) -> None:
    """sys.exit() called by a plugin leaves the host running (this test keeps running)."""

    class CallsExit:
        @hookimpl
        def judgment_harvest(self, window: Any, tools: Tools) -> Contribution:
            sys.exit("plugin wants out")

    result = one_plugin(make_hooks, CallsExit()).fire("judgment_harvest")
    assert result.error is not None and "plugin wants out" in result.error.message


def test_budget_ending_before_the_worker_woke_is_a_timeout() -> None:
    """A budget can end before the worker has even woken (a 1 ms budget on a busy machine).
    The pool reports a timeout and the worker, once it wakes, finds no job and ends; retiring
    it used to raise RuntimeError ("release unlocked lock") out of the call instead. The
    delayed wake-up is a double: the worker waits on an event before serving."""
    from agentmem._worker import _Worker

    woken = threading.Event()

    class NotYetWoken(_Worker):
        def _serve(self) -> None:
            woken.wait(5)
            super()._serve()

    ran: list[bool] = []
    worker = NotYetWoken()
    with POOL._lock:
        POOL._idle.append(worker)
    assert POOL.call(lambda: ran.append(True), {}, 0.05) is None
    woken.set()
    thread = worker.thread
    thread.join(5)
    assert not thread.is_alive()
    assert ran == []  # the abandoned call never ran late
    assert worker not in POOL._idle
