"""The one retry policy for remote I/O: tenacity, transient errors only, every retry logged.

Only I/O against a derived store (mem0 OSS, mem0 Platform) is wrapped. A write whose
projection still fails after the last attempt is not lost: the caller queues it in the
outbox (the canonical file is already written).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import TypeVar

from tenacity import RetryCallState, Retrying, retry_if_exception, stop_after_attempt
from tenacity import wait_exponential as _wait_exponential

from agentmem._log import get_logger
from agentmem.stores.projection import ProjectionError

log = get_logger()

T = TypeVar("T")


def is_transient(exc: BaseException) -> bool:
    """Retry only what may pass on its own: rate limits, 5xx, timeouts, dropped connections."""
    return isinstance(exc, ProjectionError) and exc.transient


def _log_retry(state: RetryCallState) -> None:
    outcome = state.outcome
    error = outcome.exception() if outcome is not None else None
    log.warning(
        "projection_retry",
        attempt=state.attempt_number,
        error=str(error),
        wait_s=round(state.upcoming_sleep, 3),
    )


@dataclass(frozen=True)
class RetryPolicy:
    """How often and how patiently a remote call is tried; tests inject `sleep`."""

    attempts: int = 4
    wait_min_s: float = 0.5
    wait_max_s: float = 8.0
    sleep: Callable[[float], None] = field(default=time.sleep)

    def call(self, fn: Callable[[], T]) -> T:
        """Run `fn`, retrying transient `ProjectionError`s; the last error is re-raised.

        The first attempt runs outside tenacity: its machinery cost 0.3 ms of CPU a call
        (a tenth of a postgres write's client side), and most calls pass the first time.
        A first transient failure is handed to tenacity as its first attempt's, so the
        attempts, waits and logged retries are tenacity's own."""
        try:
            return fn()
        except ProjectionError as exc:
            if not is_transient(exc) or self.attempts <= 1:
                raise
            failed: list[ProjectionError] = [exc]

        def again() -> T:
            if failed:
                raise failed.pop()
            return fn()

        retrying = Retrying(
            stop=stop_after_attempt(self.attempts),
            wait=_wait_exponential(multiplier=self.wait_min_s, max=self.wait_max_s),
            retry=retry_if_exception(is_transient),
            sleep=self.sleep,
            before_sleep=_log_retry,
            reraise=True,
        )
        return retrying(again)

    def once(self) -> RetryPolicy:
        """The same policy with a single attempt (outbox replay must not stall a hook)."""
        return RetryPolicy(1, self.wait_min_s, self.wait_max_s, self.sleep)
