"""The async API: `await hooks.afire(...)` and the `a`-prefixed typed methods."""

from __future__ import annotations

import asyncio
import threading
import time
from pathlib import Path
from typing import Any

import structlog
from structlog.testing import capture_logs

from agentmem import Contribution, HookName, MemoryHooks, Tools, hookimpl
from agentmem._worker import OFFLOAD_THREADS
from agentmem.audit import ledger as auditlog
from tests.conftest import HooksFactory


def run(n: int) -> dict[str, Any]:
    return {"run_id": f"2026-11-29-r{n}", "goal": f"goal {n}", "outcome": "success"}


def ledger(hooks: MemoryHooks) -> list[dict[str, Any]]:
    return [e for e in auditlog.read(hooks.settings.log_path) if e.get("event") == "hook_run"]


def test_afire_runs_concurrent_fires_off_the_loop(hooks: MemoryHooks) -> None:
    """Twenty hook C fires awaited at once all land: twenty ok results, twenty episodes
    in memory, twenty ledger lines; none ran on the event loop's thread."""
    seen: list[threading.Thread] = []

    class Notes:
        @hookimpl
        def post_run_classify(self, run: Any, tools: Tools) -> None:
            seen.append(threading.current_thread())

    hooks.register(Notes())

    async def main() -> tuple[list[Any], threading.Thread]:
        results = await asyncio.gather(
            *(hooks.afire("post_run_classify", run=run(n)) for n in range(20))
        )
        return list(results), threading.current_thread()

    results, loop_thread = asyncio.run(main())
    assert [r.ok for r in results] == [True] * 20, [r.error for r in results if not r.ok]
    accepted = {i for r in results for i in r.writes.accepted}
    episodes = [m for m in hooks.store.list() if m.type.value == "episodic"]
    assert len(episodes) == 20 and {m.id for m in episodes} <= accepted
    assert len(ledger(hooks)) == 20
    assert seen and loop_thread not in seen


def test_afire_never_blocks_the_event_loop(make_hooks: HooksFactory) -> None:
    """While a fire runs, the loop keeps running: the plugin waits for an event that only
    a coroutine on the loop sets, so a blocked loop would end the fire in a timeout."""
    released = threading.Event()

    class WaitsForTheLoop:
        @hookimpl
        def judgment_harvest(self, window: Any, tools: Tools) -> Contribution:
            return Contribution(text="loop ran" if released.wait(5) else "loop blocked")

    hooks = make_hooks(defaults=False, AGENTMEM_HOOK_TIMEOUT_S="10")
    hooks.register(WaitsForTheLoop())

    async def main() -> Any:
        fire = asyncio.ensure_future(hooks.afire("judgment_harvest"))
        await asyncio.sleep(0)  # the fire is under way on its own thread
        released.set()  # runs only if the loop is free
        return await fire

    result = asyncio.run(main())
    assert result.ok and result.final_text == "loop ran"


def test_cancelled_afire_still_completes_and_is_logged(hooks: MemoryHooks) -> None:
    """Cancelling the task awaiting afire raises CancelledError in that task, and the fire it
    started still completes, writes its memory and appends its ledger line: one cancelled
    while its plugin runs, one cancelled while it still waits for a free thread."""
    entered, release = threading.Semaphore(0), threading.Event()

    class Slow:
        @hookimpl
        def post_run_classify(self, run: Any, tools: Tools) -> None:
            entered.release()
            release.wait(5)

    hooks.register(Slow())
    fires = OFFLOAD_THREADS + 1  # the last one queues behind the others

    async def main() -> list[bool]:
        tasks = [asyncio.ensure_future(hooks.apost_run_classify(run=run(n))) for n in range(fires)]
        for _ in range(OFFLOAD_THREADS):  # every thread busy, the last fire queued
            while not entered.acquire(blocking=False):
                await asyncio.sleep(0.01)
        tasks[0].cancel()
        tasks[-1].cancel()
        release.set()
        outcomes = await asyncio.gather(*tasks, return_exceptions=True)
        return [isinstance(o, asyncio.CancelledError) for o in outcomes]

    cancelled = asyncio.run(main())
    assert cancelled == [True] + [False] * (fires - 2) + [True]
    for _ in range(500):  # the two shielded fires finish on their own threads
        if len(ledger(hooks)) == fires:
            break
        time.sleep(0.01)
    lines = ledger(hooks)
    assert len(lines) == fires and all(line["ok"] for line in lines)
    runs = {m.run_id for m in hooks.store.list() if m.type.value == "episodic"}
    assert runs == {run(n)["run_id"] for n in range(fires)}


def test_afire_gated_off_returns_on_the_loop(make_hooks: HooksFactory, tmp_path: Path) -> None:
    """A gated-off afire is answered without leaving the loop and touches nothing."""
    hooks = make_hooks({})
    result = asyncio.run(hooks.afire("post_run_classify", run=run(1)))
    assert (result.skipped, result.reason) == (True, "AGENTMEM_ENABLED off")
    assert hooks._store is None


def test_async_typed_methods_match_afire(hooks: MemoryHooks) -> None:
    """Each hook has an awaitable typed method `a<hook>` that is the same call as afire(name);
    a missing or unknown keyword is a ContextError value there too."""
    for name in HookName:
        assert asyncio.iscoroutinefunction(getattr(hooks, f"a{name.value}"))

    async def main() -> list[Any]:
        return [
            await hooks.apost_run_classify(run=run(1)),
            await hooks.apre_spawn_pack(goal={"title": "g"}),
            await hooks.apre_goal_synthesis(queue=[]),
            await hooks.ajudgment_harvest(),
            await hooks.apost_run_classify(),
            await hooks.ajudgment_harvest(when="now"),
        ]

    ran_c, ran_b, skipped_a, ran_e, missing, unknown = asyncio.run(main())
    assert ran_c.ok and ran_c.hook == "post_run_classify" and ran_c.writes.accepted
    assert ran_b.ok and ran_b.pack is not None
    assert skipped_a.reason == "nothing queued"
    assert ran_e.ok
    assert missing.error is not None and missing.error.type == "ContextError"
    assert unknown.error is not None and "unexpected: when" in unknown.error.message


def test_afire_carries_the_callers_context_variables(hooks: MemoryHooks) -> None:
    """structlog context variables bound by the awaiting task reach the fire's log event."""

    async def main() -> list[dict[str, Any]]:
        structlog.contextvars.bind_contextvars(loop_iteration=7)
        try:
            with capture_logs(processors=[structlog.contextvars.merge_contextvars]) as logs:
                await hooks.afire("judgment_harvest")
            return logs
        finally:
            structlog.contextvars.clear_contextvars()

    events = [e for e in asyncio.run(main()) if e["event"] == "hook_run"]
    assert [e.get("loop_iteration") for e in events] == [7]
