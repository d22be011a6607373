"""The hook runtime: gating first, results as values, time budgets, one log event per fire."""

from __future__ import annotations

import threading
import time
from pathlib import Path
from typing import Any

import pytest
from structlog.testing import capture_logs

from agentmem import Contribution, HookName, MemoryHooks, Tools, hookimpl
from agentmem.settings import HOOK_FLAGS
from tests.conftest import ALL_ON, HooksFactory

CONTEXTS: dict[str, dict[str, Any]] = {
    "pre_goal_synthesis": {"queue": [{"id": "b1", "title": "vendor client"}]},
    "pre_spawn_pack": {"goal": {"title": "vendor client"}},
    "post_run_classify": {"run": {"run_id": "2026-11-29-r1", "goal": "g", "outcome": "success"}},
    "post_retro_distill": {"retro": {"path": "retro.md"}},
    "judgment_harvest": {},
}


def files_under(path: Path) -> list[Path]:
    return sorted(p for p in path.rglob("*") if p.is_file())


def test_all_flags_off_skips_every_hook_and_writes_nothing(
    make_hooks: HooksFactory, tmp_path: Path
) -> None:
    """Master off: every hook is skipped with the master's name, before the context is read."""
    hooks = make_hooks({})
    before = files_under(tmp_path)
    for name in HookName:
        result = hooks.fire(name, garbage="not even a valid context")
        assert (result.ran, result.skipped, result.reason) == (False, True, "AGENTMEM_ENABLED off")
    assert files_under(tmp_path) == before
    assert hooks._store is None  # the store was never opened


def test_master_on_hook_flag_off_names_the_flag(make_hooks: HooksFactory, tmp_path: Path) -> None:
    """Master on, hook flag off: skipped with the hook's own variable as the reason."""
    hooks = make_hooks({"AGENTMEM_ENABLED": "true"})
    before = files_under(tmp_path)
    for name in HookName:
        result = hooks.fire(name, **CONTEXTS[name.value])
        assert result.skipped and not result.ran
        assert result.reason == f"{HOOK_FLAGS[name]} off"
    assert files_under(tmp_path) == before


def test_one_flag_on_runs_only_that_hook(make_hooks: HooksFactory) -> None:
    hooks = make_hooks({"AGENTMEM_ENABLED": "true", "AGENTMEM_HOOK_POST_RUN": "true"})
    assert hooks.fire("post_run_classify", **CONTEXTS["post_run_classify"]).ran
    assert hooks.fire("pre_spawn_pack", **CONTEXTS["pre_spawn_pack"]).skipped


class Raises:
    @hookimpl
    def post_run_classify(self, run: Any, tools: Tools) -> Contribution:
        raise RuntimeError("plugin exploded")


class Sleeps:
    def __init__(self) -> None:
        self.release = threading.Event()

    @hookimpl
    def post_run_classify(self, run: Any, tools: Tools) -> Contribution:
        self.release.wait(5)
        return Contribution(drafts=[{"text": "late", "type": "semantic", "confidence": 0.8}])


def test_plugin_that_raises_is_a_value(hooks: MemoryHooks) -> None:
    """A plugin exception becomes ok=False with its type and message; the next fire works."""
    hooks.register(Raises())
    result = hooks.fire("post_run_classify", **CONTEXTS["post_run_classify"])
    assert result.ok is False and result.ran is True
    assert result.error is not None
    assert (result.error.type, result.error.message) == ("RuntimeError", "plugin exploded")
    hooks.pm.unregister(
        name=next(n for n, p in hooks.pm.list_name_plugin() if isinstance(p, Raises))
    )
    again = hooks.fire("post_run_classify", **CONTEXTS["post_run_classify"])
    assert again.ok, again.error


def test_store_that_raises_is_a_value(hooks: MemoryHooks, root: Path) -> None:
    """A store that cannot write (entries/ is a file here) gives ok=False, then recovers."""
    root.mkdir(parents=True)
    (root / "entries").write_text("not a folder")
    result = hooks.fire("post_run_classify", **CONTEXTS["post_run_classify"])
    assert result.ok is False
    assert result.error is not None and result.error.type == "StoreError"
    (root / "entries").unlink()
    again = hooks.fire("post_run_classify", **CONTEXTS["post_run_classify"])
    assert again.ok and again.writes.accepted


