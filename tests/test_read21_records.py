"""Run records that quote what a linked replacement retired: a price, a subcommand written
in prose, an option's old value (`agentmem.retrieval.commanded`, `stated.priced`,
`lingering.quotes_retired`), for packs and hook A, successes and failures alike.

A glassworks app: studio hire was $120 a day until a change made it $140; cracked batches
were re-queued with `annealctl retry` until a decision moved that job to `annealctl requeue
--fresh`; ornaments were fired with `ovenctl fire --profile slow` until the new elements
took `--profile ramp`. A record of the old way, written before the change, tells how
things were; one of another site, another command or another amount still holds.
"""

from __future__ import annotations

from agentmem import MemoryHooks
from agentmem.core.model import Memory
from agentmem.retrieval.commanded import GONE, OPTION, TOOL, commands_retired, quotes
from agentmem.retrieval.lingering import quotes_retired, retired_by
from agentmem.retrieval.stated import priced
from tests.conftest import ManualClock, semantic

APP = "glassworks"
WHEN = "2027-02-01T12:00:00+00:00"
OLD_FEE = "Studio hire at the Quay works is $120 a day; the cold-working room is $40 a day."
NEW_FEE = (
    "Studio hire at the Quay works is $140 a day since 2027-02-01; the cold-working room "
    "stays $40 a day."
)
OLD_REQUEUE = "Re-queue a cracked batch with annealctl retry <batch>; it reuses the old schedule."
NEW_REQUEUE = (
    "DEC-7: Re-queue a cracked batch with annealctl requeue <batch> --fresh; it builds a "
    "new schedule for the batch."
)
OLD_FIRE = "Fire the ornaments with ovenctl fire --profile slow; a load takes six hours."
NEW_FIRE = "Since the new elements, fire the ornaments with ovenctl fire --profile ramp."


def _record(text: str, day: str, outcome: str = "success") -> Memory:
    return Memory.model_validate(
        {
            "id": "episodic-000000000001", "text": text, "type": "episodic",
            "confidence": 1.0, "user_id": "u", "app_id": APP, "run_id": f"{day}-run-004",
            "trigger": "post_run_classify", "outcome": outcome,
            "created_at": f"{day}T12:00:00+00:00",
        }
    )  # fmt: skip


def test_an_amount_of_money_is_a_value_of_its_own_kind() -> None:
    """ "$120.00" is "$120"; a currency code after the amount is one too."""
    assert ("money $", "120") in priced("Paid $120.00 for the day.")
    assert ("money EUR", "1200") in priced("The kiln lease is 1,200 EUR a year.")
    assert priced("We fired 120 pieces.") == {}


def test_a_replacement_retires_the_old_price_of_the_same_thing_only() -> None:
    """The studio's $120 is retired; the cold-working room's $40, said again, is not."""
    change = retired_by(OLD_FEE, NEW_FEE, WHEN, plain=True)
    assert change is not None
    assert set(change.retired) == {("money $", "120")}
    assert retired_by(OLD_FEE, NEW_FEE, WHEN) is None  # hook E's reading is unchanged


def test_a_success_quoting_the_old_price_before_the_change_tells_how_things_were() -> None:
    change = retired_by(OLD_FEE, NEW_FEE, WHEN, plain=True)
    assert change is not None
    old = "Run 2027-01-10-run-004: Book the studio ended in success. Paid studio hire $120 a day."
    assert quotes_retired(_record(old, "2027-01-10"), [change])
    assert not quotes_retired(_record(old, "2027-02-03"), [change])  # after the change


def test_records_of_another_thing_or_both_prices_still_hold() -> None:
    """Another thing's $120 (glass rods), another site's studio (the change names its own
    site, the record another), a record that names the new price too: none quotes what the
    change retired."""
    change = retired_by(OLD_FEE, NEW_FEE, WHEN, plain=True)
    assert change is not None
    rods = "Run 2027-01-11-run-004: Order clear rods ended in success. Rods cost $120 a crate."
    depot = (
        "Run 2027-01-12-run-004: Book the studio ended in success. Studio hire at the "
        "Harbour annex is $120 a day."
    )
    both = "Run 2027-01-30-run-004: Studio hire went from $120 a day to $140 a day."
    for text in (rods, depot, both):
        assert not quotes_retired(_record(text, "2027-01-12"), [change]), text


