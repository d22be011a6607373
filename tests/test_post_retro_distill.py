"""Hook D, post-retro distill, in full: typed lessons with the retro as source, 0–3 per-run
and 3–8 periodic, dedup against memory, the model path, and the CLI."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from agentmem import MemoryHooks
from agentmem.cli import main
from agentmem.core.model import TYPE_RULES
from tests.chat_double import ChatServerDouble, call, openai_settings, say
from tests.conftest import ALL_ON, HooksFactory

PER_RUN = """# Retro for run 2026-11-28-r4

## What happened
- 09:00 started the vendor client
## Lessons learned
- Vendor Z rate-limits us at 10 requests per second.
- The staging database resets at midnight UTC.
## How to
- Run the smoke test before tagging a release.
## Patterns across runs
- Friday deploys fail more often than others.
- [procedural] Pin the vendor SDK version in the lockfile.
"""


def write(tmp_path: Path, name: str, text: str) -> str:
    path = tmp_path / "retros" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return f"retros/{name}"


def test_post_retro_distill_per_run_caps_at_three_typed_lessons(
    hooks: MemoryHooks, tmp_path: Path
) -> None:
    """The retro of one run (the host names it) with five lessons yields three, each typed
    by its section, with its confidence inside its type's range, `source` = the retro's path
    and the run's id."""
    path = write(tmp_path, "2026-11-28-r4.md", PER_RUN)
    result = hooks.post_retro_distill(
        retro={"path": path, "app_id": "billing-api", "run_id": "2026-11-28-r4"}
    )
    assert result.ok and result.writes.attempted == 3 and len(result.writes.accepted) == 3
    memories = [hooks.store.get(i) for i in result.writes.accepted]
    assert [m.type.value for m in memories] == ["semantic", "semantic", "procedural"]
    for m in memories:
        rule = TYPE_RULES[m.type]
        assert rule.low <= m.confidence <= rule.high
        assert m.source == path and m.run_id == "2026-11-28-r4" and m.app_id == "billing-api"
    assert "5 lesson(s) found" in result.final_text and "cap 3" in result.final_text


def test_a_document_of_no_one_run_yields_up_to_eight(hooks: MemoryHooks, tmp_path: Path) -> None:
    """The same five lessons in a retro that names no run (a postmortem, a decision record, a
    runbook) are all written: the cap of three once cut a runbook's fourth step and a
    postmortem's new schedule. Its run id still comes from the dated file name."""
    path = write(tmp_path, "2026-11-28-postmortem.md", PER_RUN)
    result = hooks.post_retro_distill(retro={"path": path, "app_id": "billing-api"})
    assert result.ok and len(result.writes.accepted) == 5
    assert "cap 8" in result.final_text and "should yield" not in result.final_text
    assert {hooks.store.get(i).run_id for i in result.writes.accepted} == {"2026-11-28-retro"}


def test_post_retro_distill_periodic_takes_three_to_eight(
    hooks: MemoryHooks, tmp_path: Path
) -> None:
    """A periodic retro yields up to 8 lessons; one with fewer than 3 says so in its text."""
    many = "# Weekly retro\n## Lessons\n" + "".join(
        f"- Lesson number {n} about subsystem {chr(97 + n)}.\n" for n in range(10)
    )
    result = hooks.post_retro_distill(
        retro={"path": write(tmp_path, "week-48.md", many), "periodic": True}
    )
    assert result.ok and len(result.writes.accepted) == 8
    few = "# Weekly retro\n## Lessons\n- Only one lesson this week.\n"
    thin = hooks.post_retro_distill(
        retro={"path": write(tmp_path, "week-49.md", few), "periodic": True}
    )
    assert len(thin.writes.accepted) == 1
    assert "a periodic retro should yield 3–8" in thin.final_text


