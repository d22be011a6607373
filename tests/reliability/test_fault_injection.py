"""Fault injection: many fires across the five hooks while plugins, the store and the disk fail.

Figures (printed; run with `-s` to see them): fires, faults that hit, escaped exceptions
(must be 0), fires reported ok while a fault hit them (must be 0), clean fires that were
not ok (must be 0: the loop goes on after every fault). The full run is behind `slow`.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from agentmem import HookName, HookResult, MemoryHooks
from agentmem._plugins import make_manager
from agentmem.audit import ledger as auditlog
from agentmem.reasoner import OpenAIReasoner
from agentmem.settings import settings_from_values
from agentmem.stores import FileStore
from agentmem.stores import files as files_module
from tests.conftest import ALL_ON
from tests.reliability.faults import (
    GARBAGE_RETURNS,
    LATE_TEXT,
    MALFORMED_CHAT_FATAL,
    MALFORMED_CHAT_RECOVERABLE,
    MALFORMED_DRAFTS,
    STORE_ERRORS,
    DiskFullFaultInjector,
    FaultPlugin,
    FlakyStoreFaultInjector,
    MalformedChatFaultInjector,
)

HOOKS = list(HookName)
BUDGET_S = 30.0  # generous: a clean fire on a busy machine must never time out
HANG_BUDGET_S = 0.02  # the hooks a hanging plugin is fired through
HANG_S = 0.1

RETRO = """# Retro

## Lessons
- The vendor API paginates at 100 items; ask for the next page until it is empty.
- Retry the vendor client on 429 with exponential backoff.

