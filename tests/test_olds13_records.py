"""Run records and hook E's patterns from before a recorded change (`lingering.retired_by`,
`quotes_retired`): one reading of what each change retired, applied to packs and hook A.

A greenhouse app: the seedling batch was sown 30 days before planting out, then a decision
moved it to six weeks ahead. A run that ended partial under the old lead still says "30
days before planting out"; its record tells how things were. A record that names both leads
tells the change itself; one written after it, or of another thing's 30 days, still holds.
Tools: `sowctl plan --all` replaced by `bench-planner run`, the old tool said switched off.
"""

from __future__ import annotations

from agentmem import MemoryHooks
from agentmem.core.model import Kind, Memory
from agentmem.retrieval.lingering import GONE, TOOL, quotes_retired, retired_by, told_when
from tests.conftest import ManualClock, semantic

APP = "greenhouse"
OLD = "The seedling batch is sown 30 days before planting out; trays go on the heated bench."
NEW = "From the spring round the seedling batch is sown six weeks ahead of planting out."
WHEN = "2027-04-10T12:00:00+00:00"
PARTIAL = (
    "Run 2027-03-02-r7: Sow the tomato seedling batch ended in partial. Batch of 60 trays "
    "sown 30 days before planting out; 52 came up, 8 trays lost to damping off."
)


def _record(text: str, day: str, outcome: str | None = "partial", **fields: object) -> Memory:
    return Memory.model_validate(
        {
            "id": "episodic-000000000001", "text": text, "type": "episodic",
            "confidence": 1.0, "user_id": "u", "app_id": APP, "run_id": "r", "trigger": "run",
            "outcome": outcome, "created_at": f"{day}T12:00:00+00:00", **fields,
        }
    )  # fmt: skip


def test_a_lead_time_told_in_another_unit_is_retired() -> None:
    """A lead of "30 days before" against "six weeks ahead": one lead, of the same batch."""
    change = retired_by(OLD, NEW, WHEN)
    assert change is not None and [k for k, _ in change.retired] == ["count lead"]


def test_a_record_of_the_old_lead_from_before_the_change_quotes_what_it_retired() -> None:
    change = retired_by(OLD, NEW, WHEN)
    assert change is not None
    assert quotes_retired(_record(PARTIAL, "2027-03-02"), [change])


def test_a_record_that_names_both_leads_or_comes_after_still_holds() -> None:
    """The run that moved the batch names the old lead and the new one: it tells the
    change. A record written after the change is the newer word."""
    change = retired_by(OLD, NEW, WHEN)
    assert change is not None
    both = "Moved the seedling batch from 30 days before planting out to six weeks ahead."
    assert not quotes_retired(_record(both, "2027-04-10", "success"), [change])
    assert not quotes_retired(_record(PARTIAL, "2027-04-12"), [change])


def test_another_things_value_of_the_same_kind_is_not_retired() -> None:
    """A record giving 30 days before something else (the compost order) says nothing
    the batch's change retired: no word of its clause is one of the batch's."""
    change = retired_by(OLD, NEW, WHEN)
    assert change is not None
    compost = "Compost reorder ended in failure: the order goes in 30 days before delivery."
    assert not quotes_retired(_record(compost, "2027-03-05", "failure"), [change])


OLD_TOOL = "Weekly sowing plan: run `sowctl plan --all` on the potting-shed host."
GONE_TOOL = "sowctl is switched off. The weekly sowing plan comes from `bench-planner run --week`."
KEPT_TOOL = "The weekly sowing plan now comes from `sowctl draft --week`; review it before sowing."


def test_a_tool_the_replacement_no_longer_runs_is_retired_with_its_command() -> None:
    """Said gone (no command line of it left): `GONE`; still run another way: `TOOL`."""
    gone = retired_by(OLD_TOOL, GONE_TOOL, WHEN)
    kept = retired_by(OLD_TOOL, KEPT_TOOL, WHEN)
    assert gone is not None and (GONE, "sowctl plan") in gone.retired
    assert kept is not None and (TOOL, "sowctl plan") in kept.retired


