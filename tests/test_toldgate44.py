"""The five cues cpu44 added to the gate of the rules of a change told otherwise
(`agentmem.core.toldgate`, issue 17): each opens for a draft its rule can act on, and stays
closed for a near miss the rule answers False for against every held text."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from agentmem.core import toldanew as told_rules
from agentmem.core.held import Held, judge
from agentmem.core.toldgate import may_act

# (rule, draft, a held text the rule replaces by that draft)
ACTS = [
    (
        told_rules.described_stopped,
        "Bake times moved in May. The mixer no longer draws on the weekly flour allocation list.",
        "The mixer draws its quantities from the weekly flour allocation list.",
    ),
    (
        told_rules.relieved,
        "Oskar Vint no longer approves boiler permits; the site office does.",
        "Boiler permits need approval from Oskar Vint.",
    ),
    (
        told_rules.handed_on,
        "Marta handed the boiler log over to the site office last week.",
        "The boiler log belongs to the heating crew (Marta Sole); entries go through her.",
    ),
    (
        told_rules.joins_apart,
        "From this quarter the staff rebate now stacks on top of the bulk rebate.",
        "Staff rebate and bulk rebate: one or the other, never both.",
    ),
    (
        told_rules.rekeyed,
        "boiler_purge_s: 90",
        "boiler_purge_s: 60",
    ),
]

# (rule, a draft without the rule's cue: a near miss in words)
CLOSED = [
    (told_rules.described_stopped, "The mixer still draws on the weekly flour allocation list."),
    (told_rules.relieved, "Oskar Vint no longer works weekends."),
    (told_rules.relieved, "Boiler permits need approval from Oskar Vint."),
    (told_rules.handed_on, "Marta has not handed the boiler log over yet."),
    (told_rules.handed_on, "the boiler log was handed over."),
    (told_rules.joins_apart, "Staff rebate stacks with the bulk rebate."),
    (told_rules.joins_apart, "The staff rebate and the bulk rebate never stack."),
    (told_rules.joins_apart, "Staff rebate stacks with the bulk rebate, as it always did."),
    (told_rules.rekeyed, "The boiler purge takes 90 seconds now."),
]


@pytest.mark.parametrize(("rule", "draft", "held"), ACTS)
def test_the_cue_opens_where_the_rule_acts(
    rule: Callable[[str, str], bool], draft: str, held: str
) -> None:
    """The rule replaces the held text by the draft, and the draft opens its gate."""
    assert rule(draft, held)
    assert may_act(rule, draft)


@pytest.mark.parametrize(("rule", "draft"), CLOSED)
def test_a_near_miss_closes_the_cue_and_the_rule_agrees(
    rule: Callable[[str, str], bool], draft: str
) -> None:
    """A draft with no cue closes the gate, and the rule answers False for it against
    every held text of these tests."""
    assert not may_act(rule, draft)
    held = [h for _, _, h in ACTS] + [d for _, d in CLOSED]
    assert not any(rule(draft, h) for h in held)


def test_the_judge_answers_as_without_the_new_cues(monkeypatch: pytest.MonkeyPatch) -> None:
    """The judge's verdicts over these drafts and lessons are those it gives with every
    rule asked of every draft."""
    texts = [t for _, d, h in ACTS for t in (d, h)] + [d for _, d in CLOSED]
    held = [Held(f"m{i}", t, "semantic") for i, t in enumerate(texts)]
    gated = [judge(d, held, "semantic").replaces for d in texts]
    monkeypatch.setattr(told_rules, "opened", lambda draft, rules: rules)
    assert [judge(d, held, "semantic").replaces for d in texts] == gated
