"""A setting's key given another value: a draft that writes the key a held lesson writes,
with another value, replaces it however differently the two texts word the rest (each
may open on another word); a key whose name ends in a unit, set live in a note's item, is
a lesson, and gives a new value to the held lesson that names the key's words.

Against false merges: the held value written again, a key of a record's field (an id, a
code), and a draft that names an environment or a region the held lesson does not,
replace nothing by this rule.
"""

from __future__ import annotations

import pytest

from agentmem.core.apart import set_apart
from agentmem.core.setkeys import key_words, keyed_anew, rekeyed, settings
from agentmem.core.verdict import Held, judge
from agentmem.harvest.sectioned import lessons
from agentmem.harvest.setting import sets_key, sets_value

HELD = (
    "A kiln job starts once its door sensor reads closed, waiting at most 45 s (door_wait_s: 45)."
)


def test_a_key_is_read_with_its_value_after_a_colon_or_an_equals_sign() -> None:
    """ "door_wait_s: 45" and "MAX_TRAYS=12" each set a key; a record's id sets none."""
    assert settings(HELD) == {"door_wait_s": {"45"}}
    assert settings("run with MAX_TRAYS=12 on the rig") == {"max_trays": {"12"}}
    assert settings("batch_id: 42 failed") == {}


def test_a_new_value_of_the_key_replaces_a_lesson_that_opens_otherwise() -> None:
    """The draft opens on other words than the held lesson; the key names the setting."""
    draft = (
        "Firings wait for the door sensor up to 90 s before they start (door_wait_s: 90); "
        "the new doors seal slowly."
    )
    assert rekeyed(draft, HELD)
    assert judge(draft, [Held("k1", HELD, "semantic")], "semantic").replaces == ["k1"]


@pytest.mark.parametrize(
    "draft",
    [
        "Firings wait for the door sensor at most 45 s (door_wait_s: 45), as before.",
        "Firings wait for the door sensor, 90 s now (door_wait_s: 90, was door_wait_s: 45).",
        "In staging the rig runs with door_wait_s: 90, the test doors being slow.",
        "The EU plant sets door_wait_s: 90 for its own kilns.",
        "Kilns at the Leeds plant wait 90 s (door_wait_s: 90 in plants/leeds.yaml).",
    ],
)
def test_the_same_value_a_history_or_one_case_is_no_new_value_of_the_key(draft: str) -> None:
    """The held value again, both values in one text, a named environment or region."""
    assert not rekeyed(draft, HELD)


def test_two_named_things_each_with_its_own_value_of_the_key_stay_apart() -> None:
    """Each text names a plant the other does not: two plants' settings."""
    york = "Kilns at the York plant wait 45 s (door_wait_s: 45 in plants/york.yaml)."
    leeds = "The Leeds plant gives its kilns 90 s (door_wait_s: 90 in plants/leeds.yaml)."
    assert not rekeyed(leeds, york)


KEYED = "Kiln doors are given 45 s to seal before a firing starts."


def test_a_key_set_live_gives_the_lesson_naming_its_words_a_new_value() -> None:
    """ "KILN_DOOR_S=75 deployed to production" gives the held 45 s of kiln doors a new value."""
    draft = "Tue 14:20 - KILN_DOOR_S=75 deployed to production after two cracked shelves."
    assert key_words(draft) == ["kiln door"]
    assert keyed_anew(draft, KEYED)
    assert judge(draft, [Held("k2", KEYED, "semantic")], "semantic").replaces == ["k2"]


@pytest.mark.parametrize(
    ("draft", "held"),
    [
        ("KILN_DOOR_S=90 set in staging for the slow test rig.", KEYED),
        ("KILN_DOOR_S=75 deployed to production.", "Glaze vents are given 45 s to clear."),
        ("KILN_DOOR_S=75 deployed to production (was 45 s).", KEYED),
        ("KILN_DOOR_S=45 set in production.", KEYED),
        ("KILN_DOOR_MIN=2 set in production.", KEYED),
    ],
)
def test_another_case_thing_or_unit_or_the_old_value_again_is_no_new_value(
    draft: str, held: str
) -> None:
    """Another environment, another thing, the old value as history, the same value, or
    a value in another unit than the held one's leave the held lesson."""
    assert not keyed_anew(draft, held)


def test_a_notes_item_that_sets_a_key_live_is_a_lesson() -> None:
    """A day's item that puts a key's value in force is news; one that proposes it is not."""
    note = (
        "# Kiln log, week 12\n\n## Tue\n"
        "- 14:20 KILN_DOOR_S=75 deployed to production after two cracked shelves.\n"
        "- We should set GLAZE_VENT_S=60 next week.\n"
    )
    found = [lesson.text for lesson in lessons(note)]
    assert any("KILN_DOOR_S=75" in text for text in found)
    assert not any("GLAZE_VENT_S" in text for text in found)
    assert sets_key("door_wait_s raised to 90 (door_wait_s: 90)")
    assert not sets_key("Try DOOR_WAIT_S=90 if the shelves crack again.")


def test_a_thing_of_several_words_said_to_keep_its_own_run_is_set_apart() -> None:
    """ "The regional parts ledger export keeps its own weekly slot" sets apart a held
    lesson opening on that export, a word more or less: the draft's news is of another job."""
    held = "The regional spare parts ledger export runs weekly on Sundays for the auditors."
    draft = (
        "Shop floor counts moved to a 10-minute refresh cycle on 3 May. "
        "The regional parts ledger export keeps its own weekly slot."
    )
    assert set_apart(draft, held)


def test_a_notes_item_saying_what_a_value_becomes_is_a_lesson() -> None:
    """ "The kiln hold becomes 40 minutes" tells the new value; "will become" does not yet."""
    note = (
        "# Kiln sync, week 14\n\n## What this means for us\n"
        "- The glaze kiln hold becomes 40 minutes (the new clay needs longer).\n"
        "- The bisque hold will become 30 minutes once the new shelves arrive.\n"
    )
    found = [lesson.text for lesson in lessons(note)]
    assert any("becomes 40 minutes" in text for text in found)
    assert not any("bisque" in text for text in found)
    assert sets_value("The cap became 2 GB after the upgrade.")
    assert not sets_value("If the cap becomes 2 GB, split the uploads.")
