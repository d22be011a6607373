"""A table of changes read under a heading of a lesson kind tells each row as its value
now, its reason after it; the value before, which the row replaced, is not written beside
the subject, where a reader would take it for the current one."""

from __future__ import annotations

from agentmem.harvest.sectioned import lessons
from agentmem.harvest.tables import table_sentences

TABLE = [
    "| setting | was | now | why |",
    "|---|---|---|---|",
    "| kiln B batch size | 40 mugs | 32 mugs | cracked rims on the top shelf |",
    "| kiln A batch size | 36 mugs | 36 mugs | unchanged |",
]


def test_a_row_of_changes_tells_its_value_now_and_not_its_old_one() -> None:
    """The changed row is now 32 with its reason, and 40 is nowhere in it; the unchanged
    row is still its value."""
    assert table_sentences(TABLE) == [
        "Kiln B batch size is now 32 mugs (why: cracked rims on the top shelf)",
        "Kiln A batch size is still 36 mugs (why: unchanged)",
    ]


def test_a_retro_of_lessons_in_a_table_of_changes_keeps_no_old_value() -> None:
    """Read from a retro under a heading of lessons, no lesson says the old batch size."""
    review = "# Kiln retro, week 14\n\n## Lessons\n\n" + "\n".join(TABLE) + "\n"
    texts = [lesson.text for lesson in lessons(review)]
    assert any("is now 32 mugs" in text for text in texts)
    assert not any("40 mugs" in text for text in texts)


def test_a_table_with_no_before_column_reads_as_before() -> None:
    """A table of plain columns keeps its "subject (column: cell)" sentences."""
    table = ["| pattern | seen | fix |", "|---|---|---|", "| slow glaze | 3 | thin it |"]
    assert table_sentences(table) == ["slow glaze (seen: 3; fix: thin it)"]