def test_post_retro_distill_reports_held_lessons_as_duplicates(
    hooks: MemoryHooks, tmp_path: Path
) -> None:
    """A lesson memory already holds, word for word or nearly, updates nothing: the result
    lists the held memory's id as a duplicate and no new file appears."""
    held = hooks.harvester.submit(
        {
            "text": "Vendor Z rate-limits at 10 requests per second.",
            "type": "semantic",
            "confidence": 0.85,
            "app_id": "billing-api",
        },
        trigger="manual",
    )
    path = write(tmp_path, "2026-11-28-r4.md", PER_RUN)
    retro = {"path": path, "app_id": "billing-api", "run_id": "2026-11-28-r4"}
    first = hooks.post_retro_distill(retro=retro)
    assert held.memory_id in first.writes.duplicates and len(first.writes.accepted) == 2
    assert f"already held: {held.memory_id}" in first.final_text
    files = sorted(p.name for p in (hooks.store.root / "entries").glob("*.md"))
    again = hooks.post_retro_distill(retro=retro)
    assert again.ok and again.writes.accepted == []
    assert sorted(again.writes.duplicates) == sorted([held.memory_id, *first.writes.accepted])
    assert sorted(p.name for p in (hooks.store.root / "entries").glob("*.md")) == files
    assert hooks.store.get(held.memory_id).confidence == 0.85  # untouched


def test_post_retro_distill_model_path_rejects_out_of_range_confidence(
    make_hooks: HooksFactory, tmp_path: Path
) -> None:
    """A model proposing a procedural lesson at 0.99 (range 0.6–0.9) gets it rejected by the
    writer; with nothing accepted the result is ok=False and the histogram shows the proposal."""
    path = write(tmp_path, "2026-11-28-r4.md", PER_RUN)
    draft = {"text": "Run the smoke test first.", "type": "procedural", "confidence": 0.99}
    double = ChatServerDouble([say("", call("propose_memory", draft)), say("one how-to")])
    with double.running():
        result = make_hooks(**openai_settings(double.url)).post_retro_distill(retro={"path": path})
    assert result.ran and not result.ok and result.error is None
    assert result.tool_calls == {"propose_memory": 1}
    assert result.reason == "all 1 attempted writes were rejected"
    [rejected] = result.writes.rejected
    assert rejected.problems[0]["field"] == "confidence" and "0.6" in rejected.problems[0]["reason"]


def test_post_retro_distill_model_path_writes_what_passes(
    make_hooks: HooksFactory, tmp_path: Path
) -> None:
    """Of a model's two proposals, the valid one is written and the result is ok."""
    path = write(tmp_path, "2026-11-28-r4.md", PER_RUN)
    good = {
        "text": "Pin the vendor SDK version.",
        "type": "procedural",
        "confidence": 0.8,
        "source": path,
    }
    bad = {"text": "Everything is great.", "type": "reflective", "confidence": "0.8"}
    double = ChatServerDouble(
        [
            say("", call("read_file", {"path": path})),
            say("", call("propose_memory", good), call("propose_memory", bad)),
            say("ok"),
        ]
    )
    with double.running():
        result = make_hooks(**openai_settings(double.url)).post_retro_distill(retro={"path": path})
    assert result.ok and len(result.writes.accepted) == 1 and len(result.writes.rejected) == 1
    assert result.writes.rejected[0].problems[0]["field"] == "confidence"


@pytest.fixture
def env_file(tmp_path: Path) -> Path:
    path = tmp_path / ".env.executive"
    lines = [f"{k}={v}" for k, v in ALL_ON.items()] + ["AGENTMEM_USER_ID=cli"]
    path.write_text("\n".join(lines) + "\n")
    return path


def test_post_retro_distill_fires_from_the_cli(env_file: Path, tmp_path: Path) -> None:
    """`agentmem fire post_retro_distill --retro PATH` distills the file (no run named: all
    five of its lessons); exit 0, JSON result; a second fire writes nothing."""
    path = write(tmp_path, "2026-11-28-r4.md", PER_RUN)
    runner = CliRunner()
    out = runner.invoke(main, ["--json", "fire", "post_retro_distill", "--retro", path])
    assert out.exit_code == 0, out.output
    result = json.loads(out.stdout)
    assert result["ok"] and len(result["writes"]["accepted"]) == 5
    again = runner.invoke(main, ["fire", "post_retro_distill", "--retro", path])
    assert again.exit_code == 0 and "5 duplicate" in again.stdout


