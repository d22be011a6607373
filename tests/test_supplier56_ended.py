"""A supplier left, told by the old supply ending rather than by a cue before the new name
("Distributor stops Hartmill T550 in May; Korneo contracted from 05-02", "Tessa discontinues
RX-12; Lumo RX-20 chosen", "Hartmill contract ends in June"): with the new supplier named in
the same text it is a hand-over (`agentmem.core.supplierleft.ended`). A held lesson naming
the ended supplier then goes for the new supplier's lesson on the same setting (`SAME`
content terms or a value given anew) or on the same intake rule (both tell how a lot is
taken in, `SHARED` terms); one on another setting, on the material itself, or of two
suppliers both in use stays."""

from __future__ import annotations

from agentmem import MemoryHooks
from agentmem.core.statement import terms
from agentmem.core.supplierleft import ended, named, retired_supply
from agentmem.stores.base import Filters
from tests.conftest import lesson

STOPS = (
    "Run 2025-03-02-run-011: Flour supply after Hartmill notice ended in success. Distributor"
    " stops Hartmill T550 in May; Korneo T550 contracted from 05-02."
)
CONTRACT = "Korneo chosen for bread flour; Hartmill contract ends in June."
DISCONTINUED = "Tender closed: Korneo chosen, Hartmill T550 discontinued after April."
BOTH = "Korneo added as a second flour supplier; Hartmill contract ends for rye only."
OLD_WATER = "Hartmill T550 dough takes 62 % water at 24 °C in the spiral mixer, 8 min."
NEW_WATER = "Korneo T550 flour needs only 65 % water in the spiral mixer; the dough is drier."
OLD_INTAKE = "Hartmill flour lots are accepted on delivery: check the sack dates, no lab test."
NEW_INTAKE = (
    "Every Korneo lot goes to the lab before use: falling number and wet gluten; a lot that"
    " fails stays in the store."
)
OLD_PROOF = "Hartmill baguettes proof 45 min at 28 °C before the deck oven."
ITSELF = "Flour sacks are stored off the floor, below 20 °C."


def test_an_ended_supply_with_the_new_supplier_named_is_a_handover() -> None:
    """'stops X', 'X discontinued', 'X contract ends' name the old supplier once the text
    names the new one; without the new one named, or with the old kept on, none."""
    names = named(NEW_WATER)
    assert {"hartmil"} <= ended(STOPS, names) or {"hartmill"} <= ended(STOPS, names)
    assert ended(CONTRACT, names)
    assert ended(DISCONTINUED, names)
    assert not ended(CONTRACT, named(ITSELF))
    assert not ended(BOTH, names)
    assert not ended("Korneo T550 ended in success; the mixer stops at 8 min.", names)


def test_the_ended_suppliers_setting_and_intake_rule_are_retired() -> None:
    """The water setting given anew ("only 65 %" an amount, no scope) and the intake rule
    (both tell how a lot is taken in) go once the old supply is told ended."""
    assert retired_supply(NEW_WATER, OLD_WATER, [STOPS])
    assert retired_supply(NEW_INTAKE, OLD_INTAKE, [CONTRACT])
    assert retired_supply(NEW_WATER, OLD_WATER, [DISCONTINUED])


def test_another_setting_the_material_and_two_suppliers_in_use_stay() -> None:
    """The proofing lesson shares no setting with the water one, the intake rule none with a
    setting, the storage lesson names no supplier; no end told, both stay in use."""
    assert not retired_supply(NEW_WATER, OLD_PROOF, [STOPS])
    assert not retired_supply(NEW_WATER, OLD_INTAKE, [STOPS])
    assert not retired_supply(NEW_INTAKE, OLD_WATER, [STOPS])
    assert not retired_supply(NEW_WATER, ITSELF, [STOPS])
    assert not retired_supply(NEW_WATER, OLD_WATER, [])
    assert not retired_supply(NEW_WATER, OLD_WATER, [BOTH])
    scoped = "Korneo T550 flour takes 65 % water only for the rye loaves in the spiral mixer."
    assert not retired_supply(scoped, OLD_WATER, [STOPS])


def test_an_acronym_the_two_share_is_no_new_suppliers_name() -> None:
    """'CP' in both ("38 % CP", "40 % CP") is a measure: the held lesson still names the old
    supplier only."""
    old = "Feed Hartmill H38 (38 % CP) at 3.5 % of body weight a day, 4 meals from the trays."
    new = "Korneo K40 (40 % CP) feed at 3.0 % of body weight a day; trays are clean at 2 h."
    assert "cp" in terms(old).proper
    assert retired_supply(new, old, [STOPS])


def test_the_writer_retires_the_ended_suppliers_lessons(hooks: MemoryHooks) -> None:
    """Through the writer: the end told in a purchasing record, the old water setting and
    intake rule go for the new supplier's lessons; the proofing and storage lessons stay."""
    lesson(hooks, STOPS, "purchasing")
    water = lesson(hooks, OLD_WATER, "bakery")
    intake = lesson(hooks, OLD_INTAKE, "bakery")
    proof = lesson(hooks, OLD_PROOF, "bakery")
    stored = lesson(hooks, ITSELF, "bakery")
    new = lesson(hooks, NEW_WATER, "bakery")
    newer = lesson(hooks, NEW_INTAKE, "bakery")
    written = {m.id: m for m in hooks.store.list(Filters(user_id="tester"))}
    assert water in written[new].supersedes
    assert intake in written[newer].supersedes
    kept = written[new].supersedes + written[newer].supersedes
    assert proof not in kept and stored not in kept


def test_a_gateway_that_drops_a_header_ends_no_supply() -> None:
    """'drops X' of a gateway or firewall ends nobody's supply."""
    text = "The Korneo gateway drops Hartmill headers from every response."
    assert not ended(text, named(NEW_WATER))


def test_the_new_supplier_is_named_next_to_the_end() -> None:
    """A retro's other note naming the draft's word ("Mixer") far from the end told names no
    new supplier of that supply."""
    far = "Hartmill contract ends in June." + " Nothing else to report here." * 8 + " Mixer ok."
    assert not ended(far, frozenset({"mixer"}))
    assert ended("Hartmill contract ends in June. Mixer ok.", frozenset({"mixer"}))


def test_a_product_code_is_a_name_and_the_handover_lesson_stays() -> None:
    """'KO-40' is the new supplier's product, no acronym: a lesson naming it beside the old
    supplier is the new one's and stays; so does the lesson telling the hand-over to an
    all-capitals supplier ('KRN replaces Hartmill T550')."""
    handover = "Tender closed: KO-40 and KRN chosen, Hartmill T550 discontinued after April."
    both = "KO-40 bread flour takes 65 % water where Hartmill T550 took 62 %; the lot log has both."
    new = "Every KO-40 sack of bread flour takes 66 % water in the mixer; the lot goes on the log."
    assert not retired_supply(new, both, [handover])
    told = "KRN replaces Hartmill T550 as the bread flour from lot 25-07 on."
    sieved = (
        "Every KRN bread flour lot is sieved at 1 mm; the lot number goes on the bread flour log."
    )
    assert not retired_supply(sieved, told, [handover])
