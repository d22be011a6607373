"""A role's holder told anew where both texts also name the role's own names ("PTW",
"HSE"), or with the holder's title after a comma (`agentmem.core.successorrole`), and the
look-alikes that must stay apart."""

from __future__ import annotations

import time

import pytest

from agentmem.core import textcache
from agentmem.core.held import Held, judge
from agentmem.core.successor import succeeds
from agentmem.core.successorrole import retold_role, role_retold

RETOLD = [
    # names both texts write ("PTW", "HSE") are of the role; the holder is the one left
    (
        "PTW permit extensions need approval from the HSE duty officer, Karen Holt (ext. "
        "2210); the permit app refuses an extension without her reference.",
        "PTW extension approvals come from Marcus Lee, HSE duty officer; the permit app "
        "checks his reference.",
    ),
    # a title after a comma is the holder's, not a noun the name labels
    (
        "Kiln relining plans are signed off by Tomas Berg (refractory lead) before the "
        "kiln is cooled.",
        "Kiln relining plans are signed off by Ana Ruiz, maintenance engineer, before a "
        "kiln is cooled.",
    ),
]

APART = [
    # two customers, each with its own priority: both stay true
    (
        "Northwind Foods has dock priority 1 under their contract.",
        "Bluepeak Dairy sits at priority 2 on the dock.",
    ),
    # a shared name and two kinds of one duty: export and payroll cheques
    (
        "ERP export cheques are signed by Ruth Abara.",
        "ERP payroll cheques are signed by Omar Qadir.",
    ),
    # the shared names aside, two holders listed
    (
        "PTW extension approvals come from Karen Holt, HSE duty officer.",
        "PTW extension approvals come from Marcus Lee and Dana Cole, HSE duty officers.",
    ),
    # markup whose one name left is no holder told
    (
        '<note category="retro">QMS Rev 4 change retro, planning and audit</note>',
        '<note category="section">Numbers</note>',
    ),
    (
        "{{Decision|date=2026-09-24|owner=Owen Pryce|status=In force}}",
        "{{Decision|date=2026-10-06|owner=Harbour Master|status=In force}}",
    ),
]


@pytest.mark.parametrize(("held", "draft"), RETOLD)
def test_role_retold_beside_names_both_write(held: str, draft: str) -> None:
    """The role's own names said by both texts, or a title after the holder's comma, do
    not hide the one holder told anew: the held lesson is replaced."""
    assert role_retold(draft, held)
    assert succeeds(draft, held)
    verdict = judge(draft, [Held(id="old", text=held, type="semantic")], "semantic")
    assert verdict.replaces == ["old"]


@pytest.mark.parametrize(("held", "draft"), APART)
def test_role_retold_keeps_other_holders_apart(held: str, draft: str) -> None:
    """Another customer's figure, another kind of the duty, a list of holders, or markup:
    no successor."""
    assert not retold_role(draft, held)
    assert not succeeds(draft, held)


def test_role_retold_stays_fast_on_a_long_draft() -> None:
    """An 8,000-character draft of capitalised names and commas is read no slower, call
    for call, than a short one (a ratio in one run, not a clock limit)."""
    held = RETOLD[0][0]
    short = RETOLD[0][1]
    long = ", ".join(f"Aname{i} Bname{i} from Cname{i}" for i in range(400))[:8000]

    def cost(draft: str) -> float:
        start = time.perf_counter()
        for _ in range(50):
            textcache.clear()
            role_retold(draft, held)
        return time.perf_counter() - start

    cost(short)
    assert cost(long) < 20 * cost(short)
