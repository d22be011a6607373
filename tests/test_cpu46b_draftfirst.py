"""Rules of a new value read the draft's side first (issue 17, cpu46b): `named_anew`,
`given_anew`, `in_held_slot` and `widened` read a held text only for a draft that could act
on one, and `toldgate` closes `marked_old`, `renumbered`, `moved_host`, `readdressed`,
`succeeded` and `narrowed` for a draft without their cue. A held text another writer just
wrote is read cold, so a draft that cannot act spares its reading. Each answer is the one
the old order gave."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from agentmem.core import (
    markedold,
    namedslot,
    narrowed,
    readdressed,
    renumbered,
    samething,
    succeeded,
    widened,
)
from agentmem.core.newvalue import ALSO
from agentmem.core.qualified import qualifiers
from agentmem.core.statement import terms
from agentmem.core.toldgate import may_act
from agentmem.core.withdrawal import retraction
from tests.conftest import pair_texts
from tests.test_cpu46_order import _recorder

# Pairs written for these tests, (draft, held): new values, new names, new hosts, a reach
# widened, and near misses (a value beside the old one, another thing, nothing new).
OWN = [
    ("The boiler log is now kept by Ravi Dunn.", "The boiler log is kept by Petra Holm."),
    ("The boiler log is also kept by Ravi Dunn.", "The boiler log is kept by Petra Holm."),
    ("Dough proofing now takes 50 minutes.", "Dough proofing takes 35 minutes."),
    ("Dough proofing takes 50 minutes.", "Dough proofing takes 35 minutes."),
    ("Dough proofing still takes 35 minutes.", "Dough proofing takes 35 minutes."),
    ("Proofing was 35 minutes.", "Dough proofing takes 35 minutes."),
    ("Stock counts now run across all depots in one pass.", "Stock counts run per depot."),
    ("Stock counts run per depot, and also weekly.", "Stock counts run per depot."),
    ("Stock counts still run per depot.", "Stock counts run per depot."),
    ("Label prints moved to lp-07.yard.example:631.", "Label prints go to lp-05.yard.example:631."),
    (
        "Label prints also go to lp-07.yard.example:631.",
        "Label prints go to lp-05.yard.example:631.",
    ),
    (
        "The scale feed reads weights from sc-2.yard.example:9100.",
        "The scale feed reads weights from sc-old.yard.lan:9000.",
    ),
    ("Mia Roth took over as yardmaster from Ole.", "Ole Brandt is the yardmaster."),
    ("Mia Roth is covering as yardmaster while Ole is away.", "Ole Brandt is the yardmaster."),
    (
        "Since v4 the write commands are gone; `yardctl` keeps only `yardctl list`.",
        "Book a slot with `yardctl book --bay 4`.",
    ),
    (
        "`yardctl` keeps only `yardctl list` and `yardctl book`.",
        "Book a slot with `yardctl book --bay 4`.",
    ),
    ("Gate opening: ~~06:00~~ 05:30 on weekdays.", "The yard gate opens at 06:00 on weekdays."),
    ("The yard gate opens at 05:30 on weekdays.", "The yard gate opens at 06:00 on weekdays."),
    ("Forklift charging happens in bay 3.", "The canteen closes at 14:00."),
    ("", "The canteen closes at 14:00."),
]


def _texts() -> list[str]:
    texts = [t for pair in OWN for t in pair] + [t for pair in pair_texts() for t in pair]
    return list(dict.fromkeys(texts))


def _pairs() -> list[tuple[str, str]]:
    """Every own pair both ways, and each text against a spread of the others: lessons of
    the first-half pairs files (written-blind a, b, c) read as drafts and as held texts."""
    texts = _texts()
    held = texts[:: max(1, len(texts) // 60)]
    found = [p for a, b in OWN for p in ((a, b), (b, a))]
    return found + [(d, h) for d in texts for h in held if d != h]


PAIRS = _pairs()


def _old_widened(draft: str, held: str) -> bool:
    """`widened` as it read before cpu46b: the held text's per-part clauses read first."""
    if widened.BESIDE.search(draft) or widened.STAYS.search(draft):
        return False
    per = [(m, c) for c in widened.CLAUSE.split(held) for m in widened.PER.finditer(c)]
    if not per or widened.PER.search(draft):
        return False
    for clause in widened.CLAUSE.split(draft):
        whole = widened.WHOLE.search(clause)
        if whole is None or widened.readings(clause):
            continue
        task = terms(draft[: draft.find(clause) + whole.start()]).content
        for m, held_clause in per:
            parts = whole["parts"]
            if parts is not None and widened._stem(parts) != widened._stem(m["part"]):
                continue
            if len(task & terms(held_clause[: m.start()]).content) >= widened.SHARED:
                return True
    return False


