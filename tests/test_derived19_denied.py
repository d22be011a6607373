"""Records and hook E patterns that quote a cause a later lesson denied, or a name a later
change gave anew (`agentmem.retrieval.denied`, `agentmem.retrieval.outlived.renamed`).

Made-up apps: an observatory whose dome stalls (blamed first on a motor's gear, then found
to be a chafed encoder cable), an orchard's irrigation controller moved to a new valve
bank host, a print shop's colour proofs.
"""

from __future__ import annotations

from collections.abc import Callable

from agentmem import MemoryHooks
from agentmem.core.model import Memory
from agentmem.harvest.prose import quoted_runs
from agentmem.retrieval.denied import denied, denied_runs
from agentmem.retrieval.outlived import outlived, renamed
from tests.conftest import ManualClock, held, semantic
from tests.test_judgment_harvest import clocked, patterns

__all__ = ["clocked"]  # the fixture: hooks whose clock reads a given day

DOME, ORCHARD, PRINT = "dome-control", "drip-lines", "proof-desk"


def _record(text: str, day: int, app_id: str, outcome: str = "failure", n: int = 9) -> Memory:
    return held(
        text, day, f"episodic-00000000000{n}", app_id=app_id, type="episodic",
        trigger="post_run_classify", outcome=outcome, confidence=1.0,
        run_id=f"2027-03-{day:02d}-run-00{n}",
    )  # fmt: skip


STALL = _record(
    "Run 2027-03-04-run-009: Slew the dome to the east ended in failure. Swapped the gear "
    "on motor M2 as agreed; the dome still stalled at 40 degrees. Failed: dome-sync (encoder "
    "lost position after 12 s). 2 other check(s) passed.",
    4,
    DOME,
)
CABLE = held(
    "Dome stalls come from the encoder cable chafing at the slip ring, not from the M2 "
    "gear; replace the cable and add a strain relief.",
    9,
    app_id=DOME,
)


def test_the_names_a_lesson_denies_as_a_cause() -> None:
    """Denied as a cause: "not from X", "had nothing to do with X", "X was not the cause",
    "X was a red herring"; a way told instead of another ("not q7") denies no cause."""
    assert denied(CABLE.text) == {"m2"}
    assert denied("The outage had nothing to do with the r7 proxy; DNS expired.") == {"r7"}
    assert denied("The nightly lag on db-4.lan was not the cause of the missed prints.") == {
        "db-4.lan"
    }
    assert denied("The Kestrel firmware was a red herring.") == {"kestrel"}
    assert denied("Send proofs through the east queue, not q7.") == frozenset()
    assert denied("Send proofs through the east queue rather than q7.") == frozenset()
    assert denied("Smears come from the fuser rather than from toner t4.") == {"t4"}
    assert denied("Proofs come from the RIP on host p9; nothing is lost.") == frozenset()


def test_a_failure_that_quotes_a_denied_cause_is_outlived_by_the_lesson_beside_it() -> None:
    """The record went by the gear on M2; a later lesson of its app says M2's gear was not
    the cause: a worker reading both takes the record for how the cause was found."""
    assert outlived(STALL, [CABLE])


def test_a_denial_before_the_run_of_another_app_or_by_the_run_itself_leaves_it() -> None:
    earlier = CABLE.model_copy(update={"created_at": "2027-03-02T12:00:00+00:00"})
    other = CABLE.model_copy(update={"app_id": ORCHARD})
    own = CABLE.model_copy(update={"run_id": STALL.run_id})
    for lesson in (earlier, other, own):
        assert not outlived(STALL, [lesson])
    agrees = _record(
        "Run 2027-03-04-run-009: Slew the dome to the east ended in failure. The stall is "
        "not from the M2 gear; the encoder lost position again. Failed: dome-sync.",
        4,
        DOME,
    )
    assert not outlived(agrees, [CABLE])  # the record says what the lesson says


def test_a_failure_whose_cause_a_lesson_names_without_denying_it_stays() -> None:
    """A lesson that names the same motor and tells no change and no denial is no later word
    on the record: what failed there still tells a live cause."""
    plain = held("Motor M2 drives the dome's east rail.", 9, app_id=DOME)
    assert not outlived(STALL, [plain])


def test_hook_e_pattern_quoting_the_denied_record_is_outlived() -> None:
    """Hook E's pattern quoting the record as its example says what the record said."""
    pattern = held(
        'Recurring failure in dome-control: dome-sync failed in 2 runs between 2027-03-02 '
        'and 2027-03-04 with "encoder lost position". Example, 2027-03-04-run-009: Swapped '
        'the gear on motor M2 as agreed; the dome still stalled at 40 degrees.', 5,
        "reflective-000000000007", app_id=DOME, type="reflective", kind="assessment",
    )  # fmt: skip
    assert outlived(pattern, [CABLE])