def test_a_replacement_of_another_subject_retires_no_tool() -> None:
    """A text that never names the tool, nor shares a word with the clause of its command,
    is no change of how the plan is made (a writer's false link): nothing retired."""
    assert retired_by(OLD_TOOL, "Greenhouse vents close at 18:00 from May.", WHEN) is None


def test_a_failure_of_a_tool_still_run_otherwise_keeps_its_cause() -> None:
    """A failure names the old command of a tool the team still runs: its cause may still
    teach (`tools=False`, as packs read failures); a success that ran it tells the old way."""
    kept = retired_by(OLD_TOOL, KEPT_TOOL, WHEN)
    assert kept is not None
    text = "Weekly plan ended in failure: sowctl plan --all timed out on the shed host."
    assert not quotes_retired(_record(text, "2027-03-03", "failure"), [kept], tools=False)
    assert quotes_retired(_record(text, "2027-03-03", "success"), [kept])
    gone = retired_by(OLD_TOOL, GONE_TOOL, WHEN)
    assert gone is not None
    assert quotes_retired(_record(text, "2027-03-03", "failure"), [gone], tools=False)


def test_hook_e_pattern_is_dated_by_its_last_failure() -> None:
    """Hook E rewrites a pattern after the change with the same runs: what it tells happened
    by its last failure's day."""
    text = (
        "Recurring failure in greenhouse: germination-check failed in 2 runs between "
        "2027-03-02 and 2027-03-20 with a germination rate under 80%."
    )
    pattern = _record(text, "2027-04-15", None).model_copy(update={"kind": Kind.ASSESSMENT})
    assert told_when(pattern) == "2027-03-20"


def _lesson(hooks: MemoryHooks, text: str, **fields: object) -> str:
    memory_id = hooks.harvester.submit(semantic(text, app_id=APP, **fields), trigger="manual")
    assert memory_id.memory_id is not None
    return memory_id.memory_id


def _run(hooks: MemoryHooks, run_id: str, outcome: str, summary: str) -> str:
    run = {
        "run_id": run_id, "goal": "Sow the tomato seedling batch", "outcome": outcome,
        "app_id": APP, "summary": summary,
        "verifiers": [{"name": "germination-check", "passed": outcome == "success",
                       "detail": "8 trays lost to damping off"}],
    }  # fmt: skip
    result = hooks.post_run_classify(run=run)
    assert result.ok
    return result.writes.accepted[0]


def _before_and_after(hooks: MemoryHooks, clock: ManualClock) -> tuple[str, str]:
    """The old lead, a partial run under it, the decision that moved it: (partial, new)."""
    old = _lesson(hooks, OLD)
    clock.advance(days=3)
    partial = _run(hooks, "2026-10-08-r1", "partial", "Batch of 60 trays sown 30 days before "
                   "planting out; 52 came up, 8 trays lost to damping off.")  # fmt: skip
    clock.advance(days=5)
    new = _lesson(hooks, NEW, supersedes=[old])
    assert hooks.store.get(new).supersedes == (old,)
    return partial, new


def test_pre_spawn_pack_leaves_out_a_setback_that_used_the_retired_lead(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """The partial run of the old lead, before the decision: the worker gets the decision,
    not the run that tells how things were."""
    partial, new = _before_and_after(clocked_hooks, clock)
    goal = {"title": "Sow the tomato seedling batch for planting out", "app_id": APP}
    result = clocked_hooks.pre_spawn_pack(goal=goal)
    assert result.pack is not None
    ids = [e.id for e in result.pack.entries]
    assert new in ids and partial not in ids


def test_pre_goal_synthesis_leaves_out_a_setback_that_used_the_retired_lead(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """Hook A counts the run but tells neither its cause nor its old lead."""
    partial, new = _before_and_after(clocked_hooks, clock)
    queue = [{"id": "G-1", "title": "Sow the tomato seedling batch", "app_id": APP}]
    text = clocked_hooks.pre_goal_synthesis(queue=queue).synthesis or ""
    assert f"[{new}]" in text and f"[{partial}]" in text  # counted among the runs
    assert "damping off" not in text and "30 days" not in text, text
