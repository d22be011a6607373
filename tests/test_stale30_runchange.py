"""A change told in a run's own account or in a "no longer" of its old thing described:
the held lesson that still names the old address or thing is retired.

- `address_moved`: one address each, another in the draft, something both say goes there,
  and the draft says a change or the old place gone;
- `described_stopped`: "<doer> no longer waits on <the held thing, described>";
- hook C writes a success's summary that tells such a change as a lesson, never a
  failure's or a guess.

Against false replacements: another environment, one more place beside the held one,
another thing at the new address, no change said; another doer, another thing stopped.
"""

from __future__ import annotations

from typing import Any

import pytest

from agentmem import MemoryHooks
from agentmem.contexts import RunOutcome
from agentmem.core.describedstop import described_stopped
from agentmem.core.movedaddress import address_moved
from agentmem.core.rerated import rerated
from agentmem.core.verdict import Held, judge
from agentmem.harvest.runchange import changed_in_summary

HELD = "Scanners send uploads to the file share nas-a.example.net:445 every hour."
MOVED = (
    "OPS-9 done: the scanners send uploads to files-2.example.net:9000 over HTTPS; "
    "the old share is switched off."
)


def _replaces(draft: str, held: str) -> bool:
    return judge(draft, [Held("h1", held, "semantic")], "semantic").replaces == ["h1"]


def test_a_cut_over_told_with_the_old_place_gone_replaces_the_held_address() -> None:
    """Another opening, another port and domain; "send … to" and the old place said gone."""
    assert address_moved(MOVED, HELD)
    assert _replaces(MOVED, HELD)


def test_a_thing_moved_to_a_named_machine_replaces_the_old_machine() -> None:
    """A machine's bare name is an address too ("vault-gw02" for "backup-nas1")."""
    held = "Nightly dumps go to backup-nas1 with scp, one folder per day."
    draft = "Nightly dumps moved to the vault object store on vault-gw02, checked on arrival."
    assert address_moved(draft, held)
    assert _replaces(draft, held)


@pytest.mark.parametrize(
    ("draft", "held"),
    [
        # another environment
        (MOVED, "Staging scanners send uploads to nas-t.example.net:445 every hour."),
        # one more place beside the held one
        (
            "The scanners now also send uploads to files-2.example.net:9000 for audits.",
            HELD,
        ),
        # another thing at the new address
        ("Metrics moved to graf-2.example.net:3000; the old board is switched off.", HELD),
        # no change said
        ("The scanners send uploads to files-2.example.net:9000 for the audit copy.", HELD),
    ],
)
def test_another_environment_place_or_thing_or_no_change_is_no_new_address(
    draft: str, held: str
) -> None:
    """Staging is another environment, "also" one more place, metrics another thing, and a
    text that says no change reports a place beside the held one."""
    assert not address_moved(draft, held)


LABELS = "The packer takes its labels from the overnight label batch (about 6 h behind)."


def test_no_longer_waiting_on_the_held_thing_described_retires_it() -> None:
    """The cue's verb is not the held lesson's, and the thing is told in a few of its words."""
    draft = "The packer no longer waits on the slow overnight label batch: it prints on demand."
    assert described_stopped(draft, LABELS)
    assert _replaces(draft, LABELS)


@pytest.mark.parametrize(
    "draft",
    [
        "The loader no longer waits on the overnight label batch: it scans pallets instead.",
        "The packer no longer waits on the forklift crew: it stages cartons itself.",
    ],
)
def test_another_doer_or_another_thing_stopped_retires_nothing(draft: str) -> None:
    """The loader is another doer; the forklift crew is not the held lesson's thing."""
    assert not described_stopped(draft, LABELS)


RUN: dict[str, Any] = {
    "run_id": "2026-11-27-r7",
    "goal": "Cut the scanners over to the new file service",
    "app_id": "scan-desk",
    "outcome": "success",
    "summary": MOVED,
    "verifiers": [{"name": "unit-tests", "passed": True}, {"name": "upload-e2e", "passed": True}],
    "lessons": [],
    "tags": ["uploads"],
}


def test_post_run_classify_writes_a_summary_that_tells_a_change_and_retires_the_old(
    hooks: MemoryHooks,
) -> None:
    """A success every check passed whose summary tells the cut-over replaces the lesson
    that still names the old share; the summary is held as a lesson of its own."""
    held = hooks.post_run_classify(
        run={
            **RUN,
            "run_id": "2026-11-20-r1",
            "summary": "Uploads land.",
            "lessons": [{"text": HELD, "type": "semantic", "confidence": 0.8}],
        }
    )
    [old] = [i for i in held.writes.accepted if i.startswith("semantic-")]
    hooks.post_run_classify(run=RUN)
    live = {m.id: m for m in hooks.store.list() if m.type.value == "semantic"}
    [new] = [m for m in live.values() if m.text == MOVED]
    assert old in new.supersedes


@pytest.mark.parametrize(
    "changes",
    [
        {"outcome": "failure"},
        {"verifiers": [{"name": "upload-e2e", "passed": False, "detail": "403"}]},
        {"summary": "Uploads probably moved to files-2.example.net:9000 now."},
        {"summary": "Uploads work again on nas-a.example.net:445."},
    ],
)
def test_a_failure_a_failed_check_a_guess_or_no_change_is_no_lesson(
    changes: dict[str, Any],
) -> None:
    """A setback's account tells what went wrong, a guess is no change, and a summary that
    says no change tells no new value."""
    assert changed_in_summary(RunOutcome.model_validate({**RUN, **changes})) is None


HEARTBEAT = (
    "Lobby door sensors send a heartbeat every 5 minutes, so 15 minutes of silence is a fault."
)


def test_a_rate_given_anew_per_case_replaces_the_held_rate() -> None:
    """No change word; the draft names its thing by fewer words and gives a rate per case,
    none the held one."""
    draft = (
        "Door sensors push a heartbeat every 10 seconds while armed and every 60 seconds "
        "otherwise; 3 missed beats raise a fault."
    )
    assert rerated(draft, HEARTBEAT)
    assert _replaces(draft, HEARTBEAT)


@pytest.mark.parametrize(
    "draft",
    [
        "Door sensors send a heartbeat every 10 seconds while armed.",
        "Staging door sensors send a heartbeat every 30 seconds.",
        "Door sensors send a battery report every 6 hours.",
        "Lobby door sensors send a heartbeat every 5 minutes and a battery report daily.",
    ],
)
def test_one_case_another_thing_or_the_same_rate_is_no_new_rate(draft: str) -> None:
    """One case alone may leave the held rate to the other; staging sensors are other
    sensors; a battery report is another thing; the same rate is no new one."""
    assert not rerated(draft, HEARTBEAT)


def test_a_code_file_named_in_a_change_is_no_new_address() -> None:
    """A run's account names the file it edited ("exporter/push.py now waits …"): code, not
    a place the held lesson's thing moved to."""
    held = "The bundle job waits for the ready flag in exporter/pull.py, then hashes."
    draft = "The bundle job now waits for the ready flag in exporter/push.py before hashing."
    assert not address_moved(draft, held)
