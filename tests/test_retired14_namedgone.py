"""A lesson that uses a name a newer lesson of its app says is removed, gone or withdrawn
leaves packs and hook A; a lesson that names it to say it is gone, one of another app, one
written after, and a run record stay. Several made-up domains and phrasings."""

from __future__ import annotations

import pytest

from agentmem.core.model import Hit, Memory
from agentmem.retrieval.namedgone import gone, named_gone
from tests.conftest import held


def _hit(memory: Memory) -> Hit:
    return Hit(memory=memory, score=1.0)


REMOVALS = [
    pytest.param(
        "Rule FIRE-12 is withdrawn. Its replacement sets the exit width by room size.",
        "Every hall needs a 2 m exit under FIRE-12; move the stage, never the door.",
        "fire-12",
        id="rule-withdrawn",
    ),
    pytest.param(
        "The --turbo flag was removed in release 4; use the default scheduler.",
        "Render the nightly atlas with --turbo to finish before 06:00.",
        "--turbo",
        id="flag-removed",
    ),
    pytest.param(
        "We deleted sync_legacy.py; the shop sync runs from the job queue.",
        "Run sync_legacy.py by hand when the shop prices look stale.",
        "sync_legacy.py",
        id="file-deleted",
    ),
    pytest.param(
        "The old mail-relay02 host no longer exists; mail goes through the cloud relay.",
        "Alerts are mailed through mail-relay02 on port 25; no login needed.",
        "mail-relay02",
        id="host-gone",
    ),
]


@pytest.mark.parametrize(("removal", "older", "name"), REMOVALS)
def test_an_older_lesson_using_a_removed_name_leaves(removal: str, older: str, name: str) -> None:
    """The older lesson leaves; the removal itself stays."""
    assert name in gone(removal)
    old = held(older, 1, "semantic-old", app_id="desk")
    new = held(removal, 9, "semantic-new", app_id="desk")
    kept = named_gone([_hit(old), _hit(new)], [])
    assert [h.memory.id for h in kept] == ["semantic-new"]


@pytest.mark.parametrize(("removal", "older", "name"), REMOVALS)
def test_what_stays_beside_a_removal(removal: str, older: str, name: str) -> None:
    """Another app's lesson, a lesson written after the removal, a lesson that itself says
    the name is gone, and a run record are not left out."""
    new = held(removal, 9, "semantic-new", app_id="desk")
    other = held(older, 1, "semantic-other", app_id="studio")
    after = held(older, 12, "semantic-after", app_id="desk")
    told = held(f"{removal} Noted in the handbook.", 1, "semantic-told", app_id="desk")
    record = held(
        f"Run 2027-03-01-r1: nightly job ended in failure. {older}",
        1,
        "episodic-run",
        app_id="desk",
        type="episodic",
        confidence=1.0,
    )
    hits = [_hit(m) for m in (other, after, told, record)]
    kept = named_gone(hits, [_hit(new)])
    assert [h.memory.id for h in kept] == [h.memory.id for h in hits]


def test_a_replaced_or_retracting_removal_removes_nothing() -> None:
    """A removal that was itself replaced, or that takes back a lesson, says nothing is gone
    now."""
    removal, older, _ = REMOVALS[0].values
    old = held(str(older), 1, "semantic-old", app_id="desk")
    new = held(str(removal), 5, "semantic-new", app_id="desk")
    later = held("Exit widths follow the room-size table.", 9, "semantic-later", app_id="desk",
                 supersedes=["semantic-new"])  # fmt: skip
    kept = named_gone([_hit(old)], [_hit(new), _hit(later)])
    assert [h.memory.id for h in kept] == ["semantic-old"]
