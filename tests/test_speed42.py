"""Issue 17, the writer's CPU per add: a text's states (`agentmem.core.turned`) are read
once per text, not once per pair it meets, with the same answers, right and near-miss; the
writer reads the key settings it guards against once per settings object, still refusing
their values, and reads them again for new settings; and every app's lessons are searched
only for a retraction that denies a cause (the only draft `withdrawn_across` can act on)."""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from agentmem.core import across, textcache, turned
from agentmem.core import writer as writer_module
from agentmem.core.disowned import denied_causes
from agentmem.core.model import Hit
from agentmem.core.retract import retraction
from agentmem.core.writer import Harvester
from agentmem.settings import Settings, settings_from_values
from agentmem.stores import FileStore
from agentmem.stores.base import Filters


def _turned_pair_by_pair(draft: str, held: str) -> bool:
    """The rule as it read before its texts were memoised: every state of both texts
    found again for each pair of opposites (the reference the memoised rule must match)."""
    for a, b in turned.OPPOSITES:
        if turned._gives_both(held, a, b) or turned._gives_both(draft, a, b):
            continue
        for old, new in ((a, b), (b, a)):
            told = list(turned._states(draft, new))
            gone = list(turned._states(held, old))
            for of, deed, sentence, start in told:
                if turned.HEDGED.search(sentence) or turned.NEGATED.search(
                    turned._before(sentence, start, 2)
                ):
                    continue
                if any(of and of <= h_of and deed == h_deed for h_of, h_deed, _, _ in gone):
                    return True
    return False


# (draft, held, turned?) in words of their own: the positives turn one state of one thing;
# the near misses name another thing, hedge, negate, give both states, or allow another deed.
CASES = [
    ("The staging mirror is switched off since Friday.", "The staging mirror is on.", True),
    ("Nightly compaction is disabled now.", "Nightly compaction is enabled.", True),
    ("The badge check is optional from March.", "The badge check is required.", True),
    ("Refunds are handled manually now.", "Refunds are automated.", True),
    ("Dock door 3 is one-way again.", "Dock door 3 is two-way.", True),
    ("Spare drums must not be stacked.", "Spare drums may be stacked.", True),
    ("The backup pump is off.", "The main pump is on.", False),  # another thing
    ("If the queue is full the mirror is off.", "The mirror is on.", False),  # a condition
    ("The mirror is still off.", "The mirror is on.", False),  # "still"
    ("Compaction is not disabled.", "Compaction is enabled.", False),  # negated
    ("Compaction is disabled.", "Compaction is enabled on weekdays, disabled on Sundays.", False),
    ("Spare drums must not be painted.", "Spare drums may be stacked.", False),  # another deed
    ("The fridge log is kept on the wall.", "The fridge is off the grid.", False),  # no state
]


@pytest.mark.parametrize(("draft", "held", "expected"), CASES)
def test_a_turned_state_reads_the_same_memoised(draft: str, held: str, expected: bool) -> None:
    """Each case answers as expected, as the pair-by-pair reading answers, cold and warm."""
    textcache.clear()
    assert turned.turned(draft, held) is expected
    assert turned.turned(draft, held) is expected
    assert _turned_pair_by_pair(draft, held) is expected


def test_turned_matches_the_pair_by_pair_reading_on_every_pair_of_many_texts() -> None:
    """Every ordered pair of the cases' texts (and their sentences joined) answers as the
    pair-by-pair reading does."""
    texts = sorted({t for d, h, _ in CASES for t in (d, h)})
    texts += [f"{a} {b}" for a, b in itertools.pairwise(texts)]
    textcache.clear()
    for draft in texts:
        for held in texts:
            assert turned.turned(draft, held) is _turned_pair_by_pair(draft, held), (draft, held)


