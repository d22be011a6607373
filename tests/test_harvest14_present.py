"""Hook E's pattern restates nothing a recorded change retired (`agentmem.harvest.present`).

A print shop's plate check failed on dot gain over a 1.8% limit; a lesson said so, and a
later one replaced it with 2.2%. Its presses were driven with `platectl burn` until a runbook
moved every job to `prepress-queue submit`. A pattern hook E writes after such a change keeps
its cause (the check, the error phrase, the words that set the failures apart) and tells it
without the old limit or the old command: the phrase as a failure under the new limit wrote
it, else with the value left out; the example from a failure that does not state it. A value
a failure still states after the change (another press's own limit) is still in force, and a
replacement that runs no command retired none.
"""

from __future__ import annotations

from collections.abc import Callable

from agentmem import MemoryHooks
from agentmem.core.model import Memory
from agentmem.harvest.present import commands_gone, elide, recorded, stated
from agentmem.retrieval.lingering import retired_by
from tests.conftest import semantic
from tests.test_judgment_harvest import clocked, patterns

__all__ = ["clocked"]  # the fixture: hooks whose clock reads a given day

APP = "prepress"
LIMIT = "The plate check rejects a job whose dot gain is over the 1.8% limit of the press."
RAISED = "From June the plate check allows dot gain up to a 2.2% limit on every press."
BURN = "Burn plates with platectl burn --press <n> --job <id>; it waits for the press to ack."
QUEUE = "All plates now go through prepress-queue submit --press <n> --job <id>; it retries acks."


def _failure(hooks: MemoryHooks, run_id: str, detail: str, summary: str = "") -> None:
    run = {
        "run_id": run_id,
        "goal": "Print the weekly flyer run",
        "outcome": "failure",
        "app_id": APP,
        "summary": summary or "The flyer job was stopped at the plate check.",
        "verifiers": [{"name": "plate-check", "passed": False, "detail": detail}],
    }
    assert hooks.post_run_classify(run=run).ok


def _lesson(hooks: MemoryHooks, text: str, **fields: object) -> str:
    memory_id = hooks.harvester.submit(semantic(text, app_id=APP, **fields), trigger="manual")
    assert memory_id.memory_id is not None, text
    return memory_id.memory_id


def _over(gain: str, limit: str) -> str:
    return f"dot gain {gain}% over limit {limit}% on the cyan separation"


def _pattern(hooks: MemoryHooks) -> str:
    assert hooks.judgment_harvest().ok
    [pattern] = [p for p in patterns(hooks, APP) if not p.supersedes]
    return pattern.text


def test_the_phrase_is_told_as_a_failure_under_the_new_limit_wrote_it(
    clocked: Callable[[str], MemoryHooks],
) -> None:
    """Two failures under the old limit, the change, one under the new: the error phrase
    is the new failure's wording ("over limit 2.2%"), not the first failure's."""
    old = _lesson(clocked("2027-05-01"), LIMIT)
    _failure(clocked("2027-05-03"), "2027-05-03-p1", _over("2.4", "1.8"))
    _failure(clocked("2027-05-10"), "2027-05-10-p2", _over("2.1", "1.8"))
    _lesson(clocked("2027-06-01"), RAISED, supersedes=[old])
    _failure(clocked("2027-06-04"), "2027-06-04-p3", _over("2.5", "2.2"))
    text = _pattern(clocked("2027-06-05"))
    assert "plate-check failed in 3 runs" in text
    assert "dot gain 2.5% over limit 2.2% on the cyan separation" in text
    assert "1.8" not in text


def test_without_a_failure_under_the_new_limit_the_old_one_is_left_out(
    clocked: Callable[[str], MemoryHooks],
) -> None:
    """Every failure stated the retired limit: the phrase keeps the error without it."""
    old = _lesson(clocked("2027-05-01"), LIMIT)
    _failure(clocked("2027-05-03"), "2027-05-03-p1", _over("2.4", "1.8"))
    _failure(clocked("2027-05-10"), "2027-05-10-p2", _over("2.4", "1.8"))
    _lesson(clocked("2027-06-01"), RAISED, supersedes=[old])
    text = _pattern(clocked("2027-06-02"))
    assert '"dot gain 2.4% over limit … on the cyan separation"' in text
    assert "1.8" not in text


def test_a_value_a_failure_still_states_after_the_change_stays(
    clocked: Callable[[str], MemoryHooks],
) -> None:
    """A failure after the change still says "over limit 1.8%": its check enforces that
    limit (the change spoke of another press, or did not hold), so it is no retired value."""
    old = _lesson(clocked("2027-05-01"), LIMIT)
    _failure(clocked("2027-05-03"), "2027-05-03-p1", _over("2.4", "1.8"))
    _lesson(clocked("2027-06-01"), RAISED, supersedes=[old])
    _failure(clocked("2027-06-04"), "2027-06-04-p2", _over("2.1", "1.8"))
    text = _pattern(clocked("2027-06-05"))
    assert "dot gain 2.4% over limit 1.8% on the cyan separation" in text


