"""Hook D reads what a document says changed: a section whose heading says it tells a
change ("Schedule (changed 2027-02-01)", "Intake change") yields its prose as a fact, in a
runbook too, whose other sections are not lessons; such facts come after the document's
own lessons, within its cap."""

from __future__ import annotations

from pathlib import Path

from agentmem import MemoryHooks
from agentmem.harvest.sectioned import lessons

RUNBOOK = """# Staging refresh

The staging database is a masked copy of production.

## Schedule (changed 2027-02-01)
From 2027-02-01 on, the staging database is refreshed on **Mondays at 06:00 UTC**,
every second week. The Monday slot leaves the weekend free.

| step | when |
|---|---|
| snapshot | Mon 05:00 |

## Before a refresh
- Announce the refresh in #staging an hour before.
"""

HELD = (
    "Staging databases are refreshed every other Thursday at 09:00 UTC (snapshot/X.Y). After "
    "the refresh only tables labelled keep-masked get masked again."
)


def test_a_runbook_section_that_says_it_changed_yields_its_prose_as_a_fact() -> None:
    """The section's paragraph is one lesson (it yielded nothing: a runbook has no lesson
    section and its prose was never read); its table is no sentence; a plain section's
    bullets stay out."""
    found = lessons(RUNBOOK)
    assert [(lesson.type.value, lesson.text) for lesson in found] == [
        (
            "semantic",
            "From 2027-02-01 on, the staging database is refreshed on **Mondays at 06:00 "
            "UTC**, every second week. The Monday slot leaves the weekend free.",
        )
    ]


def test_the_changed_schedule_supersedes_the_held_one(hooks: MemoryHooks, tmp_path: Path) -> None:
    """Fired through hook D, the runbook's new schedule replaces the lesson that gave the
    old day and time (it shares few of its words, but opens on the same subject); the
    runbook's other sections are written beside it."""
    held = hooks.harvester.submit(
        {"text": HELD, "type": "procedural", "confidence": 0.8, "app_id": "staging"},
        trigger="manual",
    )
    path = tmp_path / "docs" / "runbooks" / "staging-refresh.md"
    path.parent.mkdir(parents=True)
    path.write_text(RUNBOOK)
    result = hooks.post_retro_distill(retro={"path": "docs/runbooks/staging-refresh.md"})
    assert result.ok
    written = [hooks.store.get(memory_id) for memory_id in result.writes.accepted]
    new = next(memory for memory in written if "Mondays at 06:00" in memory.text)
    assert held.memory_id in new.supersedes


POSTMORTEM = """# Postmortem: the short export

## What we changed
- The export starts at 04:30 UTC, after the backup window.

## Lessons
- A green rerun is not a fix.
- Never export from a replica without checking its lag.
- Backups and exports share one calendar.

## Procedure change: re-running an export
Re-runs go through the CLI now:

    export rerun --date <day>

It keeps the first file beside the new one.
"""


def test_change_facts_come_after_the_documents_own_lessons() -> None:
    """A postmortem's "What we changed" items are facts, listed after its lessons so the
    cap keeps its lessons first; a change section with a kind of its own (a procedure)
    keeps its place and type, its paragraphs joined into one, a command line ended."""
    found = lessons(POSTMORTEM)
    led = "Postmortem: the short export — "  # a postmortem's lessons are led by its title
    assert [lesson.text for lesson in found[:3]] == [
        f"{led}A green rerun is not a fix.",
        f"{led}Never export from a replica without checking its lag.",
        f"{led}Backups and exports share one calendar.",
    ]
    assert (found[3].type.value, found[3].text) == (
        "procedural",
        f"{led}Re-runs go through the CLI now: export rerun --date <day>. It keeps the first "
        "file beside the new one.",
    )
    assert (found[4].type.value, found[4].text) == (
        "semantic",
        f"{led}The export starts at 04:30 UTC, after the backup window.",
    )
