"""A lesson whose every value is said to hold as it did ("Press 4 keeps its 12 s cycle",
"Vans still carry 900 kg") tells no new value of a held lesson on its ground; a lesson that
tells a change beside a kept value still does."""

from __future__ import annotations

import pytest

from agentmem import MemoryHooks
from agentmem.core.keptonly import only_kept
from agentmem.core.toldanew import tells_anew
from agentmem.core.unchanged import told_changed
from agentmem.core.verdict import Held, judge
from agentmem.stores.base import Filters
from tests.conftest import lesson

KEPT = [
    (
        "Furnace 3 (gas only) keeps its charge limit of 18 t per heat",
        "Furnace 3 tap temperature alarm is at 1,620 C (gas only, thin lining); furnace 1 "
        "keeps 1,650 C. Do not copy furnace 1 limits to furnace 3.",
    ),
    (
        "Vans still carry 900 kg payload at 3.5 t gross; the courier change does not "
        "touch van loading.",
        "From 2 June parcels go with Skyline Couriers: cages of 400 kg payload each, "
        "booked on the Skyline portal by 15:00 the day before.",
    ),
]


@pytest.mark.parametrize(("draft", "held"), KEPT)
def test_a_draft_that_only_keeps_values_replaces_nothing(draft: str, held: str) -> None:
    """Its words alone read as a new value of the held lesson; it says nothing changed."""
    assert only_kept(draft)
    assert not tells_anew(draft, told_changed(draft), held, True)
    assert judge(draft, [Held("held-1", held, "semantic")], "semantic").replaces == []


@pytest.mark.parametrize(
    "draft",
    [
        "Since 1 May the night desk keeps its phones open until 23:00.",
        "The night desk now closes at 22:00; the day desk keeps its 16:00 close.",
        "Jobs still fail after 30 s.",
        "Linen bleach: peroxide down to 3 g/L after trials, whiteness still in spec.",
        "Backups run at 02:00.",
    ],
)
def test_a_change_or_a_plain_value_is_not_only_kept(draft: str) -> None:
    """A change told with a word of keeping, a change beside a kept value (in the same
    sentence too), a failure that goes on, a plain statement: each may still give a new
    value."""
    assert not only_kept(draft)


def test_the_writer_keeps_the_held_lesson_live(hooks: MemoryHooks) -> None:
    """Through the writer, on real files: the kept-values lesson is written beside the held
    one, which stays live."""
    draft, held = KEPT[0]
    first = lesson(hooks, held, "melt-shop")
    second = lesson(hooks, draft, "melt-shop")
    written = {m.id: m for m in hooks.store.list(Filters(user_id="tester"))}
    assert first != second
    assert first not in written[second].supersedes
