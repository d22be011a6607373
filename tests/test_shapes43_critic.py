"""A review's edit marks (CriticMarkup) read as the edit: what is added or kept is the
text, what is deleted or substituted away is struck (an ended claim, never the current
lesson), a reviewer's comment is no lesson; braces in prose stay."""

from __future__ import annotations

import pytest

from agentmem.harvest.distill import distill
from agentmem.harvest.strikes import reviewed, unstruck


def _found(text: str) -> list[str]:
    return [lesson.text for lesson in distill(text, "retros/week-9.md", periodic=True).found]


def test_a_substitution_keeps_the_new_words_and_strikes_the_old() -> None:
    """ "{~~old~>new~~}" says the new value; the old one is kept aside as what it replaces."""
    text, struck = unstruck("# Lessons\n\n- Forklift checks run at {~~06:30~>07:15~~} daily.\n")
    assert "07:15" in text and "06:30" not in text and "{" not in text
    assert [s.old for s in struck] == ["06:30"]


def test_a_deletion_followed_by_an_addition_is_a_replacement() -> None:
    """ "{--old--}{++new++}" reads as the new words, the old ones what they replace."""
    text, struck = unstruck("# Lessons\n\n- Returns go to {--dock 2--}{++dock 5++} after noon.\n")
    assert "dock 5" in text and "dock 2" not in text
    assert [s.old for s in struck] == ["dock 2"]


def test_a_deleted_lesson_stays_struck_as_a_retraction() -> None:
    """A whole line deleted says it is ended: struck, not a current lesson."""
    found = _found("# Lessons\n\n- {--Wax the conveyor belt every Monday.--}\n- Keep ramps dry.\n")
    assert "~~Wax the conveyor belt every Monday.~~" in found
    assert "Wax the conveyor belt every Monday." not in found


def test_a_reviewers_comment_and_highlight_are_no_lesson() -> None:
    """A highlight is its words; the comment beside it, and a comment alone, are gone."""
    found = _found(
        "# Lessons\n\n"
        "- Badge in at {==the east gate==}{>>still true after the rebuild? -- MK<<} before 08:00.\n"
        "- {>>Ask facilities about the west gate.<<}\n"
        "- Visitors sign the {++paper++} log at reception.\n"
    )
    assert found[:2] == [
        "Badge in at the east gate before 08:00.",
        "Visitors sign the paper log at reception.",
    ]
    assert not any("facilities" in text or "MK" in text for text in found)


def test_a_comment_beside_an_edit_is_its_reason() -> None:
    """A reviewer's comment on the line of an edit stays as the edit's reason, in
    parentheses; one over lines, or beside no edit, is gone."""
    text, _ = unstruck(
        "# Lessons\n\n- Lot checks run {~~weekly~>daily~~} {>>the auditor asked for it<<}.\n"
        "- Keep the fire door shut. {>>who wrote\nthis?<<}\n"
    )
    assert "- Lot checks run daily (the auditor asked for it)." in text
    assert "who wrote" not in text and "{" not in text


@pytest.mark.parametrize(
    "text",
    [
        '- The config is {"retries": 3} -- not more.\n',
        "- Use {{placeholders}} in the mail template; ~5 min to render.\n",
        "- A set literal {1, 2} is fine -- as is --flag.\n",
        "- Arrows like a ~> b in the spec {== is not our markup\n",
    ],
)
def test_braces_and_dashes_in_prose_are_no_edit_marks(text: str) -> None:
    """Prose with braces, tildes, "--" or one half of a mark is left as it is."""
    assert reviewed(text) == text
