"""Every fire is bounded: its result, its log line and its time (issue 14, item 9)."""

from __future__ import annotations

import json
import time
from typing import Any

import pytest
from structlog.testing import capture_logs

from agentmem import Contribution, Tools, contracts, hookimpl
from agentmem._bounds import clip
from agentmem.audit import ledger as auditlog
from agentmem.core.validate import MAX_TEXT
from agentmem.results import REJECTED_KEPT
from tests.conftest import HooksFactory, semantic

KEY = "sk-proj-" + "A1b2C3d4E5f6G7h8J9k0" * 3  # an OpenAI-shaped key


def ledger_lines(path: Any) -> list[bytes]:
    return [line for f in auditlog.log_files(path) for line in f.read_bytes().splitlines()]


def test_many_rejected_drafts_are_capped_in_the_result_and_the_line(
    make_hooks: HooksFactory,
) -> None:
    """A plugin returning 3,000 invalid drafts, each with 10 KB of text: the result keeps
    the first 20 (texts clipped, a marker says how much went) and counts the rest; the log
    event and the ledger line count all 3,000 and the line stays under its hard cap."""

    class Floods:
        @hookimpl
        def judgment_harvest(self, window: Any, tools: Tools) -> Contribution:
            bad = {"type": "semantic", "confidence": "high"}
            return Contribution(
                drafts=[{**bad, "text": f"{n} " + "x " * 5000} for n in range(3000)]
            )

    hooks = make_hooks(defaults=False)
    hooks.register(Floods())
    with capture_logs() as logs:
        result = hooks.fire("judgment_harvest")
    writes = result.writes
    assert result.ok is False and writes.attempted == 3000
    assert len(writes.rejected) == REJECTED_KEPT and writes.rejected_more == 3000 - REJECTED_KEPT
    assert writes.rejected_total == 3000
    text = writes.rejected[0].draft["text"]  # clipped, or shown by its size alone
    assert len(text) < 1100 and text.endswith(("more characters]", "characters, not shown]"))
    [event] = [e for e in logs if e["event"] == "hook_run"]
    assert event["writes_rejected"] == 3000 and len(event["writes"]["rejected"]) == REJECTED_KEPT
    [line] = ledger_lines(hooks.settings.log_path)
    assert len(line) <= auditlog.MAX_LINE_BYTES
    assert json.loads(line)["writes_rejected"] == 3000


def test_ledger_line_has_a_hard_cap_and_keeps_its_counts(tmp_path: Any) -> None:
    """Whatever an event holds (a 5 MB string, 100,000 ids), its ledger line is at most
    MAX_LINE_BYTES of valid JSON, marked truncated, with every number kept exact."""
    path = tmp_path / "log.jsonl"
    event = {
        "event": "hook_run",
        "hook": "post_run_classify",
        "writes_accepted": 100_000,
        "retrievals": 7,
        "summary": "word " * 1_000_000,
        "writes": {
            "attempted": 100_000,
            "accepted": [f"semantic-{n:012x}" for n in range(100_000)],
        },
    }
    auditlog.append(path, event)
    [line] = path.read_bytes().splitlines()
    assert len(line) + 1 <= auditlog.MAX_LINE_BYTES
    kept = json.loads(line)
    assert kept["truncated"] is True
    assert (kept["writes_accepted"], kept["retrievals"]) == (100_000, 7)
    assert kept["writes"]["attempted"] == 100_000
    assert (
        kept["writes"]["accepted"][-1].startswith("…[")
        and "more items" in kept["writes"]["accepted"][-1]
    )


def test_a_cut_never_leaves_part_of_a_key() -> None:
    """Clipping drops the word the cut falls in and any key block left unfinished, so no
    prefix of a secret is left where the secret guard would no longer recognise it."""
    text = "lesson " * 140 + KEY + " tail"
    for limit in range(len(text) - len(KEY) - 10, len(text) - 5):
        cut = clip(text, limit)
        assert KEY[:12] not in cut, limit
        assert cut.endswith("more characters]")
    pem = "note\n-----BEGIN PRIVATE KEY-----\n" + "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n" * 40
    assert "MIIEv" not in clip(pem + "-----END PRIVATE KEY-----\n", 600)


