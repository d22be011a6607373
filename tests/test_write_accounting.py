"""Exact write accounting: the result and the ledger list exactly what is on disk.

Each draft of a fire is written or rejected on its own. Whatever happens between two
drafts (the store raises, the fire is interrupted, the hook's time runs out), the
result's `writes` and the fire's ledger line name exactly the memory files on disk
afterwards. The stores are real (files in tmp_path); a failure is injected around the
real `put`.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from agentmem import Contribution, MemoryHooks, Tools, hookimpl
from agentmem._plugins import make_manager
from agentmem.audit import ledger
from agentmem.core.model import Memory
from agentmem.stores import open_store
from tests.chat_double import ChatServerDouble, call, openai_settings, say
from tests.conftest import HooksFactory

FIRST = "The vendor invoice API rejects requests without the X-Trace header."
SECOND = "Run the export test twice with SEED=7 to expose the flaky ordering bug."
RETRO = "# Retro\n## Lessons learned\n- " + FIRST + "\n- " + SECOND + "\n"


class FailingStore:
    """The real store, with `fail(n, memory)` run around the n-th `put` (counted from 1)."""

    def __init__(self, inner: Any, fail: Callable[[int, Memory, Callable[[], None]], None]) -> None:
        self._inner = inner
        self._fail = fail
        self.puts = 0

    def put(self, memory: Memory) -> None:
        self.puts += 1
        self._fail(self.puts, memory, lambda: self._inner.put(memory))

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)


def on_disk(root: Path) -> set[str]:
    return {p.stem for p in (root / "entries").glob("*.md")}


def last_fire(hooks: MemoryHooks) -> dict[str, Any]:
    return [e for e in ledger.read(hooks.settings.log_path) if e.get("event") == "hook_run"][-1]


def retro_hooks(make_hooks: HooksFactory, tmp_path: Path, fail: Any) -> MemoryHooks:
    (tmp_path / "retro.md").write_text(RETRO)
    plain = make_hooks()
    store = FailingStore(open_store(plain.settings), fail)
    return MemoryHooks(
        plain.settings,
        store=store,
        plugin_manager=make_manager(entry_points=False),  # type: ignore[arg-type]
    )


def test_a_store_that_raises_on_the_second_draft(
    make_hooks: HooksFactory, tmp_path: Path, root: Path
) -> None:
    """The store raises (not a StoreError) on the second draft: the first is counted as
    accepted, the second as rejected with the error, the fire is not ok, and the result
    and the ledger name exactly the one file on disk."""

    def fail(n: int, memory: Memory, put: Callable[[], None]) -> None:
        if n == 2:
            raise UnicodeEncodeError("utf-8", "\ud800", 0, 1, "surrogates not allowed")
        put()

    hooks = retro_hooks(make_hooks, tmp_path, fail)
    result = hooks.post_retro_distill(retro={"path": "retro.md"})
    assert not result.ok and result.error is not None
    assert result.writes.attempted == 2 and len(result.writes.rejected) == 1
    assert "UnicodeEncodeError" in result.writes.rejected[0].problems[0]["reason"]
    assert set(result.writes.accepted) == on_disk(root) and len(on_disk(root)) == 1
    assert last_fire(hooks)["writes"]["accepted"] == result.writes.accepted


def test_a_store_that_fails_after_the_file_is_written_counts_the_file(
    make_hooks: HooksFactory, tmp_path: Path, root: Path
) -> None:
    """The file of the second draft lands, then the store fails (its index, a remote): the
    memory is on disk, so the result counts it as accepted, with the store error beside it."""

    def fail(n: int, memory: Memory, put: Callable[[], None]) -> None:
        put()
        if n == 2:
            raise OSError("index update failed")

    hooks = retro_hooks(make_hooks, tmp_path, fail)
    result = hooks.post_retro_distill(retro={"path": "retro.md"})
    assert set(result.writes.accepted) == on_disk(root) and len(on_disk(root)) == 2
    assert result.writes.store_errors and not result.ok
    assert last_fire(hooks)["writes"]["accepted"] == result.writes.accepted


def test_an_interrupted_fire_still_records_what_it_wrote(
    make_hooks: HooksFactory, tmp_path: Path, root: Path
) -> None:
    """A KeyboardInterrupt between the two drafts (a host's Ctrl-C, a signal handler)
    propagates out of fire, but not before the ledger recorded the one file on disk."""

    def fail(n: int, memory: Memory, put: Callable[[], None]) -> None:
        if n == 2:
            raise KeyboardInterrupt
        put()

    hooks = retro_hooks(make_hooks, tmp_path, fail)
    with pytest.raises(KeyboardInterrupt):
        hooks.post_retro_distill(retro={"path": "retro.md"})
    line = last_fire(hooks)
    assert set(line["writes"]["accepted"]) == on_disk(root) and len(on_disk(root)) == 1
    assert line["ok"] is False and line["error"]["type"] == "KeyboardInterrupt"


def test_a_fire_that_times_out_between_two_drafts_writes_neither(
    make_hooks: HooksFactory, root: Path
) -> None:
    """A plugin proposes one draft and hangs past the budget before its second: the fire
    ends in HookTimeout and writes nothing (proposals are written when the hook ends), and
    the result, the ledger and the disk all say so; the late proposal is refused."""
    release = threading.Event()

    class Slow:
        @hookimpl
        def post_run_classify(self, tools: Tools) -> Contribution:
            tools.propose_memory({"text": FIRST, "type": "semantic", "confidence": 0.8})
            release.wait(10)
            tools.propose_memory({"text": SECOND, "type": "procedural", "confidence": 0.7})
            return Contribution()

    hooks = make_hooks(AGENTMEM_HOOK_TIMEOUT_S="0.3", defaults=False)
    hooks.register(Slow())
    result = hooks.post_run_classify(
        run={"run_id": "2026-11-28-r1", "goal": "g", "outcome": "success"}
    )
    release.set()
    assert result.error is not None and result.error.type == "HookTimeout"
    assert result.writes.attempted == 0 and on_disk(root) == set()
    assert last_fire(hooks)["writes"]["attempted"] == 0


def test_the_model_path_counts_a_valid_draft_before_an_unwritable_one(
    make_hooks: HooksFactory, root: Path
) -> None:
    """Issue 18.2 as seen: a model proposes a valid lesson, then one whose text holds a
    lone surrogate. The first is written and counted; the second is rejected with a reason;
    result, ledger and disk agree."""
    double = ChatServerDouble(
        [
            say(
                "",
                call(
                    "propose_memory",
                    {"text": FIRST, "type": "semantic", "confidence": 0.8, "source": "r.md"},
                ),
                call(
                    "propose_memory",
                    '{"text": "bad \\ud800 text about vendor limits", "type": "semantic", '
                    '"confidence": 0.8, "source": "r.md"}',
                ),
            ),
            say("done"),
        ]
    )
    with double.running():
        hooks = make_hooks(**openai_settings(double.url))
        result = hooks.post_retro_distill(retro={"path": "r.md"})
    assert result.writes.attempted == 2 and len(result.writes.rejected) == 1
    assert set(result.writes.accepted) == on_disk(root) and len(on_disk(root)) == 1
    assert last_fire(hooks)["writes"]["accepted"] == result.writes.accepted