def test_post_retro_distill_next_steps_are_not_lessons(hooks: MemoryHooks, tmp_path: Path) -> None:
    """Bullets under "Next steps" or "Action items" are work still to do, not procedures
    learned: none is proposed ("steps" once made them procedural)."""
    text = (
        "# Weekly retro\n## Lessons\n- Vendor Z rate-limits at 10 requests per second.\n"
        "## Next steps\n- Ask Vendor Z for a higher limit.\n## Action items\n- Add a retry test.\n"
    )
    result = hooks.post_retro_distill(
        retro={"path": write(tmp_path, "w.md", text), "periodic": True}
    )
    assert [hooks.store.get(i).text for i in result.writes.accepted] == [
        "Vendor Z rate-limits at 10 requests per second."
    ]


ADR = """# ADR-006: barcode mismatches in demultiplexing

## Status
{status}

## Context
Run 0417 showed 3.1% index hopping; hopped reads were assigned to real samples.

## Decision
Demultiplex with zero mismatches:
bcl-convert --barcode-mismatches 0, and unique dual indexes on every plate.

## Consequences
- A few percent more undetermined reads.
"""


def test_a_decision_record_yields_its_decision_led_by_its_title(
    hooks: MemoryHooks, tmp_path: Path
) -> None:
    """An ADR's decision is prose, not bullets: it is one lesson (its lines joined), led by
    the record's title (its subject), saying what it replaces when the status does; its
    context and consequences are not lessons."""
    status = "Accepted. Replaces the one-mismatch setting in the demux step."
    path = write(tmp_path, "ADR-006.md", ADR.format(status=status))
    result = hooks.post_retro_distill(retro={"path": path, "app_id": "sequencing"})
    assert result.ok and len(result.writes.accepted) == 1
    text = hooks.store.get(result.writes.accepted[0]).text
    assert text == (
        "ADR-006: barcode mismatches in demultiplexing: Demultiplex with zero mismatches: "
        "bcl-convert --barcode-mismatches 0, and unique dual indexes on every plate "
        "(replaces the one-mismatch setting in the demux step)."
    )


@pytest.mark.parametrize(
    "status", ["Proposed", "Superseded by ADR-011.", "Status: Rejected (too costly)"]
)
def test_a_decision_record_not_in_force_yields_nothing(
    hooks: MemoryHooks, tmp_path: Path, status: str
) -> None:
    """A proposed, rejected or superseded decision is not what the team does: no lesson."""
    text = ADR.format(status=status)
    if status.startswith("Status:"):  # the status as a line of its own, not a section
        text = text.replace("## Status\n", "")
    path = write(tmp_path, "ADR-006.md", text)
    result = hooks.post_retro_distill(retro={"path": path})
    assert result.writes.attempted == 0 and "0 lesson(s) found" in result.final_text


def test_prose_in_a_retro_lesson_section_is_not_a_lesson(
    hooks: MemoryHooks, tmp_path: Path
) -> None:
    """Only a decision section's prose is read: a retro's lessons stay its bullets, so an
    introductory sentence under "Lessons" is never a memory."""
    retro = "# Retro\n\n## Lessons\nWe learned a few things this week:\n\n- Pin the SDK.\n"
    path = write(tmp_path, "2026-11-28-r5.md", retro)
    result = hooks.post_retro_distill(retro={"path": path})
    texts = [hooks.store.get(i).text for i in result.writes.accepted]
    assert texts == ["Pin the SDK."]


RINGS = """# ADR-012: Staged rollout of the sync agent

Status: accepted (2027-01-04). Deciders: fleet lead.

## Context
Until now every release went to all hosts at once; ADR-003 replaced manual installs.

## Decision
Releases move through three rings:
- ring 0: the team's own laptops, about 40 hosts;
- ring 1: 10 percent of the fleet;
- ring 2: everyone else.

Each ring soaks for 48 hours before the next one starts.

## Consequences
- This replaces the one-shot Friday release.
"""


