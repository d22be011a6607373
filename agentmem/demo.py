"""The demo: a scripted agent loop on the embedded store that fires all five hooks.

Offline, no key, no server: a newcomer sees gating, writes, dedup, a harvest, a pack and
a synthesis in one command (`make demo`).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from agentmem.results import HookResult
from agentmem.runtime import MemoryHooks
from agentmem.settings import HOOK_FLAGS, settings_from_values

APP = "billing-api"

PRINCIPLES = [
    "Never push to main unless every verifier passed.",
    "Workers never hold memory-store keys; they get the rendered Memory Pack only.",
]

RUNS: list[dict[str, Any]] = [
    {
        "run_id": "2026-11-24-run-101",
        "goal": "Add retries to the vendor client",
        "outcome": "failure",
        "summary": "The vendor API returned 400 on every call without the X-Trace header.",
        "verifiers": [{"name": "tests", "passed": False}, {"name": "lint", "passed": False}],
    },
    {
        "run_id": "2026-11-25-run-102",
        "goal": "Add retries to the vendor client",
        "outcome": "failure",
        "summary": "Tests pass once X-Trace is sent; lint still fails on import order.",
        "verifiers": [{"name": "tests", "passed": True}, {"name": "lint", "passed": False}],
    },
    {
        "run_id": "2026-11-26-run-103",
        "goal": "Add retries to the vendor client",
        "outcome": "success",
        "summary": "Tests green with X-Trace and retries; lint failed again on a flaky rule and was waived.",
        "verifiers": [
            {"name": "tests", "passed": True},
            {"name": "lint", "passed": False, "detail": "flaky"},
        ],
        "lessons": [
            {
                "text": "The vendor API rejects calls without the X-Trace header (400).",
                "evidence": ["tests"],
            },
            {
                "text": "Run `ruff check --fix` before committing Python changes.",
                "type": "procedural",
                "confidence": 0.8,
                "evidence": ["lint"],
            },
        ],
    },
]

RETRO = """# Retrospective: vendor client retries (2026-11-26)

## What happened
- Three runs; the first two failed.

## Lessons
- The vendor API returns 400 unless every request carries the X-Trace header.

## What worked
- Write the failing request as a test first, then fix the client.

## Patterns
- Lint failures cost a whole run each time; they recur across runs.
"""


def demo_hooks(root: Path) -> MemoryHooks:
    values = {"AGENTMEM_ENABLED": "true", "AGENTMEM_USER_ID": "demo", "AGENTMEM_ROOT": str(root)}
    values.update(dict.fromkeys(HOOK_FLAGS.values(), "true"))
    return MemoryHooks(settings_from_values(values, base_dir=root.parent))


def run_demo(
    root: Path, say: Callable[[str], None], show: Callable[[HookResult], str]
) -> list[HookResult]:
    """Fire every hook through a three-run loop; return each result in order."""
    root.mkdir(parents=True, exist_ok=True)
    results: list[HookResult] = []

    def fire(label: str, result: HookResult) -> None:
        say(f"\n[{label}]\n{show(result)}")
        results.append(result)

    off = MemoryHooks(settings_from_values({"AGENTMEM_ROOT": str(root)}, base_dir=root.parent))
    fire("flags off: gated before anything runs", off.post_run_classify(run=RUNS[0]))

    hooks = demo_hooks(root)
    say(f"\nmemory root: {root}")
    for text in PRINCIPLES:
        hooks.harvester.submit(
            {"text": text, "type": "principle", "source": "CONSTITUTION.md"}, trigger="backfill"
        )
    say(f"backfilled {len(PRINCIPLES)} principles")

    worker = root.parent / "worker"
    worker.mkdir(exist_ok=True)
    for number, run in enumerate(RUNS, 1):
        bundle = {
            "id": f"bundle-{number}",
            "title": "vendor client retries",
            "app_id": APP,
            "description": "The vendor API keeps failing; add retries to the client.",
        }
        fire(f"loop {number} · A pre_goal_synthesis", hooks.pre_goal_synthesis(queue=[bundle]))
        goal = {
            "title": run["goal"],
            "description": "Make the vendor client retry; push when green.",
            "app_id": APP,
            "kind": "code",
        }
        fire(
            f"loop {number} · B pre_spawn_pack", hooks.pre_spawn_pack(goal=goal, worker_dir=worker)
        )
        fire(
            f"loop {number} · C post_run_classify",
            hooks.post_run_classify(run={**run, "app_id": APP}),
        )

    fire("idle loop · A with nothing queued", hooks.pre_goal_synthesis(queue=[]))
    retro = root.parent / "retros" / "2026-11-26.md"
    retro.parent.mkdir(exist_ok=True)
    retro.write_text(RETRO, encoding="utf-8")
    retro_context = {
        "path": str(retro.relative_to(root.parent)),
        "app_id": APP,
        "run_id": "2026-11-26-run-103",
    }
    fire("D post_retro_distill", hooks.post_retro_distill(retro=retro_context))
    fire(
        "D again: the same lessons are duplicates, not copies",
        hooks.post_retro_distill(retro=retro_context),
    )
    fire("E judgment_harvest", hooks.judgment_harvest())
    final = hooks.pre_spawn_pack(
        goal={"title": "Add retries to the vendor client", "app_id": APP}, worker_dir=worker
    )
    fire("B for the next worker, with everything learned", final)
    if final.pack is not None:
        say(f"\n{worker / 'CLAUDE.md'} now holds:\n\n{final.pack.markdown}")
    return results
