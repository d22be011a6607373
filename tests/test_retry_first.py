"""The retry policy's first attempt runs without tenacity; a first transient failure is
retried exactly as tenacity retries it (agentmem.stores.retry)."""

from __future__ import annotations

import pytest
from structlog.testing import capture_logs

from agentmem.stores import retry
from agentmem.stores.projection import ProjectionError
from agentmem.stores.retry import RetryPolicy


def test_a_call_that_passes_at_once_builds_no_retrying(monkeypatch: pytest.MonkeyPatch) -> None:
    """Most calls pass the first time: they cost no tenacity machinery."""

    def no_retrying(*args: object, **kwargs: object) -> None:
        raise AssertionError("a Retrying was built for a call that passed")

    monkeypatch.setattr(retry, "Retrying", no_retrying)
    assert RetryPolicy(attempts=3, sleep=lambda s: None).call(lambda: "row") == "row"


def test_a_first_transient_failure_is_retried_with_tenacitys_attempts_and_waits() -> None:
    """Three attempts in all, the first failure logged as attempt 1 with the first wait,
    the last error re-raised; a failure that is not transient is raised at once."""
    waits: list[float] = []
    calls: list[int] = []

    def failing() -> str:
        calls.append(1)
        raise ProjectionError(f"down {len(calls)}", transient=True)

    policy = RetryPolicy(attempts=3, wait_min_s=0.25, wait_max_s=8.0, sleep=waits.append)
    with capture_logs() as logs, pytest.raises(ProjectionError, match="down 3"):
        policy.call(failing)
    assert len(calls) == 3 and waits == [0.25, 0.5]
    retried = [e for e in logs if e["event"] == "projection_retry"]
    assert [(e["attempt"], e["error"]) for e in retried] == [(1, "down 1"), (2, "down 2")]

    calls.clear()

    def broken() -> str:
        calls.append(1)
        raise ProjectionError("bad request", transient=False)

    with pytest.raises(ProjectionError, match="bad request"):
        policy.call(broken)
    assert len(calls) == 1

    flaky = iter([ProjectionError("blip", transient=True), None])

    def once_down() -> str:
        error = next(flaky)
        if error is not None:
            raise error
        return "row"

    assert policy.call(once_down) == "row"
