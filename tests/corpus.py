"""A small existing corpus, made by the tests: a constitution, two retros, a capabilities
list and a JSONL ledger of runs (what seed 000 backfilled through its four lanes)."""

from __future__ import annotations

import json
from pathlib import Path

CONSTITUTION = """# Constitution

Preamble text that is not a rule.

1. Never push to main unless every verifier passes.
2. Only the executive's harvester writes memory;
   workers read the rendered pack.
3. Spend no more than the budget a goal was given.
   - A sub-rule: ask before exceeding it.
"""
RETRO_RUN = """# Retro 2026-11-20 run r1
## Lessons learned
- Vendor Z rate-limits at 10 requests per second.
## How to
- Run the smoke test before tagging.
"""
RETRO_WEEKLY = """# Weekly retro, week 48
## Patterns across runs
- Friday deploys fail more often.
- Long goals stall after the third worker.
## Lessons
- The staging database resets at midnight UTC.
- Coupon totals round half to even.
"""
CAPABILITIES = """# What the executive can do
- Spawn up to four workers in parallel.
- Open pull requests on GitHub.
- Query the billing API read-only.
"""
RUNS = [
    {
        "run_id": "2026-11-18-r1",
        "app_id": "shop",
        "outcome": "success",
        "summary": "Checkout shipped.",
    },
    {
        "run_id": "2026-11-19-r2",
        "app_id": "shop",
        "outcome": "failure",
        "summary": "Tests failed on cart totals.",
        "source": "runs/r2.md",
    },
    {
        "run_id": "2026-11-20-r3",
        "app_id": "billing-api",
        "outcome": "partial",
        "summary": "Retries added, docs pending.",
    },
    {
        "run_id": "2026-11-21-r4",
        "app_id": "billing-api",
        "outcome": "success",
        "summary": "Docs done.",
    },
]
EXPECTED = {"principles": 4, "retros": 6, "capabilities": 3, "episodic": 4}


def make_corpus(folder: Path) -> dict[str, Path]:
    """Write the corpus under `folder`; returns each lane's PATH (a file or a folder)."""
    (folder / "retros").mkdir(parents=True)
    (folder / "constitution.md").write_text(CONSTITUTION)
    (folder / "retros" / "2026-11-20-r1.md").write_text(RETRO_RUN)
    (folder / "retros" / "weekly-48.md").write_text(RETRO_WEEKLY)
    (folder / "capabilities.md").write_text(CAPABILITIES)
    (folder / "ledger.jsonl").write_text("\n".join(json.dumps(r) for r in RUNS) + "\n\n")
    return {
        "principles": folder / "constitution.md",
        "retros": folder / "retros",
        "capabilities": folder / "capabilities.md",
        "episodic": folder / "ledger.jsonl",
    }
