"""A heading types its bullets by the words it begins with, never by letters inside a word."""

from __future__ import annotations

from agentmem.core.model import MemoryType
from agentmem.harvest.sectioned import lessons
from agentmem.harvest.sections import section_type

ADR = """# ADR 0012: Artifact registry moves to Release Engineering; snapshot retention 14 days

- Status: Accepted (2026-08-13)
- Deciders: heads of Release Engineering and Platform Storage
- Effective: 2026-08-17

## Context
- Snapshot storage grew 38% in July.

## Decision
1. From 2026-08-17 **Release Engineering owns the artifact registry**; questions go to
   **#releng-oncall**.
2. Snapshot artifacts are kept **14 days**, down from 30.
"""


def test_a_word_inside_another_word_gives_no_section_type() -> None:
    """ "Artifact" holds "fact": the title of an artifact registry's record is no facts
    section, while "Facts" and "Lessons learned" still are."""
    assert section_type("ADR 0012: Artifact registry moves to Release Engineering") is None
    assert section_type("Facts") is not None
    assert section_type("Lessons learned") is not None


def test_a_decision_records_metadata_is_not_its_decision() -> None:
    """The record's Status/Deciders/Effective lines under its title are not lessons; its
    two decisions are, so the per-run cap of three keeps both (the metadata had filled it)."""
    found = [lesson.text for lesson in lessons(ADR)]
    assert not any(text.startswith(("Status", "Deciders", "Effective")) for text in found)
    assert any("#releng-oncall" in text for text in found)
    assert any("14 days" in text for text in found)


def test_a_heading_that_labels_what_to_keep_types_its_bullets() -> None:
    """ "Keep in mind", "Notes", "Reminders" and "Rules" hold facts, "Observations" what runs
    showed, and a notice anywhere in a heading ("Bank notice (important)") news to act on
    (a weekly note's "Keep in mind" bullets yielded nothing); "Release notes 2026" is a
    title, not a notes section."""
    assert section_type("Keep in mind") == MemoryType.SEMANTIC
    assert section_type("Notes") == MemoryType.SEMANTIC
    assert section_type("Reminders") == MemoryType.SEMANTIC
    assert section_type("Observations") == MemoryType.REFLECTIVE
    assert section_type("Bank notice (important)") == MemoryType.SEMANTIC
    assert section_type("Retro: release notes 2026-07") is None
    weekly = "# Weekly retro\n\n## Keep in mind\n- Test patients are found by MRN, not by id.\n"
    assert [lesson.text for lesson in lessons(weekly)] == [
        "Test patients are found by MRN, not by id."
    ]


def test_a_section_of_a_kind_told_in_prose_alone_is_read() -> None:
    """A weekly retro's "Bank notice (important)" is one paragraph: its prose is the lesson
    (it yielded nothing, a retro's lessons being its bullets); a sentence ending in ":"
    before a list still only introduces the list."""
    weekly = (
        "# Weekly retro, week 40\n\n## Bank notice (important)\nThe bank moves the same-day "
        "cut-off to 13:00 from Monday.\n\n## Lessons\nWe learned a few things:\n\n"
        "- Pin the SDK.\n"
    )
    assert [lesson.text for lesson in lessons(weekly)] == [
        "The bank moves the same-day cut-off to 13:00 from Monday.",
        "Pin the SDK.",
    ]
