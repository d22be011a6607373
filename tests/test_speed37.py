"""Issue 17's cuts answer as before: a draft the withdrawal gate turns away is withdrawn
nothing by `withdrawn` (ordinary texts and hostile ones), the gate opens itself when a rule
it was not derived from joins `withdrawn` or `denies`, and `_told_over`'s presence test
and cached pattern give the scan's answers; a 100 KB hostile draft passes the gate in a
child process within a bound (no hang)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from agentmem.core import retract, withdrawgate
from agentmem.core.dupelink import relink
from agentmem.core.held import Held, judge
from agentmem.core.model import Memory
from agentmem.core.namedslot import CLAUSE, OVER, OVER_NEAR, _named, _told_over
from agentmem.core.retract import withdrawn
from agentmem.core.withdrawgate import DENIES, WITHDRAWN_CALLS, may_withdraw
from agentmem.stores import FileStore
from agentmem.stores.base import Filters
from tests.conftest import pair_texts

ROOT = Path(__file__).resolve().parents[1]

# Drafts each rule family withdraws by; the gate must let every one through.
WITHDRAWING = [
    (
        "Retracted: the kiln cracks were not from the cooling rate.",
        "The kiln cracks come from the cooling rate being too fast at night.",
    ),
    (
        "We no longer raise the gate timeout to 90 minutes; it hid the hang.",
        "Raise the gate timeout to 90 minutes when the nightly build hangs.",
    ),
    (
        "5000 is the right divisor for road and always was; heavy quotes were high because "
        "the fuel-surcharge table was stale.",
        "Road freight quotes come out too high for heavy cargo because the volumetric "
        "divisor is set to 5000.",
    ),
    (
        "The latches never lose power at 22:00; the jams came from a worn cam.",
        "The door latches jam because they lose power at 22:00.",
    ),
]
HOSTILE = [
    "a" * 100_000,
    "the kiln " * 12_000,
    " ".join(str(i) for i in range(20_000)),
    "\ud800 the kiln was fine \udfff " * 4_000,
    ("the pump " * 10 + "was ") * 1_000,
    "x, " * 33_000,
]


def test_the_gate_knows_every_rule_it_stands_for() -> None:
    """The gate was derived from every rule `denies` and `withdrawn` call: a rule added
    there without a cue here fails this test (and opens the gate, `GATED` False)."""
    assert withdrawgate._calls(retract.denies) == frozenset(DENIES)
    assert withdrawgate._calls(retract.withdrawn) == WITHDRAWN_CALLS
    assert withdrawgate.GATED


def test_an_open_gate_lets_every_draft_through(monkeypatch: pytest.MonkeyPatch) -> None:
    """With a rule it does not know (`GATED` False), the gate turns no draft away."""
    monkeypatch.setattr(withdrawgate, "GATED", False)
    assert may_withdraw("Set the kiln to 1200 C before loading.")


@pytest.mark.parametrize(("draft", "held"), WITHDRAWING)
def test_a_withdrawing_draft_passes_the_gate(draft: str, held: str) -> None:
    """A retraction, a practice given up, a blamed thing said right, a cause said not
    to happen: each is withdrawn by `withdrawn`, and the gate lets it through."""
    assert withdrawn(draft, [("m1", held)]) == ["m1"]
    assert may_withdraw(draft)
    assert may_withdraw(draft, [held])


def test_a_plain_lesson_is_turned_away() -> None:
    """A draft with no cue of any withdrawal rule is not read against its lessons."""
    assert not may_withdraw("Set the kiln to 1200 C before loading the glaze tiles.")


def test_a_turned_away_draft_withdraws_nothing() -> None:
    """Of the first-half pairs (new against old, and old against new), every draft the
    gate turns away, given the lesson it meets, is withdrawn nothing; many are turned away."""
    pairs = pair_texts()
    turned = 0
    for new, old in pairs:
        for draft, held in ((new, old), (old, new)):
            if not may_withdraw(draft, [held]):
                turned += 1
                assert withdrawn(draft, [("m1", held)]) == [], (draft, held)
    assert turned > len(pairs) // 2


def test_the_judge_answers_alike_with_the_gate_open(monkeypatch: pytest.MonkeyPatch) -> None:
    """`judge` of each first-half pair's draft against its old text gives the same
    verdict with the gate and with it held open."""
    pairs = pair_texts()[:120]

    def verdicts() -> list[object]:
        return [
            judge(new, [Held(id="m1", text=old, type="semantic")], "semantic") for new, old in pairs
        ]

    gated = verdicts()
    monkeypatch.setattr(withdrawgate, "GATED", False)
    assert verdicts() == gated


def test_hostile_drafts_pass_the_gate_in_bounded_time() -> None:
    """Six 100 KB hostile drafts (one long word, repeats, numbers, surrogates, commas)
    are gated without raising, within 120 s together in a child process (no hang)."""
    code = (
        f"import sys; sys.path.insert(0, {str(ROOT)!r})\n"
        "from tests.test_speed37 import HOSTILE\n"
        "from agentmem.core.withdrawgate import may_withdraw\n"
        "print([may_withdraw(t) for t in HOSTILE])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    assert done.stdout.startswith("[")


def _told_over_scanned(draft: str, name: str) -> bool:
    """`_told_over` as it was: a pattern compiled for the name, every clause scanned."""
    found = re.compile(rf"(?<![\w-]){re.escape(name)}(?![\w-])", re.IGNORECASE)
    said = [
        " ".join((*c[: m.start()].split()[-OVER_NEAR:], m[0], *c[m.end() :].split()[:OVER_NEAR]))
        for c in CLAUSE.split(draft)
        for m in found.finditer(c)
    ]
    return bool(said) and all(OVER.search(w) for w in said)


@pytest.mark.parametrize(
    ("draft", "name"),
    [
        ("the Kiln.io links are dead; use kilnco.net", "Kiln.io"),
        ("the KILN.IO links are dead", "kiln.io"),
        ("ſtop-box is retired", "stop-box"),  # long s: IGNORECASE equates it with s
        ("the \u212ailn host is gone", "kiln"),  # Kelvin sign
        ("stop-box is retired", "ſtop-box"),
        ("the pre-kiln host is gone", "kiln"),
        ("\ud800 kiln is gone", "kiln"),
        ("x" * 100_000, "kiln"),
    ],
)
def test_told_over_answers_as_the_scan(draft: str, name: str) -> None:
    """The ASCII presence test skips only drafts the scan finds no mention in; non-ASCII
    case folds (long s, Kelvin sign) still go to the scan."""
    assert _told_over(draft, name) == _told_over_scanned(draft, name)


def test_told_over_answers_as_the_scan_on_the_pairs() -> None:
    """Every name of every first-half pair's old text, against its new text."""
    for new, old in pair_texts():
        for name in _named(old):
            assert _told_over(new, name) == _told_over_scanned(new, name), (new, name)


