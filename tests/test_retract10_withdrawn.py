"""Withdrawals told in other words, and run records that still quote what was taken away.

A team says it no longer does something with the practice's own verb in another form ("we
no longer auto-archive …" of a lesson on what "is auto-archived"), or retracts a
workaround and says the name it set was removed everywhere (a define spelled otherwise
than the lesson spelled it). Once memory knows a lesson was taken back or replaced, a run
record written before that which quotes the exact thing taken away (the withdrawn flag,
the old count) tells how things were: it leaves packs and hook E's patterns quote another
run. A record of the same work that quotes none of it stays, and so does another count.
"""

from __future__ import annotations

from typing import Any

from agentmem import MemoryHooks
from agentmem.core import retract
from agentmem.core.takenaway import swapped, told_of, withdrawn_names
from tests.conftest import ManualClock
from tests.test_judgment_harvest import patterns


def withdrawn(draft: str, *held: str) -> list[str]:
    """The held texts a draft withdraws (each held text is its own id)."""
    return retract.withdrawn(draft, [(text, text) for text in held])


ARCHIVED = (
    "Invoices the ageing job marks stale after 90 days are auto-archived with the 'stale' "
    "label and no reminder."
)
NO_MORE = "We no longer auto-archive stale invoices. Finance reviews each one by hand."


def test_we_no_longer_with_a_verb_of_no_family_withdraws_the_lesson_saying_all_of_it() -> None:
    """ "auto-archive stale invoices" against a lesson on what "is auto-archived": every
    term of the practice is in the lesson, told in another form."""
    assert withdrawn(NO_MORE, ARCHIVED) == [ARCHIVED]


def test_a_lesson_saying_part_of_the_practice_stays() -> None:
    """Archiving by hand, or auto-archiving something else, is not the practice stopped."""
    by_hand = "Stale invoices are archived by finance at month end, after the ageing report."
    quotes = "Quotes older than 30 days are auto-archived with the 'expired' label."
    assert withdrawn(NO_MORE, by_hand, quotes) == []


UNDEFINED = (
    "Retracted: skipping the flaky handshake checks for the modem builds was wrong; it hid "
    "a real timing bug. The SKIP-HS define is removed from every build profile."
)
KEEP = "Boot loops on the lab rig go away with -hs off; keep +define+SKIP_HS in the rig profile."


def test_a_retraction_removing_a_define_withdraws_the_lesson_that_kept_it() -> None:
    """The retraction spells the define with a hyphen, the lesson with an underscore and
    the simulator's `+define+`: one name."""
    assert withdrawn(UNDEFINED, KEEP) == [KEEP]


def test_a_lesson_keeping_another_define_or_removing_this_one_stays() -> None:
    """Another define of the same profile, and a lesson that itself took the define out."""
    other = "Keep +define+FAST_BOOT in the rig profile so the radio comes up in 2 s."
    gone = "SKIP_HS was removed from the nightly profile after the timing fix."
    assert withdrawn(UNDEFINED, other, gone) == []


def test_what_a_withdrawal_takes_away_is_the_practices_name_the_lesson_wrote() -> None:
    """The flag the withdrawn practice names, not the problem it was run against."""
    retraction = "Retracted: rerunning with --loose-slots is not a fix for OVERBOOKED."
    lesson = "If the planner says OVERBOOKED, rerun with --loose-slots; it spreads the load."
    assert withdrawn_names(retraction, lesson) == {"looseslots"}
    assert withdrawn_names(UNDEFINED, KEEP) == {"skiphs"}


def test_a_replaced_count_is_the_one_count_the_new_value_changes() -> None:
    """One count for one other number: taken. Two new numbers: which one changed is not
    known, so nothing is taken."""
    old = "Sidechain payouts settle after 12 confirmations; mainnet ones wait for finality."
    assert swapped(old, "Sidechain payouts now need 40 blocks on top.") == {"12 confirmations"}
    assert swapped(old, "Sidechain payouts need 40 blocks and 2 signers now.") == set()


def test_a_record_quotes_a_count_in_any_form_but_not_another_number() -> None:
    assert told_of("It settled at 12 confirmations, then a reorg.", "12 confirmations")
    assert told_of("replays against the 12-confirmation threshold", "12 confirmations")
    assert not told_of("a save of 1.12 confirmations", "12 confirmations")
    assert not told_of("save data of 1.1 GB in slot 2", "1 gb")
    assert told_of("a --loose-slots rerun went green", "looseslots")
    assert not told_of("the slots were loose", "looseslots")


def run(
    hooks: MemoryHooks, run_id: str, summary: str, failed: str = "", lessons: tuple[str, ...] = ()
) -> None:
    """Fire hook C for one run of the planner app."""
    record: dict[str, Any] = {
        "run_id": run_id,
        "goal": "Night shift plan for the north hangar",
        "outcome": "failure" if failed else "success",
        "summary": summary,
        "app_id": "planner",
        "verifiers": [{"name": "slot-check", "passed": not failed, "detail": failed}],
        "lessons": [{"text": t, "type": "procedural", "confidence": 0.8} for t in lessons],
        "tags": ["planning"],
    }
    assert hooks.post_run_classify(run=record).ok


OVERBOOKED = "OVERBOOKED: no licensed engineer on night shift for bay 3"
LOOSE = (
    "A shift swap was missing from the roster. A --loose-slots rerun went green but put an "
    "unlicensed engineer on the slot."
)


def planned(hooks: MemoryHooks, clock: ManualClock) -> None:
    """A workaround taught, two failures (one quoting it), then its retraction."""
    run(hooks, "2026-10-05-p1", "--loose-slots produced a feasible plan.", lessons=(
        "If the planner says OVERBOOKED, rerun with --loose-slots; it spreads the load.",))  # fmt: skip
    clock.advance(days=2)
    run(hooks, "2026-10-07-p2", LOOSE, failed=OVERBOOKED)
    clock.advance(days=2)
    run(hooks, "2026-10-09-p3", "A sick call was missing.", failed=OVERBOOKED)
    clock.advance(days=2)
    run(hooks, "2026-10-11-p4", "Plan posted.", lessons=(
        "Retracted: rerunning with --loose-slots is not a fix for OVERBOOKED. It drops the "
        "licence check.",))  # fmt: skip
    clock.advance(days=1)


def test_a_record_quoting_a_withdrawn_flag_leaves_the_pack(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """The failure that quotes the withdrawn `--loose-slots` leaves the pack; the other
    failure of the same work, which names only its cause, stays."""
    planned(clocked_hooks, clock)
    goal = {"title": "Night shift plan for the north hangar", "app_id": "planner"}
    result = clocked_hooks.pre_spawn_pack(goal=goal)
    assert result.ok and result.pack is not None
    texts = [e.text for e in result.pack.entries]
    assert any("sick call was missing" in t for t in texts)
    assert not any("--loose-slots rerun went green" in t for t in texts)


def test_a_pattern_quotes_a_run_that_does_not_quote_the_withdrawn_flag(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """Hook E's pattern of the two failures takes its example from the run that names
    only its cause."""
    planned(clocked_hooks, clock)
    assert clocked_hooks.judgment_harvest().ok
    [pattern] = patterns(clocked_hooks, "planner")
    assert "slot-check failed in 2 runs" in pattern.text
    assert "Example, 2026-10-09-p3" in pattern.text
    assert "--loose-slots" not in pattern.text
