"""A draft that keeps another named member apart from its own ("never copy A1's limits into
A2", "lower than Riverside on purpose") replaces no held lesson that opens on that member;
a held lesson on the draft's own member is still replaced."""

from __future__ import annotations

import pytest

from agentmem import MemoryHooks
from agentmem.core.apart import set_apart
from agentmem.core.contrasted import contrasted_apart
from agentmem.core.restate import replaces
from agentmem.core.verdict import Held, judge
from agentmem.stores.base import Filters
from tests.conftest import lesson

CONTRASTED = [
    (
        "Kettle K2 cooks the tomato base at 96 C with a ±2.0 % brix tolerance; never copy "
        "K1's tighter limits into K2 batches.",
        "Kettle K1 cooks the tomato base at 92 C with a ±1.0 % brix tolerance; the stirrer "
        "runs at 30 rpm.",
    ),
    (
        "Reservoir Eastfield: draw at most 30 ML a day and stop below 40 % capacity; "
        "Eastfield is lower than Riverside on both counts on purpose (smaller catchment).",
        "Reservoir Riverside: draw at most 45 ML a day, stop when it falls below 55 % capacity.",
    ),
    (
        "Oven 3 bakes rye at 235 C for 50 minutes; do not apply oven 1 times to oven 3.",
        "Oven 1 bakes rye at 245 C for 42 minutes with steam in the first 8 minutes.",
    ),
]


@pytest.mark.parametrize(("draft", "held"), CONTRASTED)
def test_the_member_a_draft_keeps_apart_keeps_its_value(draft: str, held: str) -> None:
    """The words alone read the draft as a new value of the held member's lesson; the
    draft names that member only to keep it apart."""
    assert replaces(draft, held)
    assert contrasted_apart(draft, held)
    assert set_apart(draft, held)
    assert judge(draft, [Held("held-1", held, "semantic")], "semantic").replaces == []


def test_the_drafts_own_member_is_still_replaced() -> None:
    """A held lesson that opens on the draft's own member is what the draft changes."""
    draft, _ = CONTRASTED[0]
    own = "Kettle K2 cooks the tomato base at 94 C with a ±1.5 % brix tolerance."
    assert not contrasted_apart(draft, own)
    assert judge(draft, [Held("own", own, "semantic")], "semantic").replaces == ["own"]


def test_a_member_only_mentioned_is_not_set_apart() -> None:
    """The held text must open on the member: a rule that names oven 1 after oven 3's own
    value is oven 3's, which the draft may change."""
    draft = CONTRASTED[2][0]
    held = "Oven 3 bakes rye at 240 C for 45 minutes, hotter than oven 1."
    assert not contrasted_apart(draft, held)


@pytest.mark.parametrize(
    "draft",
    [
        "The K1 cook is now at 90 C, lower than the old one.",
        "The Riverside draw limit is now 50 ML a day, higher than last year.",
        "Riverside draw is capped at 50 ML a day now, higher than planned.",
    ],
)
def test_a_comparison_with_the_old_value_names_no_other_member(draft: str) -> None:
    """ "Lower than the old one", "higher than last year": no other member, the held value
    is the one replaced."""
    assert not any(contrasted_apart(draft, held) for _, held in CONTRASTED)


def test_the_writer_keeps_the_contrasted_members_lesson_live(hooks: MemoryHooks) -> None:
    """Through the writer, on real files: the draft about K2 is written beside K1's lesson,
    which stays live (no memory supersedes it)."""
    draft, held = CONTRASTED[0]
    first = lesson(hooks, held, "sauce-line")
    second = lesson(hooks, draft, "sauce-line")
    written = {m.id: m for m in hooks.store.list(Filters(user_id="tester"))}
    assert first != second
    assert first not in written[second].supersedes