## What worked
- Run the contract tests before the integration tests.
"""

FAULTS = ["none", "raise", "hang", "garbage", "drafts", "exit", "store", "disk", "reasoner"]
WEIGHTS = [4, 1, 1, 1, 1, 1, 2, 2, 2]


@dataclass
class Tally:
    """The figures a run produces."""

    fires: int = 0
    hits: Counter[str] = field(default_factory=Counter)
    escaped: list[str] = field(default_factory=list)
    ok_while_hit: list[str] = field(default_factory=list)
    clean_not_ok: list[str] = field(default_factory=list)
    accepted: set[str] = field(default_factory=set)
    bad_drafts_accepted: int = 0

    def report(self) -> str:
        return (
            f"fires={self.fires} faults_hit={sum(self.hits.values())} {dict(self.hits)} "
            f"escaped={len(self.escaped)} ok_while_hit={len(self.ok_while_hit)} "
            f"clean_not_ok={len(self.clean_not_ok)} "
            f"malformed_drafts_accepted={self.bad_drafts_accepted}"
        )


def context(hook: HookName, i: int, worker: Path) -> dict[str, Any]:
    run = (
        i % 40
    )  # a bounded set of runs, so most later writes are dedup'd and the store stays small
    if hook is HookName.PRE_GOAL_SYNTHESIS:
        return {"queue": [{"id": f"b{i % 7}", "title": "vendor client pagination"}]}
    if hook is HookName.PRE_SPAWN_PACK:
        return {"goal": {"title": "vendor client retries"}, "worker_dir": worker}
    if hook is HookName.POST_RUN_CLASSIFY:
        outcome = ("success", "failure", "partial")[run % 3]
        return {
            "run": {
                "run_id": f"2026-11-{1 + run % 28:02d}-r{run}",
                "goal": f"ship vendor client step {run}",
                "outcome": outcome,
                "summary": "pagination and retries",
            }
        }
    if hook is HookName.POST_RETRO_DISTILL:
        return {"retro": {"path": "retro.md", "run_id": f"2026-11-{1 + run % 28:02d}-r{run}"}}
    return {}


class Rig:
    """One store and one plugin manager behind two MemoryHooks: the normal budget and a
    tiny one, so a hanging plugin costs the test milliseconds instead of the real budget."""

    def __init__(self, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
        root = tmp_path / "memory"
        (tmp_path / "retro.md").write_text(RETRO, encoding="utf-8")
        self.worker = tmp_path / "worker"
        self.worker.mkdir()
        self.root = root
        self.store = FlakyStoreFaultInjector(FileStore(root))
        self.plugin = FaultPlugin(hang_s=HANG_S)
        pm = make_manager(entry_points=False)
        pm.register(self.plugin, name="fault-injector")
        values = {**ALL_ON, "AGENTMEM_USER_ID": "tester", "AGENTMEM_ROOT": str(root)}

        def hooks(budget: float, **parts: Any) -> MemoryHooks:
            settings = settings_from_values(
                {**values, "AGENTMEM_HOOK_TIMEOUT_S": str(budget)}, base_dir=tmp_path
            )
            parts.setdefault("plugin_manager", pm)
            return MemoryHooks(settings, store=self.store, **parts)  # type: ignore[arg-type]

        self.hooks = hooks(BUDGET_S)
        self.hanging = hooks(HANG_BUDGET_S)
        self.chat = MalformedChatFaultInjector()
        model = OpenAIReasoner("model-double", client=self.chat)  # the model-driven path
        self.reasoned = hooks(
            BUDGET_S, plugin_manager=make_manager(entry_points=False), reasoner=model
        )
        self.disk = DiskFullFaultInjector()
        monkeypatch.setattr(files_module, "os", self.disk)
        monkeypatch.setattr(auditlog, "os", self.disk)

    def hits(self) -> int:
        return self.plugin.hits + self.store.hits + self.disk.hits + self.chat.hits

    @contextmanager
    def armed(self, fault: str, rng: random.Random) -> Iterator[MemoryHooks]:
        hooks = self.hooks
        if fault == "raise":
            self.plugin.arm(
                "raise", rng.choice([RuntimeError("boom"), ValueError("bad"), KeyError("k")])
            )
        elif fault == "exit":
            self.plugin.arm("exit", rng.choice([SystemExit(3), KeyboardInterrupt()]))
        elif fault == "hang":
            self.plugin.arm("hang")
            hooks = self.hanging
        elif fault == "garbage":
            self.plugin.arm("garbage", rng.choice(GARBAGE_RETURNS))
        elif fault == "drafts":
            self.plugin.arm("drafts", rng.sample(MALFORMED_DRAFTS, rng.randint(1, 4)))
        elif fault == "store":
            self.store.arm(rng.randint(1, 3), rng.choice(STORE_ERRORS))
        elif fault == "disk":
            self.disk.armed = True
        elif fault == "reasoner":
            fatal = rng.random() < 0.5
            table = MALFORMED_CHAT_FATAL if fatal else MALFORMED_CHAT_RECOVERABLE
            self.chat.arm(table[rng.choice(sorted(table))](), fatal)
            hooks = self.reasoned
        try:
            yield hooks
        finally:
            self.plugin.arm("none")
            self.store.disarm()
            self.disk.armed = False


def run_fires(rig: Rig, n: int, seed: int) -> Tally:
    tally = Tally()
    for i in range(n):
        rng = random.Random(seed * 1_000_003 + i)
        hook = HOOKS[i % len(HOOKS)]
        fault = rng.choices(FAULTS, WEIGHTS)[0]
        before = rig.hits()
        with rig.armed(fault, rng) as hooks:
            sent = list(rig.plugin.detail) if fault == "drafts" else []
            try:
                result: HookResult | None = hooks.fire(hook, **context(hook, i, rig.worker))
            except BaseException as exc:  # the figure this test exists for: must stay 0
                tally.escaped.append(f"#{i} {hook} {fault}: {type(exc).__name__}: {exc}")
                result = None
        tally.fires += 1
        if result is None:
            continue
        hit = rig.hits() > before
        if hit:
            tally.hits[fault] += 1
        if fault == "drafts":
            accepted_texts = {d.get("text") for d in sent if isinstance(d, dict)} & {
                rig.store.inner.get(m, touch=False).text for m in result.writes.accepted
            }
            tally.bad_drafts_accepted += len(accepted_texts)
        tally.accepted.update(result.writes.accepted)
        line = f"#{i} {hook} {fault}: ok={result.ok} error={result.error} reason={result.reason!r}"
        if hit and fault != "drafts" and result.ok:
            tally.ok_while_hit.append(line)
        if not hit and fault in ("none", "drafts") and not result.ok and result.writes.accepted:
            tally.clean_not_ok.append(line)
        if fault == "none" and not result.ok:
            tally.clean_not_ok.append(line)
    return tally


def check_store(rig: Rig, tally: Tally) -> None:
    """After the storm: files whole, acknowledged writes present, nothing late, rebuild agrees."""
    entries = rig.root / "entries"
    leftovers = [p.name for p in entries.iterdir() if p.name.startswith(".")]
    assert leftovers == [], "temp files left behind by failed writes"
    assert not [p for p in rig.worker.iterdir() if p.name.startswith(".")]
    missing = [m for m in tally.accepted if not (entries / f"{m}.md").is_file()]
    assert missing == [], "a write reported accepted is not on disk"
    report = rig.store.inner.rebuild()
    assert report.broken == []
    assert report.memories == len(list(entries.glob("*.md")))
    texts = {m.text for m in rig.store.inner.list()}
    assert LATE_TEXT not in texts, "a plugin past its budget got a write in"
    assert "the model says so" not in texts, "an invalid draft from a model got in"


def fire_storm(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, n: int, seed: int) -> Tally:
    rig = Rig(tmp_path, monkeypatch)
    tally = run_fires(rig, n, seed)
    rig.plugin.release.set()  # let the abandoned hung calls finish
    print(f"\nfault injection (seed {seed}): {tally.report()}")
    assert tally.escaped == []
    assert tally.ok_while_hit == []
    assert tally.clean_not_ok == []
    assert tally.bad_drafts_accepted == 0
    assert set(tally.hits) == set(FAULTS) - {"none"}, "every kind of fault must have hit"
    check_store(rig, tally)
    for hook in HOOKS:  # and the loop goes on: one clean fire of each hook is ok
        after = rig.hooks.fire(hook, **context(hook, 0, rig.worker))
        assert after.ok, after
    return tally


def test_fault_injection_reduced(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """400 fires under every fault kind: 0 escaped, 0 ok-while-hit, every clean fire ok,
    no malformed draft accepted, the store whole and rebuildable afterwards."""
    fire_storm(tmp_path, monkeypatch, 400, seed=8)


@pytest.mark.slow
def test_fault_injection_full(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same at 10,000 fires (issue 8's figure)."""
    fire_storm(tmp_path, monkeypatch, 10_000, seed=80)