def test_the_example_is_a_failure_that_does_not_run_the_retired_command(
    clocked: Callable[[str], MemoryHooks],
) -> None:
    """The first failure ran the command a runbook has since retired; the pattern quotes
    the failure under the new command, and the old tool is no cause word."""
    old = _lesson(clocked("2027-05-01"), BURN)
    detail = "press 4 did not ack the plate within 90 s"
    _failure(
        clocked("2027-05-03"),
        "2027-05-03-b1",
        detail,
        "Ran platectl burn --press 4 for the flyer; the press dropped the ack and the plate hung.",
    )
    _lesson(clocked("2027-05-20"), QUEUE, supersedes=[old])
    _failure(
        clocked("2027-05-24"),
        "2027-05-24-b2",
        detail,
        "prepress-queue submit --press 4 gave up after three retries; the press dropped the ack.",
    )
    text = _pattern(clocked("2027-05-25"))
    assert "Example, 2027-05-24-b2: prepress-queue submit" in text
    assert "platectl" not in text
    assert '"press 4 did not ack the plate within 90' in text


def test_a_replacement_that_runs_no_command_retired_none() -> None:
    """A text that names the tool in passing ("re-checked in platectl's viewer") and runs
    no command of its own is about something else: the burn command stays."""
    change = retired_by(BURN, "The flyer proofs were re-checked in the platectl viewer.", "t")

    def memory(memory_id: str, text: str, **fields: object) -> Memory:
        return Memory.model_validate(
            {
                "id": memory_id, "text": text, "type": "semantic", "confidence": 0.8, "trigger": "manual",
                "user_id": "u", "app_id": APP, "run_id": "2027-05-01-r1",
                "created_at": "2027-05-01T12:00:00+00:00", **fields,
            }
        )  # fmt: skip

    olds = [
        memory("semantic-000000000001", BURN),
        memory(
            "semantic-000000000002",
            "The flyer proofs were re-checked in the platectl viewer.",
            supersedes=["semantic-000000000001"],
        ),
    ]
    assert change is None or all(k[0] not in ("tool", "tool gone") for k in change.retired)
    assert recorded(olds) == []
    assert not stated("Ran platectl burn --press 4 for the flyer.", recorded(olds))


def test_a_text_naming_the_new_value_too_tells_the_change() -> None:
    """A text that says "over limit 1.8%, now 2.2%" names both: it tells the change and is kept."""
    change = retired_by(LIMIT, RAISED, "2027-06-01T12:00:00+00:00")
    assert change is not None
    assert stated(_over("2.4", "1.8"), [change]) == ["1.8"]
    assert stated("dot gain 2.0% over the old limit 1.8%, now 2.2%", [change]) == []
    assert stated("dot gain 2.4% on the 1.8 mm plate stock", [change]) == []


def test_elide_leaves_the_value_and_its_unit_out() -> None:
    assert elide("over limit 280% on cyan", ["280"]) == "over limit … on cyan"
    assert elide("stopped at the 45min press slot", ["45"]) == "stopped at the … press slot"
    assert elide("ran platectl burn --press 4", ["platectl burn"]) == "ran … --press 4"
    assert elide("job 1280% done", ["280"]) == "job 1280% done"


def test_a_value_a_live_lesson_states_again_since_the_change_is_not_retired() -> None:
    """A runbook written after the change lists the old limit again (for another press):
    the change retired it for one thing only, and a pattern may still say it."""

    def memory(memory_id: str, text: str, day: str, **fields: object) -> Memory:
        return Memory.model_validate(
            {
                "id": memory_id, "text": text, "type": "semantic", "confidence": 0.8,
                "trigger": "manual", "user_id": "u", "app_id": APP, "run_id": f"{day}-r1",
                "created_at": f"{day}T12:00:00+00:00", **fields,
            }
        )  # fmt: skip

    old = memory("semantic-000000000001", LIMIT, "2027-05-01")
    new = memory("semantic-000000000002", RAISED, "2027-06-01", supersedes=[old.id])
    [change] = recorded([old, new])
    assert ("%", "1.8") in change.retired
    runbook = (
        "Press runbook: the plate check limit for dot gain is 1.8% on press 2, 2.2% on press 4."
    )
    assert recorded([old, new, memory("semantic-000000000003", runbook, "2027-06-10")]) == []


def test_prose_before_an_option_is_no_command() -> None:
    """ "jobs are sent with --limit 40" names no tool: a replacement through another
    tool retired no command of it, while "platectl burn --press <n>" is one."""
    old = "Proof jobs are sent with --limit 40 to the RIP farm; above that it has no free seats."
    new = "Proof jobs now go through ripctl queue --limit 55; the farm got more seats."
    assert commands_gone(old, new) == []
    assert commands_gone(BURN, QUEUE) == ["platectl burn"]