def test_a_subcommand_written_in_prose_is_retired_by_another_of_the_same_tool() -> None:
    assert set(commands_retired(OLD_REQUEUE, NEW_REQUEUE)) == {(TOOL, "annealctl retry")}


def test_a_failure_that_ran_the_old_subcommand_quotes_what_was_retired() -> None:
    """A failure of the old way leaves too: its cause is what the replacement answers."""
    change = retired_by(OLD_REQUEUE, NEW_REQUEUE, WHEN, plain=True)
    assert change is not None
    failed = (
        "Run 2027-01-20-run-004: Re-queue batch 44 ended in failure. Ran annealctl retry 44; "
        "the batch cracked again."
    )
    status = "Run 2027-01-20-run-004: Check batch 44 ended in failure. annealctl status 44 hung."
    assert quotes_retired(_record(failed, "2027-01-20", "failure"), [change])
    assert not quotes_retired(_record(status, "2027-01-20", "failure"), [change])


def test_an_option_given_another_value_retires_the_old_one_of_that_command() -> None:
    """`--profile slow` of `ovenctl fire`; another command's `--profile slow` is no quote."""
    retired = commands_retired(OLD_FIRE, NEW_FIRE)
    assert set(retired) == {(OPTION, "ovenctl fire --profile slow")}
    assert quotes(
        "ovenctl fire --batch 3 --profile slow cracked four", OPTION, "ovenctl fire --profile slow"
    )
    assert not quotes(
        "ovenctl cool --profile slow took nine hours", OPTION, "ovenctl fire --profile slow"
    )


def test_another_job_of_the_old_lesson_is_not_retired() -> None:
    """The old lesson also told how to read the oven's log; the replacement speaks of
    firing only: the log command is no subject of it."""
    old = "Fire with ovenctl fire --profile slow. Read the log with logctl tail <oven>."
    assert set(commands_retired(old, NEW_FIRE)) == {(OPTION, "ovenctl fire --profile slow")}


def test_a_tool_the_replacement_never_runs_is_gone() -> None:
    new = "Since March a cracked batch is re-queued from the kiln panel: kilnpanel queue <batch>."
    assert (GONE, "annealctl retry") in commands_retired(OLD_REQUEUE, new)


def _lesson(hooks: MemoryHooks, text: str, **fields: object) -> str:
    result = hooks.harvester.submit(semantic(text, app_id=APP, **fields), trigger="manual")
    assert result.memory_id is not None
    return result.memory_id


def _run(hooks: MemoryHooks, run_id: str, goal: str, outcome: str, summary: str) -> str:
    run = {
        "run_id": run_id, "goal": goal, "outcome": outcome, "app_id": APP, "summary": summary,
        "verifiers": [{"name": "anneal-check", "passed": outcome == "success",
                       "detail": "" if outcome == "success" else "batch cracked on cooling"}],
    }  # fmt: skip
    result = hooks.post_run_classify(run=run)
    assert result.ok
    return result.writes.accepted[0]


def test_packs_and_hook_a_leave_out_a_failure_of_the_replaced_command(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """The worker gets the decision, not the failure that ran the old subcommand; hook A
    still counts the run but tells neither its cause nor the old command."""
    old = _lesson(clocked_hooks, OLD_REQUEUE)
    clock.advance(days=2)
    failed = _run(
        clocked_hooks, "2027-01-22-run-004", "Re-queue the cracked vase batch", "failure",
        "Ran annealctl retry on the vase batch; it cracked again.",
    )  # fmt: skip
    clock.advance(days=3)
    new = _lesson(clocked_hooks, NEW_REQUEUE, supersedes=[old])
    goal = {"title": "Re-queue the cracked bowl batch", "app_id": APP}
    pack = clocked_hooks.pre_spawn_pack(goal=goal).pack
    assert pack is not None
    ids = [e.id for e in pack.entries]
    assert new in ids and failed not in ids
    queue = [{"id": "G-1", "title": "Re-queue the cracked bowl batch", "app_id": APP}]
    text = clocked_hooks.pre_goal_synthesis(queue=queue).synthesis or ""
    assert f"[{new}]" in text and f"[{failed}]" in text  # counted among the runs
    assert "annealctl retry" not in text, text
