"""A thing a later lesson says was removed: a plain success written before that lesson that
still names it leaves packs; a record about another thing that shares a word stays; a
failure on it stays (its cause is worth reading)."""

from __future__ import annotations

import pytest

from agentmem import MemoryHooks
from agentmem.core.removal import mentions, removed
from tests.conftest import ManualClock
from tests.test_loop_replacements import run

TAGS = ["export"]


@pytest.mark.parametrize(
    ("text", "things"),
    [
        ("The --full flag was removed in 3.0; pass --since instead.", {"--full"}),
        ("We deleted legacy_export.py; exports run through the API.", {"legacy_export.py"}),
        ("Retired the orders-v1 endpoint, clients call orders-v2.", {"orders-v1"}),
        ("The A100 nodes are gone: jobs schedule on the H100 pool.", {"a100"}),
        ("The nightly export job no longer exists.", {"nightly export job"}),
        ("The old file feed is retired.", {"file feed"}),
        ("The nightly export job is now retired.", {"nightly export job"}),
        # A deprecated thing still works: a run that used it tells how things are.
        ("The orders-v1 endpoint is deprecated.", set()),
        # One plain word names nothing on its own; a participle inside a clause removes nothing.
        ("The cluster was removed.", set()),
        ("The parser dropped an hour of stock deltas.", set()),
        ("Bump the export timeout to 30 s.", set()),
    ],
)
def test_what_a_lesson_says_was_removed(text: str, things: set[str]) -> None:
    """A removal cue ("was removed", "we deleted", "retired", "is gone", "no longer
    exists") names the thing next to it: a name, else a phrase of two words or more."""
    assert removed(text) == things


def removal(hooks: MemoryHooks, clock: ManualClock) -> None:
    """Three days on, a run's lesson says the script was deleted."""
    clock.advance(days=3)
    run(hooks, "2026-10-08-r9", "Clean up the reports repo", "Cleanup merged.", TAGS,
        ("We deleted legacy_export.py: the monthly finance export runs through the export API.",))  # fmt: skip
    clock.advance(days=1)


GOAL = {
    "title": "Monthly finance export of the orders",
    "app_id": "console-cert",
    "tags": ["export"],
}


def packed(hooks: MemoryHooks) -> list[str]:
    pack = hooks.pre_spawn_pack(goal=GOAL).pack
    assert pack is not None
    return [e.id for e in pack.entries]


def test_a_success_that_used_a_removed_file_leaves_packs(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """A success record that ran legacy_export.py, written before a lesson says the
    script was deleted, no longer reaches a pack for the same work; the lesson does."""
    hooks = clocked_hooks
    [old] = run(
        hooks, "2026-10-05-r1", GOAL["title"], "Ran scripts/legacy_export.py; 12k rows.", TAGS
    )
    removal(hooks, clock)
    ids = packed(hooks)
    assert old not in ids
    assert any("deleted legacy_export.py" in hooks.store.get(i).text for i in ids)


def test_a_record_that_shares_a_word_or_failed_on_it_stays(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """Against false removals: a success about the export API (sharing "export", "legacy",
    "finance" with the removal, not the script's name) stays in the pack, and so does a
    failure that named the script: its cause is worth reading."""
    hooks = clocked_hooks
    [other] = run(hooks, "2026-10-05-r1", GOAL["title"],
                  "Exported the legacy orders through the finance export API; 12k rows.", TAGS)  # fmt: skip
    [failed] = run(hooks, "2026-10-05-r2", "Monthly finance export of the returns",
                   "Export timed out.", TAGS, failed="legacy_export.py: killed after 30 min")  # fmt: skip
    removal(hooks, clock)
    ids = packed(hooks)
    assert other in ids
    assert failed in ids


@pytest.mark.parametrize(
    ("text", "things"),
    [
        ("The nightly export job in the ops-tools repo was removed.", {"nightly export job"}),
        ("The --full flag in deploy.sh was removed.", {"--full"}),
        ("The cache of the orders-api was removed.", set()),
        ("We deleted legacy_export.py from the tools repo.", {"legacy_export.py"}),
        ("The price CSV in config-repo is retired; prices come from the API.", {"price csv"}),
    ],
)
def test_the_place_a_removed_thing_was_in_is_not_what_was_removed(
    text: str, things: set[str]
) -> None:
    """A name after "in"/"of"/"from" says where the thing was: it was taken for the thing,
    and every record naming the repo, the script or the service was left out."""
    assert removed(text) == things


@pytest.mark.parametrize(
    ("record", "thing", "named"),
    [
        ("Prices added to store_prices.csv for 14 regions.", "price csv", True),
        ("Ran nightly_export_job.py by hand.", "nightly export job", True),
        ("Prices added, then the CSV was checked.", "price csv", False),
        ("Passed --full-sync to the exporter.", "--full", False),
        ("The deploy ran with --full.", "--full", True),
    ],
)
def test_a_phrase_is_named_by_its_words_in_a_row_also_inside_an_identifier(
    record: str, thing: str, named: bool
) -> None:
    """'the price CSV was retired' is named by a record that edited store_prices.csv (it
    was matched as written, so that record stayed in packs, stale)."""
    assert mentions(record, thing) is named