def test_a_success_whose_host_a_later_change_gave_anew_is_outlived() -> None:
    """A plain success tells how the work went on the host it names; a later change that
    puts the thing on a host of the same name with other digits, never naming the old one,
    leaves it telling how things were."""
    done = _record(
        "Run 2027-03-02-run-009: Open the north drip lines ended in success. Valves on "
        "valvebank01 (drip-ctl1.farm.lan:5020) opened in order; 42 zones watered.",
        2,
        ORCHARD,
        "success",
    )
    moved = held(
        "Since the March cutover the north valves live on valvebank02 "
        "(drip-ctl2.farm.lan:5021); the old bank only answers reads.",
        8,
        app_id=ORCHARD,
    )
    assert outlived(done, [moved])
    said = "the north valves live on valvebank02 (drip-ctl2.farm.lan:5021)"  # no change told
    assert not outlived(done, [moved.model_copy(update={"text": said})])
    both = f"{moved.text} valvebank01 and drip-ctl1 stay as spares."  # the old ones named
    assert not outlived(done, [moved.model_copy(update={"text": both})])


def test_short_names_with_other_digits_rename_nothing() -> None:
    """'v2' for 'v1', 'p2' for 'p1': a version or another priority, not the same name."""
    assert not renamed({"v1", "p1"}, {"v2", "p2"}, {"v2", "p2"})
    assert renamed({"valvebank01"}, {"valvebank02"}, {"valvebank02"})


def _dome_run(hooks: MemoryHooks, run_id: str, summary: str, lessons: tuple[str, ...] = ()) -> None:
    record = {
        "run_id": run_id,
        "goal": "Slew the dome for the night's targets",
        "outcome": "failure",
        "app_id": DOME,
        "summary": summary,
        "verifiers": [
            {"name": "dome-sync", "passed": False, "detail": "encoder lost position after 12 s"}
        ],
        "lessons": [{"text": t, "type": "semantic", "evidence": []} for t in lessons],
    }
    assert hooks.post_run_classify(run=record).ok


def test_hook_e_quotes_no_run_whose_record_names_a_denied_cause(
    clocked: Callable[[str], MemoryHooks],
) -> None:
    """The third failure's lesson denies the gear the second run went by: the next harvest
    writes the pattern without quoting that run, and a held pattern that quoted it is
    rewritten."""
    _dome_run(clocked("2026-08-03"), "2026-08-03-d1", "The dome stalled.")
    _dome_run(
        clocked("2026-08-05"),
        "2026-08-05-d2",
        "Swapped the gear on motor M2 as agreed; the dome stalled halfway round again.",
    )
    assert clocked("2026-08-06").judgment_harvest().ok
    [old] = patterns(clocked("2026-08-06"), DOME)
    assert "2026-08-05-d2" in quoted_runs(old.text)
    _dome_run(
        clocked("2026-08-10"),
        "2026-08-10-d3",
        "Found the encoder cable chafed through at the slip ring; the dome stalled halfway round.",
        lessons=(CABLE.text,),
    )
    hooks = clocked("2026-08-11")
    assert hooks.judgment_harvest().ok
    [new] = [m for m in patterns(hooks, DOME) if m.id != old.id]
    assert old.id in new.supersedes
    assert "2026-08-05-d2" not in quoted_runs(new.text) and "M2" not in new.text, new.text


def test_denied_runs_are_the_failures_quoting_a_later_denial() -> None:
    lesson = CABLE.model_copy(update={"app_id": DOME})
    assert denied_runs([STALL], [lesson]) == {STALL.run_id}
    assert denied_runs([STALL], []) == frozenset()


def test_a_pack_leaves_out_a_failure_whose_cause_a_lesson_it_did_not_pack_denied(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """The goal finds the failure by its goal's words; the lesson that denied the cause it
    went by shares none of them, so it is not packed: the pack looks for it by the failure's
    own words, and leaves the failure out."""
    record = {
        "run_id": "2027-03-04-run-009",
        "goal": "Slew the dome for the survey field",
        "outcome": "failure",
        "app_id": DOME,
        "summary": "Swapped the gear on motor M2 as agreed; the stall came back after 12 s.",
        "verifiers": [
            {"name": "dome-sync", "passed": False, "detail": "encoder lost position after 12 s"}
        ],
    }
    result = clocked_hooks.post_run_classify(run=record)
    assert result.ok
    failed = result.writes.accepted[0]
    goal = {"title": "Slew the dome for the survey field tonight", "app_id": DOME}
    pack = clocked_hooks.pre_spawn_pack(goal=goal).pack
    assert pack is not None and failed in [e.id for e in pack.entries]
    clock.advance(days=5)
    lesson = "Stalls come from the encoder cable chafing at the slip ring, not from the M2 gear."
    written = clocked_hooks.harvester.submit(semantic(lesson, app_id=DOME), trigger="manual")
    assert written.memory_id is not None
    pack = clocked_hooks.pre_spawn_pack(goal=goal).pack
    ids = [e.id for e in pack.entries] if pack is not None else []
    assert failed not in ids and written.memory_id not in ids
