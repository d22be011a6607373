"""A failure that ran before the run that wrote a lesson, the same day, does not refute it."""

from __future__ import annotations

from agentmem.core.model import Memory, Outcome
from agentmem.harvest.contradict import contradicted
from tests.conftest import held

LESSON = (
    "The earlier guess was wrong: the kiln trips were the damper, not the fuse. Keep the "
    "damper open at 40% during the glaze firing."
)


def _failure(run_id: str) -> Memory:
    text = (
        f"Run {run_id}: Glaze firing for the spring batch ended in failure. The kiln tripped "
        "twice with the damper at 40% and the fuse cold. Failed: kiln-log (trip at cone 6). "
        "2 other check(s) passed."
    )
    return held(
        text, 5, f"episodic-{run_id[-6:].replace('-', '0')}", app_id="kiln",
        type="episodic", run_id=run_id, outcome=Outcome.FAILURE.value, confidence=1.0,
        trigger="post_run_classify",
    )  # fmt: skip


def _lesson() -> Memory:
    return held(LESSON, 5, "semantic-00000000aa01", app_id="kiln", run_id="2027-03-05-run-12")


def _writer() -> Memory:
    text = (
        "Run 2027-03-05-run-12: Fix the kiln trips ended in success. Damper at 40%, no trip. "
        "All 3 check(s) passed."
    )
    return held(
        text, 5, "episodic-0000000000b2", app_id="kiln", type="episodic",
        run_id="2027-03-05-run-12", outcome=Outcome.SUCCESS.value, confidence=1.0,
        trigger="post_run_classify",
    )  # fmt: skip


def test_a_failure_earlier_the_same_day_does_not_refute_the_lesson() -> None:
    """The morning's failed firing (run 9) is what the noon run (run 12) learned from: with
    one clock time for both, it was taken for a later failure that "did what the lesson says
    and still failed", and the lesson left every pack."""
    found = contradicted([_lesson()], [_failure("2027-03-05-run-9"), _writer()])
    assert found == []


def test_a_failure_later_the_same_day_still_refutes_it() -> None:
    """A firing after the run that wrote the lesson, with its setting, still shows it did
    not hold."""
    found = contradicted([_lesson()], [_failure("2027-03-05-run-13"), _writer()])
    assert [c.lesson.id for c in found] == ["semantic-00000000aa01"]