def test_plugin_past_the_budget_times_out_and_writes_nothing(
    make_hooks: HooksFactory, root: Path
) -> None:
    """A hung plugin: the fire returns at the budget with HookTimeout; its late drafts never land."""
    hooks = make_hooks(defaults=False, AGENTMEM_HOOK_TIMEOUT_S="0.2")
    sleeper = Sleeps()
    hooks.register(sleeper)
    started = time.monotonic()
    result = hooks.fire("post_run_classify", **CONTEXTS["post_run_classify"])
    assert time.monotonic() - started < 3
    assert result.ok is False
    assert result.error is not None and result.error.type == "HookTimeout"
    sleeper.release.set()
    time.sleep(0.1)
    assert not (root / "entries").exists() or not list((root / "entries").iterdir())
    hooks.pm.unregister(sleeper)
    assert hooks.fire("judgment_harvest").ok


def test_all_invalid_drafts_is_not_ok_and_logged(make_hooks: HooksFactory) -> None:
    """A harvest whose writes all fail reads as failure, in the result and in its log event."""

    class BadDrafts:
        @hookimpl
        def judgment_harvest(self, window: Any, tools: Tools) -> Contribution:
            tools.list_memories()
            tools.propose_memory(
                {"text": "The export needs two retries.", "type": "semantic", "confidence": "0.8"}
            )
            return Contribution(
                text="proposed two lessons",
                drafts=[
                    {
                        "text": "The API pages at 100.",
                        "type": "semantic",
                        "confidence": 0.8,
                        "cohort": "",
                    }
                ],
            )

    hooks = make_hooks(defaults=False)
    hooks.register(BadDrafts())
    with capture_logs() as logs:
        result = hooks.fire("judgment_harvest")
    assert result.ok is False and result.error is None
    assert result.writes.attempted == 2 and not result.writes.accepted
    fields = {p["field"] for r in result.writes.rejected for p in r.problems}
    assert fields == {"confidence", "cohort"}
    events = [e for e in logs if e["event"] == "hook_run"]
    assert len(events) == 1
    assert events[0]["tool_calls"] == {"list_memories": 1, "propose_memory": 1}
    assert events[0]["final_text_tail"] == "proposed two lessons"
    assert events[0]["ok"] is False


def test_log_tail_is_the_last_400_characters(make_hooks: HooksFactory) -> None:
    class Verbose:
        @hookimpl
        def judgment_harvest(self, window: Any, tools: Tools) -> Contribution:
            return Contribution(text="a" * 1000 + "THE END")

    hooks = make_hooks(defaults=False)
    hooks.register(Verbose())
    with capture_logs() as logs:
        result = hooks.fire("judgment_harvest")
    assert result.ok
    tail = next(e for e in logs if e["event"] == "hook_run")["final_text_tail"]
    assert len(tail) == 400 and tail.endswith("THE END")


def test_one_event_per_fire_also_in_the_ledger(hooks: MemoryHooks) -> None:
    """Each fire past the gate appends exactly one line to the audit ledger."""
    from agentmem.audit import ledger as auditlog

    with capture_logs() as logs:
        hooks.fire("judgment_harvest")
        hooks.fire("pre_goal_synthesis", queue=[])
    assert [e["event"] for e in logs if e["event"] == "hook_run"] == ["hook_run", "hook_run"]
    ledger = list(auditlog.read(hooks.settings.log_path))
    assert [e["hook"] for e in ledger] == ["judgment_harvest", "pre_goal_synthesis"]


def test_pre_goal_with_nothing_queued_never_retrieves(hooks: MemoryHooks) -> None:
    """Hook A skips with "nothing queued" and makes zero retrievals (seed 000's idle-loop fix)."""
    for queue in (None, []):
        result = hooks.fire("pre_goal_synthesis", queue=queue)
        assert (result.skipped, result.reason) == (True, "nothing queued")
        assert result.reads.retrievals == 0 and result.tool_calls == {}


def test_unknown_hook_and_bad_context_are_values(hooks: MemoryHooks) -> None:
    """Nothing the host passes makes fire raise."""
    unknown = hooks.fire("post_lunch_nap")
    assert unknown.ok is False and unknown.error is not None and unknown.error.type == "UnknownHook"
    missing = hooks.fire("post_run_classify")
    assert missing.ok is False and missing.error is not None and "run" in missing.error.message
    bad = hooks.fire(
        "post_run_classify", run={"run_id": "2026-11-29-x", "goal": "g", "outcome": "great"}
    )
    assert bad.error is not None and "run.outcome" in bad.error.message
    extra = hooks.fire("judgment_harvest", when="now")
    assert extra.error is not None and "unexpected: when" in extra.error.message


