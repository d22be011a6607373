"""A supplier left, the supply handed over to a new one ("switches ... to <new>", "new
<material> supplier <new>", "<new> replaces <old>", "<old> -> <new>"): the old supplier's
setting or acceptance rule, given anew for the new supplier, is retired at write time
(`agentmem.core.supplierleft`, the writer's `by_supplier` lookup); a lesson on the material
itself, the new supplier's own, or one of two suppliers both in use stays live."""

from __future__ import annotations

from agentmem import MemoryHooks
from agentmem.core.statement import terms
from agentmem.core.supplierleft import named, retired_supply, switches
from agentmem.stores.base import Filters
from tests.conftest import lesson

HANDOVER = "Procurement switches cocoa butter to Valdor from March; Brenner stopped delivering."
NEW_SOURCE = "Qualify new cocoa butter supplier Valdor Foods for the dark line."
BACKUP = "Procurement switches cocoa butter to Valdor as a backup beside Brenner."
OLD_TEMPER = "Dark couverture with Brenner cocoa butter tempers at 31.5 °C on the tempering unit."
NEW_TEMPER = (
    "With Valdor cocoa butter the dark couverture tempers at 30.8 °C on the tempering unit."
)
OLD_RULE = (
    "Cocoa butter lots from Brenner are released on the supplier certificate alone, no lab test."
)
NEW_RULE = (
    "Every Valdor cocoa butter lot gets a lab test of free fatty acids before release; the"
    " supplier certificate alone is not enough."
)
UNNAMED = "Milk couverture dosing keeps cocoa butter at 4.0 % of the batch weight in the conche."
NEW_DOSE = "With Valdor cocoa butter the milk couverture dosing moves to 3.4 % of batch weight."
ITSELF = "Cocoa butter is stored below 20 °C away from light."
VALDOR = "Valdor cocoa butter arrives in 25 kg blocks; melt them at 45 °C."


def test_a_handover_names_the_new_supplier_and_the_material() -> None:
    """The hand-over's material words come with it; a backup beside the old supplier and a
    text naming another supplier tell none."""
    names = terms(NEW_TEMPER).proper
    assert {"cocoa", "butter"} <= switches(HANDOVER, names)
    assert {"cocoa", "butter"} <= switches(NEW_SOURCE, names)
    assert not switches(BACKUP, names)
    assert not switches("Procurement switches sugar to Sucra from May.", names)


def test_the_old_suppliers_setting_and_rule_are_retired() -> None:
    """The setting naming the old supplier, the acceptance rule naming it (no value), and a
    setting naming no supplier whose value the draft gives anew."""
    assert retired_supply(NEW_TEMPER, OLD_TEMPER, [HANDOVER])
    assert retired_supply(NEW_RULE, OLD_RULE, [HANDOVER])
    assert retired_supply(NEW_DOSE, UNNAMED, [NEW_SOURCE])


def test_no_handover_the_material_itself_and_the_new_suppliers_own_stay() -> None:
    """Without a hand-over (or with a backup) the two read as two things that both hold; a
    lesson on the material, one on the new supplier itself, stay."""
    assert not retired_supply(NEW_TEMPER, OLD_TEMPER, [])
    assert not retired_supply(NEW_TEMPER, OLD_TEMPER, [BACKUP])
    assert not retired_supply(NEW_TEMPER, ITSELF, [HANDOVER])
    assert not retired_supply(NEW_TEMPER, VALDOR, [HANDOVER])
    assert not retired_supply(NEW_DOSE, OLD_TEMPER, [HANDOVER])


def test_the_writer_retires_the_old_suppliers_lessons(hooks: MemoryHooks) -> None:
    """Through the writer, on real files: the hand-over told in another app's record, the
    old tempering setting and release rule go; the storage lesson stays live."""
    lesson(hooks, HANDOVER, "purchasing")
    temper = lesson(hooks, OLD_TEMPER, "dark-line")
    rule = lesson(hooks, OLD_RULE, "dark-line")
    stored = lesson(hooks, ITSELF, "dark-line")
    new = lesson(hooks, NEW_TEMPER, "dark-line")
    newer = lesson(hooks, NEW_RULE, "dark-line")
    written = {m.id: m for m in hooks.store.list(Filters(user_id="tester"))}
    assert temper in written[new].supersedes
    assert rule in written[newer].supersedes
    assert stored not in written[new].supersedes + written[newer].supersedes


def test_a_draft_led_by_the_new_suppliers_name_names_it() -> None:
    """ "Valdor cocoa butter tempers …": the name that opens the draft is the new
    supplier's, as a name inside it is."""
    led = "Valdor cocoa butter tempers the dark couverture at 30.8 °C on the tempering unit."
    assert retired_supply(led, OLD_TEMPER, [HANDOVER])


def test_units_are_no_words_of_a_setting() -> None:
    """An acceptance rule sharing two words and a unit word ("min" of "2 l/min" and of "min
    30 g") with the old supplier's feed setting is no new word of it."""
    feed = "The tank melts Brenner cocoa butter at 2 l/min feed; keep the lid closed."
    check = "Incoming Valdor cocoa butter: each lot stays on hold until a tank sample (min 30 g)"
    assert not retired_supply(check + " passes the lid test.", feed, [HANDOVER])


def test_only_the_two_suppliers_names_are_set_aside() -> None:
    """An acceptance rule's proper words ("FFA", "PV", "CoA") are words of the rule, not
    names of a supplier: the old rule shares them with the new one."""
    old = "Cocoa butter lots from Brenner are released on the FFA and PV of the CoA alone."
    new = "Every Valdor cocoa butter lot gets an in-house FFA and PV titration; the CoA is not enough."
    assert retired_supply(new, old, [HANDOVER])


def test_an_arrow_between_two_suppliers_names_is_a_handover() -> None:
    """ "<old> -> <new>" in a sentence that says a supply changed, the names with product
    codes or closing the sentence, tells the hand-over."""
    names = terms(NEW_TEMPER).proper
    for said in (
        "Retro: cocoa butter supplier change Brenner -> Valdor.",
        "Retro: cocoa butter supplier switch: Brenner CB-40 -> Valdor VB-2 (owner: purchasing)",
        "Cocoa butter lots changed over (Brenner \u2192 Valdor) in March.",
    ):
        assert {"cocoa", "butter"} <= switches(said, names), said


def test_an_arrow_from_a_file_host_or_version_is_no_handover() -> None:
    """An arrow out of a file name, a host or a version, one between the same name's two
    versions, and one in a sentence that says no supply changed (a route, a mapping) tell
    no hand-over: the word after it is no new supplier."""
    names = named("Valdor cocoa butter: the Access-Control-Allow-Origin header is set.")
    for said in (
        "2/40 specs failed: tempering.spec.ts -> Access to fetch blocked for cocoa butter.",
        "cocoa butter feed moved imgsrv-01.plant.internal -> Valdor cluster",
        "cocoa butter supplier portal upgraded v2.3 -> Valdor 2.4",
        "Cocoa butter supplier portal switched Valdor 1 -> Valdor 2",
        "Cocoa butter trucks route Brenner Yard -> Valdor Gate every morning",
    ):
        assert not switches(said, names), said
    held = "Tempering unit T3 with Brenner cocoa butter tempers at 31.5 °C from the tank."
    failed = "Run 5 ended in failure: tempering.spec.ts -> Access to fetch at Valdor tank 31.5 °C."
    draft = "Valdor cocoa butter: the Access-Control-Allow-Origin header tempers at 30.8 °C."
    assert not retired_supply(draft, held, [failed])
