"""A hook E pattern told as one line of prose (`describe`, what hook E writes), and the
runs such a line quotes (`quoted_runs`): its example's, its follow-up's. The mining itself
is `agentmem.harvest.patterns`."""

from __future__ import annotations

import re

from agentmem.harvest.followup import FollowUp
from agentmem.harvest.patterns import Pattern, generic_words
from agentmem.harvest.phrases import terms
from agentmem.harvest.runrecord import read_record, record_goal

FOLLOWED_CHARS = 320  # of a follow-up's account in a pattern's text


def describe(pattern: Pattern) -> str:
    """The pattern as one line of prose (what hook E writes)."""
    runs = pattern.runs
    days = pattern.days
    what = f"{pattern.verifier} failed" if pattern.verifier else "runs failed"
    said = f' with "{pattern.phrase}"' if pattern.phrase else ""
    parts = [
        f"Recurring failure in {', '.join(pattern.apps)}: {what} in {len(runs)} runs "
        f"between {days[0]} and {days[-1]}{said}."
    ]
    if pattern.family:
        parts.append(f"Cause: {pattern.family}.")
    # A follow-up says more than the words failures share, unless their phrase is only
    # how every failed check reports ("9 items failed"): then the words name the cause.
    weak = len(terms(pattern.phrase) - generic_words()) < 2
    if pattern.causes and (weak or not pattern.follow_up):
        parts.append(
            f"Words these failures share and the {pattern.successes} successful runs do not: "
            f"{', '.join(pattern.causes)}."
        )
    if pattern.follow_up is not None:  # says more than any one failure's summary
        parts.append(_followed(pattern.follow_up))
    elif pattern.example is not None and pattern.example.summary:
        parts.append(f"Example, {pattern.example.memory.run_id}: {pattern.example.summary}")
    if pattern.last:
        parts.append(f"Last failed: {pattern.last}")  # unquoted: a quote reads as inches
    return " ".join(parts)


QUOTED = re.compile(r"(?:\bExample, (\S+):|\bFollowed up in (\S+) \()")


def quoted_runs(text: str) -> set[str]:
    """The runs a pattern's text quotes (its example's, its follow-up's), as `describe`
    names them."""
    return {a or b for a, b in QUOTED.findall(text)}


def _followed(found: FollowUp) -> str:
    """The follow-up as its run tells it: its goal and outcome, then the lesson it wrote on
    the failures, else its summary and what its failed checks said (where an investigation
    writes what it found)."""
    run, record = found.run, read_record(found.run.text)
    checks = [f"{c.name}: {c.detail}" for c in record.failed if c.detail]
    said = f"Lesson: {found.lesson.text}" if found.lesson else " ".join([record.summary, *checks])
    outcome = run.outcome.value if run.outcome else "recorded"
    text = f"Followed up in {run.run_id} ({run.app_id}): {record_goal(run.text)}, {outcome}. {said}"
    return text if len(text) <= FOLLOWED_CHARS else text[: FOLLOWED_CHARS - 1].rstrip() + "…"
