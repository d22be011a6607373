"""Which kind of memory may replace which: a pattern across runs recounts lessons, it gives
no new value of one."""

from __future__ import annotations

from agentmem.core.verdict import Held, judge

LESSON = (
    "Every send path is checked in InjectionClient.send(); do not build your own injection call."
)
PATTERN = (
    "Four send paths have now mailed suppressed addresses (resend, replay, A/B winner, and "
    "the incident itself): each built its own list and skipped the check. Centralising it in "
    "the injection client is the fix; review any new send path for it."
)
OLD_PATTERN = (
    "Three send paths have mailed suppressed addresses (resend, replay, A/B winner): each "
    "built its own list and skipped the check."
)


def test_a_pattern_does_not_replace_the_lesson_it_recounts() -> None:
    """A retro's pattern ("four send paths have now mailed suppressed addresses … the fix")
    shares the lesson's subject and says "now", and it superseded the lesson that states the
    fix ("every send path is checked in InjectionClient.send()"), which left packs."""
    held = [Held("procedural-1", LESSON, "procedural")]
    assert judge(PATTERN, held, "reflective").replaces == []
    assert judge(PATTERN, held).replaces == ["procedural-1"]  # by words alone it would


def test_a_pattern_still_replaces_an_older_pattern() -> None:
    """A newer count of the same pattern is its new state (four paths, then three)."""
    held = [Held("reflective-1", OLD_PATTERN, "reflective")]
    assert judge(PATTERN, held, "reflective").replaces == ["reflective-1"]
