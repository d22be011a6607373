"""A role, device or duty told anew with another single holder, no change word
(`agentmem.core.successorrole`), and the look-alikes that must stay apart."""

from __future__ import annotations

import pytest

from agentmem.core.held import Held, judge
from agentmem.core.successor import succeeds
from agentmem.core.successorrole import retold_role, role_retold

RETOLD = [
    (
        "The press line's stacker is a Kessler KS-40 set to 12 sheets per pile.",
        "The press line stacks with a Brandt ST9 set to 10 sheets per pile.",
    ),
    (
        "Supplier cheques are countersigned by Ruth Abara.",
        "Omar Qadir countersigns supplier cheques.",
    ),
    (
        "Kiln 4's burner controller is a Honeywell UDC3500 tuned to 1180 C.",
        "Kiln 4's burner runs on a Siemens Simatic S7 controller tuned to 1160 C.",
    ),
    (
        "Glaze recipes are signed off by Hana Lindqvist before a batch is mixed.",
        "Pedro Almeida signs off glaze recipes before a batch is mixed.",
    ),
    (
        "Overnight parcels are collected by Swiftline Couriers at 18:00.",
        "Overnight parcels are collected by Parcelfox at 17:30.",
    ),
    # a name that is also an instance word elsewhere ("dev" of a dev environment)
    (
        "Lab bench bookings are approved by Ines Carvalho.",
        "Dev Sharma approves lab bench bookings.",
    ),
]

APART = [
    # another line: both stay true
    (
        "Press line 1's stacker is a Kessler KS-40 set to 12 sheets.",
        "Press line 2 stacks with a Brandt ST9 set to 10 sheets.",
    ),
    # a second holder beside the first
    (
        "Supplier cheques are countersigned by Ruth Abara.",
        "Omar Qadir also countersigns supplier cheques.",
    ),
    (
        "Supplier cheques are countersigned by Ruth Abara.",
        "Omar Qadir countersigns supplier cheques as well.",
    ),
    (
        "Supplier cheques are countersigned by Ruth Abara.",
        "Omar Qadir is the backup who countersigns supplier cheques.",
    ),
    (
        "Supplier cheques are countersigned by Ruth Abara.",
        "Omar Qadir deputises and countersigns supplier cheques.",
    ),
    # several holders listed
    (
        "Supplier cheques are countersigned by Ruth Abara.",
        "Supplier cheques are countersigned by Omar Qadir and Lena Fischer.",
    ),
    # two duties of one kind of thing: payroll cheques and supplier cheques
    (
        "Supplier cheques are countersigned by Ruth Abara.",
        "Payroll cheques are countersigned by Omar Qadir.",
    ),
    # a deed done once, not a duty held now
    (
        "Supplier cheques are countersigned by Ruth Abara.",
        "Omar Qadir countersigned the supplier cheques on Friday.",
    ),
    # another site told by a name before a unit noun
    (
        "The Leeds depot's forklifts are serviced by Liftcare.",
        "The York depot's forklifts are serviced by Hoistwell.",
    ),
    # another period
    (
        "In 2025 the canteen contract was held by Greenplate.",
        "In 2026 the canteen contract is held by Freshbowl.",
    ),
    # another environment the held text does not name
    (
        "Schema migrations are approved by Ines Carvalho.",
        "In staging, schema migrations are approved by Dev Sharma.",
    ),
    # the holder of a duty said to be kept
    (
        "Supplier cheques are countersigned by Ruth Abara.",
        "Omar Qadir remains the one who countersigns supplier cheques.",
    ),
    # a negation: a claim of another kind
    (
        "Supplier cheques are countersigned by Ruth Abara.",
        "Omar Qadir never countersigns supplier cheques.",
    ),
    # the held holder still named
    (
        "Supplier cheques are countersigned by Ruth Abara.",
        "Omar Qadir countersigns supplier cheques when Ruth Abara is away.",
    ),
    # one shared word only: another fact of the thing
    (
        "Supplier cheques are countersigned by Ruth Abara.",
        "Omar Qadir prints the remittance slips.",
    ),
]


@pytest.mark.parametrize(("held", "draft"), RETOLD)
def test_role_retold_with_another_holder(held: str, draft: str) -> None:
    """A role, device or duty told again in a new sentence with another single holder (and
    new values) replaces the held lesson, through `succeeds` and the judge."""
    assert role_retold(draft, held)
    assert succeeds(draft, held)
    verdict = judge(draft, [Held(id="old", text=held, type="semantic")], "semantic")
    assert verdict.replaces == ["old"]


@pytest.mark.parametrize(("held", "draft"), APART)
def test_role_retold_keeps_what_both_hold(held: str, draft: str) -> None:
    """Another line, site or period, a second or listed holder, another duty of the kind,
    a past deed, a negation, the old holder still named, or one shared word: no
    successor."""
    assert not retold_role(draft, held)
    assert not succeeds(draft, held)


def test_role_retold_reads_one_holder_each() -> None:
    """A held lesson that names two holders is not read as one role's holder."""
    held = "Supplier cheques are countersigned by Ruth Abara; Lena Fischer files them."
    assert role_retold("Omar Qadir countersigns supplier cheques.", held)
    assert not role_retold(
        "Omar Qadir countersigns supplier cheques.",
        "Ruth Abara and Lena Fischer countersign supplier cheques.",
    )


@pytest.mark.parametrize(
    ("held", "draft"),
    [
        (
            "The Market Square kiosk has a 2.4 m height restriction on its delivery lane.",
            "Market Road kiosk (by the station): 3.1 m height limit on the delivery lane.",
        ),
        (
            "The Station Square clinic has a 1.9 m height restriction on its car park ramp.",
            "Station Road clinic (opposite the park): 2.1 m height limit on the car park ramp.",
        ),
    ],
)
def test_a_place_name_holding_a_unit_noun_is_which_one_not_a_holder(held: str, draft: str) -> None:
    """ "Market Square" names which kiosk: read whole, its tail ("Square") is no holder's
    name, and another place's kiosk ("Market Road") leaves the held lesson true."""
    assert not retold_role(draft, held)
    assert judge(draft, [Held(id="old", text=held, type="semantic")], "semantic").replaces == []
