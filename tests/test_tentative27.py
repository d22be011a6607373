"""Hook C keeps a lesson rated below its type's range as tentative, out of memory and packs,
until a later run does what the failed check asked for and passes it (issue 13)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from structlog.testing import capture_logs

from agentmem import MemoryHooks
from tests.conftest import ManualClock

APP = "bakery-orders"
CHECK = "order-sandbox"
GUESS = (
    "The flour mill's order API refuses orders without a customer reference; "
    "put the 8-character customer reference on every order."
)
GOAL = {"title": "Order flour from the mill", "description": "Weekly flour order.", "app_id": APP}


def _run(
    n: int,
    goal: str,
    outcome: str,
    *,
    detail: str = "",
    lessons: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    return {
        "run_id": f"2026-10-05-bake-{n:03d}",
        "goal": goal,
        "outcome": outcome,
        "summary": "The mill refused the order." if detail else "Done.",
        "app_id": APP,
        "verifiers": [
            {"name": "unit-tests", "passed": True},
            {"name": CHECK, "passed": not detail, "detail": detail},
        ],
        "lessons": lessons or [],
    }


FIRST = _run(
    1,
    "Order rye flour for next week",
    "failure",
    detail="HTTP 400 from the mill: customer reference missing (expects 8-character customer reference)",
    lessons=[{"text": GUESS, "type": "semantic", "confidence": 0.6, "evidence": [CHECK]}],
)


def _records(root: Path) -> list[dict[str, Any]]:
    return [json.loads(p.read_text()) for p in sorted((root / "tentative").glob("*.json"))]


def _packed(hooks: MemoryHooks) -> list[str]:
    result = hooks.pre_spawn_pack(goal=GOAL)
    assert result.pack is not None
    return [e.text for e in result.pack.entries]


def test_post_run_classify_keeps_a_below_range_lesson_as_tentative(
    clocked_hooks: MemoryHooks, root: Path
) -> None:
    """The lesson is neither refused nor stored as memory: the result lists it as tentative,
    the fire is ok, its log event counts it, and no pack holds it."""
    with capture_logs() as logs:
        result = clocked_hooks.post_run_classify(run=FIRST)
    assert result.ok, result
    assert result.writes.rejected == [] and len(result.writes.tentative) == 1
    assert len(result.writes.accepted) == 1  # the run's episodic record only
    assert "tentative" in result.final_text
    event = next(e for e in logs if e["event"] == "hook_run")
    assert event["writes_tentative"] == 1
    [record] = _records(root)
    assert record["status"] == "pending" and record["draft"]["text"] == GUESS
    assert all(m.text != GUESS for m in clocked_hooks.store.list())
    assert GUESS not in _packed(clocked_hooks)


def test_tentative_lesson_promoted_when_a_later_run_does_what_the_check_asked(
    clocked_hooks: MemoryHooks, clock: ManualClock, root: Path
) -> None:
    """A later success whose goal names what the failed check asked for, with that check
    passing, corroborates the lesson: it is written at the type's lowest confidence and
    reaches the pack."""
    clocked_hooks.post_run_classify(run=FIRST)
    clock.advance(days=1)
    result = clocked_hooks.post_run_classify(
        run=_run(2, "Resend the rye flour order with the customer reference", "success")
    )
    [record] = _records(root)
    assert record["status"] == "promoted"
    assert record["memory_id"] in result.writes.accepted
    promoted = clocked_hooks.store.get(record["memory_id"])
    assert promoted.text == GUESS and promoted.confidence == 0.7
    assert GUESS in _packed(clocked_hooks)


def test_a_pass_on_other_work_does_not_corroborate(
    clocked_hooks: MemoryHooks, clock: ManualClock, root: Path
) -> None:
    """The named check passing in a run about something else settles nothing."""
    clocked_hooks.post_run_classify(run=FIRST)
    clock.advance(days=1)
    clocked_hooks.post_run_classify(run=_run(2, "Add a delivery note printer", "success"))
    assert _records(root)[0]["status"] == "pending"
    assert GUESS not in _packed(clocked_hooks)


def test_a_run_that_still_doubts_it_does_not_corroborate(
    clocked_hooks: MemoryHooks, clock: ManualClock, root: Path
) -> None:
    """A pass whose own worker restates the guess below the range is no corroboration: a fix
    that worked once may have worked by luck."""
    clocked_hooks.post_run_classify(run=FIRST)
    clock.advance(days=1)
    doubt = {"text": "Orders carry the customer reference now.", "type": "semantic",
             "confidence": 0.65}  # fmt: skip
    later = _run(2, "Resend the flour order with the customer reference", "success",
                 lessons=[doubt])  # fmt: skip
    clocked_hooks.post_run_classify(run=later)
    assert [r["status"] for r in _records(root)] == ["pending", "pending"]
    assert GUESS not in _packed(clocked_hooks)


def test_tentative_lesson_contradicted_is_never_promoted(
    clocked_hooks: MemoryHooks, clock: ManualClock, root: Path
) -> None:
    """A later run that applied the lesson and failed its check contradicts it; a pass
    after that does not bring it back."""
    clocked_hooks.post_run_classify(run=FIRST)
    clock.advance(days=1)
    failed = _run(2, "Put the customer reference on the rye order", "failure",
                  detail="HTTP 400 from the mill: delivery slot closed")  # fmt: skip
    clocked_hooks.post_run_classify(run=failed)
    assert _records(root)[0]["status"] == "contradicted"
    clock.advance(days=1)
    clocked_hooks.post_run_classify(
        run=_run(3, "Resend the rye flour order with the customer reference", "success")
    )
    assert _records(root)[0]["status"] == "contradicted"
    assert GUESS not in _packed(clocked_hooks)


def test_tentative_lesson_expires_unsettled(
    clocked_hooks: MemoryHooks, clock: ManualClock, root: Path
) -> None:
    """A guess nothing settled within a month is dropped, not promoted by a late pass."""
    clocked_hooks.post_run_classify(run=FIRST)
    clock.advance(days=31)
    clocked_hooks.post_run_classify(
        run=_run(2, "Resend the rye flour order with the customer reference", "success")
    )
    assert _records(root)[0]["status"] == "expired"
    assert GUESS not in _packed(clocked_hooks)


def test_a_run_that_corrects_it_does_not_promote_it(
    clocked_hooks: MemoryHooks, clock: ManualClock, root: Path
) -> None:
    """A pass whose own worker writes a corrected lesson about it speaks through that
    lesson: the guess is not promoted beside its correction."""
    clocked_hooks.post_run_classify(run=FIRST)
    clock.advance(days=1)
    fix = {"text": "Dropping the earlier customer reference advice: the mill reads the reference "
           "from the order header only, never on every order line.", "type": "semantic",
           "confidence": 0.85, "evidence": [CHECK]}  # fmt: skip
    later = _run(2, "Move the customer reference of rye orders", "success", lessons=[fix])
    clocked_hooks.post_run_classify(run=later)
    assert _records(root)[0]["status"] != "promoted"
    assert GUESS not in _packed(clocked_hooks)
