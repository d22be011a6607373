"""A rule said twice before it changed: the writer kept the second saying (a review's
reminder, in its own words) apart from the first, and the change replaced only the first.
The pack leaves the reminder out too: it still gives the retired value on the same
subject. A lesson that names the old value on another subject, another section of the
document that was replaced, and a lesson that tells a change itself stay (each checked on
`restates_old` alone: in a store the writer links a change to the rule itself)."""

from __future__ import annotations

from agentmem import MemoryHooks
from agentmem.retrieval.lingering import restates_old
from tests.conftest import ManualClock, held, semantic

APP = "kiln"
GOAL = {"title": "Qualify the new glaze batch for the firing schedule", "app_id": APP}


def _lesson(hooks: MemoryHooks, text: str, **fields: object) -> str:
    memory_id = hooks.harvester.submit(
        semantic(text, app_id=APP, **fields), trigger="manual"
    ).memory_id
    assert memory_id is not None, text
    return memory_id


def _packed(hooks: MemoryHooks) -> list[str]:
    result = hooks.pre_spawn_pack(goal=GOAL)
    assert result.pack is not None
    return [e.id for e in result.pack.entries]


def test_a_reminder_of_a_replaced_rule_leaves_the_pack(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    hooks = clocked_hooks
    first = _lesson(
        hooks,
        "Glaze batch qualification: a new batch must fire at cone 6 with a shrinkage of at "
        "most 1.5% on the test tiles before it joins the firing schedule.",
    )
    clock.advance(days=2)
    reminder = _lesson(
        hooks,
        "Weekly review: reminder that each glaze batch is qualified on test tiles fired at "
        "cone 6; shrinkage above 1.5% keeps the batch off the firing schedule.",
    )
    clock.advance(days=5)
    change = _lesson(
        hooks,
        "Decision 14: glaze batch qualification now allows up to 2.5% shrinkage on the test "
        "tiles, still at cone 6, before a batch joins the firing schedule.",
        supersedes=[first],
    )
    ids = _packed(hooks)
    assert change in ids and first not in ids
    assert reminder not in ids


RULE = held(
    "Glaze batch qualification: a new batch must fire at cone 6 with a shrinkage of at most "
    "1.5% on the test tiles before it joins the firing schedule.",
    1,
    "semantic-000000000001",
    app_id=APP,
)
REPLACED = [(RULE, "2027-03-10T09:00:00", {"1.5"})]  # as `restated_olds` reads the pair


def test_the_old_value_said_again_on_the_same_subject_is_a_restatement() -> None:
    reminder = held(
        "Weekly review: reminder that each glaze batch is qualified on test tiles fired at "
        "cone 6; shrinkage above 1.5% keeps the batch off the firing schedule.",
        3,
        "semantic-000000000002",
        app_id=APP,
    )
    assert restates_old(reminder, REPLACED)
    later = reminder.model_copy(update={"created_at": "2027-03-11T09:00:00"})
    assert not restates_old(later, REPLACED)  # said after the change: not the old rule


def test_the_old_value_on_another_subject_is_no_restatement() -> None:
    """1.5% of another thing, in few of the rule's words."""
    humidity = held(
        "Kiln room humidity drifts about 1.5% per hour with the door open during a glaze "
        "batch firing; close it before the test tiles go in.",
        3,
        "semantic-000000000003",
        app_id=APP,
    )
    assert not restates_old(humidity, REPLACED)  # a third of its words are the rule's


def test_a_change_and_a_section_of_the_replaced_document_are_no_restatement() -> None:
    """A lesson that tells a change names the old value beside the new one; another section
    of the document the replaced lesson came from is a sibling, not a second saying."""
    change = held(
        "Glaze batch qualification no longer stops at 1.5% shrinkage on the cone 6 test "
        "tiles: the firing schedule now takes a new batch at 2%.",
        3,
        "semantic-000000000004",
        app_id=APP,
    )
    assert not restates_old(change, REPLACED)
    rule = RULE.model_copy(update={"source": "docs/glaze-runbook.md"})
    section = held(
        "Glaze runbook: a new batch's test tiles fire at cone 6 and are measured for "
        "shrinkage (1.5% at most) before the firing schedule takes the batch.",
        1,
        "semantic-000000000005",
        app_id=APP,
        source="docs/glaze-runbook.md",
    )
    assert not restates_old(section, [(rule, "2027-03-10T09:00:00", {"1.5"})])


def test_a_reminder_leaves_though_the_goal_never_found_the_rule_it_repeats(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """The rule shares no word with the goal; its reminder and the decision that replaced
    it do. The pack reads the pair from the decision's own `supersedes`."""
    hooks = clocked_hooks
    first = _lesson(
        hooks, "Tiles: cone 6 and at most 1.5% shrinkage, or the lot stays out of kiln loading."
    )
    clock.advance(days=2)
    reminder = _lesson(
        hooks,
        "Weekly review: reminder that each glaze batch is qualified on tiles at cone 6; "
        "shrinkage above 1.5% keeps the lot out of kiln loading.",
    )
    clock.advance(days=5)
    change = _lesson(
        hooks,
        "Decision 14: glaze batch qualification now allows up to 2.5% shrinkage on the "
        "tiles, still at cone 6, before kiln loading.",
        supersedes=[first],
    )
    ids = _packed(hooks)
    assert change in ids and reminder not in ids


def test_another_thing_set_apart_with_the_old_value_is_no_restatement() -> None:
    """The same words and value, said of another thing the lesson sets apart."""
    slip = held(
        "Unlike glaze batches, slip batches qualify at cone 6 with at most 1.5% shrinkage "
        "on the test tiles before the firing schedule.",
        3,
        "semantic-000000000006",
        app_id=APP,
    )
    assert not restates_old(slip, REPLACED)