def _old_renumbered(draft: str, held: str) -> bool:
    """`renumbered` as it read before cpu46b: the held text's hosts read first."""
    told = readdressed.MOVED.match(draft.strip())
    before = {m.group(0).lower(): m for m in readdressed.HOST.finditer(held)}
    if told is None or len(before) != 1 or ALSO.search(draft) or readdressed.SECOND.search(draft):
        return False
    after = [m for m in readdressed.HOST.finditer(draft) if m.start() >= told.start("host")][:1]
    if not after:
        return False
    new, old = renumbered._parts(after[0].group(0)), renumbered._parts(next(iter(before)))
    if new[1:] != old[1:] or new[0] == old[0] or not renumbered.DIGITS.search(old[0]):
        return False
    digits = renumbered.DIGITS
    if digits.sub("", new[0]) != digits.sub("", old[0]) or old[0] in draft.lower():
        return False
    named = qualifiers(held)
    if any(kind not in named for kind in qualifiers(draft)):
        return False
    return bool(terms(told["thing"]).content & terms(held).content)


def _old_readdressed(draft: str, held: str) -> bool:
    """`readdressed` as it read before cpu46b: both texts' hosts read first."""
    now, before = readdressed._host(draft), readdressed._host(held)
    if now is None or before is None or now[0] == before[0]:
        return False
    if now[0] in held.lower() or before[0] in draft.lower():
        return False
    if ALSO.search(draft) or readdressed.SECOND.search(draft):
        return False
    named = qualifiers(held)
    if any(kind not in named for kind in qualifiers(draft)):
        return False
    d, h = terms(now[1]), terms(before[1])
    if (
        len(d.head) < readdressed.OPENS
        or d.head[: readdressed.OPENS] != h.head[: readdressed.OPENS]
    ):
        return False
    return len((d.content & h.content) - set(d.head)) >= readdressed.EXCHANGED


def _old_moved_host(draft: str, held: str) -> bool:
    """`moved_host` as it read before cpu46b: the held text's hosts read before the draft's
    opening move is asked for; past those first tests its reading is unchanged."""
    told = readdressed.MOVED.match(draft.strip())
    before = {m.group(1).lower() for m in readdressed.HOST.finditer(held)}
    beside = ALSO.search(draft) or readdressed.SECOND.search(draft)
    if told is None or len(before) != 1 or beside:
        return False
    return readdressed.moved_host(draft, held)


def _old_in_held_slot(draft: str, held: str) -> bool:
    """`in_held_slot` as it read before cpu46b: no draft-side test before `_slot`."""
    return (
        retraction(draft) is None
        and samething._slot(draft, held)
        and samething._subject(draft, held)
        and not samething._elsewhere(draft, held)
    )


def _old_given_anew(draft: str, held: str) -> bool:
    return _old_in_held_slot(draft, held) and samething._as_news(draft, held)


