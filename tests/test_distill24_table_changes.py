"""A table of values before and after, under a heading of no lesson kind, tells each value
that changed as a fact: "<row> is now <new> (was <old>)"."""

from __future__ import annotations

from agentmem.core.model import MemoryType
from agentmem.harvest.sectioned import lessons
from agentmem.harvest.tables import changes

REVIEW = """# Stockroom review, 2026-04-02

## Settings agreed

| item | old | new |
|---|---|---|
| reorder point for glaze A | 8 tubs | 12 tubs |
| delivery day | Monday | Monday |

## Numbers

| week | orders | late |
|---|---|---|
| 13 | 40 | 2 |
"""


def test_a_table_of_old_and_new_values_tells_the_changed_rows() -> None:
    """The changed row is one semantic lesson naming its old value; the unchanged row and
    a table of plain numbers are none."""
    assert [(lesson.type, lesson.text) for lesson in lessons(REVIEW)] == [
        (MemoryType.SEMANTIC, "Reorder point for glaze A is now 12 tubs (was 8 tubs)."),
    ]


def test_before_and_after_columns_are_read_alike() -> None:
    """Columns "before" and "after" name the two values as "old" and "new" do; a table
    with two columns of new values (or none of old ones) is no table of changes."""
    table = ["| check | before | after |", "|---|---|---|", "| door sensor | 5 s | 2 s |"]
    assert changes(table) == ["Door sensor is now 2 s (was 5 s)."]
    assert changes(["| a | new | now |", "|---|---|---|", "| x | 1 | 2 |"]) == []
    assert changes(["| a | b | new |", "|---|---|---|", "| x | 1 | 2 |"]) == []
