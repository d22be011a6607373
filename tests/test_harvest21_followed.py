"""Hook E's example is no run that followed a lesson memory has since taken back
(`agentmem.harvest.followed`).

A pottery's glaze check kept failing with crazed tiles; the first failed run wrote that a
fast cool was the cause and the cooling ramp should be slowed, the next firing slowed it
"following the lesson" and crazed all the same, and a retraction took the lesson back. The
run that wrote the lesson is quoted by no pattern already; the run that followed it tells
the retracted remedy in its own account, so a pattern written since quotes another failure,
or that run's check, never the remedy.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import replace

from agentmem import MemoryHooks
from agentmem.harvest.followed import Practice, follows, taken_back, unfollowed
from agentmem.harvest.patterns import Failure, Pattern
from agentmem.harvest.prose import describe
from tests.conftest import held, semantic
from tests.test_judgment_harvest import clocked, patterns

__all__ = ["clocked"]  # the fixture: hooks whose clock reads a given day

APP = "kiln-line"
DETAIL = "crazing on 14 of 20 tiles"
LESSON = "Crazing comes from a fast cool: slow the cooling ramp to 50 C an hour."
FOLLOWED = "Slowed the cooling ramp to 50 C an hour, following the lesson; the tiles crazed anyway."
RETRACTION = (
    "Retracted: slowing the cooling ramp does not fix the crazing; "
    "the glaze shrinks more than the clay body."
)


def _firing(
    hooks: MemoryHooks, run_id: str, summary: str, lessons: Sequence[str] = ()
) -> list[str]:
    """One failed glaze firing; the ids of the lessons it wrote."""
    record = {
        "run_id": run_id,
        "goal": "Glaze firing of the spring tile order",
        "outcome": "failure",
        "app_id": APP,
        "summary": summary,
        "verifiers": [{"name": "glaze-check", "passed": False, "detail": DETAIL}],
        "lessons": [{"text": t, "type": "semantic", "evidence": []} for t in lessons],
    }
    result = hooks.post_run_classify(run=record)
    assert result.ok
    return [i for i in result.writes.accepted if not i.startswith("episodic")]


def _retract(hooks: MemoryHooks, lesson: str) -> None:
    draft = semantic(RETRACTION, app_id=APP, supersedes=[lesson])
    assert hooks.harvester.submit(draft, trigger="manual").memory_id is not None


def _live(hooks: MemoryHooks) -> str:
    assert hooks.judgment_harvest().ok
    held = patterns(hooks, APP)
    replaced = {i for m in held for i in m.supersedes}
    [pattern] = [p for p in held if p.id not in replaced]
    return pattern.text


def _followed_and_retracted(clocked: Callable[[str], MemoryHooks]) -> None:
    [lesson] = _firing(
        clocked("2027-04-01"), "2027-04-01-f1", "Tiles crazed after the firing.", [LESSON]
    )
    _firing(clocked("2027-04-03"), "2027-04-03-f2", FOLLOWED)
    _firing(clocked("2027-04-04"), "2027-04-04-f3", FOLLOWED.replace("anyway", "again"))
    _retract(clocked("2027-04-05"), lesson)


def test_with_no_other_failure_the_example_is_the_followers_check(
    clocked: Callable[[str], MemoryHooks],
) -> None:
    """Every failure either wrote the lesson or followed it: the example is a follower told
    by what its check said, the runs are all counted."""
    _followed_and_retracted(clocked)
    text = _live(clocked("2027-04-06"))
    assert "glaze-check failed in 3 runs" in text
    assert f"Example, 2027-04-03-f2: glaze-check: {DETAIL}" in text
    assert "cooling ramp" not in text and "following the lesson" not in text


def test_a_failure_that_did_not_follow_it_is_the_example(
    clocked: Callable[[str], MemoryHooks],
) -> None:
    """A failure after the retraction, told in its own words, is quoted instead."""
    _followed_and_retracted(clocked)
    _firing(clocked("2027-04-08"), "2027-04-08-f4", "Tiles crazed again on the new clay body.")
    text = _live(clocked("2027-04-09"))
    assert "glaze-check failed in 4 runs" in text
    assert "Example, 2027-04-08-f4: Tiles crazed again on the new clay body." in text
    assert "cooling ramp" not in text


def test_a_lesson_that_still_stands_leaves_the_example_alone(
    clocked: Callable[[str], MemoryHooks],
) -> None:
    """Without the retraction the follower's account is an example like any other."""
    _firing(clocked("2027-04-01"), "2027-04-01-f1", "Tiles crazed after the firing.", [LESSON])
    _firing(clocked("2027-04-03"), "2027-04-03-f2", FOLLOWED)
    _firing(clocked("2027-04-04"), "2027-04-04-f3", FOLLOWED.replace("anyway", "again"))
    assert "cooling ramp" in _live(clocked("2027-04-06"))


def _failure(day: str, summary: str) -> Failure:
    record = held(
        f"Run {day}-r1: {summary}",
        day,
        f"episodic-0000000000{day[-2:]}",
        app_id=APP,
        type="episodic",
        confidence=1.0,
        outcome="failure",
    )
    return Failure(record, "glaze-check", DETAIL, summary)


def test_only_a_run_while_the_lesson_stood_followed_it() -> None:
    """Before the lesson was written the same words are the work's topic; after it was
    taken back the loop no longer followed it."""
    lesson = held(LESSON, "2027-04-01", "semantic-000000000001", app_id=APP)
    back = held(
        RETRACTION, "2027-04-05", "semantic-000000000002", app_id=APP, supersedes=[lesson.id]
    )
    [practice] = taken_back([lesson, back])
    assert practice == Practice(lesson.created_at, back.created_at, practice.words, lesson.id)
    assert follows(_failure("2027-04-03", FOLLOWED), [practice])
    assert not follows(_failure("2027-03-30", FOLLOWED), [practice])
    assert not follows(_failure("2027-04-07", FOLLOWED), [practice])


def test_the_checks_own_words_are_no_sign_of_following() -> None:
    """An account that shares only the symptom with the lesson ("crazing") followed
    nothing; a lesson replaced by a new value, not taken back, is no practice at all."""
    lesson = held(LESSON, "2027-04-01", "semantic-000000000001", app_id=APP)
    back = held(
        RETRACTION, "2027-04-05", "semantic-000000000002", app_id=APP, supersedes=[lesson.id]
    )
    [practice] = taken_back([lesson, back])
    assert not follows(_failure("2027-04-03", "Crazing on the tiles, fast."), [practice])
    newer = held(
        "Slow the cooling ramp to 40 C an hour.",
        "2027-04-05",
        "semantic-000000000003",
        app_id=APP,
        supersedes=[lesson.id],
    )
    assert taken_back([lesson, newer]) == []


def test_a_follower_whose_check_said_nothing_is_quoted_without_an_account() -> None:
    """No other failure to quote and no check's words: the example names no account."""
    lesson = held(LESSON, "2027-04-01", "semantic-000000000001", app_id=APP)
    back = held(
        RETRACTION, "2027-04-05", "semantic-000000000002", app_id=APP, supersedes=[lesson.id]
    )
    follower = replace(_failure("2027-04-03", FOLLOWED), detail="")
    pattern = Pattern(
        app_id=APP, apps=[APP], verifier="glaze-check", failures=[follower], phrase="",
        causes=[], example=follower, successes=0, contradictions=0,
    )  # fmt: skip
    example = unfollowed(pattern, taken_back([lesson, back])).example
    assert example is not None and example.summary == ""
    assert "Example" not in describe(replace(pattern, example=example))