REORDERED: list[tuple[Callable[[str, str], bool], Callable[[str, str], bool]]] = [
    (widened.widened, _old_widened),
    (renumbered.renumbered, _old_renumbered),
    (readdressed.readdressed, _old_readdressed),
    (readdressed.moved_host, _old_moved_host),
    (samething.in_held_slot, _old_in_held_slot),
    (samething.given_anew, _old_given_anew),
]


@pytest.mark.parametrize(("new", "old"), REORDERED, ids=lambda f: f.__name__)
def test_a_reordered_rule_answers_as_the_old_order(
    new: Callable[[str, str], bool], old: Callable[[str, str], bool]
) -> None:
    """Over the tests' own pairs and the first-half pairs files' lessons, the rule read
    draft-side first answers as the old order did."""
    for draft, held in PAIRS:
        assert new(draft, held) == old(draft, held), (new.__name__, draft, held)


def test_named_anew_answers_as_without_its_draft_side_test(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """`named_anew` with its draft-side test always passed (its old body, unchanged behind
    it) answers as with it; and a draft the test closes is named anew into no held text."""
    gated = [(d, h, namedslot.named_anew(d, h), namedslot.may_name(d)) for d, h in PAIRS]
    monkeypatch.setattr(namedslot, "may_name", lambda draft: True)
    found = 0
    for draft, held, answer, opened in gated:
        assert namedslot.named_anew(draft, held) == answer, (draft, held)
        assert opened or not answer, (draft, held)
        found += answer
    assert found > 0


# (the draft-side test, the rule it stands before): closed, the rule answers False
DRAFT_SIDES: list[tuple[Callable[[str], bool], Callable[[str, str], bool]]] = [
    (namedslot.may_name, namedslot.named_anew),
    (samething.may_be_news, _old_given_anew),
    (samething.gives_new_value, _old_in_held_slot),
    (lambda draft: bool(widened._wholes(draft)), _old_widened),
    (lambda draft: renumbered.moved_to(draft) is not None, _old_renumbered),
]


@pytest.mark.parametrize("index", range(len(DRAFT_SIDES)))
def test_a_closed_draft_side_means_the_old_rule_cannot_act(index: int) -> None:
    """Where the draft-side test says no, the rule as it read before answers False against
    every held text of the pairs; the test says no to some drafts."""
    side, rule = DRAFT_SIDES[index]
    closed = 0
    for draft, held in PAIRS:
        if not side(draft):
            closed += 1
            assert not rule(draft, held), (draft, held)
    assert closed > 0


@pytest.mark.parametrize(
    "rule",
    [
        markedold.marked_old,
        renumbered.renumbered,
        readdressed.moved_host,
        readdressed.readdressed,
        succeeded.succeeded,
        narrowed.narrowed,
    ],
    ids=lambda f: f.__name__,
)
def test_a_closed_gate_closes_an_old_rule(rule: Callable[[str, str], bool]) -> None:
    """A draft the gate (`toldgate.may_act`) closes for a rule is one its old reading answers
    False for against every held text of the pairs."""
    old = {
        "renumbered": _old_renumbered,
        "readdressed": _old_readdressed,
        "moved_host": _old_moved_host,
    }.get(rule.__name__, rule)
    for draft, held in PAIRS:
        if not may_act(rule, draft):
            assert not old(draft, held), (rule.__name__, draft, held)


@pytest.mark.parametrize(
    ("rule", "draft", "held"),
    [
        (
            widened.widened,
            "Stock counts now run across all depots in one pass.",
            "Stock counts run per depot.",
        ),
        (
            samething.given_anew,
            "Dough proofing now takes 50 minutes.",
            "Dough proofing takes 35 minutes.",
        ),
        (
            namedslot.named_anew,
            "The boiler log is now kept by Ravi Dunn.",
            "The boiler log is kept by Petra Holm.",
        ),
        (
            renumbered.renumbered,
            "Label prints moved to lp-07.yard.example:631.",
            "Label prints go to lp-05.yard.example:631.",
        ),
    ],
)
def test_the_rules_still_act_on_their_own_cases(
    rule: Callable[[str, str], bool], draft: str, held: str
) -> None:
    """Each rule read draft-side first still tells its own case anew."""
    assert rule(draft, held)


class _Pattern:
    """A compiled pattern that records the texts it is asked to read."""

    def __init__(self, calls: list[Any], pattern: Any) -> None:
        self.calls, self.pattern = calls, pattern

    def __getattr__(self, name: str) -> Any:
        def read(text: str, *args: Any) -> Any:
            self.calls.append((text,))
            return getattr(self.pattern, name)(text, *args)

        return read


HELD = "Every shift the Zanzibar canteen tallies 40 meals per depot on the Kitchen Board."
# (module, a reading of the held text the rule makes, rule, draft, whether it may act: a
# draft that cannot act leaves the held text unread, one that may act has it read)
READERS = [
    (widened, "CLAUSE", widened.widened, "Stock counts run per depot, and also weekly.", False),
    (widened, "CLAUSE", widened.widened, "Stock counts run on Mondays.", False),
    (widened, "CLAUSE", widened.widened, "Meal tallies now run across all depots.", True),
    (samething, "_slot", samething.in_held_slot, "Dough proofing takes a while.", False),
    (samething, "_slot", samething.given_anew, "Dough proofing takes 50 minutes.", False),
    (samething, "_slot", samething.given_anew, "The canteen now tallies 60 meals.", True),
    (namedslot, "_named", namedslot.named_anew, "The log is also kept by Ravi Dunn.", False),
    (namedslot, "_named", namedslot.named_anew, "the boiler log is kept elsewhere now.", False),
    (namedslot, "_named", namedslot.named_anew, "Meal tallies moved to the Kitchen Ledger.", True),
    (renumbered, "HOST", renumbered.renumbered, "Prints also go to lp-07.yard.example:631.", False),
    (renumbered, "HOST", renumbered.renumbered, "Prints go to lp-07.yard.example:631.", False),
    (renumbered, "HOST", renumbered.renumbered, "Tallies moved to tl-2.yard.example.", True),
    (
        readdressed,
        "HOST",
        readdressed.moved_host,
        "Prints moved to lp-7.yard.example, also lp-8.",
        False,
    ),
    (readdressed, "HOST", readdressed.moved_host, "Tallies moved to tl-2.yard.example.", True),
    (
        readdressed,
        "_host",
        readdressed.readdressed,
        "Prints also go to lp-7.yard.example:631.",
        False,
    ),
    (readdressed, "_host", readdressed.readdressed, "Prints go to the yard printer.", False),
    (readdressed, "_host", readdressed.readdressed, "Tallies go to tl-2.yard.example:80.", True),
]


def _record(monkeypatch: pytest.MonkeyPatch, module: Any, name: str) -> list[Any]:
    calls: list[Any] = []
    found = getattr(module, name)
    wrapped = _Pattern(calls, found) if hasattr(found, "pattern") else _recorder(calls, found)
    monkeypatch.setattr(module, name, wrapped)
    return calls


@pytest.mark.parametrize("index", range(len(READERS)))
def test_the_held_text_is_read_only_for_a_draft_that_may_act(
    monkeypatch: pytest.MonkeyPatch, index: int
) -> None:
    """A draft whose own side the rule refutes is answered False without the held text
    being read: no reading the rule makes is asked of any part of it. For a draft that may
    act the same reading is asked of the held text (so the test watches a reading the rule
    does make)."""
    module, name, rule, draft, may_act_on = READERS[index]
    calls = _record(monkeypatch, module, name)
    answer = rule(draft, HELD)
    read = any(isinstance(a, str) and "zanzibar" in a.lower() for args in calls for a in args)
    assert read == may_act_on, (rule.__name__, draft)
    assert may_act_on or answer is False