def test_a_held_text_is_read_for_states_once_and_only_when_a_draft_turns_one(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A held lesson weighed against many drafts is searched for a state once, and only for
    the state a draft gives the opposite of (whether it gives that state or not); one that
    meets only a draft giving no state is never searched for states (before, every pair
    read both texts again for each state)."""
    read: list[str] = []
    real = turned._states

    def counted(text: str, state: re.Pattern[str]) -> Iterator[turned.State]:
        read.append(text)
        return real(text, state)

    monkeypatch.setattr(turned, "_states", counted)
    textcache.clear()
    held = "The loading ramp is one-way and the scanner is on."
    other = "Badges are checked at the gate."
    drafts = [f"The loading ramp is two-way now (note {n})." for n in range(5)]
    for draft in drafts:
        assert turned.turned(draft, held)
        assert not turned.turned(draft, other)
    assert read.count(held) == 1  # its one-way places, for the drafts' two-way
    assert read.count(other) == 1  # the same one state looked for, once
    press = "The press is on."
    assert not turned.turned("Badges are printed at the front desk.", press)
    assert read.count(press) == 0  # the draft gives no state: the held text is not searched
    per_draft = 2 * len(turned.OPPOSITES)  # a draft's every state, once
    assert all(read.count(d) == per_draft for d in drafts)
    before = len(read)
    turned.turned(drafts[0], held)
    assert len(read) == before  # asked again: nothing read anew
    assert textcache.changed() == {}


def _settings(tmp_path: Path, key: str) -> Settings:
    return settings_from_values(
        {
            "AGENTMEM_ROOT": str(tmp_path / "memory"),
            "AGENTMEM_USER_ID": "tester",
            "AGENTMEM_MEM0_API_KEY": key,
        },
        base_dir=tmp_path,
    )


def test_the_writer_reads_its_key_settings_once_per_settings(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three drafts read the key settings once (every field of the settings was walked on
    each add); a value of them is still refused; settings swapped for others are read
    anew, their key refused and the old one no longer taken for a key."""
    reads: list[Settings] = []
    real = writer_module.secret_values

    def counted(settings: Settings) -> list[str]:
        reads.append(settings)
        return real(settings)

    monkeypatch.setattr(writer_module, "secret_values", counted)
    first = _settings(tmp_path, "firstKeyValue90210")
    writer = Harvester(first, FileStore(first.root))
    for n in range(3):
        draft = {"text": f"Crate {n} ships on Tuesday.", "type": "semantic", "confidence": 0.8}
        assert writer.submit(draft, trigger="manual").status == "accepted"
    assert reads == [first]
    told = {"text": "the key is firstKeyValue90210", "type": "semantic", "confidence": 0.8}
    assert writer.submit(told, trigger="manual").status == "rejected"
    assert reads == [first]
    second = _settings(tmp_path, "secondKeyValue31337")
    writer.settings = second
    again = {"text": "the key is secondKeyValue31337", "type": "semantic", "confidence": 0.8}
    assert writer.submit(again, trigger="manual").status == "rejected"
    assert writer.submit(told, trigger="manual").status == "accepted"
    assert reads == [first, second]


# -- the search across apps, asked only of a retraction that denies a cause ---------------

DENIES = (
    "The note on late parcels was wrong: the delays were not the sorter's firmware. "
    "The real cause was a mislabelled pallet bay."
)
RETRACTS_ONLY = "The note on late parcels was wrong; ignore it."
PLAIN = "Late parcels are sorted by hand after 18:00."


def test_denies_across_is_the_retraction_of_a_denied_cause_alone() -> None:
    """A retraction denying a cause may withdraw another app's lesson; a retraction that
    denies no cause, or a plain lesson, cannot, whatever the hits."""
    assert across.denies_across(DENIES)
    assert not across.denies_across(RETRACTS_ONLY)
    assert not across.denies_across(PLAIN)
    for text in (RETRACTS_ONLY, PLAIN):
        assert retraction(text) is None or not denied_causes(text)
        assert across.withdrawn_across(text, "depot-a", "observation", []) == []


def _harvester(tmp_path: Path) -> Harvester:
    settings = _settings(tmp_path, "someKeyValue4242")
    return Harvester(settings, FileStore(settings.root))


@pytest.mark.parametrize(("text", "asked"), [(PLAIN, 0), (RETRACTS_ONLY, 0), (DENIES, 1)])
def test_every_app_is_searched_only_for_a_retraction_that_denies_a_cause(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, text: str, asked: int
) -> None:
    """A lesson of one app that replaced nothing is compared with every app's lessons only
    when it retracts and denies a cause (before, every such lesson cost a search); the one
    that does still withdraws the other app's lesson naming the cause."""
    writer = _harvester(tmp_path)
    lesson = {"type": "semantic", "confidence": 0.8}
    firmware = "Late parcels come from the sorter's firmware; roll the firmware back on Fridays."
    held = writer.submit({**lesson, "text": firmware, "app_id": "depot-b"}, trigger="manual")
    store = writer.store
    real = store.lexical_search  # type: ignore[attr-defined]
    every: list[str] = []

    def counted(query: str, k: int, filters: Filters) -> list[Hit]:
        if filters.app_ids is None:
            every.append(query)
        return real(query, k, filters)  # type: ignore[no-any-return]

    monkeypatch.setattr(store, "lexical_search", counted)
    outcome = writer.submit({**lesson, "text": text, "app_id": "depot-a"}, trigger="manual")
    assert outcome.status == "accepted"
    # every app compared with the draft (the supplier rule's search of every app for a
    # hand-over to the word opening a draft asks that word alone: tests/test_supplier57_gate)
    assert len([q for q in every if q == text]) == asked
    assert set(every) <= {text, text.split()[0].lower()}
    withdrawn = held.memory_id in (outcome.record.get("supersedes") or [])
    assert withdrawn is (text == DENIES)
