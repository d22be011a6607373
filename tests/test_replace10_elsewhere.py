"""A change learnt in one app of a loop replaces another app's lesson of the same named thing
when the draft opens on that name as the first word of its sentence ("Harbor CMS calls now
go to API v4 …" of "Our Harbor CMS integration is pinned to API v3.2 …"): a sentence's first
word is not read as a name by itself, and the draft's first name was read as "CMS" against
the held one's "Harbor". A draft opening on another name keeps its own."""

from __future__ import annotations

from agentmem.core.restate import replaces_elsewhere

PINNED = (
    "Our Harbor CMS integration is pinned to REST API v3.2; page templates live in the "
    "custom field layout_v1 (landing, article, legal)."
)


def test_a_new_version_told_from_the_sentence_start_replaces_the_pinned_one() -> None:
    """The draft opens on "Harbor", which the held lesson names: the same thing."""
    assert replaces_elsewhere(
        "Harbor CMS calls now go to API v4.0, and page templates are read from layout_v2; "
        "the pre-v4 field name returns 404.",
        PINNED,
    )


def test_a_draft_opening_on_another_name_is_its_own() -> None:
    """Another system's new version, or a capitalised word the held lesson never names,
    replaces nothing across apps."""
    assert not replaces_elsewhere(
        "Beacon CMS calls now go to API v4.0, and page templates are read from layout_v2.",
        PINNED,
    )
    assert not replaces_elsewhere(
        "Templates now go through the Atlas renderer on API v4.0; CMS pages are cached.",
        PINNED,
    )
