"""Bare numbers of different settings of one thing ("cone 6", "900 C", "2 cm" of one kiln)
are no new values of each other: one lesson retired the next, three in a chain. A new value
of the same setting (another cone, another gap in cm) still replaces the held one."""

from __future__ import annotations

from pathlib import Path

import pytest

from agentmem import MemoryHooks
from agentmem.core.model import MemoryType
from agentmem.core.restate import replaces
from agentmem.core.slots import renewed
from agentmem.stores.files import EntryFiles


@pytest.mark.parametrize(
    ("draft", "held"),
    [
        (
            "The test kiln bisque firing peaks at 900 C before glazing.",
            "The test kiln fires stoneware to cone 6 with a slow cool.",
        ),
        ("Set the test kiln to 900 C for bisque.", "Set the test kiln to cone 6 for stoneware."),
        ("Set the test kiln shelf gap to 2 cm.", "Set the test kiln to 900 C for bisque."),
        ("Our test kiln runs to 900 C.", "Our test kiln fires to cone 6."),
        (
            "The test kiln now fires to cone 7.",
            "The test kiln bisque firing peaks at 900 C before glazing.",
        ),
    ],
)
def test_a_number_of_another_label_is_another_setting(draft: str, held: str) -> None:
    """A cone, a temperature in C and a gap in cm are three settings of one kiln: none is a
    new value of another, said "now" or not."""
    assert not replaces(draft, held)


@pytest.mark.parametrize(
    ("draft", "held"),
    [
        ("The test kiln now fires to cone 7.", "The test kiln fires to cone 6."),
        ("Set the test kiln to cone 5.", "Set the test kiln to cone 6."),
        ("The test kiln shelf gap is 3 cm.", "The test kiln shelf gap is 2 cm."),
        ("Set the test kiln to 950 C for bisque.", "Set the test kiln to 900 C for bisque."),
        (
            "Correction: the double scans were never a second reader. They are retries the hub "
            "sends after 1 reconnect; the loader must skip rows it already holds.",
            "Double parcel scans come from two readers both forwarding scans; drop scans "
            "arriving from reader rd-02.",
        ),
    ],
)
def test_a_new_value_of_the_same_setting_still_replaces(draft: str, held: str) -> None:
    """Another cone, another gap in cm, another temperature in C of the same firing, and a
    correction that names what it corrects still replace the held lesson."""
    assert replaces(draft, held)


def test_three_settings_of_one_kiln_retire_none_of_each_other(
    hooks: MemoryHooks, root: Path
) -> None:
    """Three lessons of one run, each a setting of the same kiln, are all written live: no
    one supersedes another."""
    lessons = (
        "Set the test kiln to cone 6 for stoneware.",
        "Set the test kiln to 900 C for bisque.",
        "Set the test kiln shelf gap to 2 cm.",
    )
    accepted: list[str] = []
    for n, text in enumerate(lessons, 1):
        result = hooks.post_run_classify(
            run={
                "run_id": f"2027-03-0{n}-r1",
                "goal": "Fire the test kiln",
                "outcome": "success",
                "summary": "Fired the test load.",
                "app_id": "pottery",
                "verifiers": [{"name": "kiln-log", "passed": True}],
                "lessons": [{"text": text, "type": "semantic", "confidence": 0.8}],
                "tags": [],
            }
        )
        assert result.ok
        accepted += result.writes.accepted
    files = EntryFiles(root)
    written = [files.read(i) for i in accepted]
    assert sum(m.type == MemoryType.SEMANTIC for m in written) == len(lessons)
    assert not [m.supersedes for m in written if m.supersedes]


def test_a_value_with_another_unit_stands_in_no_frame_of_the_held_one() -> None:
    """ "900 C" and "cone 6" in one frame of the kiln are two settings; "2 cm" and "3 cm" of
    the shelf gap are one setting told anew."""
    assert not renewed("Set the test kiln to 900 C for bisque.", "Set the test kiln to cone 6.")
    assert not renewed("Set the test kiln gap to 2 cm.", "Set the test kiln gap to 900 C.")
    assert renewed("Set the test kiln gap to 3 cm.", "Set the test kiln gap to 2 cm.")
    assert renewed("The kiln vent opens at 950 C.", "The kiln vent opens at 900 C.")
