"""The gate in front of the rules of a change told otherwise (`agentmem.core.toldgate`,
issue 17): a rule is skipped for a draft only when its cue is missing from the draft, and
then the rule could not have answered True against any held text."""

from __future__ import annotations

import ast
import random
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from agentmem.core import toldanew as told_rules
from agentmem.core import toldgate
from agentmem.core.held import TOLD_OTHERWISE, Held, judge
from agentmem.core.toldgate import CUES, may_act, opened

TESTS = Path(__file__).parent
# Each gated rule's own tests, whose strings are the drafts and lessons it was built on.
OWN_TESTS = {
    "refilled": ["test_refilled.py"],
    "turned": ["test_turned41.py", "test_need20_turned.py"],
    "role_given": ["test_dutyrole29.py"],
    "address_moved": ["test_vacc30_cutover_address.py", "test_stale30_runchange.py"],
    "placed_anew": ["test_stalew15_told.py"],
    "restaffed": ["test_owners24_handover.py"],
    "moved_on": ["test_movedon.py"],
    # gated from cpu44
    "described_stopped": ["test_stale30_runchange.py"],
    "relieved": ["test_stale13_write.py"],
    "handed_on": ["test_handedon31.py", "test_roles12_handover.py"],
    "joins_apart": ["test_retract21_joined.py"],
    "rekeyed": ["test_values24_setkeys.py"],
    # gated from cpu46b
    "marked_old": ["test_replace38.py", "test_replace39.py"],
    "renumbered": ["test_stale29a_renumbered.py"],
    "moved_host": ["test_values24_readdressed.py", "test_stale27_headed.py"],
    "readdressed": ["test_values24_readdressed.py"],
    "succeeded": ["test_stale29a_succeeded.py"],
    "narrowed": ["test_roles12_handover.py"],
}

# Written for this test: drafts that hold each cue and lessons they could act on, and
# near misses that hold none.
OWN = [
    "Dara Quinn moved to the billing team, so Eli Moss now approves kiln schedules.",
    "Eli Moss approves kiln schedules.",
    "The nightly export is off now; run exports by hand.",
    "The nightly export is on.",
    "Standby pager for the dock goes to the north crew.",
    "Standby pager for the dock goes to the south crew.",
    "The broker moved to mq2.internal:5672 last week.",
    "The broker is at mq1.internal:5672.",
    "Spare filters are now kept in locker 9 of the east hall.",
    "Spare filters are kept in locker 3.",
    "The on-call lead for the mill is now Pia Lund.",
    "The on-call lead for the mill is Tomas Berg.",
    "Glaze tests run on Tuesdays at 9.",
    "Glaze tests run on Thursdays at 11.",
    "Nobody left; the rota is unchanged.",
    "We do not keep filters in the west hall any more.",
    "Also mirrored to backup.internal:22 for safety.",
    "Billing database reads from db2.internal:5432, the old host is decommissioned.",
    "The billing database reads from db1.internal:5432.",
    # cpu44's cues
    "The sorter no longer waits on the nightly manifest feed; it reads the live queue.",
    "The sorter takes its batches from the nightly manifest feed.",
    "Iris Cole no longer signs off freezer audits; ask the quality desk.",
    "Freezer audits need sign-off from Iris Cole.",
    "Iris Cole handed the freezer rota over to the night crew on Monday.",
    "The freezer rota belongs to Iris Cole.",
    "Iris Cole handed the freezer rota over on Monday, so do not page her about it.",
    "Packing moved to hall B. The sorter no longer waits on the nightly manifest feed.",
    "Iris Cole has not handed the freezer rota over yet.",
    "Since the March policy the loyalty discount now stacks with the student fare.",
    "Loyalty discount and student fare: one or the other, never both.",
    "The loyalty discount and the student fare never stack, as always.",
    "chill_wait_s: 40",
    "chill_wait_s: 25",
    "The chill wait is no longer an issue.",
    "",
    "x",
]


def _strings(name: str) -> list[str]:
    """Every string literal of a test file (the texts its pairs are made of)."""
    tree = ast.parse((TESTS / name).read_text("utf-8"))
    return [
        n.value
        for n in ast.walk(tree)
        if isinstance(n, ast.Constant) and isinstance(n.value, str) and len(n.value) < 2_000
    ]


