"""Hook D reads two places a review tells a worker something it had passed over: a line
that corrects an earlier note by name ("Correction to …:"), under any heading, and a
release's notes pasted in under a heading that names them."""

from __future__ import annotations

from agentmem.core.model import MemoryType
from agentmem.harvest.sectioned import lessons
from agentmem.harvest.sections import section_type

MEETING = """# Weekly kiln meeting

## Numbers
- 9 firings, 8 good.

## Discussed
- Correction to last week's note: longer soaks did not stop the glaze crawling; the clean loads were luck. What works is wiping the bisque with a damp sponge before glazing.
- The new shelf paper arrived.

## Next steps
- Correction to the firing log: add the cone numbers.
"""


def test_a_correction_naming_what_it_corrects_is_read_under_any_heading() -> None:
    """The correction under a heading of no lesson kind is one semantic lesson, its label
    kept (it tells the judge an earlier lesson is set right); the plain item beside it and
    an unticked item under a heading of plans stay out."""
    found = lessons(MEETING)
    assert [(lesson.type, lesson.text) for lesson in found] == [
        (
            MemoryType.SEMANTIC,
            "Correction to last week's note: longer soaks did not stop the glaze crawling; "
            "the clean loads were luck. What works is wiping the bisque with a damp sponge "
            "before glazing.",
        )
    ]


def test_a_correction_paragraph_and_a_bold_label_are_read_too() -> None:
    """A prose paragraph opening with the label is read as well, bold or not."""
    for label in ("Correction to our earlier advice:", "**Correction to the May note:**"):
        text = f"# Review\n\n## How the week went\n{label} the dryer needs 40 minutes.\n"
        assert [lesson.type for lesson in lessons(text)] == [MemoryType.SEMANTIC]


def test_a_word_of_correction_without_what_it_corrects_is_no_label() -> None:
    """Prose that only speaks of corrections ("Corrections to the invoices took the week")
    names nothing it sets right with a colon: it stays the week's story."""
    text = "# Review\n\n## How the week went\nCorrections to the invoices took the week.\n"
    assert lessons(text) == []


RELEASE = """# Retro: dryer firmware 2.1 rollout

## Release notes (pasted)
> dryer firmware 2.1
> - Overheat cut-out: 85 C.
> - Door lock now releases 30 s after the drum stops.

## How the rollout went
Two dryers first, then the rest. No cut-outs on the first day.
"""


def test_pasted_release_notes_are_facts() -> None:
    """Each item of a release's notes is a semantic lesson; the version line above them and
    the story of the rollout are not."""
    assert [(lesson.type, lesson.text) for lesson in lessons(RELEASE)] == [
        (MemoryType.SEMANTIC, "Overheat cut-out: 85 C."),
        (MemoryType.SEMANTIC, "Door lock now releases 30 s after the drum stops."),
    ]


def test_release_notes_give_a_kind_only_as_the_headings_first_words() -> None:
    """A "Changelog" or "Release notes …" heading holds facts; a title that is about writing
    release notes does not."""
    assert section_type("Release notes (v2.1)") is MemoryType.SEMANTIC
    assert section_type("Changelog") is MemoryType.SEMANTIC
    assert section_type("Retro: release notes tooling") is None
