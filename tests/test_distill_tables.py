"""Hook D reads a markdown table row by row: under a heading that gives its rows a kind
(patterns, lessons) each row is one lesson, its column names giving the cells their meaning;
under a heading of plans only the rows said done are read, as facts, without who and when."""

from __future__ import annotations

from pathlib import Path

from agentmem import MemoryHooks
from agentmem.harvest.sectioned import lessons
from agentmem.harvest.tables import table_sentences

WEEKLY = """# Weekly retro, week 12

## Numbers

| app | runs | ok | failed |
|---|---:|---:|---:|
| billing-api | 4 | 3 | 1 |

## Patterns

| cause | times | apps |
|---|---|---|
| replica lag after the nightly vacuum | 3 | reports, billing-api |
| expired staging certificates | 2 | all |

## Action items

| # | action | owner | status |
|---|---|---|---|
| 1 | every deploy waits for the replica lag check to pass | platform | done 03-14 |
| 2 | renew staging certificates from the pipeline | platform | open |
- [x] Reports read from the primary during the vacuum window (reports)
- [ ] Ask the DBA team about a second replica
"""


def test_a_patterns_table_yields_one_lesson_per_row_read_with_its_column_names() -> None:
    """Each pattern row is a reflective lesson "subject (column: cell; …)" (the table was
    skipped whole: a retro that keeps its patterns in a table yielded none of them)."""
    found = [(lesson.type.value, lesson.text) for lesson in lessons(WEEKLY)]
    assert (
        "reflective",
        "replica lag after the nightly vacuum (times: 3; apps: reports, billing-api)",
    ) in found
    assert ("reflective", "expired staging certificates (times: 2; apps: all)") in found


def test_plans_said_done_are_facts_and_open_plans_and_numbers_are_not() -> None:
    """A done action item (a `done` status, a ticked box) is a change made: a fact, without
    its row number, owner and status; an open one is still work to do, and a table of
    counts under a heading of no lesson kind is no lesson."""
    texts = [lesson.text for lesson in lessons(WEEKLY)]
    assert "every deploy waits for the replica lag check to pass" in texts
    assert "Reports read from the primary during the vacuum window (reports)" in texts
    assert not any("renew staging" in text or "second replica" in text for text in texts)
    assert not any("billing-api (runs" in text for text in texts)


def test_a_table_with_no_header_reads_key_value() -> None:
    """A two-column table whose header is blank (a postmortem's facts box) reads each row
    as "key: value"."""
    table = ["| | |", "|---|---|", "| Severity | SEV-2 |", "| Owner | payments on-call |"]
    assert table_sentences(table) == ["Severity: SEV-2", "Owner: payments on-call"]


def test_a_two_column_table_reads_key_value() -> None:
    """A "topic | rule" table reads "topic: rule", as a sentence would say it (the column
    name in brackets, "Matrix size (Rule: …)", read as an aside and hid the subject)."""
    table = ["| Topic | Rule |", "|---|---|", "| Plan freeze | 21:00 depot local time |"]
    assert table_sentences(table) == ["Plan freeze: 21:00 depot local time"]


def test_table_rows_are_written_through_hook_d(hooks: MemoryHooks, tmp_path: Path) -> None:
    """Fired on a periodic retro, the rows' lessons are written as memories."""
    path = tmp_path / "retros" / "weekly-2026-W12.md"
    path.parent.mkdir(parents=True)
    path.write_text(WEEKLY)
    result = hooks.post_retro_distill(retro={"path": "retros/weekly-2026-W12.md", "periodic": True})
    assert result.ok
    texts = [hooks.store.get(memory_id).text for memory_id in result.writes.accepted]
    assert any(text.startswith("replica lag after the nightly vacuum") for text in texts)
    assert "every deploy waits for the replica lag check to pass" in texts
