"""The supplier rule's gate and its searches (issue 17, the cost on postgres).

`supplierleft.may_retire` is read before any stored text is searched for a hand-over, so it
must be a necessary condition of `retired_supply`: whenever `retired_supply(draft, held, h)`
holds for some hand-overs `h`, `may_retire(draft, held)` holds too, or a lesson the rule
retires would stay live. The merge of the ended supply (supplier56) gave `retired_supply`
paths the old gate refused ("needs only 65 % water": 'only' of an amount; a held lesson
whose ended supplier only opens it): these tests read every pair of the rule's texts, and
texts made of their parts, against every hand-over. `verdict.by_supplier` then reads the
store only as far as it must: a draft of one name asks every app for a hand-over first (a
lesson led by a word shares three words with many held ones, a hand-over is rare)."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from agentmem.core import verdict
from agentmem.core.model import Hit
from agentmem.core.supplierleft import GENERIC, may_retire, named, retired_supply, switches
from agentmem.core.writer import Harvester
from agentmem.settings import settings_from_values
from agentmem.stores import FileStore
from agentmem.stores.base import Filters
from agentmem.stores.bm25 import tokenize
from tests import test_supplier54_left as left
from tests import test_supplier56_ended as ended_

HANDOVERS = [
    left.HANDOVER,
    left.NEW_SOURCE,
    left.BACKUP,
    ended_.STOPS,
    ended_.CONTRACT,
    ended_.DISCONTINUED,
    ended_.BOTH,
    "Retro: cocoa butter supplier change Brenner -> Valdor.",
    "Tender closed: KO-40 and KRN chosen, Hartmill T550 discontinued after April.",
    "KRN replaces Hartmill T550 as the bread flour from lot 25-07 on.",
    "Korneo replaces Hartmill as the bread flour supplier from May.",
]
LESSONS = [
    left.OLD_TEMPER,
    left.NEW_TEMPER,
    left.OLD_RULE,
    left.NEW_RULE,
    left.UNNAMED,
    left.NEW_DOSE,
    left.ITSELF,
    left.VALDOR,
    ended_.OLD_WATER,
    ended_.NEW_WATER,
    ended_.OLD_INTAKE,
    ended_.NEW_INTAKE,
    ended_.OLD_PROOF,
    ended_.ITSELF,
    "Valdor cocoa butter tempers the dark couverture at 30.8 °C on the tempering unit.",
    "Cocoa butter lots from Brenner are released on the FFA and PV of the CoA alone.",
    "Every Valdor cocoa butter lot gets an in-house FFA and PV titration; the CoA is not enough.",
    "Feed Hartmill H38 (38 % CP) at 3.5 % of body weight a day, 4 meals from the trays.",
    "Korneo K40 (40 % CP) feed at 3.0 % of body weight a day; trays are clean at 2 h.",
    "Korneo T550 flour takes 65 % water only for the rye loaves in the spiral mixer.",
    "KO-40 bread flour takes 65 % water where Hartmill T550 took 62 %; the lot log has both.",
    "Every KO-40 sack of bread flour takes 66 % water in the mixer; the lot goes on the log.",
    "Every KRN bread flour lot is sieved at 1 mm; the lot number goes on the bread flour log.",
    "Hartmill bread flour is mixed 8 min in the spiral mixer before the dough rests 20 min.",
    "Korneo bread flour is mixed 6 min in the spiral mixer before the dough rests 20 min.",
]


def _sets() -> list[list[str]]:
    return [[h] for h in HANDOVERS] + [HANDOVERS]


def test_the_gate_passes_every_pair_the_rule_retires() -> None:
    """Every ordered pair of the rule's lessons, against each hand-over and all of them: a
    pair the rule retires passes the gate (and there are such pairs of every path: a
    hand-over told, an ended supply, a value given anew, an intake rule)."""
    retired = set()
    for draft, held in itertools.permutations(LESSONS + HANDOVERS, 2):
        for handovers in _sets():
            if retired_supply(draft, held, handovers):
                retired.add((draft, held))
                assert may_retire(draft, held), (draft, held, handovers)
    assert (left.NEW_TEMPER, left.OLD_TEMPER) in retired  # a hand-over told
    assert (left.NEW_DOSE, left.UNNAMED) in retired  # a value given anew
    assert (ended_.NEW_WATER, ended_.OLD_WATER) in retired  # ended, 'only' of an amount
    assert (ended_.NEW_INTAKE, ended_.OLD_INTAKE) in retired  # ended, an intake rule
    assert len(retired) >= 8


def test_the_gate_refuses_what_no_handover_can_make_retired() -> None:
    """A lesson on the material itself sharing no setting, a held lesson naming the draft's
    supplier, another setting, a rule against a setting, and a draft keeping the old
    supplier on beside the new one: no hand-over can make them retired, so no search."""
    assert not may_retire(left.NEW_RULE, left.ITSELF)
    assert not may_retire(left.NEW_TEMPER, left.VALDOR)
    assert not may_retire(ended_.NEW_WATER, ended_.ITSELF)
    assert not may_retire(ended_.NEW_WATER, ended_.OLD_PROOF)
    assert not may_retire(ended_.NEW_INTAKE, ended_.OLD_WATER)
    beside = "Valdor cocoa butter also tempers the dark couverture at 30.8 °C, as a backup."
    assert not may_retire(beside, left.OLD_TEMPER)


def _sentences(texts: list[str]) -> list[str]:
    return [s.strip() + "." for t in texts for s in t.replace(";", ".").split(".") if s.strip()]


NAMES = ["Valdor", "Brenner", "Korneo", "Hartmill", "KO-40", "Hartmill T550", "KRN"]
PARTS = _sentences(LESSONS)
HANDOVER_PARTS = _sentences(HANDOVERS)


def _swap(text: str, names: list[str]) -> str:
    for old, new in zip(("Valdor", "Brenner", "Korneo", "Hartmill"), names, strict=False):
        text = text.replace(old, new)
    return text


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.sampled_from(PARTS), min_size=1, max_size=2),
    st.lists(st.sampled_from(PARTS), min_size=1, max_size=2),
    st.lists(st.sampled_from(HANDOVER_PARTS + HANDOVERS), min_size=1, max_size=3),
    st.permutations(NAMES),
    st.permutations(NAMES),
)
def test_the_gate_passes_every_made_up_pair_the_rule_retires(
    draft: list[str], held: list[str], handovers: list[str], one: list[str], two: list[str]
) -> None:
    """Lessons made of the rule's sentences, their suppliers swapped: whatever the
    hand-overs, a pair the rule retires passes the gate."""
    d, h = _swap(" ".join(draft), one), _swap(" ".join(held), two)
    told = [_swap(t, one if i % 2 else two) for i, t in enumerate(handovers)]
    if retired_supply(d, h, told):
        assert may_retire(d, h), (d, h, told)


def test_every_month_is_no_material() -> None:
    """When a hand-over is told ("from March", "from June") is no material it shares."""
    for month in ("January", "March", "June", "September", "Sept", "December"):
        assert set(tokenize(month)) <= GENERIC


# -- the searches ------------------------------------------------------------------------


def _writer(tmp_path: Path) -> Harvester:
    settings_ = settings_from_values(
        {"AGENTMEM_ROOT": str(tmp_path / "memory"), "AGENTMEM_USER_ID": "tester"},
        base_dir=tmp_path,
    )
    return Harvester(settings_, FileStore(settings_.root))


def _counted(monkeypatch: pytest.MonkeyPatch) -> list[tuple[str, bool]]:
    """by_supplier's searches: (query, of every app?), its first ask too, which `compare`
    makes with its own search (`verdict._handover_asks`)."""
    asked: list[tuple[str, bool]] = []
    real = verdict._matches
    real_matched = verdict._matched

    def matched(store: object, asks: list[tuple[str, Filters]]) -> list[list[Hit]]:
        asked.extend((text, f.app_ids is None and f.types is None) for text, f in asks[1:])
        return real_matched(store, asks)  # type: ignore[arg-type]

    real_by = verdict.by_supplier
    inside = [False]

    def matches(
        store: object, text: str, filters: Filters, k: int = verdict.CANDIDATES
    ) -> list[Hit]:
        if inside[0]:
            asked.append((text, filters.app_ids is None and filters.types is None))
        return real(store, text, filters, k)  # type: ignore[arg-type]

    def by_supplier(*args: object) -> list[str]:
        inside[0] = True
        try:
            return real_by(*args)  # type: ignore[arg-type]
        finally:
            inside[0] = False

    monkeypatch.setattr(verdict, "_matches", matches)
    monkeypatch.setattr(verdict, "_matched", matched)
    monkeypatch.setattr(verdict, "by_supplier", by_supplier)
    return asked


def test_a_draft_of_one_name_asks_every_app_for_a_handover_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A lesson led by a word, with held lessons sharing three words with it and no
    hand-over told anywhere, costs one search (every app, for its name) and none of its
    scope (before, its scope was read and every app too: on bench/scale.py's lessons one
    search more an add); told the hand-over, its scope is read and the old lesson retired."""
    writer = _writer(tmp_path)
    lesson = {"type": "semantic", "confidence": 0.8, "app_id": "bakery"}
    held = writer.submit({**lesson, "text": ended_.OLD_WATER}, trigger="manual").memory_id
    asked = _counted(monkeypatch)
    draft = "Korneo dough takes 65 % water in the spiral mixer at 24 °C, 8 min."
    first = writer.submit({**lesson, "text": draft}, trigger="manual")
    assert asked == [("korneo", True)]
    assert held not in (first.record.get("supersedes") or [])
    writer.submit({**lesson, "text": ended_.CONTRACT, "app_id": "purchasing"}, trigger="manual")
    asked.clear()
    again = "Korneo dough takes 66 % water in the spiral mixer at 24 °C, 8 min."
    second = writer.submit({**lesson, "text": again}, trigger="manual")
    assert [every for _, every in asked] == [True, False]
    assert held in (second.record.get("supersedes") or [])


