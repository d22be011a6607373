"""load_context: a main session gets the curated tier and recent notes; a sub-agent gets
only its task's pack, never a line of MEMORY.md; both stay in budget and say what is missing."""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path

from agentmem import MemoryHooks
from agentmem.retrieval.pack import approx_tokens
from agentmem.tiers import DailyLog, HotState, load_context
from agentmem.tiers.context import curated_lines
from tests.conftest import semantic

TODAY = date(2026, 11, 29)
CURATED = """# MEMORY

## Operator preferences
- Always confirm before sending external messages.

## Lessons learned
- The vendor API returns 400 unless every request carries the X-Trace header.
- Gemini Flash times out on outputs over 2K words.
"""


def _setup(hooks: MemoryHooks, root: Path) -> None:
    root.mkdir(parents=True, exist_ok=True)
    (root / "MEMORY.md").write_text(CURATED)
    (root / "SOUL.md").write_text("You are the executive of a coding agent loop.\n")
    log = DailyLog(root)
    log.append("Deployed billing-api v2.", datetime(2026, 11, 29, 9, tzinfo=UTC))
    log.append("Retro written for run 103.", datetime(2026, 11, 28, 17, tzinfo=UTC))
    log.append("Three days ago: nothing of note.", datetime(2026, 11, 26, 8, tzinfo=UTC))
    HotState(root).set("goal", "ship the tiers")
    # The same lesson exists as a memory: a sub-agent's pack must still not carry it.
    hooks.harvester.submit(
        semantic("The vendor API returns 400 unless every request carries the X-Trace header."),
        trigger="manual",
    )
    hooks.harvester.submit(
        semantic("Vendor API requests are retried twice with backoff."), trigger="manual"
    )


def test_a_sub_agent_context_contains_no_line_of_memory_md(hooks: MemoryHooks, root: Path) -> None:
    """Even when a memory repeats a curated line word for word, the sub-agent's context holds
    no line of MEMORY.md, and it says the curated tier was withheld."""
    _setup(hooks, root)
    ctx = load_context(False, "call the vendor API", settings=hooks.settings, today=TODAY)
    assert "retried twice" in ctx.text  # it did get a pack for its task
    for line in CURATED.splitlines():
        if line.strip():
            assert line.strip() not in ctx.text
    for line in curated_lines(CURATED):
        assert line not in ctx.text
    withheld = {x.source for x in ctx.left_out}
    assert "MEMORY.md" in withheld
    assert any(s.startswith("memory semantic-") for s in withheld)
    assert "Deployed billing-api" not in ctx.text and "ship the tiers" not in ctx.text


def test_a_main_session_gets_identity_hot_memory_today_and_yesterday(
    hooks: MemoryHooks, root: Path
) -> None:
    """Main: identity files, hot state, MEMORY.md, today's and yesterday's notes; not older."""
    _setup(hooks, root)
    ctx = load_context(True, settings=hooks.settings, today=TODAY)
    assert ctx.included == [
        "SOUL.md",
        "hot state",
        "MEMORY.md",
        "daily/2026-11-29.md",
        "daily/2026-11-28.md",
    ]
    assert "X-Trace header" in ctx.text and "Retro written" in ctx.text
    assert "Three days ago" not in ctx.text
    assert ctx.left_out == []
    assert ctx.tokens == approx_tokens(ctx.text) <= ctx.budget


def test_the_budget_holds_and_the_context_says_what_it_left_out(
    hooks: MemoryHooks, root: Path
) -> None:
    """With a small budget the total stays within it; today's note keeps its newest lines,
    and every cut is listed in the text itself."""
    _setup(hooks, root)
    log = DailyLog(root)
    for i in range(200):
        log.append(f"event {i:03d} of a busy day", datetime(2026, 11, 29, 10, tzinfo=UTC))
    ctx = load_context(True, settings=hooks.settings, today=TODAY, budget_tokens=600)
    assert ctx.tokens <= 600
    assert "event 199" in ctx.text and "event 000" not in ctx.text
    cut = {x.source: x.reason for x in ctx.left_out}
    assert "daily/2026-11-29.md" in cut and "over the token budget" in cut["daily/2026-11-29.md"]
    assert "daily/2026-11-28.md" in cut
    assert "## Left out of this context" in ctx.text
    assert "daily/2026-11-29.md" in ctx.text.split("## Left out of this context")[1]


def test_a_sub_agent_without_a_task_gets_nothing(hooks: MemoryHooks, root: Path) -> None:
    """No task, nothing to retrieve for: the context is only the note of what was left out."""
    _setup(hooks, root)
    ctx = load_context(False, settings=hooks.settings, today=TODAY)
    assert ctx.included == []
    assert {x.source for x in ctx.left_out} == {"MEMORY.md", "Memory Pack"}
