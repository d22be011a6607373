"""Hook E's example leaves out a practice a replacement retired in plain words
(`agentmem.harvest.present.dropped`).

A bakery's crumb check kept failing on dense loaves; a lesson said to proof the dough in the
warm cabinet, and a later one replaced it with an overnight retard run by a command. The
failures' own accounts still say "proofed in the warm cabinet": no value or command of the
old practice is in them, only its words. A pattern hook E writes after the change, the
first time or when a later harvest sees the same cause again, quotes its example without
them; a practice a live lesson or a failure after the change still tells is kept.
"""

from __future__ import annotations

from collections.abc import Callable

from agentmem import MemoryHooks
from agentmem.harvest.present import dropped, recorded, stated
from tests.conftest import held, semantic
from tests.test_judgment_harvest import clocked, patterns

__all__ = ["clocked"]  # the fixture: hooks whose clock reads a given day

APP = "bakehouse"
CABINET = "Dense crumb means underproofing: proof the dough in the warm cabinet for two hours."
RETARD = "Proof every dough overnight with `ovenctl retard --hours 12`; it holds the dough at 4C."
NAMED = "The crumb was re-checked on the ovenctl dashboard."


def _failure(hooks: MemoryHooks, run_id: str, summary: str) -> None:
    run = {
        "run_id": run_id,
        "goal": "Bake the morning sourdough batch",
        "outcome": "failure",
        "app_id": APP,
        "summary": summary,
        "verifiers": [
            {"name": "crumb-check", "passed": False, "detail": "crumb density 0.61 g/cm3 over 0.45"}
        ],
    }
    assert hooks.post_run_classify(run=run).ok


def _lesson(hooks: MemoryHooks, text: str, **fields: object) -> str:
    written = hooks.harvester.submit(semantic(text, app_id=APP, **fields), trigger="manual")
    assert written.memory_id is not None, text
    return written.memory_id


def _live(hooks: MemoryHooks) -> str:
    assert hooks.judgment_harvest().ok
    held = patterns(hooks, APP)
    replaced = {i for m in held for i in m.supersedes}
    [pattern] = [p for p in held if p.id not in replaced]
    return pattern.text


def _cabinet_failures(clocked: Callable[[str], MemoryHooks]) -> None:
    for day in ("02", "04", "06"):
        _failure(
            clocked(f"2027-03-{day}"),
            f"2027-03-{day}-s{day}",
            "The sourdough was proofed in the warm cabinet and came out with a dense crumb.",
        )


def test_a_pattern_written_after_the_change_quotes_no_retired_practice(
    clocked: Callable[[str], MemoryHooks],
) -> None:
    old = _lesson(clocked("2027-03-01"), CABINET)
    _cabinet_failures(clocked)
    _lesson(clocked("2027-03-08"), RETARD, supersedes=[old])
    text = _live(clocked("2027-03-09"))
    assert "crumb-check failed in 3 runs" in text
    assert "dense crumb" in text  # the rest of the run's account stands
    assert "warm cabinet" not in text


def test_a_later_harvest_of_the_same_cause_writes_it_without_the_practice(
    clocked: Callable[[str], MemoryHooks],
) -> None:
    """The first pattern was written before the change, in the words of its day; the next
    harvest that finds the cause again supersedes it with a text of the present."""
    old = _lesson(clocked("2027-03-01"), CABINET)
    _cabinet_failures(clocked)
    assert "warm cabinet" in _live(clocked("2027-03-07"))
    _lesson(clocked("2027-03-08"), RETARD, supersedes=[old])
    _failure(clocked("2027-03-10"), "2027-03-10-s10", "Dense crumb again on the sourdough loaves.")
    text = _live(clocked("2027-03-11"))
    assert "crumb-check failed in 4 runs" in text
    assert "warm cabinet" not in text


def test_a_failure_after_the_change_that_still_says_it_keeps_it(
    clocked: Callable[[str], MemoryHooks],
) -> None:
    """A run after the change still proofed in the warm cabinet: the practice is in use."""
    old = _lesson(clocked("2027-03-01"), CABINET)
    _cabinet_failures(clocked)
    _lesson(clocked("2027-03-08"), RETARD, supersedes=[old])
    _failure(
        clocked("2027-03-10"),
        "2027-03-10-s10",
        "Proofed in the warm cabinet once more; dense crumb.",
    )
    assert "warm cabinet" in _live(clocked("2027-03-11"))


def test_dropped_is_two_words_the_replacement_no_longer_says() -> None:
    phrases = dropped(CABINET, RETARD)
    assert "warm cabinet" in phrases
    assert not any("dough" in p.split() for p in phrases)  # the replacement says it too


def test_a_replacement_that_runs_no_command_retires_no_phrase() -> None:
    """A text that names a tool in passing tells no practice in place of the old one."""
    old = held(CABINET, "2027-03-01", "semantic-000000000001", app_id=APP)
    new = held(NAMED, "2027-03-08", "semantic-000000000002", app_id=APP, supersedes=[old.id])
    assert not stated("Proofed in the warm cabinet.", recorded([old, new]))


def test_a_live_lesson_that_still_tells_the_practice_keeps_it() -> None:
    old = held(CABINET, "2027-03-01", "semantic-000000000001", app_id=APP)
    new = held(RETARD, "2027-03-08", "semantic-000000000002", app_id=APP, supersedes=[old.id])
    assert stated("Proofed in the warm cabinet.", recorded([old, new])) == ["warm cabinet"]
    still = held(
        "Rye still goes to the warm cabinet for an hour.",
        "2027-03-09",
        "semantic-000000000003",
        app_id=APP,
    )
    assert not stated("Proofed in the warm cabinet.", recorded([old, new, still]))