def test_a_draft_of_two_names_reads_its_scope_first(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A lesson naming two things reads its own scope once, and asks every app (a search a
    name) only when a held lesson there could be an old supplier's."""
    writer = _writer(tmp_path)
    lesson = {"type": "semantic", "confidence": 0.8, "app_id": "bakery"}
    writer.submit({**lesson, "text": ended_.ITSELF}, trigger="manual")
    asked = _counted(monkeypatch)
    draft = "Korneo flour from Nordmill needs 65 % water in the spiral mixer; the dough is drier."
    assert len(named(draft)) == 2
    writer.submit({**lesson, "text": draft}, trigger="manual")
    assert [every for _, every in asked] == [False]
    writer.submit({**lesson, "text": ended_.OLD_WATER}, trigger="manual")
    asked.clear()
    writer.submit({**lesson, "text": draft.replace("65", "64")}, trigger="manual")
    assert [every for _, every in asked] == [False, True, True]


def test_a_reload_hands_no_supply_over() -> None:
    """A service reloaded from one upstream to another ("reload" was a supply word: no
    scenario needs it, desalination-plant's one such arrow reads the same without it)."""
    names = named("Beta upstream answers in 40 ms after the nginx reload.")
    assert not switches("Nginx reload: Alpha -> Beta upstream for the api.", names)
