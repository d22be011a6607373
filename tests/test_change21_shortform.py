"""Round 21 (issue 13): a thing said gone in full ("segment-based marks are gone") withdraws
a lesson naming it by its short form in capitals ("SEGM frames") when the two share other
words; capitals that merely begin the word, with nothing else shared, withdraw nothing."""

from __future__ import annotations

from agentmem.core.withdrawnname import withdrawn_by_name

# --- a thing said gone in full, held by its short form ----------------------------------

HELD_MARKS = (
    "Splice points are the SEGM frames titled 'cut' in the exported reel; the splicer "
    "cuts the reel there and joins the trailers in."
)


def test_a_thing_gone_in_full_withdraws_the_lesson_naming_its_short_form() -> None:
    """ "segment-based marks are gone" (and "the segment-marker path is deleted") withdraw
    the lesson on the "SEGM frames", which shares the splicer and the reel with them."""
    for draft in (
        "Splice points: editors export cuts.json; segment-based marks are gone since "
        "reel-splicer 3.0.",
        "reel-splicer 3.0 reads cuts.json next to the reel; the segment-marker code path "
        "is deleted.",
    ):
        assert withdrawn_by_name(draft, HELD_MARKS), draft


def test_a_short_form_with_nothing_else_shared_withdraws_nothing() -> None:
    """Capitals that begin the gone word ("SEGM") in a lesson on another thing (no splicer,
    no reel) are no short form of it."""
    draft = "Splice points: editors export cuts.json; segment-based marks are gone."
    other = "Billing exports carry a SEGM code per customer tier; finance reads it monthly."
    assert not withdrawn_by_name(draft, other)


def test_a_thing_ignored_entirely_withdraws_the_lesson_naming_it() -> None:
    """"reel-splicer 3.0 ignores segments entirely" withdraws the lesson on the "SEGM
    frames" the splicer cut at; a lesson naming the thing whole is withdrawn too when the
    two share other words (the album importer), not when they share none."""
    draft = (
        "Splice points now come from cuts.json, exported by the editor next to the reel; "
        "reel-splicer 3.0 ignores segments entirely."
    )
    assert withdrawn_by_name(draft, HELD_MARKS)
    importer = "The new album importer ignores tags entirely; it reads the index file."
    assert withdrawn_by_name(importer, "Tags on each photo are read by the album importer.")
    assert not withdrawn_by_name(
        "The new reader ignores tags entirely; it reads the index file.",
        "Tags on each photo are read by the importer to build albums.",
    )
