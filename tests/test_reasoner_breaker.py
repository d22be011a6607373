"""The model endpoint's breaker: a dead endpoint is skipped for a cool-down, not waited on."""

from __future__ import annotations

from typing import Any

import pytest

from agentmem import MemoryHooks
from agentmem.reasoner import breaker as breaker_module
from agentmem.reasoner.breaker import MODEL_SKIPPED, Breaker
from tests.chat_double import ChatServerDouble, Failure, openai_settings, say
from tests.conftest import HooksFactory


def run(n: int) -> dict[str, Any]:
    return {"run_id": f"2026-11-29-r{n}", "goal": f"goal {n}", "outcome": "success"}


def model_hooks(make_hooks: HooksFactory, url: str, **extra: str) -> MemoryHooks:
    values = {
        "AGENTMEM_ENABLED": "true",
        "AGENTMEM_HOOK_POST_RUN": "true",
        "AGENTMEM_REASONER_BREAKER_FAILURES": "2",
        **openai_settings(url, **extra),
    }
    return make_hooks(values)


def test_breaker_opens_and_the_rules_stand_in(make_hooks: HooksFactory) -> None:
    """Two 503s in a row open the breaker: the next fires do not contact the endpoint at
    all, the deterministic rules write the run record instead, and the result says so
    (the histogram counts model_skipped, the answer names the cool-down)."""
    with ChatServerDouble([Failure(503), Failure(503)]).running() as double:
        hooks = model_hooks(make_hooks, double.url)
        failed = [hooks.post_run_classify(run=run(n)) for n in (1, 2)]
        skipped = [hooks.post_run_classify(run=run(n)) for n in (3, 4)]
    for result in failed:
        assert result.ok is False and result.error is not None
        assert result.error.type == "ReasonerError" and "503" not in result.error.type
    assert len(double.requests) == 2  # the endpoint saw the first two fires only
    for result in skipped:
        assert result.ok, result.error
        assert result.tool_calls[MODEL_SKIPPED] == 1
        assert "the deterministic rules stood in" in result.final_text
        [memory_id] = result.writes.accepted
        assert hooks.store.get(memory_id).type.value == "episodic"


def test_breaker_without_fallback_fails_fast_saying_why(make_hooks: HooksFactory) -> None:
    """With AGENTMEM_REASONER_FALLBACK=none an open breaker fails the fire at once, naming
    the failures and the cool-down, without contacting the endpoint."""
    with ChatServerDouble([Failure(502), Failure(500)]).running() as double:
        hooks = model_hooks(make_hooks, double.url, AGENTMEM_REASONER_FALLBACK="none")
        for n in (1, 2):
            hooks.post_run_classify(run=run(n))
        result = hooks.post_run_classify(run=run(3))
    assert len(double.requests) == 2
    assert result.ok is False and result.error is not None
    assert result.error.type == "ReasonerError"
    assert "failed 2 times in a row" in result.error.message
    assert "AGENTMEM_REASONER_FALLBACK=none" in result.error.message
    assert result.writes.accepted == []


def test_breaker_tries_the_endpoint_again_after_the_cooldown(
    make_hooks: HooksFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """After the cool-down one trial call goes through; its success closes the breaker, so
    the fire after it calls the model again too. The breaker reads a scripted clock: on a
    loaded machine three fires can outlast any short real cool-down."""
    now = [0.0]

    def scripted(failures: int, cooldown_s: float) -> Breaker:
        return Breaker(failures, cooldown_s, clock=lambda: now[0])

    monkeypatch.setattr(breaker_module, "Breaker", scripted)
    script: list[Any] = [Failure(503), Failure(503), say("nothing to add"), say("still nothing")]
    with ChatServerDouble(script).running() as double:
        hooks = model_hooks(make_hooks, double.url, AGENTMEM_REASONER_BREAKER_COOLDOWN_S="60")
        for n in (1, 2, 3):
            hooks.post_run_classify(run=run(n))
        assert len(double.requests) == 2  # the third was skipped
        now[0] += 61
        trial = hooks.post_run_classify(run=run(4))
        after = hooks.post_run_classify(run=run(5))
    assert len(double.requests) == 4
    assert trial.ok and MODEL_SKIPPED not in trial.tool_calls
    assert after.ok and MODEL_SKIPPED not in after.tool_calls


def test_an_answer_that_is_not_an_outage_does_not_count(make_hooks: HooksFactory) -> None:
    """A 4xx answer (a bad request, a wrong key) is the endpoint answering: it fails that
    fire but resets the count, so two of them never open the breaker."""
    with ChatServerDouble([Failure(503), Failure(400), Failure(503), say("ok")]).running() as d:
        hooks = model_hooks(make_hooks, d.url)
        results = [hooks.post_run_classify(run=run(n)) for n in range(4)]
    assert len(d.requests) == 4
    assert [r.ok for r in results] == [False, False, False, True]


def test_breaker_rule_with_a_scripted_clock() -> None:
    """Open after N failures in a row; closed calls reset the count; once the cool-down is
    over exactly one trial call is let through at a time."""
    now = [0.0]
    breaker = Breaker(failures=3, cooldown_s=10, clock=lambda: now[0])
    for _ in range(2):
        breaker.failed()
    breaker.succeeded()
    breaker.failed()
    assert breaker.allow() is None  # one failure since the success: still closed
    breaker.failed()
    breaker.failed()
    assert breaker.allow() == 10  # open: ten seconds to go
    now[0] = 10.5
    assert breaker.allow() is None  # the trial
    assert breaker.allow() == 0.0  # a second caller waits for the trial's outcome
    breaker.failed()
    assert breaker.allow() == 10  # the trial failed: open again
    now[0] = 21
    assert breaker.allow() is None
    breaker.succeeded()
    assert breaker.allow() is None and breaker.allow() is None
