"""A record pasted as a run lesson that points at the record it retracts ('"retracts":
"D-114"') keeps its verb when read as words (`agentmem.harvest.pasted`): the retraction by
code reaches the writer, which withdraws the lesson carrying that code and no other."""

from __future__ import annotations

from pathlib import Path

from agentmem import MemoryHooks
from agentmem.harvest.pasted import as_statement
from agentmem.stores import FileStore
from agentmem.stores.base import Filters
from tests.conftest import held

SPIN = "D-114: the centrifuge runs 5 minutes empty before the first batch of the day."
DRYER = "D-115: the dryer on line 2 must cool down 10 minutes before unloading."
RECORD = '{"id": "D-120", "retracts": "D-114", "note": "the new rotor needs no warm-up"}'


def test_a_pointing_key_keeps_its_verb() -> None:
    """'"retracts": "D-114"' reads 'retracts D-114', not 'D-114' alone; a key of no such
    verb is read as before, and filing keys are still left out."""
    assert as_statement(RECORD) == "retracts D-114 — the new rotor needs no warm-up."
    card = '{"name": "Bib pickup moves to Hall C", "id": "c1", "desc": "Hall B is booked."}'
    assert as_statement(card) == "Bib pickup moves to Hall C — Hall B is booked."
    listed = '{"replaces": ["D-1", "D-2"], "note": "two steps are one now"}'
    assert as_statement(listed) == "replaces D-1, D-2 — two steps are one now."


def test_a_pasted_record_retracting_by_code_withdraws_that_lesson_only(
    clocked_hooks: MemoryHooks, root: Path
) -> None:
    """Through hook C: the lesson carrying D-114 leaves live reads, the one carrying D-115
    stays (before, the record was read as 'D-114 — …' and withdrew nothing)."""
    for n, text in enumerate((SPIN, DRYER), 1):
        clocked_hooks.store.put(
            held(text, "2026-10-01", f"semantic-00000000011{n}", app_id="spin", user_id="tester")
        )
    lessons = [{"text": RECORD, "type": "semantic", "confidence": 0.8}]
    checks = [{"name": "spin-test", "passed": True}]
    run = {"run_id": "2026-10-05-spin-9", "goal": "Spin", "outcome": "success", "app_id": "spin"}
    fired = clocked_hooks.post_run_classify(run={**run, "lessons": lessons, "verifiers": checks})
    assert fired.ok and fired.writes.rejected_total == 0, fired.writes.rejected
    live = FileStore(root).list(Filters(include_superseded=False, types=("semantic",)))
    texts = [m.text for m in live]
    assert DRYER in texts and SPIN not in texts, texts


def test_hostile_pointing_records_read_quickly_and_do_not_raise() -> None:
    """A pointing key with thousands of values, non-strings, surrogates or a huge value:
    bounded (eight values at most), never raised."""
    many = '{"retracts": [' + ", ".join(f'"D-{i}"' for i in range(2_000)) + '], "note": "x y"}'
    assert as_statement(many).startswith("retracts D-0, D-1, D-2, D-3, D-4, D-5, D-6, D-7 — ")
    assert as_statement('{"replaces": [1, null, {"a": 2}], "note": "x y"}') == "x y"
    assert as_statement('{"retracts": "\\ud800-1", "note": "x y"}').startswith("retracts ")
    assert as_statement('{"retracts": "' + "D-1 " * 5_000 + '"}') != ""
