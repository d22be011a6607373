"""Opt-in (`make test-model`): the five hooks through a real model on a local server.

Set AGENTMEM_TEST_MODEL_URL to an OpenAI-compatible endpoint (`http://127.0.0.1:8080/v1`
for llama.cpp's `llama-server`, `http://127.0.0.1:11434/v1` for Ollama) and optionally
AGENTMEM_TEST_MODEL (the model name the server knows; default `local`); see
docs/model-reasoner.md for how to start one. Whatever the model answers, what agentmem
promises must hold: every fire returns a value, the results and the ledger name exactly
the files on disk, no hook writes what its contract forbids, and every synthesis line
cites a memory that exists. The figures (fires ok, drafts written and refused, tool
calls) are printed, for docs/model-reasoner.md.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from agentmem import HookResult, MemoryHooks
from agentmem.audit import ledger
from agentmem.contracts import CONTRACTS
from agentmem.core.model import HookName
from tests.conftest import HooksFactory

URL = os.environ.get("AGENTMEM_TEST_MODEL_URL", "")
MODEL = os.environ.get("AGENTMEM_TEST_MODEL", "local")
pytestmark = [
    pytest.mark.model,
    pytest.mark.skipif(not URL, reason="set AGENTMEM_TEST_MODEL_URL to a local model server"),
]

RETRO = """# Retro 2026-11-29, billing-api

## Lessons learned
- The vendor invoice API rejects requests without the X-Trace header with HTTP 400.
- The export test is flaky: run it twice with SEED=7 to expose the ordering bug.

## How to
- Regenerate the vendor client with `make client` after changing the OpenAPI file.
"""


def runs() -> list[dict[str, Any]]:
    out = []
    for i, (outcome, passed) in enumerate(
        [("failure", False), ("failure", False), ("success", True)]
    ):
        out.append(
            {
                "run_id": f"2026-11-2{7 + i}-run-{i}",
                "goal": "Export invoices to the vendor API",
                "outcome": outcome,
                "summary": "The export job posts invoices to the vendor.",
                "app_id": "billing-api",
                "verifiers": [
                    {
                        "name": "tests",
                        "passed": passed,
                        "detail": "" if passed else "HTTP 400: missing X-Trace",
                    }
                ],
                "lessons": [
                    {"text": "The vendor API needs the X-Trace header.", "evidence": ["tests"]}
                ],
            }
        )
    return out


def fire_all(hooks: MemoryHooks, tmp_path: Path) -> list[HookResult]:
    (tmp_path / "retro.md").write_text(RETRO)
    results = [hooks.post_run_classify(run=run) for run in runs()]
    results.append(hooks.post_retro_distill(retro={"path": "retro.md", "app_id": "billing-api"}))
    results.append(hooks.judgment_harvest())
    results.append(
        hooks.pre_goal_synthesis(
            queue=[{"id": "q1", "title": "Retry the invoice export", "app_id": "billing-api"}]
        )
    )
    results.append(
        hooks.pre_spawn_pack(
            goal={"title": "Add X-Trace to the vendor client", "app_id": "billing-api"}
        )
    )
    return results


@pytest.mark.parametrize("mode", ["tools", "json"])
def test_every_hook_through_a_real_model(
    make_hooks: HooksFactory, tmp_path: Path, mode: str
) -> None:
    """The promises hold whatever the model does (see the module docstring)."""
    hooks = make_hooks(
        AGENTMEM_REASONER="openai",
        AGENTMEM_REASONER_BASE_URL=URL,
        AGENTMEM_REASONER_MODEL=MODEL,
        AGENTMEM_REASONER_MODE=mode,
        AGENTMEM_HOOK_TIMEOUT_S=os.environ.get("AGENTMEM_TEST_MODEL_TIMEOUT_S", "180"),
    )
    results = fire_all(hooks, tmp_path)
    on_disk = {p.stem for p in (hooks.settings.root / "entries").glob("*.md")}
    accepted = {i for r in results for i in r.writes.accepted}
    assert accepted == on_disk
    fires = [e for e in ledger.read(hooks.settings.log_path) if e.get("event") == "hook_run"]
    assert {i for e in fires for i in e["writes"]["accepted"]} == on_disk
    for memory_id in on_disk:
        memory = hooks.store.get(memory_id, touch=False)
        allowed = {t.value for t in CONTRACTS[HookName(memory.trigger)].types}
        assert memory.type.value in allowed, memory
    synthesis = results[-2].synthesis
    for line in (synthesis or "").splitlines():
        for cited in [w[1:-1] for w in line.split() if w.startswith("[") and w.endswith("]")]:
            assert cited in on_disk or hooks.store.get(cited, touch=False)
    summary = {
        "mode": mode,
        "model": MODEL,
        "fires": len(results),
        "ok": sum(r.ok for r in results),
        "written": len(accepted),
        "refused": sum(len(r.writes.rejected) for r in results),
        "tool_calls": dict(sum((Counter(r.tool_calls) for r in results), Counter())),
        "errors": [r.error.message[:120] for r in results if r.error is not None],
        "synthesis": synthesis,
    }
    print(json.dumps(summary, indent=2))
