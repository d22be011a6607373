"""A periodic review written as prose, under no heading of a lesson kind, still yields the
changes it tells: each sentence that says something is now otherwise is a fact."""

from __future__ import annotations

from agentmem.core.model import MemoryType
from agentmem.harvest.distill import distill

MONTHLY = """# March monthly review

March had 30 loop runs and 4 failures, most of them in the glazing line.

The kiln now fires on Tuesdays and Fridays, and the first Tuesday load came out clean. We
think the new shelves helped. One crate was moved to bay 4 by hand on the 12th.

Shipped: the dryer timer, the crate labels, the new order form.

For April: look at the dryer again.
"""


def test_a_prose_review_yields_the_sentences_that_tell_a_change() -> None:
    """Only the sentence that tells how things are now is read: not the week's numbers, a
    guess, a thing done once ("was moved … by hand"), a labelled list, nor the plans."""
    result = distill(MONTHLY, "reviews/2026-03-monthly.md", periodic=True)
    assert [(lesson.type, lesson.text) for lesson in result.found] == [
        (
            MemoryType.SEMANTIC,
            "The kiln now fires on Tuesdays and Fridays, and the first Tuesday load came "
            "out clean.",
        )
    ]


def test_a_retro_of_no_period_is_not_read_sentence_by_sentence() -> None:
    """The retro of one run told in prose keeps its story out, as before."""
    result = distill(MONTHLY, "retros/kiln.md", periodic=False, run_id="2026-03-30-run-007")
    assert result.found == []


def test_a_review_with_enough_lessons_of_its_own_is_read_as_before() -> None:
    """When the review's headings give it the lessons a periodic one should yield, its
    prose elsewhere is not searched for more."""
    review = (
        "# Weekly review\n\n## Lessons\n- Glaze A needs 3 coats.\n- Glaze B needs 2 coats.\n"
        "- Shelves crack above cone 10.\n\n## Story\nThe kiln now fires on Tuesdays.\n"
    )
    result = distill(review, "reviews/weekly-12.md", periodic=True)
    assert [lesson.text for lesson in result.found] == [
        "Glaze A needs 3 coats.",
        "Glaze B needs 2 coats.",
        "Shelves crack above cone 10.",
    ]
