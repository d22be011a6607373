"""The hook runtime: gate, validate, call the plugins within a time budget, write, log.

This is the one place where exceptions become values. Pluggy lets a plugin's exception
propagate; here each plugin is called on its own (`_calls`), and what one raises, returns
wrongly or holds past the budget becomes that plugin's `ErrorInfo` in the `HookResult`,
while the other plugins' contributions stand. Anything else `fire` catches, times, logs
and returns as the result's error.

The budget (`AGENTMEM_HOOK_TIMEOUT_S`) starts once the store is open and covers the
context's validation, every plugin call and the writes: a fire returns within it (plus
one draft's write and the ledger line) whatever a plugin or the host's context does.
"""

from __future__ import annotations

import asyncio
import contextvars
import functools
import logging
import os
import threading
import time
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import pluggy

from agentmem import contracts
from agentmem._calls import HookCall, Quarantine
from agentmem._exceptions import AgentMemError, HookTimeout, UnknownHook
from agentmem._hookcontext import (
    check_keys,
    nothing_queued,
    validate_context,
)
from agentmem._log import get_logger
from agentmem._plugins import make_manager
from agentmem._worker import OFFLOAD, POOL, PluginAborted
from agentmem.audit import ledger as auditlog
from agentmem.core.model import HookName, Problem
from agentmem.core.writer import Harvester
from agentmem.harvest import tentative
from agentmem.hookspecs import Contribution
from agentmem.reasoner.base import Reasoner
from agentmem.reasoner.breaker import guard as guard_reasoner
from agentmem.reasoner.plugin import from_settings as reasoner_from_settings
from agentmem.reasoner.plugin import install as install_reasoner
from agentmem.results import ErrorInfo, HookResult
from agentmem.retrieval.citations import UncitedSynthesis, cited_only, in_store
from agentmem.retrieval.pack import write_into
from agentmem.retrieval.reader import QueryPlanner, Reader
from agentmem.settings import HOOK_FLAGS, Settings, load_settings
from agentmem.stores import Store, open_store
from agentmem.stores.canonical import CanonicalFiles
from agentmem.stores.fallback import watch
from agentmem.tools import Tools

log = get_logger()

READ_HOOKS = frozenset({HookName.PRE_GOAL_SYNTHESIS, HookName.PRE_SPAWN_PACK})


def gated_off(settings: Settings) -> dict[str, tuple[str, str]]:
    """Hook name → (hook, reason) for every hook that is off."""
    off: dict[str, tuple[str, str]] = {}
    for hook in HookName:
        if not settings.enabled:
            reason = "AGENTMEM_ENABLED off"
        elif not settings.hook_enabled(hook):
            reason = f"{HOOK_FLAGS[hook]} off"
        else:
            continue
        off[hook.value] = (hook.value, reason)  # a HookName (a StrEnum) finds it too
    return off


def _follow_clock(store: Store, clock: Callable[[], datetime]) -> None:
    """Decay, expiry and last access read the host's clock, as `created_at` does."""
    if isinstance(store, CanonicalFiles):
        store.clock = clock


