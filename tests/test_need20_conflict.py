"""More pairs the read judges itself (`agentmem.retrieval.conflict`): a newer command of the
same tool, a newer `_global` lesson, and two lessons that runs told.

The writer left both lessons live. A worker's pack tells the newer way only when the newer
lesson says that something changed; near misses (no word of change, another job of the same
tool, the older subcommand named again) keep both."""

from __future__ import annotations

from agentmem import MemoryHooks
from agentmem.core.model import HookName, Memory
from tests.conftest import ManualClock, held, packed_ids, unlinked_pair

APP = "greenhouse"
GOAL = {"title": "Water the seedling trays in bay two", "app_id": APP}
FILLER = "Shade cloth goes over bay four from noon in July."

DRIP_OLD = "Seedling trays are watered with growctl drip --zone <bay>; never hand-water them."
DRIP_NEW = "Since the pump swap, seedling trays are now watered with growctl mist --zone <bay>."


def _retires(old: Memory, new: Memory, *later: Memory) -> bool:
    from agentmem.retrieval.conflict import retired_by_newer

    return retired_by_newer(old, new, {"water", "tray"}, [old, new, *later])


def test_pre_spawn_pack_tells_the_newer_command_of_one_tool(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """The newer lesson waters the trays with another subcommand of the same tool and says
    it changed: the worker's pack leaves `growctl drip` out."""
    old, new = unlinked_pair(
        clocked_hooks, clock, DRIP_OLD, DRIP_NEW, app_id=APP, days=6, filler=FILLER
    )
    packed = packed_ids(clocked_hooks, GOAL)
    assert new in packed
    assert old not in packed


def test_a_newer_subcommand_told_with_no_word_of_change_retires_nothing() -> None:
    """One tool's subcommands often do two jobs side by side: without a word of change the
    newer one may be another job's."""
    old = held(DRIP_OLD, 1, "m-1", app_id=APP)
    new = held(
        "Seedling trays in the cold frame are watered with growctl mist --zone <bay>.",
        8,
        "m-2",
        app_id=APP,
    )
    assert not _retires(old, new)


def test_a_subcommand_the_newer_lesson_still_names_is_kept() -> None:
    """The newer lesson names the old subcommand too: both run."""
    old = held(DRIP_OLD, 1, "m-1", app_id=APP)
    new = held(
        "Since the pump swap, seedling trays are now watered with growctl mist --zone <bay>; drip stays "
        "for the cuttings.",
        8,
        "m-2",
        app_id=APP,
    )
    assert not _retires(old, new)


def test_a_newer_subcommand_retires_the_older_command() -> None:
    assert _retires(held(DRIP_OLD, 1, "m-1", app_id=APP), held(DRIP_NEW, 8, "m-2", app_id=APP))


def test_a_newer_global_lesson_retires_an_apps_older_value() -> None:
    """A `_global` lesson is read by every app: its newer value of the same slot tells how
    things are now for the app's older lesson too."""
    old = held(
        "Seedling trays are misted for 12 minutes each morning in bay two.", 1, "m-1", app_id=APP
    )
    new = held(
        "Since the nozzle upgrade, seedling trays are misted for 8 minutes each morning in bay two.",
        8,
        "m-2",
        app_id="_global",
    )
    assert _retires(old, new)


def test_an_apps_newer_lesson_does_not_retire_another_apps() -> None:
    """Two apps' lessons are two things, whatever their words: only `_global` speaks for all."""
    old = held(
        "Seedling trays are misted for 12 minutes each morning in bay two.", 1, "m-1", app_id=APP
    )
    new = held(
        "Since the nozzle upgrade, seedling trays are misted for 8 minutes each morning in bay two.",
        8,
        "m-2",
        app_id="nursery",
    )
    assert not _retires(old, new)


def test_two_run_lessons_from_one_loop_are_no_sections_of_one_document() -> None:
    """A run's lessons carry the host loop's name as their source: two runs' lessons are
    judged as a pair, while two sections of one distilled document are not."""
    run = {"trigger": HookName.POST_RUN_CLASSIFY.value, "source": "grow-loop"}
    old_text = "Seedling trays are misted for 12 minutes each morning in bay two."
    new_text = (
        "Since the nozzle upgrade, seedling trays are misted for 8 minutes each morning in bay two."
    )
    assert _retires(
        held(old_text, 1, "m-1", app_id=APP, **run), held(new_text, 8, "m-2", app_id=APP, **run)
    )
    doc = {"trigger": HookName.POST_RETRO_DISTILL.value, "source": "retros/week-14.md"}
    assert not _retires(
        held(old_text, 1, "m-1", app_id=APP, **doc), held(new_text, 8, "m-2", app_id=APP, **doc)
    )
