"""Plugin calls run on reusable daemon threads, so a hung plugin cannot hold the host loop.

Starting a thread per fire cost more than everything else a fire does; a parked worker
costs two wake-ups. The host thread's CPU affinity is never touched. A worker whose call
overruns its budget is abandoned: it finishes the late call (Python cannot kill a thread),
then ends instead of serving again, and the next call gets a fresh worker. Idle workers
are shared by every `MemoryHooks` in the process; there are never more of them than fires that ran at the same time.
"""

from __future__ import annotations

import contextlib
import os
import threading
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from agentmem._exceptions import AgentMemError


class PluginAborted(AgentMemError):
    """Raised (inside the runtime only) when a plugin raised SystemExit, KeyboardInterrupt or
    another BaseException that is not an Exception: it ends the plugin's call, never the loop."""

    def __init__(self, error: BaseException) -> None:
        self.error = error
        super().__init__(f"a plugin raised {type(error).__name__}: {error}")


class Job:
    """One call: what to run, and (once run) what it returned or raised."""

    __slots__ = ("error", "fn", "kwargs", "value")

    def __init__(self, fn: Callable[..., Any], kwargs: dict[str, Any]) -> None:
        self.fn = fn
        self.kwargs = kwargs
        self.value: Any = None
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self.value = self.fn(**self.kwargs)
        except BaseException as exc:  # handed to the caller's thread, which turns it into a value
            self.error = exc


class _Worker:
    """A parked thread and two bare locks: `go` hands it a job, `done` hands the job back.

    Plain locks rather than a queue and an event: each handoff is then one release and one
    acquire on each side, and the two thread wake-ups are nearly all a call costs.
    """

    def __init__(self) -> None:
        self.job: Job | None = None
        self.go = threading.Lock()
        self.done = threading.Lock()
        self.go.acquire()
        self.done.acquire()
        thread = threading.Thread(target=self._serve, daemon=True, name="agentmem-hook")
        thread.start()
        self.thread = thread

    def _serve(self) -> None:
        while True:
            self.go.acquire()
            job = self.job
            if job is None:  # retired: its last call overran the budget
                return
            job.run()
            self.done.release()

    def retire(self) -> None:
        """End the thread once its (late) call returns; it will never serve again."""
        self.job = None
        # Still set when the worker has not even woken within the budget: it will find
        # no job when it does, and end.
        with contextlib.suppress(RuntimeError):
            self.go.release()


class WorkerPool:
    """Hands each call to an idle worker (or a new one) and waits at most the budget."""

    def __init__(self) -> None:
        self._idle: list[_Worker] = []
        self._lock = threading.Lock()
        if hasattr(os, "register_at_fork"):
            os.register_at_fork(after_in_child=self._forget)

    def _forget(self) -> None:
        """In a forked child: the parent's workers were not forked with it."""
        self._idle = []
        self._lock = threading.Lock()

    def call(self, fn: Callable[..., Any], kwargs: dict[str, Any], timeout_s: float) -> Job | None:
        """The finished job, or None when the call is still running after `timeout_s`."""
        with self._lock:
            worker = self._idle.pop() if self._idle else _Worker()
        job = worker.job = Job(fn, kwargs)
        worker.go.release()
        finished = worker.done.acquire(timeout=timeout_s)
        if not finished:
            worker.retire()
            return None
        with self._lock:
            self._idle.append(worker)
        return job

    def idle(self) -> int:
        """How many parked workers wait for a call (for tests and diagnostics)."""
        with self._lock:
            return len(self._idle)


POOL = WorkerPool()


OFFLOAD_THREADS = 8  # afire's fires running at once; more wait their turn


class Offload:
    """The threads `afire` runs whole fires on, so an event loop never waits on one.

    Its own small pool rather than the loop's default executor: a fire may block for its
    whole budget, and the host's own `to_thread` calls must not queue behind ours. The
    threads are not daemons, so a fire that is under way when the interpreter exits still
    finishes and is logged.
    """

    def __init__(self) -> None:
        self._executor: ThreadPoolExecutor | None = None
        self._lock = threading.Lock()
        if hasattr(os, "register_at_fork"):
            os.register_at_fork(after_in_child=self._forget)

    def _forget(self) -> None:
        """In a forked child: the parent's threads were not forked with it."""
        self._executor = None
        self._lock = threading.Lock()

    def executor(self) -> ThreadPoolExecutor:
        if self._executor is None:
            with self._lock:
                if self._executor is None:
                    self._executor = ThreadPoolExecutor(
                        OFFLOAD_THREADS, thread_name_prefix="agentmem-afire"
                    )
        return self._executor


OFFLOAD = Offload()