class MemoryHooks:
    """What the host loop holds: fire a hook, get a `HookResult`, never an exception."""

    def __init__(
        self,
        settings: Settings,
        *,
        store: Store | None = None,
        planner: QueryPlanner | None = None,
        plugin_manager: pluggy.PluginManager | None = None,
        clock: Callable[[], datetime] | None = None,
        reasoner: Reasoner | None = None,
    ) -> None:
        self.settings = settings  # works out which hooks are gated off, once
        self.pm = plugin_manager or make_manager()
        # A chosen reasoner (AGENTMEM_REASONER or `reasoner=`) drives every hook's playbook.
        chosen = reasoner if reasoner is not None else reasoner_from_settings(settings)
        # A model's endpoint sits behind a breaker: a dead one is skipped, not waited on.
        guarded = guard_reasoner(chosen, settings) if chosen is not None else None
        self.reasoner = install_reasoner(self.pm, settings, guarded)
        self.planner = planner
        self._store = store  # opened on the first fire past the gate, not before
        self._store_lock = threading.Lock()
        self._quarantine = Quarantine()  # plugins holding calls abandoned past the budget
        # The time stamped on memories and ledger events; a scripted clock replays a week.
        self.clock: Callable[[], datetime] = clock or (lambda: datetime.now(UTC))
        if store is not None and clock is not None:
            _follow_clock(store, clock)

    @classmethod
    def from_env(
        cls,
        env_file: str | os.PathLike[str] | None = ".env.executive",
        *,
        environ: Mapping[str, str] | None = None,
        **kwargs: Any,
    ) -> MemoryHooks:
        """Settings from the env file plus the environment, the plugins, a lazy store."""
        if (
            env_file is not None
            and not Path(env_file).exists()
            and str(env_file) == ".env.executive"
        ):
            env_file = None  # the default file is optional; an explicit one must exist
        return cls(load_settings(env_file, environ), **kwargs)

    @property
    def settings(self) -> Settings:
        return self._settings

    @settings.setter
    def settings(self, settings: Settings) -> None:
        """New settings gate the next fire; the gate is worked out here, not on every fire."""
        self._settings = settings
        self._off = gated_off(settings)
        self._off_fields: dict[str, dict[str, Any]] = {}  # hook → its gated-off log fields

    # -- plugins and parts ----------------------------------------------------------------
    def register(self, plugin: object, name: str | None = None) -> None:
        """Add a host plugin (an object or module with `@hookimpl` functions)."""
        self.pm.register(plugin, name=name)
        self.pm.check_pending()

    @property
    def store(self) -> Store:
        if self._store is None:
            with self._store_lock:  # two host threads' first fires must open one store
                if self._store is None:
                    self._store = open_store(self.settings)
                    _follow_clock(self._store, self.clock)
        return self._store

    @property
    def reader(self) -> Reader:
        """A read-only reader over the store."""
        return Reader(self.store, self.planner)

    @property
    def harvester(self) -> Harvester:
        return Harvester(self.settings, self.store, clock=self.clock)

    # -- firing ---------------------------------------------------------------------------
    def fire(self, name: str, **context: Any) -> HookResult:
        """Run one hook. Whatever a plugin, the store or the budget does, return a value."""
        started = time.perf_counter()
        off = self._off.get(name) if isinstance(name, str) else None
        if off is not None:  # gated off: before anything else, and touching nothing
            return self._skip(*off, context, started)
        try:
            hook = HookName(name)
        except ValueError:
            error = UnknownHook(name, [h.value for h in HookName])
            result = HookResult(
                hook=str(name), error=ErrorInfo.from_exception(error), reason=str(error)
            )
            self._finish(result, context, started, ledger=False)  # touches nothing either
            return result
        result = HookResult(hook=hook.value)
        try:
            self._run(hook, context, result)
        except Exception as exc:  # the one place faults become values
            result.ok = False
            result.error = ErrorInfo.from_exception(exc)
        except BaseException as exc:  # an interrupt goes on, once the ledger says what landed
            result.ok = False
            result.error = ErrorInfo.from_exception(exc)
            self._finish(result, context, started, ledger=True)
            raise
        self._finish(result, context, started, ledger=True)
        return result

    def _skip(
        self, hook: str, reason: str, context: Mapping[str, Any], started: float
    ) -> HookResult:
        """A gated-off fire: a result and one log event, nothing else (it must cost ~nothing)."""
        result = HookResult(hook=hook, skipped=True, ok=True, reason=reason)
        # The same every time but for its duration: built and scrubbed on the first skip.
        fields = self._off_fields.get(hook)
        if fields is None:
            fields = auditlog.scrub(result.log_fields())
            del fields["duration_ms"]
            self._off_fields[hook] = fields
        result.duration_ms = duration = round((time.perf_counter() - started) * 1000, 3)
        if log.is_enabled_for(logging.INFO):  # most hosts log at WARNING: build nothing then
            log.info(
                "hook_run", **fields, **auditlog.context_fields(hook, context), duration_ms=duration
            )
        return result

    def _finish(
        self, result: HookResult, context: Mapping[str, Any], started: float, *, ledger: bool
    ) -> None:
        result.duration_ms = round((time.perf_counter() - started) * 1000, 3)
        self._emit(result, auditlog.context_fields(result.hook, context), ledger=ledger)

    def _run(self, hook: HookName, context: Mapping[str, Any], result: HookResult) -> None:
        check_keys(hook, context)
        if hook is HookName.PRE_GOAL_SYNTHESIS and nothing_queued(context):
            result.skipped, result.ok, result.reason = True, True, "nothing queued"
            return
        # The first fire opens the store, outside the budget; `watch` notes each search the
        # files answer for a failed remote backend (nothing to note on the files backend).
        view, fallbacks = watch(self.store)
        reader = Reader(view, self.planner)
        budget = self.settings.hook_timeout_s
        deadline = time.monotonic() + budget
        impls = getattr(self.pm.hook, hook.value).get_hookimpls()
        calls = HookCall(
            hook.value, impls, self._quarantine, self.settings.plugin_max_hung, deadline
        )
        validated: list[dict[str, Any]] = []

        def work() -> None:  # on a worker: a huge context is validated inside the budget too
            values = validate_context(hook, context)
            validated.append(values)
            calls.run(
                values, lambda: Tools(reader, self.settings, deadline=deadline, clock=self.clock)
            )

        job = POOL.call(work, {}, max(0.0, deadline - time.monotonic()))
        held = calls.abandon() if job is None else None
        calls.close()
        if job is not None and job.error is not None:  # the context, never a plugin
            if not isinstance(job.error, Exception):
                raise PluginAborted(job.error) from job.error
            raise job.error
        if not validated:
            raise HookTimeout(hook.value, budget, "while validating the context")
        result.ran = True
        calls.account(result, held, job is None or calls.out_of_time, budget)
        result.reads.fallbacks = list(fallbacks)  # a copy: a plugin still running adds none
        proposals = [d for call in calls.calls if call.stood for d in call.tools.proposed]
        self._merge(hook, list(calls.results), proposals, validated[0], result, deadline)

    def _merge(
        self,
        hook: HookName,
        contributions: list[Contribution],
        proposals: list[Mapping[str, Any]],
        values: dict[str, Any],
        result: HookResult,
        deadline: float,
    ) -> None:
        result.final_text = "\n\n".join(c.text for c in contributions if c.text)
        drafts = [*proposals, *(d for c in contributions for d in c.drafts)]
        if hook in READ_HOOKS:
            result.synthesis = next(
                (c.synthesis for c in contributions if c.synthesis is not None), None
            )
            if result.synthesis is not None:  # each cited line names a memory that exists
                try:
                    result.synthesis = cited_only(result.synthesis, in_store(self.store))
                except UncitedSynthesis as exc:
                    result.synthesis, result.reason = None, str(exc)
                    raise
            result.pack = next((c.pack for c in contributions if c.pack is not None), None)
            for draft in drafts:  # read hooks never write
                result.writes.attempted += 1
                shown = dict(draft) if isinstance(draft, Mapping) else {"draft": repr(draft)}
                result.writes.reject(shown, [Problem("<hook>", f"{hook.value} is a read hook")])
            worker_dir = values.get("worker_dir")
            if result.pack is not None and worker_dir is not None:
                if time.monotonic() >= deadline:
                    raise HookTimeout(hook.value, self.settings.hook_timeout_s, "pack not written")
                # A worker never sees a key, even one a plugin put into the pack itself.
                scrubbed = auditlog.scrubber_for(self.settings).text(result.pack.markdown)
                write_into(Path(worker_dir), scrubbed)
        elif drafts:
            drafts = tentative.settle(hook, values, drafts, self.harvester, result, deadline)
            # The hook's write contract first (types, ranges, counts, junk), for every plugin
            # and reasoner; then filled draft by draft, so it says exactly what is on disk.
            refused = contracts.enforce(hook, values, self.settings, drafts)
            self.harvester.submit_many(
                drafts, trigger=hook.value, deadline=deadline, writes=result.writes, refused=refused
            )
        writes = result.writes
        if writes.store_errors and result.error is None:
            result.error = ErrorInfo(type="StoreError", message=writes.store_errors[0])
        if writes.past_budget and result.error is None:
            late = HookTimeout(
                hook.value,
                self.settings.hook_timeout_s,
                f"{writes.past_budget} of {writes.attempted} drafts not written",
            )
            result.error = ErrorInfo.from_exception(late)
        # A harvest that attempted writes and got none into memory (nor kept) is not a success.
        kept = writes.accepted or writes.duplicates or writes.tentative
        nothing_held = writes.attempted > 0 and not kept
        result.ok = result.error is None and not nothing_held
        if nothing_held and result.error is None:
            result.reason = f"all {writes.attempted} attempted writes were rejected"

    def _emit(self, result: HookResult, extra: dict[str, Any], *, ledger: bool) -> None:
        # Scrubbed here, so the structlog event a host routes is as clean as the ledger line.
        fields = auditlog.scrubber_for(self.settings)({**result.log_fields(), **extra})
        log.info("hook_run", **fields)
        if not ledger:
            return  # an unknown hook name touches nothing, not even the ledger
        try:
            event = {"event": "hook_run", "ts": self.clock().timestamp(), **fields}
            auditlog.record(self.settings, event, scrubbed=True)  # `fields` is scrubbed above
        except (OSError, AgentMemError) as exc:  # a full disk, or a lock the folder refuses
            log.warning("audit_log_unwritable", path=str(self.settings.log_path), error=str(exc))

    async def afire(self, name: str, **context: Any) -> HookResult:
        """`fire` for an event loop: the fire runs on one of agentmem's threads, never the loop's.

        A gated-off hook returns at once without leaving the loop (it touches nothing). The
        awaiting task may be cancelled: the fire it started still completes, writes and is
        logged (it is shielded), so the store never holds half a fire.
        """
        if isinstance(name, str) and name in self._off:
            return self.fire(name, **context)
        loop = asyncio.get_running_loop()
        # The caller's context variables (structlog's bound ones, say) travel with the fire.
        call = functools.partial(contextvars.copy_context().run, self.fire, name, **context)
        return await asyncio.shield(loop.run_in_executor(OFFLOAD.executor(), call))

    # -- one typed method per hook ---------------------------------------------------------
    # Each takes `**unexpected` and passes it on, so a misspelled keyword or a missing
    # context is a ContextError value from `fire`, never a TypeError from Python.
    def pre_goal_synthesis(self, queue: list[Any] | None = None, **unexpected: Any) -> HookResult:
        """Hook A: advisory synthesis about the queued bundles (skips when nothing is queued)."""
        return self.fire(HookName.PRE_GOAL_SYNTHESIS, queue=queue, **unexpected)

    def pre_spawn_pack(
        self,
        goal: Any = None,
        worker_dir: str | os.PathLike[str] | None = None,
        **unexpected: Any,
    ) -> HookResult:
        """Hook B: a Memory Pack for the goal, written into worker_dir/CLAUDE.md if given."""
        return self.fire(HookName.PRE_SPAWN_PACK, goal=goal, worker_dir=worker_dir, **unexpected)

    def post_run_classify(self, run: Any = None, **unexpected: Any) -> HookResult:
        """Hook C: the episodic record of a run plus what it supports."""
        return self.fire(HookName.POST_RUN_CLASSIFY, run=run, **unexpected)

    def post_retro_distill(self, retro: Any = None, **unexpected: Any) -> HookResult:
        """Hook D: lessons distilled from a retrospective file."""
        return self.fire(HookName.POST_RETRO_DISTILL, retro=retro, **unexpected)

    def judgment_harvest(self, window: Any = None, **unexpected: Any) -> HookResult:
        """Hook E: consolidate recent episodes into long-term memory."""
        return self.fire(HookName.JUDGMENT_HARVEST, window=window, **unexpected)

    # -- the same, awaitable (`afire` underneath) -----------------------------------------
    async def apre_goal_synthesis(
        self, queue: list[Any] | None = None, **unexpected: Any
    ) -> HookResult:
        """Hook A, awaitable."""
        return await self.afire(HookName.PRE_GOAL_SYNTHESIS, queue=queue, **unexpected)

    async def apre_spawn_pack(
        self,
        goal: Any = None,
        worker_dir: str | os.PathLike[str] | None = None,
        **unexpected: Any,
    ) -> HookResult:
        """Hook B, awaitable."""
        return await self.afire(
            HookName.PRE_SPAWN_PACK, goal=goal, worker_dir=worker_dir, **unexpected
        )

    async def apost_run_classify(self, run: Any = None, **unexpected: Any) -> HookResult:
        """Hook C, awaitable."""
        return await self.afire(HookName.POST_RUN_CLASSIFY, run=run, **unexpected)

    async def apost_retro_distill(self, retro: Any = None, **unexpected: Any) -> HookResult:
        """Hook D, awaitable."""
        return await self.afire(HookName.POST_RETRO_DISTILL, retro=retro, **unexpected)

    async def ajudgment_harvest(self, window: Any = None, **unexpected: Any) -> HookResult:
        """Hook E, awaitable."""
        return await self.afire(HookName.JUDGMENT_HARVEST, window=window, **unexpected)
