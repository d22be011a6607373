"""Hook D reads a standing document (a runbook, an SOP, a handover, an announcement) whole:
every section holds how things are now, in prose as often as in lists. A section's prose is
one fact; its list one fact led by its heading; a numbered list one procedure (led by the
paragraph that ends in ":" before it, else by its heading); a table one fact led by its
heading. Reasons, plans still open, a change log and the document's bookkeeping stay out."""

from __future__ import annotations

from pathlib import Path

from agentmem import MemoryHooks
from agentmem.harvest.distill import distill
from agentmem.harvest.standing import is_standing, standing_lessons

RUNBOOK = """# Runbook: nightly ledger export

_Revision 4, 2027-03-02: new window after the storage move._

Owner: ledger team · Last reviewed: 2027-03-02

| rev | date | change |
|---|---|---|
| 4 | 2027-03-02 | new export window |

## Why
The storage team needs the early morning for snapshots.

## When
Production exports run only in the Saturday window, 22:00–02:00 UTC, with the ledger
on-call watching the bridge.

## Procedure
1. Open a change ticket and put its number in `export.yml`.
2. Pause the reconciliation job:
   `reconctl pause --until 02:15`
3. Run `ledger-export --all` and check the row counts.

## Known failure modes
| symptom | cause | action |
|---|---|---|
| `E-413 batch_too_large` | batch over 500 rows | lower `EXPORT_BATCH` |

## Do not
- Edit the export tables by hand.
- Rerun a finished day without a ticket.

## Open items
- Move the export to the new scheduler.
"""

LEAD = """# Guide: signing release images

CI signs with the hardware key in read-only mode. It can only use keys that already
exist in the vault. Do this before the run that needs a new key:

1. Register the key in the vault.
2. Grant the release job access to it.
"""


def test_a_runbooks_prose_section_is_a_fact() -> None:
    """The "When" paragraph (the new window lives only there) is a fact; it yielded nothing,
    for a runbook has no lessons section and its prose was never read."""
    texts = [lesson.text for lesson in standing_lessons(RUNBOOK)]
    assert (
        "Runbook: nightly ledger export — Production exports run only in the Saturday window, "
        "22:00–02:00 UTC, with the ledger on-call watching the bridge."
    ) in texts


def test_a_numbered_procedure_is_one_lesson_led_by_its_heading() -> None:
    """The steps are one procedural lesson, numbered, led by their heading (one lesson per
    step filled the cap, each step without its context); a wrapped command stays in its
    step."""
    found = standing_lessons(RUNBOOK)
    procedures = [lesson.text for lesson in found if lesson.type.value == "procedural"]
    assert procedures == [
        "Runbook: nightly ledger export — Procedure: 1. Open a change ticket and put its number in `export.yml`. 2. Pause the "
        "reconciliation job: `reconctl pause --until 02:15`. 3. Run `ledger-export --all` and "
        "check the row counts."
    ]


def test_a_paragraph_ending_in_a_colon_leads_the_list_it_introduces() -> None:
    """ "Do this before …:" and the steps after it are one procedure, not a fact and a
    procedure that lost its reason."""
    found = standing_lessons(LEAD)
    assert [(lesson.type.value, lesson.text) for lesson in found] == [
        (
            "procedural",
            "Guide: signing release images — CI signs with the hardware key in read-only mode. It can only use keys that "
            "already exist in the vault. Do this before the run that needs a new key: "
            "1. Register the key in the vault. 2. Grant the release job access to it.",
        )
    ]


def test_each_procedure_is_led_by_its_own_heading() -> None:
    """A numbered list after a section's bullets is led by its own heading, never by the
    heading of the list before it (a "Rules" list had led the "Steps" after it)."""
    doc = "# Runbook: releases\n\n## Rules\n- Tag first.\n- Never on Fridays.\n\n## Steps\n1. Tag.\n2. Push.\n"
    assert [lesson.text for lesson in standing_lessons(doc)] == [
        "Runbook: releases — Rules: Tag first; Never on Fridays.",
        "Runbook: releases — Steps: 1. Tag. 2. Push.",
    ]


def test_lists_and_tables_are_one_fact_each_led_by_their_heading() -> None:
    """A list under "Do not" keeps its "Do not" (alone, "Edit the export tables by hand."
    said the opposite); a table is one fact, its rows read with their column names."""
    texts = [lesson.text for lesson in standing_lessons(RUNBOOK)]
    assert (
        "Runbook: nightly ledger export — Do not: Edit the export tables by hand; Rerun a "
        "finished day without a ticket."
    ) in texts
    assert (
        "Runbook: nightly ledger export — Known failure modes: `E-413 batch_too_large` (cause: batch over 500 rows; action: "
        "lower `EXPORT_BATCH`)."
    ) in texts


