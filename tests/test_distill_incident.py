"""A postmortem's lessons are about the incident its title names: each is led by the title,
so a goal on that work finds them by more than one shared word."""

from __future__ import annotations

from agentmem.harvest.distill import distill

POSTMORTEM = """# Postmortem: bulk partner pushes throttled (HTTP 429)

Two bulk pushes to the partner API were throttled on 17 and 27 May.

## Lessons
- Updates go through the shared rate limiter: at most 4 requests per second per account,
  and only the rejected updates are retried, honouring Retry-After.
- Retracted: the earlier advice to pause a minute and resend the whole batch.
- Postmortem: bulk partner pushes throttled (HTTP 429) showed the sandbox never throttles.
"""

WEEKLY = """# Weekly review, week 21

## Lessons
- Updates go through the shared rate limiter: at most 4 requests per second per account.
"""


def test_a_postmortems_lessons_are_led_by_its_title() -> None:
    """The title leads each lesson (a lesson alone shared one word with a goal on the same
    pushes, and lost its place to others); a withdrawal keeps its cue first, and a lesson
    that already says the title is not led twice."""
    found = distill(POSTMORTEM, "postmortems/2026-05-29-throttling.md", periodic=False).found
    assert [lesson.text for lesson in found] == [
        "Postmortem: bulk partner pushes throttled (HTTP 429) — Updates go through the shared "
        "rate limiter: at most 4 requests per second per account, and only the rejected "
        "updates are retried, honouring Retry-After.",
        "Retracted: the earlier advice to pause a minute and resend the whole batch.",
        "Postmortem: bulk partner pushes throttled (HTTP 429) showed the sandbox never throttles.",
    ]


def test_other_documents_lessons_are_not_led_by_their_title() -> None:
    """A weekly review's title names a week, not what its lessons are about."""
    found = distill(WEEKLY, "reviews/2026-W21.md", periodic=True).found
    assert [lesson.text for lesson in found] == [
        "Updates go through the shared rate limiter: at most 4 requests per second per account."
    ]
