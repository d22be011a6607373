"""Withdrawal by name: a lesson saying a named thing (a rule's code, a host, a vendor, a
tool at a release, a command) is withdrawn, retired, replaced or no longer used retires
the held lessons whose claim rests on that thing, however else they are worded.

Against false merges: a condition or a plan withdraws nothing, a name in a phrase after a
preposition is not what was withdrawn, another release of the same tool stays, and a held
lesson that tells of the withdrawal itself, or of what replaced the thing, stays.
"""

from __future__ import annotations

import pytest

from agentmem import MemoryHooks
from agentmem.core.byname import withdrawn_by_name, withdrawn_names
from agentmem.core.verdict import Held, judge
from tests.conftest import ManualClock
from tests.test_loop_replacements import run


def names(text: str) -> set[str]:
    """The names withdrawn, a weak one (a capital that may be only the sentence's) with "?"."""
    return {f"{n.word} {n.release}".strip() + "?" * n.weak for n in withdrawn_names(text)}


@pytest.mark.parametrize(
    ("text", "gone"),
    [
        ("Rule QX-12 is withdrawn; its replacement QX-20 scales the gap by load.", {"qx-12"}),
        ("The Borealis archive host is no longer used; snapshots go to Zephyr now.", {"borealis"}),
        ("We migrated the team wiki from Quillpad to Nimbus Docs over the weekend.", {"quillpad"}),
        ("Fernlang 3.1 is no longer supported by the build farm.", {"fernlang 3.1"}),
        ("`tarnctl push` was switched off; releases go out through the portal.", {"tarnctl push"}),
        ("Grindle replaces PlotterKit for the weekly charts.", {"plotterkit"}),
        ("Quillpad was replaced by Nimbus Docs in May.", {"quillpad?"}),
        ("The old vault-old01 box has been decommissioned.", {"vault-old01"}),
        # a condition, a plan, or a name after a preposition: nothing withdrawn (a capital
        # opening the sentence is only a name where the held lesson writes it as one)
        ("If QX-12 is withdrawn, every crate has to be measured again.", set()),
        ("Quillpad will be retired next quarter.", set()),
        ("Parcels without barcode labels are now rejected by the depot scanner.", {"parcels?"}),
        ("The old export is deprecated but still works.", set()),
        # what the cue's own clause names, not a name in the clause before it; an
        # alternative ("instead of"), a kind of thing ("an API key"), a measure
        ("Scenes must use relay-b.example now that the old relay is switched off.", set()),
        ("Sign the uploads with a key file instead of the VAULTX token.", set()),
        ("We moved from a 28-day to a 14-day window for the baseline.", set()),
        ("Uploads replaced an API key with client certificates.", set()),
        # an action on a thing withdraws the action, not the thing
        ("Rebooting the QX-9 rig between runs is no longer needed.", set()),
        ("The staging host stg-box2 is gone; runs get a namespace each.", {"stg-box2"}),
    ],
)
def test_the_names_a_text_says_are_withdrawn(text: str, gone: set[str]) -> None:
    """The subject of a passive withdrawal or the object of an active one, when it is a
    name: a code, a capitalised word, a name with its release, a command."""
    assert names(text) == gone


@pytest.mark.parametrize(
    ("draft", "held"),
    [
        (
            "Rule QX-12 is withdrawn; its replacement QX-20 scales the gap by load.",
            "Pallet lanes also need the 40 cm gap under QX-12; move the rack, never the rule.",
        ),
        (
            "The Borealis archive host is no longer used; snapshots go to Zephyr now.",
            "Nightly snapshots land on borealis-arc02 under /snap/<day>/; copy them with rsync.",
        ),
        (
            "We migrated the team wiki from Quillpad to Nimbus Docs over the weekend.",
            "Runbooks are edited in Quillpad under Ops; ask Lena for write access.",
        ),
        (
            "Fernlang 3.1 is no longer supported by the build farm.",
            "Parser builds pin Fernlang 3.1 because its lexer keeps line offsets.",
        ),
    ],
)
def test_a_lesson_resting_on_a_withdrawn_name_is_replaced(draft: str, held: str) -> None:
    """The held lesson names the withdrawn thing and shares few other words with the
    draft: the name links them, and the judge replaces it."""
    assert withdrawn_by_name(draft, held)
    assert judge(draft, [Held("old", held, "semantic")], "semantic").replaces == ["old"]