def test_a_decision_and_the_list_completing_it_are_one_lesson_saying_what_it_replaces(
    hooks: MemoryHooks, tmp_path: Path
) -> None:
    """A decision's sentence ending in ":" and the list that completes it are one lesson
    (each item was a lesson of its own, and "ring 1: …" superseded "ring 0: …"); the
    record's "This replaces …" outside its status and context is said by the decision."""
    path = write(tmp_path, "ADR-012.md", RINGS)
    result = hooks.post_retro_distill(retro={"path": path, "app_id": "fleet"})
    texts = [hooks.store.get(i).text for i in result.writes.accepted]
    assert texts == [
        "ADR-012: Staged rollout of the sync agent: Releases move through three rings: "
        "ring 0: the team's own laptops, about 40 hosts; ring 1: 10 percent of the fleet; "
        "ring 2: everyone else (replaces the one-shot Friday release).",
        "ADR-012: Staged rollout of the sync agent: Each ring soaks for 48 hours before the "
        "next one starts.",
    ]


WEEKLY = """# Platform weekly, week 5

## Changes to know
- The on-call handover is now at 09:00 CET (was 17:00);
  the pager schedule follows on Monday.
- Staging certificates renew themselves since the cert-manager upgrade.
- Staging certificates renew at 30 days before expiry.
"""


def test_a_weekly_notes_changes_are_lessons_with_their_wrapped_lines(
    hooks: MemoryHooks, tmp_path: Path
) -> None:
    """A "Changes to know" section holds new facts (it yielded nothing); a list item that
    wraps onto a second line is one lesson with both lines (the second was dropped); and
    two lessons of one document never supersede each other (siblings, not a newer word)."""
    path = write(tmp_path, "weekly-2027-W05.md", WEEKLY)
    result = hooks.post_retro_distill(retro={"path": path, "periodic": True})
    memories = [hooks.store.get(i) for i in result.writes.accepted]
    assert [m.text for m in memories] == [
        "The on-call handover is now at 09:00 CET (was 17:00); the pager schedule follows "
        "on Monday.",
        "Staging certificates renew themselves since the cert-manager upgrade.",
        "Staging certificates renew at 30 days before expiry.",
    ]
    assert not any(m.supersedes for m in memories)


NUMBERED = """# ADR-014: Backfills and warehouse sizing

Status: Accepted (2027-01-10)
Supersedes: runbook section "Backfilling a model" (dbt run --full-refresh on TRANSFORM_WH)
Deciders: data platform

## Decision
1. TRANSFORM_WH is resized from LARGE to MEDIUM. It runs dbt_nightly and CI only.
2. Backfills go through the backfill_models DAG, which runs on BACKFILL_WH
   (XLARGE, auto-suspend 60 s).
3. fct_orders moves to incremental_strategy='microbatch'.
4. A backfill estimated above 50 credits is announced in #data-platform first.
"""


def test_numbered_decisions_are_one_lesson_each_one_saying_what_the_record_replaces(
    hooks: MemoryHooks, tmp_path: Path
) -> None:
    """Items after no introducing sentence are decisions of their own: one lesson each (all
    four: a decision record tells of no one run), none a restatement of another though all
    are led by the record's title. What the record supersedes is said once, by the decision
    sharing most words with it, up to the record's next label ("Deciders:" was read as part
    of the clause, and every decision saying it made them alike)."""
    path = write(tmp_path, "ADR-014.md", NUMBERED)
    result = hooks.post_retro_distill(retro={"path": path, "app_id": "dbt"})
    texts = [hooks.store.get(i).text for i in result.writes.accepted]
    assert len(texts) == 4 and sum("(supersedes: runbook section" in t for t in texts) == 1
    assert not any("Deciders" in t for t in texts)
    assert texts[1] == (
        "ADR-014: Backfills and warehouse sizing: Backfills go through the backfill_models "
        "DAG, which runs on BACKFILL_WH (XLARGE, auto-suspend 60 s)."
    )  # its wrapped second line kept
    again = hooks.post_retro_distill(retro={"path": path, "app_id": "dbt", "periodic": True})
    assert again.writes.accepted == [] and len(again.writes.duplicates) == 4
