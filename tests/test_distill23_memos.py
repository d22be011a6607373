"""A memo, bulletin or circular pasted into a review (often as a quote) is news to act on:
its text is read as a lesson, without the quote marks."""

from __future__ import annotations

from agentmem.core.model import MemoryType
from agentmem.harvest.sectioned import lessons

REVIEW = """# Site sync, week 12

## Numbers
- 6 loop runs, 5 passed.

## Forwarded: facilities memo FM-9 (loading dock)
> To: warehouse team.
> The east loading dock closes at 18:00 from Monday; late trucks unload at the west dock.

## Quoted from the chat
> I think the forklift batteries are fine.
"""


def test_a_pasted_memo_is_read_as_a_fact_without_its_quote_marks() -> None:
    """The memo under a heading that names it is one semantic lesson, its lines joined
    without `>`; a quote under a heading of no kind (a chat line) is still no lesson."""
    found = lessons(REVIEW)
    assert [(lesson.type, lesson.text) for lesson in found] == [
        (
            MemoryType.SEMANTIC,
            "To: warehouse team. The east loading dock closes at 18:00 from Monday; late "
            "trucks unload at the west dock.",
        )
    ]


def test_a_memo_bulletin_or_circular_heading_holds_news() -> None:
    """Each of these words, anywhere in a heading, gives its section the kind of a notice."""
    for heading in ("Pasted memo", "Safety bulletin 4", "Circular 2026-03 (fares)"):
        text = f"# Review\n\n## {heading}\nThe night bus now leaves at 23:40.\n"
        assert [lesson.text for lesson in lessons(text)] == ["The night bus now leaves at 23:40."]