@pytest.mark.parametrize(
    ("draft", "held"),
    [
        # the held lesson tells of the withdrawal itself
        (
            "Rule QX-12 is withdrawn; its replacement QX-20 scales the gap by load.",
            "QX-12 was retired in March; crates follow the load-based gap.",
        ),
        # the held lesson already tells the change, naming what took the thing's place
        (
            "The Borealis archive host is no longer used; snapshots go to Zephyr now.",
            "Snapshots now go to Zephyr first and Borealis keeps a copy for a week.",
        ),
        # a capital that only opens the sentence names nothing the held lesson names
        (
            "Stamping is no longer needed for internal letters.",
            "Run stamping before every mailing over 500 letters.",
        ),
        # another thing whose name the withdrawn one only begins (a code is read whole)
        (
            "Rule QX-12 is withdrawn; its replacement QX-20 scales the gap by load.",
            "Rule QX-120 sets the aisle width for forklifts at 3 m.",
        ),
    ],
)
def test_a_lesson_on_another_thing_or_on_the_change_itself_stays(draft: str, held: str) -> None:
    """Against false merges (see the module docstring)."""
    assert not withdrawn_by_name(draft, held)
    assert judge(draft, [Held("old", held, "semantic")], "semantic").replaces == []


def test_another_release_or_an_opening_capital_is_not_the_name_withdrawn() -> None:
    """A tool at another release is not the release withdrawn; a capital that only opens
    the draft's sentence names a thing only where the held lesson writes it inside one."""
    draft = "Fernlang 3.1 is no longer supported by the build farm."
    assert not withdrawn_by_name(draft, "Fernlang 3.4 builds need 8 GB of memory on the farm.")
    gone = "Grindle was removed from the chart jobs."
    assert withdrawn_by_name(gone, "Weekly charts render with Grindle at 300 dpi.")
    assert not withdrawn_by_name(gone, "Grindle the coffee beans before the tasting.")
    assert not withdrawn_by_name("Photos without GPS tags are now rejected.", "Keep GPS in photos.")


def test_a_principle_or_a_pattern_is_not_withdrawn_by_name() -> None:
    """A principle is never replaced, and a lesson does not replace a pattern across runs."""
    draft = "Rule QX-12 is withdrawn; its replacement QX-20 scales the gap by load."
    held = "Every crate needs the 40 cm gap of QX-12 before it ships."
    assert judge(draft, [Held("p", held, "principle")], "semantic").replaces == []
    assert judge(draft, [Held("r", held, "reflective")], "semantic").replaces == []


def test_the_writer_finds_lessons_on_the_withdrawn_name_beyond_the_drafts_words(
    clocked_hooks: MemoryHooks, clock: ManualClock
) -> None:
    """Two lessons resting on a rule, written days apart and sharing no words with the
    withdrawal but the rule's code, are both replaced by it; a lesson on another rule stays."""
    hooks = clocked_hooks
    tags = ["racks"]
    [_, first] = run(hooks, "2026-03-02-r1", "Rack plan", "Plan ok.", tags,
                     ("Warehouse rule QX-12 says pallet lanes keep 40 cm from the wall.",))  # fmt: skip
    clock.advance(days=2)
    [_, second] = run(hooks, "2026-03-04-r2", "Mezzanine racks", "Moved a rack.", tags,
                      ("The 40 cm wall gap of QX-12 applies on the mezzanine as well.",))  # fmt: skip
    [_, other] = run(hooks, "2026-03-04-r3", "Aisles", "Aisles ok.", tags,
                     ("Forklift drivers book the charging bay through the QX-7 board before each shift.",))  # fmt: skip
    clock.advance(days=5)
    [_, news] = run(hooks, "2026-03-09-r4", "Rule update", "Updated the checker.", tags,
                    ("QX-12 is withdrawn. Its successor QX-20 scales clearance by load class.",))  # fmt: skip
    assert set(hooks.store.get(news).supersedes) == {first, second}
    assert other not in hooks.store.get(news).supersedes
