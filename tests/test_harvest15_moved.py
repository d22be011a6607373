"""A command a later lesson retired without superseding the one that ran it
(`agentmem.harvest.present.moved_on`).

A manuscript studio photographed folios with `scanctl capture <folio>`; weeks later a
lesson of the same app says folio photography moved to an archive robot, run as
`robo-cam shoot <folio> --profile matte`. The writer kept both live (the second is news of
its own, it names no lesson it replaces), yet the first command is retired: a pattern hook E
writes after it quotes a failure that does not run it, and the old tool is no cause word. A
later lesson that runs another tool for another step (other arguments), or that still runs
the old command's second word as a tool of its own, retired nothing.
"""

from __future__ import annotations

from collections.abc import Callable

from agentmem import MemoryHooks
from agentmem.harvest.present import moved_on
from tests.conftest import held, semantic
from tests.test_judgment_harvest import clocked, patterns

__all__ = ["clocked"]  # the fixture: hooks whose clock reads a given day

APP = "digitise"
CAPTURE = "To photograph a folio, call scanctl capture <folio> once the lamp has warmed up."
ROBOT = "Folio photography moved to the archive robot: `robo-cam shoot <folio> --profile matte`."
PUBLISH = "When a folio is photographed, publish it with galleryctl publish --collection <name>."


def _failure(hooks: MemoryHooks, run_id: str, detail: str, summary: str) -> None:
    run = {
        "run_id": run_id,
        "goal": "Photograph the next gathering of the psalter",
        "outcome": "failure",
        "app_id": APP,
        "summary": summary,
        "verifiers": [{"name": "image-check", "passed": False, "detail": detail}],
    }
    assert hooks.post_run_classify(run=run).ok


def _lesson(hooks: MemoryHooks, text: str) -> None:
    result = hooks.harvester.submit(semantic(text, app_id=APP), trigger="manual")
    assert result.memory_id is not None, text


def test_a_pattern_after_an_unlinked_move_quotes_no_retired_command(
    clocked: Callable[[str], MemoryHooks],
) -> None:
    """The first failure ran the old command; the robot's lesson, written later and linked
    to nothing, moved the work to another tool on the same argument: the pattern's example
    is the failure under the robot, and `scanctl` is no cause word."""
    _lesson(clocked("2027-03-01"), CAPTURE)
    _failure(
        clocked("2027-03-04"),
        "2027-03-04-f1",
        "glare on 31 percent of folio 12r",
        "Ran scanctl capture 12r with a cold bulb; blur and glare across the border.",
    )
    _lesson(clocked("2027-03-16"), ROBOT)
    _failure(
        clocked("2027-03-19"),
        "2027-03-19-f2",
        "glare on 27 percent of folio 40v",
        "robo-cam shoot 40v --profile matte: the glare stayed.",
    )
    assert clocked("2027-03-20").judgment_harvest().ok
    [pattern] = [p.text for p in patterns(clocked("2027-03-20"), APP)]
    assert "image-check failed in 2 runs" in pattern
    assert "Example, 2027-03-19-f2: robo-cam shoot" in pattern
    assert "scanctl" not in pattern


def test_the_move_is_read_from_an_unlinked_later_lesson() -> None:
    old = held(CAPTURE, "2027-03-01", "procedural-000000000001", app_id=APP, type="procedural")
    new = held(ROBOT, "2027-03-16", "procedural-000000000002", app_id=APP, type="procedural")
    [change] = moved_on([old, new])
    assert list(change.retired) == [("tool gone", "scanctl capture")]
    assert moved_on([new, old]) == moved_on([old, new])
    assert (
        moved_on(
            [
                old,
                held(ROBOT, "2027-03-01", "procedural-000000000003", app_id=APP, type="procedural"),
            ]
        )
        == []
    )


def test_another_step_on_other_arguments_retired_nothing() -> None:
    """Publishing with another tool is the step after capture, not its replacement: no
    argument of the old command is one of the new one's."""
    old = held(CAPTURE, "2027-03-01", "procedural-000000000001", app_id=APP, type="procedural")
    new = held(PUBLISH, "2027-03-16", "procedural-000000000002", app_id=APP, type="procedural")
    assert moved_on([old, new]) == []


def test_a_tool_still_run_under_another_wrapper_is_not_gone() -> None:
    """ "run inkcalc --strict" reads as a command of a tool named "run"; a later lesson
    whose wrapper still calls inkcalc on the same option retired nothing."""
    old = held(
        "Before printing, run inkcalc --strict.",
        "2027-03-01",
        "procedural-000000000001",
        app_id=APP,
        type="procedural",
    )
    new = held(
        "Proofs now go through `proofctl check <page>`, which calls inkcalc --strict.",
        "2027-03-16",
        "procedural-000000000002",
        app_id=APP,
        type="procedural",
    )
    assert moved_on([old, new]) == []