def test_read_hooks_never_write(make_hooks: HooksFactory) -> None:
    class Sneaky:
        @hookimpl
        def pre_spawn_pack(self, goal: Any, tools: Tools) -> Contribution:
            return Contribution(drafts=[{"text": "sneaky", "type": "semantic", "confidence": 0.8}])

    hooks = make_hooks(defaults=False)
    hooks.register(Sneaky())
    result = hooks.fire("pre_spawn_pack", goal={"title": "x"})
    assert result.writes.rejected and not result.writes.accepted
    assert result.ok is False


def test_typed_methods_match_fire(hooks: MemoryHooks) -> None:
    """Each hook has a typed method that is the same call as fire(name)."""
    for name in HookName:
        assert callable(getattr(hooks, name.value))
    result = hooks.post_run_classify(run=CONTEXTS["post_run_classify"]["run"])
    assert result.hook == "post_run_classify" and result.ok


def test_from_env_reads_the_file(tmp_path: Path) -> None:
    env = tmp_path / ".env.executive"
    env.write_text("\n".join(f"{k}={v}" for k, v in ALL_ON.items()) + "\nAGENTMEM_USER_ID=amy\n")
    hooks = MemoryHooks.from_env(env)
    assert hooks.settings.enabled and hooks.settings.user_id == "amy"
    assert hooks.settings.root == tmp_path / "memory"


def test_misspelled_hookimpl_fails_at_registration(hooks: MemoryHooks) -> None:
    """pm.check_pending(): a plugin implementing a hook that does not exist fails at start-up."""
    import pluggy

    class Typo:
        @hookimpl
        def post_run_clasify(self, run: Any) -> None: ...

    with pytest.raises(pluggy.PluginValidationError):
        hooks.register(Typo())


def test_new_settings_gate_the_next_fire(make_hooks: HooksFactory, root: Path) -> None:
    """The gate is worked out once per settings: assigning new settings to a live
    MemoryHooks switches hooks off (and on again) from the next fire, by name or member."""
    hooks = make_hooks({"AGENTMEM_ENABLED": "true", "AGENTMEM_HOOK_JUDGMENT": "true"})
    assert hooks.fire("judgment_harvest").ran
    on = hooks.settings
    hooks.settings = on.model_copy(update={"enabled": False})
    for name in ("judgment_harvest", HookName.JUDGMENT_HARVEST):
        off = hooks.fire(name)
        assert (off.ran, off.skipped, off.reason) == (False, True, "AGENTMEM_ENABLED off")
    hooks.settings = on
    assert hooks.fire(HookName.JUDGMENT_HARVEST).ran


def test_gated_off_results_are_fresh_values(make_hooks: HooksFactory) -> None:
    """Each gated-off fire returns its own result: a host that edits one (its writes, reads,
    histogram) changes neither the next result nor the next fire's log event."""
    hooks = make_hooks({})
    first = hooks.fire("post_run_classify")
    first.writes.accepted.append("edited")
    first.reads.queries.append("edited")
    first.tool_calls["edited"] = 1
    with capture_logs() as events:
        second = hooks.fire("post_run_classify")
    assert second.writes.accepted == [] and second.reads.queries == []
    assert second.tool_calls == {} and second is not first
    [event] = events
    assert event["writes"]["accepted"] == [] and event["tool_calls"] == {}
    assert event["skipped"] is True and event["reason"] == "AGENTMEM_ENABLED off"


def test_typed_methods_turn_bad_calls_into_context_errors(hooks: MemoryHooks) -> None:
    """A typed method called without its context, or with a keyword its hook does not take,
    returns a ContextError value naming what is wrong; it used to raise TypeError."""
    missing = hooks.post_run_classify()
    assert missing.ok is False and missing.error is not None
    assert (missing.error.type, missing.error.message) == (
        "ContextError",
        "post_run_classify needs run=…",
    )
    for result in (
        hooks.pre_spawn_pack(goal={"title": "g"}, worker="w1"),
        hooks.judgment_harvest(since="2026-11-01"),
        hooks.post_retro_distill(retro={"path": "r.md"}, extra=1),
    ):
        assert result.ok is False and result.error is not None
        assert result.error.type == "ContextError" and "unexpected:" in result.error.message
    assert hooks.pre_spawn_pack().error is not None  # no goal: a value, not a TypeError
