"""Plugin calls run on reusable daemon threads, so a hung plugin cannot hold the host loop.

Starting a thread per fire cost more than everything else a fire does; a parked worker
costs two wake-ups. A worker whose call overruns its budget is abandoned: it finishes
the late call (Python cannot kill a thread), then ends instead of serving again, and the
next call gets a fresh worker. Idle workers are shared by every `MemoryHooks` in the
process; there are never more of them than fires that ran at the same time.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from typing import Any

from agentmem._exceptions import AgentMemError


class PluginAborted(AgentMemError):
    """Raised (inside the runtime only) when a plugin raised SystemExit, KeyboardInterrupt or
    another BaseException that is not an Exception: it ends the plugin's call, never the loop."""

    def __init__(self, error: BaseException) -> None:
        self.error = error
        super().__init__(f"a plugin raised {type(error).__name__}: {error}")


class Job:
    """One call: what to run, and (once `done` is set) what it returned or raised."""

    __slots__ = ("done", "error", "fn", "kwargs", "value")

    def __init__(self, fn: Callable[..., Any], kwargs: dict[str, Any]) -> None:
        self.fn = fn
        self.kwargs = kwargs
        self.done = threading.Event()
        self.value: Any = None
        self.error: BaseException | None = None

    def run(self) -> None:
        try:
            self.value = self.fn(**self.kwargs)
        except BaseException as exc:  # handed to the caller's thread, which turns it into a value
            self.error = exc
        finally:
            self.done.set()


class _Worker:
    def __init__(self) -> None:
        self.inbox: queue.SimpleQueue[Job | None] = queue.SimpleQueue()
        threading.Thread(target=self._serve, daemon=True, name="agentmem-hook").start()

    def _serve(self) -> None:
        while (job := self.inbox.get()) is not None:
            job.run()


class WorkerPool:
    """Hands each call to an idle worker (or a new one) and waits at most the budget."""

    def __init__(self) -> None:
        self._idle: list[_Worker] = []
        self._lock = threading.Lock()

    def call(self, fn: Callable[..., Any], kwargs: dict[str, Any], timeout_s: float) -> Job | None:
        """The finished job, or None when the call is still running after `timeout_s`."""
        with self._lock:
            worker = self._idle.pop() if self._idle else _Worker()
        job = Job(fn, kwargs)
        worker.inbox.put(job)
        if not job.done.wait(timeout_s):
            worker.inbox.put(None)  # once the late call returns, that thread ends
            return None
        with self._lock:
            self._idle.append(worker)
        return job

    def idle(self) -> int:
        """How many parked workers wait for a call (for tests and diagnostics)."""
        with self._lock:
            return len(self._idle)


POOL = WorkerPool()
