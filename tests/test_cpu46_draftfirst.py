"""Two rules of a value put where the held text's stood read the draft's side first (issue 17,
cpu46): `slots.reslotted` reads the held text only when the draft gives a value, and
`later.recued` only when a sentence of the draft says a change and gives one. A held text
another writer just wrote is read cold, so a draft that cannot act spares its reading. Each
answer is the one the old order gave."""

from __future__ import annotations

from typing import Any

import pytest

from agentmem.core import later, slots
from agentmem.core.apart import set_apart
from agentmem.core.cues import says_changed
from agentmem.core.retract import RETRACTED
from agentmem.core.slots import SENTENCE, reslotted
from tests.conftest import pair_texts
from tests.test_cpu46_order import _recorder

OWN = [
    ("The glaze kiln is now cooled for 4 hours.", "The glaze kiln is cooled for 6 hours."),
    ("The glaze kiln is cooled for 4 hours.", "The glaze kiln is cooled for 6 hours."),
    ("The bisque kiln now cools for 4 hours.", "The glaze kiln is cooled for 6 hours."),
    ("The glaze kiln is cooled overnight now.", "The glaze kiln is cooled for 6 hours."),
    ("Cooling takes 6 hours; it was 4 hours.", "The glaze kiln is cooled for 4 hours."),
    ("Pickups moved to 17:30 on weekdays.", "Pickups leave at 16:00 on weekdays."),
]


def _old_reslotted_start(draft: str, held: str) -> bool:
    """`reslotted`'s answer with both texts' slots read first (its order before cpu46): the
    rest of the rule is unchanged, so the answers can differ only if an empty draft side
    could answer True."""
    slots.slots(held)
    return reslotted(draft, held)


def _old_recued(draft: str, held: str) -> bool:
    """`later.recued` as it read before cpu46: the pair set apart first, then every
    sentence of the draft asked for a change word (`recued_in` is its loop, unchanged)."""
    if RETRACTED.match(draft) or set_apart(draft, held):
        return False
    cued = [s for s in SENTENCE.split(draft) if says_changed(s)]
    return later.recued_in(cued, draft, held)


def _pairs() -> list[tuple[str, str]]:
    found = OWN + [(b, a) for a, b in OWN]
    return found + [(new, old) for new, old in pair_texts(("a", "b"))]


def test_recued_answers_as_the_old_order_on_many_pairs() -> None:
    """Over the tests' own pairs and two pairs files, both ways, `recued` answers as the
    old order did, and some pairs answer True."""
    found = 0
    for draft, held in _pairs():
        for a, b in ((draft, held), (held, draft)):
            new = later.recued(a, b)
            assert new == _old_recued(a, b), (a, b)
            found += new
    assert found > 0


def test_a_draft_with_no_value_is_never_reslotted() -> None:
    """Over the same pairs, a draft that gives no value of its own (no slot) is reslotted
    into no held text, so not reading the held text for it changes no answer; some drafts
    with a value are reslotted."""
    found = 0
    for draft, held in _pairs():
        for a, b in ((draft, held), (held, draft)):
            answer = reslotted(a, b)
            assert answer == _old_reslotted_start(a, b)
            assert not (answer and not slots.slots(a)), (a, b)
            found += answer
    assert found > 0


def test_reslotted_reads_no_held_text_for_a_draft_without_a_value(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A draft with no value ("the glaze kiln is cooled overnight now") is not reslotted and
    the held text's slots are not read; a draft with one is read against them."""
    calls: list[Any] = []
    monkeypatch.setattr(slots, "slots", _recorder(calls, slots.slots))
    held = "The glaze kiln is cooled for 6 hours."
    assert reslotted("The glaze kiln is cooled overnight now.", held) is False
    assert all(args[0] != held for args in calls)
    assert reslotted("The glaze kiln is cooled for 4 hours.", held) is True
    assert any(args[0] == held for args in calls)


@pytest.mark.parametrize(
    "draft",
    [
        "The glaze kiln is cooled for 4 hours.",  # a value, no word of change
        "The glaze kiln is now cooled overnight.",  # a change, no value
    ],
)
def test_recued_reads_no_held_text_without_a_changed_value(
    monkeypatch: pytest.MonkeyPatch, draft: str
) -> None:
    """A draft none of whose sentences says a change and gives a value is not recued, and
    neither the pair's separation nor the held text's slots are read."""
    calls: list[Any] = []
    monkeypatch.setattr(later, "set_apart", _recorder(calls, later.set_apart))
    monkeypatch.setattr(later, "slots", _recorder(calls, later.slots))
    held = "The glaze kiln is cooled for 6 hours."
    assert later.recued(draft, held) is False
    assert all(held not in args for args in calls)
    assert later.recued("The glaze kiln is now cooled for 4 hours.", held) is True
