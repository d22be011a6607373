"""A supplier phased out is a supply ended (`agentmem.core.supplierleft.ENDED`): "Korneo is
our T550 supplier from June; Hartmill is phased out", "we are phasing out Hartmill" tell the
hand-over as "Hartmill contract ends" does, so the old supplier's setting goes for the new
supplier's lesson on it, though neither lesson carries a hand-over word of its own. Being
phased out while another supplier is kept on beside it ("second") tells none."""

from __future__ import annotations

from agentmem import MemoryHooks
from agentmem.core.supplierleft import ended, named, retired_supply
from agentmem.stores.base import Filters
from tests.conftest import lesson

PHASED = "Korneo is our T550 flour supplier from June; Hartmill is phased out."
PHASING = "Purchasing: Korneo T550 contracted, we are phasing out Hartmill over May."
BEING = "Korneo T550 from June; Hartmill is being phased out."
KEPT = "Korneo added as a second flour supplier; Hartmill is phased out for rye only."
OLD_WATER = "Hartmill T550 dough: 62 % water at 24 °C in the spiral mixer, 8 min."
NEW_WATER = "Korneo T550 dough takes 65 % water at 26 °C in the spiral mixer, 10 min."
OLD_PROOF = "Hartmill baguettes proof 45 min at 28 °C before the deck oven."


def test_a_supplier_phased_out_is_an_ended_supply() -> None:
    """'X is phased out', 'X is being phased out', 'phasing out X' name the old supplier
    once the new one is named; kept on beside a second supplier, or with no new one named,
    none."""
    names = named(NEW_WATER)
    for text in (PHASED, PHASING, BEING):
        assert ended(text, names), text
    assert not ended(KEPT, names)
    assert not ended(PHASED, named(OLD_PROOF))


def test_the_phased_out_suppliers_setting_is_retired_and_another_stays() -> None:
    """The water setting given anew goes; the proofing lesson shares no setting and stays."""
    assert retired_supply(NEW_WATER, OLD_WATER, [PHASED])
    assert retired_supply(NEW_WATER, OLD_WATER, [PHASING])
    assert not retired_supply(NEW_WATER, OLD_PROOF, [PHASED])
    assert not retired_supply(NEW_WATER, OLD_WATER, [KEPT])


def test_the_writer_retires_a_phased_out_suppliers_setting(hooks: MemoryHooks) -> None:
    """Through the writer: the hand-over told as a lesson of another app, the old water
    setting goes for the new one's; the proofing lesson stays."""
    lesson(hooks, PHASED, "purchasing")
    water = lesson(hooks, OLD_WATER, "bakery")
    proof = lesson(hooks, OLD_PROOF, "bakery")
    new = lesson(hooks, NEW_WATER, "bakery")
    written = {m.id: m for m in hooks.store.list(Filters(user_id="tester"))}
    assert water in written[new].supersedes
    assert proof not in written[new].supersedes