class CountingStore(FileStore):
    """The real file store, counting the reads `relink` asks of it."""

    def __init__(self, root: Path) -> None:
        super().__init__(root)
        self.reads: list[str] = []

    def get(self, memory_id: str, *, touch: bool = True) -> Memory:
        self.reads.append("get")
        return super().get(memory_id, touch=touch)

    def list(self, filters: Filters | None = None) -> list[Memory]:
        self.reads.append("list")
        return super().list(filters)


def test_relink_reads_the_store_once(tmp_path: Path) -> None:
    """A duplicate naming what it replaces: the held memory takes the link, read from the
    one listing of the store (no `get` of it besides), and an unknown held id takes none."""
    store = CountingStore(tmp_path)
    old = Memory.model_validate(
        {"id": "semantic-000000000001", "text": "W15 roast logs come from Artisan.",
         "type": "semantic", "user_id": "tester", "created_at": "2026-02-03T12:00:00+00:00",
         "app_id": "roast", "run_id": "2026-02-03-r1", "trigger": "manual", "confidence": 0.8}
    )  # fmt: skip
    held = old.model_copy(
        update={
            "id": "semantic-000000000002",
            "text": "Both roasters log to Cropster.",
            "created_at": "2026-02-06T12:00:00+00:00",
        }
    )
    store.put(old)
    store.put(held)
    store.reads.clear()
    assert relink(store, held.id, [old.id], lambda record: []) == [old.id]
    assert "get" not in store.reads and store.reads.count("list") == 1
    assert store.get(held.id, touch=False).supersedes == (old.id,)
    assert relink(store, "semantic-00000000000f", [old.id], lambda record: []) == []
