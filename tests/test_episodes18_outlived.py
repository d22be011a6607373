"""A failure record a later lesson outlived (`agentmem.retrieval.outlived`): a setback, or
hook E's account of setbacks, that names a thing a later run's lesson on the same app
tells a change of, or that the lesson of the run that fixed it names, is history.

Three made-up apps: a bakery whose proofing cabinet was swapped for another host, a
library whose holds moved to a new endpoint, a marina whose hoist is no longer serviced by
its vendor.
"""

from __future__ import annotations

from agentmem import MemoryHooks
from agentmem.core.model import Memory
from agentmem.retrieval.outlived import distinctive, outlived
from tests.conftest import ManualClock, held, semantic

BAKERY, LIBRARY, MARINA = "bakery-orders", "lending-desk", "hoist-control"


def _record(text: str, day: int, app_id: str, outcome: str = "failure") -> Memory:
    return held(
        text, day, "episodic-000000000009", app_id=app_id, type="episodic",
        trigger="post_run_classify", outcome=outcome, confidence=1.0,
        run_id=f"2027-03-{day:02d}-run-009",
    )  # fmt: skip


PROOF = _record(
    "Run 2027-03-02-run-009: Proof the rye dough ended in failure. Dough stayed cold "
    "overnight. Failed: proof-temp (proofer-2.lan read 21 C, below the 27 C target). "
    "3 other check(s) passed.",
    2,
    BAKERY,
)
HOLDS = _record(
    "Run 2027-03-04-run-009: Sync reader holds ended in partial. Half the branches synced. "
    "Failed: holds-sync (GET /v1/holds returned 410 Gone for 6 branches). 3 other check(s) "
    "passed.",
    4,
    LIBRARY,
    "partial",
)
HOIST = _record(
    "Run 2027-03-03-run-009: Lift boat 14 out of the water ended in aborted. The hoist "
    "motor stalled twice; called Seacrane service, they reset it within 2 h.",
    3,
    MARINA,
    "aborted",
)


def test_hosts_paths_identifiers_and_inner_names_are_distinctive() -> None:
    said = distinctive(
        "proofer-2.lan read 21 C; set maxConns to 480 via conf/pool.yaml; GET /v1/holds; "
        "called Seacrane on Monday about the ETA, 20 min late in 2027."
    )
    assert {"proofer-2.lan", "maxconns", "480", "conf/pool.yaml", "v1", "seacrane"} <= said
    assert not {"21", "20", "2027", "eta", "monday", "called", "set"} & said


def test_a_later_lesson_that_tells_a_change_of_what_a_failure_names_outlives_it() -> None:
    moved = held(
        "Proofing moved to proofer-5.lan; proofer-2.lan is no longer in service.", 9,
        app_id=BAKERY,
    )  # fmt: skip
    vendor = held(
        "Seacrane no longer services the hoist; call the harbour yard crew on ext 4410.", 8,
        app_id=MARINA,
    )  # fmt: skip
    assert outlived(PROOF, [moved])
    assert outlived(HOIST, [vendor])


def test_a_lesson_that_tells_no_change_or_of_another_app_or_time_leaves_the_record() -> None:
    """A plain fact on the same host is no later word on it; nor is a change told by
    another app, before the run, or by the very run that failed (it tells its cause)."""
    plain = held("proofer-2.lan sits beside the deck oven.", 9, app_id=BAKERY)
    other_app = held("proofer-2.lan is no longer used.", 9, app_id=LIBRARY)
    earlier = held("proofer-2.lan is no longer used.", 1, app_id=BAKERY)
    own = held(
        "proofer-2.lan is no longer warm enough.", 2, app_id=BAKERY,
        run_id=PROOF.run_id,
    )  # fmt: skip
    for lesson in (plain, other_app, earlier, own):
        assert not outlived(PROOF, [lesson]), lesson.text


def test_the_lesson_of_the_run_that_fixed_it_outlives_it_when_it_names_its_check() -> None:
    fix = held(
        "holds-sync reads /v2/holds with the branch token and pages through all results.", 6,
        "semantic-000000000005", app_id=LIBRARY,
    )  # fmt: skip
    assert outlived(HOLDS, [fix], {fix.id})
    assert not outlived(HOLDS, [fix])  # not its fix, and no change told


def test_hook_e_account_is_dated_by_its_last_failure() -> None:
    pattern = held(
        'Recurring failure in hoist-control: motor-check failed in 3 runs between '
        '2027-03-01 and 2027-03-05 with "overcurrent on HX-200 relay".', 12,
        "reflective-000000000007", app_id=MARINA, type="reflective", kind="assessment",
    )  # fmt: skip
    swapped = held("The HX-200 relay was replaced by an HX-300; trips stopped.", 9, app_id=MARINA)
    before = held("The HX-200 relay was replaced by an HX-300.", 4, app_id=MARINA)
    assert outlived(pattern, [swapped])
    assert not outlived(pattern, [before])


def test_a_success_is_not_judged_here() -> None:
    done = _record(
        "Run 2027-03-02-run-009: Proof the rye dough ended in success. proofer-2.lan at 27 C.",
        2,
        BAKERY,
        "success",
    )
    assert not outlived(done, [held("proofer-2.lan is no longer used.", 9, app_id=BAKERY)])


def _run(hooks: MemoryHooks, run_id: str, goal: str, outcome: str, summary: str) -> str:
    failed = outcome != "success"
    run = {
        "run_id": run_id, "goal": goal, "outcome": outcome, "app_id": BAKERY, "summary": summary,
        "verifiers": [{"name": "proof-temp", "passed": not failed,
                       "detail": "proofer-2.lan read 21 C, below target" if failed else ""}],
    }  # fmt: skip
    result = hooks.post_run_classify(run=run)
    assert result.ok
    return result.writes.accepted[0]


def test_packs_and_hook_a_leave_out_a_failure_a_later_change_outlived(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """The worker reads the later change on the cabinet, not the failure on the old one;
    hook A still counts the run but tells neither its cause nor the old host."""
    failed = _run(
        clocked_hooks, "2027-03-02-run-009", "Proof the rye dough batch", "failure",
        "The rye dough stayed cold overnight in the proofing cabinet.",
    )  # fmt: skip
    clock.advance(days=5)
    result = clocked_hooks.harvester.submit(
        semantic(
            "Rye dough proofing moved to proofer-5.lan; proofer-2.lan is no longer in service.",
            app_id=BAKERY,
        ),
        trigger="manual",
    )
    assert result.memory_id is not None
    goal = {"title": "Proof the rye dough batch for Saturday", "app_id": BAKERY}
    pack = clocked_hooks.pre_spawn_pack(goal=goal).pack
    assert pack is not None
    ids = [e.id for e in pack.entries]
    assert result.memory_id in ids and failed not in ids
    queue = [{"id": "G-1", "title": "Proof the rye dough batch for Saturday", "app_id": BAKERY}]
    text = clocked_hooks.pre_goal_synthesis(queue=queue).synthesis or ""
    assert f"[{result.memory_id}]" in text
    assert "read 21 C" not in text, text