def _shuffled(texts: list[str], rng: random.Random, n: int) -> Iterator[str]:
    """Random texts made of the words of `texts`: cues cut apart and put together anew."""
    words = [w for t in texts for w in t.split()] or ["word"]
    for _ in range(n):
        yield " ".join(rng.choice(words) for _ in range(rng.randint(1, 24)))


def _rule(name: str) -> Callable[[str, str], bool]:
    return next(r for r in CUES if r.__name__ == name)


def _texts(name: str) -> list[str]:
    own = [s for f in OWN_TESTS[name] for s in _strings(f)]
    rng = random.Random(43)
    texts = list(dict.fromkeys([*own, *OWN]))
    return [*texts, *_shuffled(texts, rng, 150)]


def test_every_gated_rule_is_one_the_judge_asks() -> None:
    """A cue stands for a rule of `TOLD_OTHERWISE`; a rule renamed there leaves no cue
    behind that gates nothing (and its own tests name it)."""
    assert set(CUES) <= set(TOLD_OTHERWISE)
    assert {r.__name__ for r in CUES} == set(OWN_TESTS)


@pytest.mark.parametrize("name", sorted(OWN_TESTS))
def test_a_closed_gate_means_the_rule_cannot_act(name: str) -> None:
    """Over every pair of its own tests' texts and of random texts of their words: where the
    cue is missing from the draft, the rule answers False whatever the held text; and the
    rule does act on some pair there (the texts exercise it)."""
    rule, texts = _rule(name), _texts(name)
    held = texts[:120]
    acted = 0
    for draft in texts:
        if may_act(rule, draft):
            acted += any(rule(draft, h) for h in held)
            continue
        wrong = [h for h in held if rule(draft, h)]
        assert not wrong, (name, draft, wrong[:1])
    assert acted, name


@pytest.mark.parametrize("name", sorted(OWN_TESTS))
def test_a_gate_closes_for_some_drafts(name: str) -> None:
    """Each cue says no to some draft (else it gates nothing) and yes to every draft its
    rule acted on in the texts."""
    rule, texts = _rule(name), _texts(name)
    cues = [may_act(rule, t) for t in texts]
    assert not all(cues), name
    for draft in texts:
        if any(rule(draft, h) for h in texts[:60]):
            assert may_act(rule, draft), (name, draft)


def test_moved_on_cue_reads_the_slice_the_rule_reads() -> None:
    """A leave told only past the part of a long draft `moved_on` reads is no cue, and one
    cut at that edge ("… Ana left" + "overs") is one, as the rule reads it."""
    pad = "x " * (toldgate.MOVED_ON_READS // 2)
    assert not may_act(told_rules.moved_on, pad + "Ana Ruiz left, so Bo Li runs it.")
    cut = "y" * (toldgate.MOVED_ON_READS - len("Ana Ruiz left")) + " Ana Ruiz left"
    assert may_act(told_rules.moved_on, cut[1:] + "overs")


def test_ungated_rules_are_always_asked() -> None:
    """A rule with no cue here is asked of every draft, even an empty one."""
    ungated = [r for r in TOLD_OTHERWISE if r not in CUES]
    assert ungated
    assert set(ungated) <= set(opened("", TOLD_OTHERWISE))


def test_opened_keeps_the_order_and_reads_the_rules_given() -> None:
    """The rules come back in the judge's order, and a changed tuple of rules (a test
    taking one out) is read as given, not from an earlier answer for the same draft."""
    draft = "Dara Quinn moved to the billing team, so Eli Moss now approves kiln schedules."
    full = opened(draft, TOLD_OTHERWISE)
    assert list(full) == [r for r in TOLD_OTHERWISE if r in full]
    fewer = tuple(r for r in TOLD_OTHERWISE if r is not told_rules.moved_on)
    assert told_rules.moved_on in full
    assert told_rules.moved_on not in opened(draft, fewer)


def test_the_judge_answers_as_without_the_gate(monkeypatch: pytest.MonkeyPatch) -> None:
    """The judge's verdict on every pair of these texts is the one it gives with every rule
    asked of every draft."""
    texts = [t for t in OWN if t]
    for name in ("turned", "moved_on", "address_moved"):
        texts += [s for s in _strings(OWN_TESTS[name][0]) if len(s) > 20][:15]
    held = [Held(f"m{i}", t, "semantic") for i, t in enumerate(texts)]
    gated = [judge(d, held[:8], "semantic") for d in texts]
    monkeypatch.setattr(told_rules, "opened", lambda draft, rules: rules)
    assert [judge(d, held[:8], "semantic") for d in texts] == gated
