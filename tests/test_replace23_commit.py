"""Round 23: a commit subject whose imperative removes a thing the held lesson names
("refactor(glaze): drop kilnwatch poller and --legacy flag") withdraws that lesson, though
the subject writes the name in lower case; an imperative outside a commit subject (a step
to do), a removal of something else about the thing, or a lesson that tells of the
removal itself, withdraws nothing."""

from __future__ import annotations

import pytest

from agentmem.core.committed import removed_by_commit
from agentmem.core.held import Held, judge

HELD = "Kiln temperatures are read by the Kilnwatch poller through `kilnctl watch --legacy`."


def _replaced(draft: str, held: str) -> bool:
    return judge(draft, [Held("m1", held, "semantic")], "semantic").replaces == ["m1"]


@pytest.mark.parametrize(
    "draft",
    [
        "refactor(glaze): read kilns over MQTT only; drop kilnwatch poller and --legacy flag",
        "chore!: remove the --legacy flag",
        "feat: switch kiln reads to MQTT, remove Kilnwatch",
    ],
)
def test_a_commit_removing_a_named_thing_withdraws_the_lesson(draft: str) -> None:
    """The commit's imperative removes a thing the lesson names (a name, a flag)."""
    assert removed_by_commit(draft, HELD)
    assert _replaced(draft, HELD)


@pytest.mark.parametrize(
    "draft",
    [
        "Remove the kilnwatch lock file before rerunning the poller.",
        "fix(glaze): remove retry on kilnwatch timeouts",
        "fix(glaze): remove the stale lock file of the poller",
        "docs: Kilnwatch reads kilns every minute",
    ],
)
def test_no_commit_removal_of_the_named_thing_withdraws_nothing(draft: str) -> None:
    """A step to do, the removal of something about the thing (its retry, a lock file),
    or a commit that removes nothing, leaves the lesson."""
    assert not removed_by_commit(draft, HELD)


def test_a_lesson_telling_of_the_removal_itself_stays() -> None:
    """A held lesson that already says the thing was removed tells the new state."""
    held = "Kilnwatch was removed; kiln temperatures now come over MQTT."
    assert not removed_by_commit("chore: remove Kilnwatch", held)