def test_writes_past_the_budget_are_refused_and_counted(
    make_hooks: HooksFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A plugin returning 8 valid drafts (hook E's limit per fire) to a store that takes
    0.1 s a write, with a 0.3 s budget: the writes stop at the budget; the rest are counted
    as past_budget, the result is ok=False with a HookTimeout saying how many were not
    written, and only the accepted ones are on disk."""

    class Many:
        @hookimpl
        def judgment_harvest(self, window: Any, tools: Tools) -> Contribution:
            return Contribution(drafts=[semantic(f"Lesson number {n} holds.") for n in range(8)])

    hooks = make_hooks(defaults=False, AGENTMEM_HOOK_TIMEOUT_S="0.3")
    hooks.register(Many())
    store = hooks.store
    put = store.put

    def slow_put(memory: Any) -> None:
        time.sleep(0.1)
        put(memory)

    monkeypatch.setattr(store, "put", slow_put)
    result = hooks.fire("judgment_harvest")
    writes = result.writes
    assert writes.past_budget > 0 and writes.attempted == 8
    assert len(writes.accepted) + writes.past_budget == 8
    assert result.ok is False and result.error is not None
    assert result.error.type == "HookTimeout"
    assert f"{writes.past_budget} of 8 drafts not written" in result.error.message
    on_disk = {p.stem for p in (hooks.settings.root / "entries").glob("*.md")}
    assert on_disk == set(writes.accepted)


def test_a_huge_context_is_validated_inside_the_budget(make_hooks: HooksFactory) -> None:
    """A run with 100,000 verifiers and a 10 ms budget: validating the context is part of
    the budget, so the fire ends in a HookTimeout saying so, and no plugin runs."""
    called: list[bool] = []

    class Records:
        @hookimpl
        def post_run_classify(self, run: Any, tools: Tools) -> None:
            called.append(True)

    hooks = make_hooks(defaults=False, AGENTMEM_HOOK_TIMEOUT_S="0.01")
    hooks.register(Records())
    hooks.store  # noqa: B018  (opened before the budget starts)
    verifiers = [{"name": f"check {n}", "passed": True, "detail": "ok"} for n in range(100_000)]
    run = {"run_id": "2026-11-29-r1", "goal": "g", "outcome": "success", "verifiers": verifiers}
    result = hooks.fire("post_run_classify", run=run)
    assert result.ok is False and result.ran is False
    assert result.error is not None and result.error.type == "HookTimeout"
    assert "validating the context" in result.error.message
    assert called == []


def test_a_huge_summary_makes_a_bounded_ledger_line(hooks: Any) -> None:
    """Hook C with a 2 MB `summary` (20 MB made one 20 MB ledger line, 5.6 s): the record
    is refused for its length, the result shows the value by its size, and the ledger line
    stays under its hard cap."""
    run = {
        "run_id": "2026-11-29-r1",
        "goal": "g",
        "outcome": "success",
        "summary": "w " * 1_000_000,
    }
    result = hooks.post_run_classify(run=run)
    assert result.ran and not result.writes.accepted and result.writes.rejected
    assert len(json.dumps(result.as_dict())) < 20_000
    [line] = ledger_lines(hooks.settings.log_path)
    assert len(line) <= auditlog.MAX_LINE_BYTES


def test_a_text_too_long_for_any_memory_is_not_read_for_junk(
    hooks: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The hook contract's junk check (HTML entities, template text, copied playbook) read
    a 20 MB summary for 8 s after a 1 s budget had run out (the check ran outside it). A
    text longer than any memory may hold is refused by the writer for its length alone and
    never handed to the junk check (seen by a spy around the real one)."""
    lengths: list[int] = []
    real = contracts.junk
    monkeypatch.setattr(contracts, "junk", lambda text: lengths.append(len(text)) or real(text))
    run = {"run_id": "2026-11-29-r1", "goal": "g", "outcome": "success", "summary": "w " * 5_000}
    [rejected] = hooks.post_run_classify(run=run).writes.rejected
    assert any("at most" in p["reason"] for p in rejected.problems)
    assert all(n <= MAX_TEXT for n in lengths), lengths
