"""A change found later not to have fixed a problem withdraws the finding that it cut the
problem's figure (`agentmem.core.helpednot`), in the draft's own app and in another app,
even when the draft withdrew its own app's "that cured it" lesson; a lesson that only names
the setting, or names the change with no figure, stays."""

from __future__ import annotations

from pathlib import Path

from agentmem.core import withdrawgate
from agentmem.core.helpednot import helped_not, not_fixed
from agentmem.core.retract import withdrawn
from agentmem.core.writer import Harvester
from agentmem.settings import settings_from_values
from agentmem.stores import FileStore

# words of their own: a press line's blistering and its oven zone
NO_FIX = "Finding: the oven zone 3 change did NOT fix blistering (back at 7 % on 03-02 at 180 C)."
NOT_CURE = "Retracted: the oven zone 3 at 180 C was not the cure for blistering."
HELPED = "Finding: panel blistering 11 % -> 2 % with oven zone 3 at 180 C (one batch only)."
NAMED_ONLY = "Settings: Oven_Zone3_C = 180 (oven zone3 C; trial)."
NO_FIGURE = "Finding: blistering; oven zone 3 change helped one batch, cause not proven yet."
OTHER_ZONE = "Finding: panel blistering 11 % -> 2 % with oven zone 4 at 180 C."
OTHER_PROBLEM = "Finding: panel warping 9 % -> 1 % with oven zone 3 at 180 C."


def test_a_finding_of_a_fall_with_the_change_is_withdrawn() -> None:
    assert not_fixed(NO_FIX) and not_fixed(NOT_CURE)
    for text in (NO_FIX, NOT_CURE):
        assert helped_not(text, HELPED)
        for held in (NAMED_ONLY, NO_FIGURE, OTHER_ZONE, OTHER_PROBLEM):
            assert not helped_not(text, held), held
    assert not not_fixed("Oven zone 3 runs at 180 C for panels.")


def test_retract_withdraws_it_and_the_gate_knows_the_cue() -> None:
    held = [("a", HELPED), ("b", NAMED_ONLY), ("c", NO_FIGURE), ("d", OTHER_PROBLEM)]
    assert withdrawn(NO_FIX, held) == ["a"]
    assert withdrawgate.GATED
    assert withdrawgate.DENIES["helped_not"](NO_FIX)
    assert withdrawgate.may_withdraw(NO_FIX, [HELPED])


def test_another_apps_finding_goes_beside_the_own_apps_cure(tmp_path: Path) -> None:
    settings = settings_from_values(
        {
            "AGENTMEM_ROOT": str(tmp_path / "memory"),
            "AGENTMEM_USER_ID": "tester",
            "AGENTMEM_MEM0_API_KEY": "someKeyValue5858",
        },
        base_dir=tmp_path,
    )
    writer = Harvester(settings, FileStore(settings.root))
    lesson = {"type": "semantic", "confidence": 0.8}
    cure = "Set oven zone 3 to 180 C for the panels; that cured the blistering."
    cured = writer.submit({**lesson, "text": cure, "app_id": "press"}, trigger="manual")
    found = writer.submit({**lesson, "text": HELPED, "app_id": "oven"}, trigger="manual")
    named = writer.submit({**lesson, "text": NAMED_ONLY, "app_id": "oven"}, trigger="manual")
    outcome = writer.submit({**lesson, "text": NO_FIX, "app_id": "press"}, trigger="manual")
    gone = outcome.record.get("supersedes") or []
    assert cured.memory_id in gone
    assert found.memory_id in gone
    assert named.memory_id not in gone
