"""A review's section of owners or contacts says who to ask about what: facts a worker on
that work must keep, read like a notes section."""

from __future__ import annotations

from agentmem.core.model import MemoryType
from agentmem.harvest.sectioned import lessons


def test_an_owners_section_holds_facts() -> None:
    """Each item under "Owners", "Ownership", "Contacts" or "Who to ask" is a semantic
    lesson; the same items under a heading of no kind are none."""
    for heading in ("Owners", "Ownership", "Contacts", "Who to ask"):
        review = (
            f"# Monthly review\n\n## {heading}\n"
            "- Greenhouse irrigation: Lena Park (facilities), from March.\n"
            "- Seed orders: Omar Said.\n"
        )
        assert [(lesson.type, lesson.text) for lesson in lessons(review)] == [
            (MemoryType.SEMANTIC, "Greenhouse irrigation: Lena Park (facilities), from March."),
            (MemoryType.SEMANTIC, "Seed orders: Omar Said."),
        ]
    assert lessons("# Monthly review\n\n## People\n- Seed orders: Omar Said.\n") == []


def test_a_heading_that_only_mentions_an_owner_is_no_owners_section() -> None:
    """Only the heading's first word counts: "Product owner sync" is a title, not a list
    of contacts."""
    assert lessons("# Review\n\n## Product owner sync\n- Seed orders: Omar Said.\n") == []


def test_a_heading_of_one_owner_names_the_documents_owner() -> None:
    """ "Owner" or "Contact" alone says who owns the document (like an "Owner:" field),
    not who to ask about what: its item is no lesson."""
    for heading in ("Owner", "Contact"):
        assert (
            lessons(f"# Postmortem: scale drift\n\n## {heading}\n- Packing team (R. Ito).\n") == []
        )
