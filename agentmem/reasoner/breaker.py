"""A circuit breaker for the model endpoint: after N failures in a row, skip it for a while.

A loop that fires hooks every few seconds against a dead endpoint would otherwise pay a
connection error or a whole timeout on every fire. After `failures` endpoint failures in a
row (refused or reset connections, timeouts, 5xx answers) the breaker opens: for
`cooldown_s` the model is not called at all, and the deterministic rules stand in (or, with
`AGENTMEM_REASONER_FALLBACK=none`, the fire fails at once saying why). Then one trial call
goes through: a success closes the breaker, a failure opens it for another cool-down.

Not a library: pybreaker holds its lock for the whole guarded call, so one call stuck on
a dead endpoint would hold up every other fire's; circuitbreaker counts without a lock
and registers each breaker in a process-wide monitor. The rule itself is a few lines.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable

from agentmem.reasoner.base import Reasoner, ReasonerError, Reasoning, Task
from agentmem.settings import Settings
from agentmem.tools import Tools

MODEL_SKIPPED = "model_skipped"  # in the result's histogram: fires the breaker kept off the model


def endpoint_down(exc: BaseException) -> bool:
    """Whether `exc` (or what it was raised from) says the endpoint did not answer: a
    refused or reset connection, a timeout, a 5xx status. A malformed answer is not one."""
    down: tuple[type[BaseException], ...] = (ConnectionError, TimeoutError)
    try:
        import openai

        down = (*down, openai.APIConnectionError)  # APITimeoutError is one of these
    except ImportError:  # no openai package: none of its errors can occur
        pass
    seen: BaseException | None = exc
    for _ in range(10):  # a cause chain, not a loop of them
        if seen is None:
            return False
        status = getattr(seen, "status_code", None)
        if isinstance(seen, down) or (isinstance(status, int) and status >= 500):
            return True
        seen = seen.__cause__ or seen.__context__
    return False


class Breaker:
    """Counts endpoint failures in a row; open for `cooldown_s` after `failures` of them."""

    def __init__(
        self, failures: int, cooldown_s: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.failures = failures
        self.cooldown_s = cooldown_s
        self.clock = clock
        self.in_a_row = 0
        self.opened_at: float | None = None
        self._trial_at: float | None = None  # when the half-open trial call started
        self._lock = threading.Lock()  # held for bookkeeping only, never during a call

    def allow(self) -> float | None:
        """None when a call may go to the endpoint; else the seconds of cool-down left."""
        with self._lock:
            if self.opened_at is None:
                return None
            now = self.clock()
            left = self.opened_at + self.cooldown_s - now
            if left > 0:
                return left
            # Half-open: one trial call at a time (a trial stuck a whole cool-down is over).
            if self._trial_at is not None and now - self._trial_at < self.cooldown_s:
                return 0.0
            self._trial_at = now
            return None

    def succeeded(self) -> None:
        with self._lock:
            self.in_a_row, self.opened_at, self._trial_at = 0, None, None

    def failed(self) -> None:
        with self._lock:
            self.in_a_row += 1
            self._trial_at = None
            if self.in_a_row >= self.failures:
                self.opened_at = self.clock()


class GuardedReasoner:
    """A model reasoner behind a breaker; while it is open, the fallback runs instead."""

    def __init__(self, inner: Reasoner, breaker: Breaker, fallback: Reasoner | None) -> None:
        self.inner = inner
        self.breaker = breaker
        self.fallback = fallback
        self.name = inner.name

    def reason(self, task: Task, tools: Tools) -> Reasoning:
        left = self.breaker.allow()
        if left is not None:
            tools.calls[MODEL_SKIPPED] += 1
            why = (
                f"model endpoint failed {self.breaker.in_a_row} times in a row; "
                f"not called for {left:.0f}s more"
            )
            if self.fallback is None:
                raise ReasonerError(self.name, f"{why} (AGENTMEM_REASONER_FALLBACK=none)")
            reasoning = self.fallback.reason(task, tools)
            reasoning.stopped = f"{why}; the deterministic rules stood in"
            return reasoning
        try:
            reasoning = self.inner.reason(task, tools)
        except BaseException as exc:
            if endpoint_down(exc):
                self.breaker.failed()
            else:
                self.breaker.succeeded()  # it answered, if badly: the endpoint is up
            raise
        self.breaker.succeeded()
        return reasoning


def guard(reasoner: Reasoner, settings: Settings) -> Reasoner:
    """The reasoner behind a breaker set from settings; the deterministic one needs none."""
    if reasoner.name == "deterministic":
        return reasoner
    from agentmem.reasoner.deterministic import DeterministicReasoner

    breaker = Breaker(settings.reasoner_breaker_failures, settings.reasoner_breaker_cooldown_s)
    fallback = DeterministicReasoner() if settings.reasoner_fallback == "deterministic" else None
    return GuardedReasoner(reasoner, breaker, fallback)
