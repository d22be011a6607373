"""Maintenance: every N days, review 5 days of notes; propose MEMORY.md changes as a diff,
applied only on request."""

from __future__ import annotations

from datetime import UTC, date, datetime
from pathlib import Path

from click.testing import CliRunner

from agentmem import MemoryHooks
from agentmem.cli import main
from agentmem.harvest.gc import GarbageCollector
from agentmem.tiers import DailyLog, Maintenance
from tests.conftest import HooksFactory, semantic

TODAY = date(2026, 11, 29)


def _notes(root: Path) -> None:
    log = DailyLog(root)
    at = lambda d: datetime(2026, 11, d, 9, tzinfo=UTC)  # noqa: E731
    log.append("lesson: Kimi crashes in sub-agents given writing tasks", at(25))
    log.append("lesson: kimi crashes in sub-agents given writing tasks.", at(27))
    log.append("lesson: Gemini Flash times out on long outputs", at(28))  # once only
    log.append("Cron: news scan found 3 signals", at(28))
    log.append("obsolete: heartbeats every 10 minutes", at(29))
    log.append("lesson: a lesson from too long ago", at(20))
    log.append("lesson: a lesson from too long ago", at(21))


def _curated(root: Path, extra: str = "") -> Path:
    path = root / "MEMORY.md"
    path.write_text(
        "# MEMORY\n\n## Lessons\n- Heartbeats every 10 minutes.\n- Always confirm first.\n"
        f"{extra}\n## Preferences\n- Coding: fast models.\n"
    )
    return path


def test_review_proposes_a_diff_and_changes_nothing(hooks: MemoryHooks, root: Path) -> None:
    """A lesson seen on two of the last five days is proposed; a one-off and one outside the
    window are not; a line a note marks obsolete is proposed for pruning. MEMORY.md is
    untouched until applied."""
    _notes(root)
    path = _curated(root)
    before = path.read_bytes()
    proposal = Maintenance(hooks.settings, TODAY).review()
    assert proposal.due
    assert [a.text for a in proposal.additions] == [
        "kimi crashes in sub-agents given writing tasks."
    ]
    assert proposal.additions[0].days == ["2026-11-25", "2026-11-27"]
    assert [(p.line_no, p.reason) for p in proposal.prunes] == [
        (4, "marked obsolete in a recent note")
    ]
    assert "-- Heartbeats every 10 minutes." in proposal.diff.replace("\n-", "\n--")
    assert "+- kimi crashes" in proposal.diff
    assert path.read_bytes() == before


def test_apply_writes_and_is_not_due_again_for_n_days(make_hooks: HooksFactory, root: Path) -> None:
    """Applied, the additions land under ## Lessons and the prune is gone; the next review
    is due after AGENTMEM_MAINTAIN_DAYS days."""
    hooks = make_hooks(AGENTMEM_MAINTAIN_DAYS="3")
    _notes(root)
    path = _curated(root)
    applied = Maintenance(hooks.settings, TODAY).apply()
    assert applied.applied and applied.next_due == "2026-12-02"
    text = path.read_text()
    assert "Heartbeats every 10 minutes" not in text
    lessons = text.split("## Lessons")[1].split("## Preferences")[0]
    assert "- kimi crashes in sub-agents given writing tasks." in lessons
    later = Maintenance(hooks.settings, date(2026, 12, 1)).review()
    assert not later.due and later.additions == [] and later.diff == ""
    assert Maintenance(hooks.settings, date(2026, 12, 2)).review().due


def test_a_line_citing_an_archived_memory_is_proposed_for_pruning(
    hooks: MemoryHooks, root: Path
) -> None:
    """When GC archives a memory, the curated line that cites it is proposed for pruning."""
    memory_id = hooks.harvester.submit(semantic("Old staging quirk."), trigger="manual").memory_id
    assert memory_id is not None
    _curated(root, f"- Staging quirk, see {memory_id}.\n- Sprint ends (until 2026-11-01).\n")
    GarbageCollector(hooks.settings).archive([memory_id])
    reasons = [p.reason for p in Maintenance(hooks.settings, TODAY).review().prunes]
    assert f"cites {memory_id}, which is archived by GC" in reasons
    assert "expired on 2026-11-01" in reasons


def test_cli_maintain_shows_the_diff_and_applies_only_with_apply(
    hooks: MemoryHooks, root: Path
) -> None:
    """`agentmem maintain` prints the diff and writes nothing; `--apply` writes it."""
    _notes(root)
    path = _curated(root)
    before = path.read_bytes()
    runner = CliRunner()
    args = ["--root", str(root), "maintain", "--today", "2026-11-29"]
    shown = runner.invoke(main, args)
    assert shown.exit_code == 0, shown.output
    assert "+- kimi crashes" in shown.output and "--apply" in shown.output
    assert path.read_bytes() == before
    applied = runner.invoke(main, [*args, "--apply"])
    assert applied.exit_code == 0, applied.output
    assert "kimi crashes" in path.read_text()