def test_reasons_open_plans_change_logs_and_bookkeeping_stay_out() -> None:
    """The "Why" section, open items, the rev/date/change table, the italic revision note
    and the owner line are no state a worker must follow."""
    texts = " ".join(lesson.text for lesson in standing_lessons(RUNBOOK))
    for absent in ("snapshots", "new scheduler", "new export window", "Revision 4", "Owner"):
        assert absent not in texts
    assert len(standing_lessons(RUNBOOK)) == 4


def test_every_lesson_is_led_by_the_documents_title() -> None:
    """A runbook's title names what its sections are about ("Limits: 5 requests/second"
    named no service, so a worker's search for the service never found it): each lesson is
    led by it."""
    doc = "# Ledger API throttling\n\n## Limits\n- 5 requests/second per client key.\n"
    assert [lesson.text for lesson in standing_lessons(doc)] == [
        "Ledger API throttling — Limits: 5 requests/second per client key."
    ]


def test_which_documents_are_standing() -> None:
    """The path or the title names a runbook, SOP, handover, announcement…; a weekly retro
    and a postmortem do not; a periodic retro or the retro of one run is never read so."""
    assert is_standing("docs/runbooks/ledger-export.md", "# Ledger export")
    assert is_standing("docs/ops/ledger.md", "# Runbook: ledger export")
    assert is_standing("announcements/2027-03-01-freeze.md", "# Change freeze")
    assert is_standing("sops/SOP-7-amendments.md", "# Amendments")
    assert not is_standing("retros/weekly-2027-W09.md", "# Weekly retro")
    assert not is_standing("postmortems/2027-03-01-export.md", "# Postmortem: short export")
    assert len(distill(RUNBOOK, "runbooks/x.md", periodic=False).found) == 4
    one_run = distill(RUNBOOK, "runbooks/x.md", periodic=False, run_id="r-1").found
    assert not any("Saturday window" in lesson.text for lesson in one_run)


def test_a_runbooks_new_window_replaces_the_held_one(hooks: MemoryHooks, tmp_path: Path) -> None:
    """Fired through hook D, the runbook's "When" paragraph is written and supersedes the
    lesson that gave the old window, which no longer lingers as a live fact."""
    held = hooks.harvester.submit(
        {
            "text": "Production exports run only in the Tue/Thu 01:00–04:00 UTC windows.",
            "type": "semantic",
            "confidence": 0.8,
            "app_id": "ledger",
        },
        trigger="manual",
    )
    path = tmp_path / "runbooks" / "ledger-export.md"
    path.parent.mkdir(parents=True)
    path.write_text(RUNBOOK)
    result = hooks.post_retro_distill(
        retro={"path": "runbooks/ledger-export.md", "app_id": "ledger"}
    )
    assert result.ok
    written = [hooks.store.get(memory_id) for memory_id in result.writes.accepted]
    window = next(memory for memory in written if "Saturday window" in memory.text)
    assert held.memory_id in window.supersedes


LETTER = """Subject: a few changes after the migration

Hi all,

The old bucket goes read-only on Oct 9 and is deleted on Oct 16, so nothing should read
from it any more. Sandbox nodes are ours now: page the platform team through the
lms-sandbox service when one misbehaves.

Thanks for a rough few weeks,
Ines
"""


def test_a_letter_yields_one_fact_per_sentence() -> None:
    """A note of paragraphs alone (no heading, no list), sent to say what changed, tells
    one thing per sentence: each is a fact (it yielded nothing, having no lessons section);
    its subject line, greeting and closing are none."""
    found = distill(LETTER, "retros/2026-10-04-platform-note.md", periodic=False).found
    assert [lesson.text for lesson in found] == [
        "The old bucket goes read-only on Oct 9 and is deleted on Oct 16, so nothing should "
        "read from it any more.",
        "Sandbox nodes are ours now: page the platform team through the lms-sandbox service "
        "when one misbehaves.",
    ]


THREAD = """# pasted from #deploys, Tue 3 Mar

**Ana Ruiz (Release manager)** 09:12
From Monday the nightly deploy starts at 23:30 instead of 22:00. The database team
needs the extra time for the index rebuild.

**Tom Berg (Platform)** 09:20
Updated the scheduler in PR #412. Manual deploys are not affected.
"""


def test_paragraphs_under_the_title_alone_are_a_letter() -> None:
    """A chat thread pasted under one heading (its title) and nothing but paragraphs is
    read like a letter, one fact per sentence (sentences under 40 characters say too little
    alone): having a heading, it yielded nothing, and the new time never replaced the old."""
    found = distill(THREAD, "notes/2026-03-03-deploys-channel.md", periodic=False).found
    assert [lesson.text for lesson in found] == [
        "From Monday the nightly deploy starts at 23:30 instead of 22:00.",
        "The database team needs the extra time for the index rebuild.",
    ]  # each message's "**Name** 09:12" header and the thread's title are no fact
