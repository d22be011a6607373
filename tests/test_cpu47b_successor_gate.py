"""`succeeds` refutes most pairs by a cheap test of words each text reads once, before it
aligns clauses (`successor._may_swap`) or reads a first clause for its holder
(`successorrole._starts`), and the test moves no answer: a swap or a role retold needs a
holder's capitalised word the other text does not write (issue 17)."""

from __future__ import annotations

import itertools

import pytest

from agentmem.core import successor, successorrole
from agentmem.core.successor import succeeds
from agentmem.core.successorrole import role_retold
from agentmem.core.textcache import clear
from tests import test_succ44_successor as succ44
from tests import test_succ46_successorrole as succ46
from tests import test_succ47_successorrole as succ47

SWAPPED = [
    (
        "Lena Varga is the on-call chemist for the evaporator trips; Tom Achebe covers nights.",
        succ44.ON_CALL,
    ),
    ("Kessler Cargo is the carrier for the export pallets to Antwerp.", succ44.REPORT),
    ("Sagebrook Edge blades: 1.1 mm kerf on the panel saw.", succ44.BLADES),
    ("Caustic for the evaporator cleaning comes from Brightwater Supply.", succ44.CAUSTIC),
    ("Caustic for the evaporator cleaning also comes from Brightwater Supply.", succ44.CAUSTIC),
    ("The monthly scrap report goes to Farid Benali by Thursday noon.", succ44.REPORT),
    (
        "Batch records are signed off by Farid Benali before release.",
        "Batch records are signed off by Hannah Okoye before release.",
    ),
]
PAIRS = [*SWAPPED, *succ46.RETOLD, *succ46.APART, *succ47.RETOLD, *succ47.APART]
TEXTS = sorted({text for pair in PAIRS for text in pair})
PLAIN = (
    "Rinse the filter housing twice before the evening shutdown.",
    "Check the conveyor belt tension every morning before loading.",
)


def _ungated(monkeypatch: pytest.MonkeyPatch) -> None:
    """Switch both gates off: every pair goes on to the full reading, as before them."""
    monkeypatch.setattr(successor, "_may_swap", lambda draft, held: True)
    monkeypatch.setattr(successorrole, "_starts", lambda text: frozenset({"\0"}))


def test_the_gates_move_no_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """On every pair of the successor tests' texts, either way round, `succeeds` and
    `role_retold` answer with the gates what the full reading answers without them."""
    pairs = list(itertools.permutations(TEXTS, 2))
    gated = [(succeeds(d, h), role_retold(d, h)) for d, h in pairs]
    clear()
    _ungated(monkeypatch)
    assert [(succeeds(d, h), role_retold(d, h)) for d, h in pairs] == gated
    assert any(s for s, _ in gated) and any(r for _, r in gated)


def test_a_pair_with_no_holder_reads_neither_clause() -> None:
    """Two sentences whose only capitals open them name no holder: the held text's first
    clause is not read for a role, nor its clauses aligned with the draft's."""
    clear()
    draft, held = PLAIN
    assert not succeeds(draft, held)
    assert not successor._may_swap(draft, held)
    assert successorrole._starts(draft) == frozenset()
    assert (held,) not in successorrole._read.memo.entries  # type: ignore[attr-defined]
    assert (held,) not in successor._lower.memo.entries  # type: ignore[attr-defined]


def test_a_holder_both_texts_write_is_refuted_before_the_reading() -> None:
    """A holder named in both texts is no successor's: refuted by the words alone."""
    clear()
    held = "Supplier cheques are countersigned by Ruth Abara."
    draft = "Ruth Abara countersigns supplier cheques."
    assert successorrole._starts(draft) <= successorrole._words(held)
    assert not succeeds(draft, held)
    assert (held,) not in successorrole._read.memo.entries  # type: ignore[attr-defined]


def test_an_8000_character_draft_is_not_read_by_the_gates() -> None:
    """A hostile draft far past the lessons' length is refuted by its length, before either
    gate reads a word of it."""
    clear()
    draft = "Ruth Abara countersigns supplier cheques. " * 200
    assert len(draft) >= 8000
    assert not succeeds(draft, "Supplier cheques are countersigned by Omar Qadir.")
    assert (draft,) not in successor._name_words.memo.entries  # type: ignore[attr-defined]
    assert (draft,) not in successorrole._starts.memo.entries  # type: ignore[attr-defined]
