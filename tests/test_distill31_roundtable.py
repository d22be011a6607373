"""A periodic review written as several people's answers, each under their name, yields
the answers that tell a change (label cut, first person led by the name) and one person's
word that another's earlier note was wrong, kept as written for the writer to withdraw."""

from __future__ import annotations

from agentmem.core.model import MemoryType
from agentmem.harvest.distill import distill

ROUND = """# Kiln retro, week 3

One set of questions for the whole crew: What went well? What was painful? What changed?

## Mara (glazes)
What worked: the new sieve. What hurt: two lost mornings on the wrong theory.

## Obi
Mara's note from week 1 is mistaken, do not rely on it: the draft had nothing to do
with the pinholes. What changed: since 4 May I have taken over the kiln log, shelf 2.

## Ines
Nothing to add; the shelves held.
"""


def test_answers_of_change_and_a_retraction_are_read_from_a_round_of_answers() -> None:
    """The retraction stays as written; the change loses its question and is led by the
    name of the person who says "I"; what worked or hurt tells no change."""
    result = distill(ROUND, "retros/week-3.md", periodic=True)
    assert [(lesson.type, lesson.text) for lesson in result.found] == [
        (
            MemoryType.SEMANTIC,
            "Mara's note from week 1 is mistaken, do not rely on it: the draft had "
            "nothing to do with the pinholes.",
        ),
        (MemoryType.SEMANTIC, "Obi: Since 4 May I have taken over the kiln log, shelf 2."),
    ]


def test_an_answer_in_the_third_person_is_not_led_by_a_name() -> None:
    """Only "I" needs the section's name: a sentence that names its subject stays as is."""
    review = "# Weekly retro\n\n## Obi\nWhat changed: the kiln log moved to shelf 2.\n"
    result = distill(review, "retros/weekly-4.md", periodic=True)
    assert [lesson.text for lesson in result.found] == ["The kiln log moved to shelf 2."]


def test_a_round_of_answers_for_one_run_is_not_read_sentence_by_sentence() -> None:
    """The retro of one run keeps its prose out, as before."""
    result = distill(ROUND, "retros/kiln.md", periodic=False, run_id="2026-05-04-run-007")
    assert result.found == []
