"""A later limit of another property or another product withdraws no held one.

`agentmem.core.property`: a new value and a held one of one unit, each named by a property
the other text never names ("ply bond" against "ECT"), are limits of two properties: the
held spec stands. `agentmem.core.ownkind`: a kind told in brackets ("Usukuchi (light)
release spec") is a kind all the same, so another product's spec of like limits is no
new value of the held one. The near misses still replace: a new value of the same
property, or of the same product."""

from __future__ import annotations

from agentmem.core.held import Held, judge
from agentmem.core.ownkind import own_kinds
from agentmem.core.property import named_property, other_property
from agentmem.core.samething import given_anew, readings

SPEC = "Grade K40 liner: burst at least 480 kPa, basis weight 170-180 g/m2."


def _replaced(draft: str, held: str) -> bool:
    return judge(draft, [Held("held", held, "semantic")], "semantic").replaces == ["held"]


def test_a_limit_of_another_property_keeps_the_held_spec() -> None:
    """A crush limit in kPa shares the grade's word and the unit with the held burst
    limit; each is named by a property the other text never names. The spec stands."""
    draft = "Ring crush minimum is 300 kPa for each grade K40 reel."
    new = next(v for v in readings(draft) if v.amount == "300")
    old = next(v for v in readings(SPEC) if v.amount == "480")
    assert named_property(draft, new) >= {"crush"}
    assert "burst" in named_property(SPEC, old)
    assert other_property(draft, new, SPEC, old)
    assert not given_anew(draft, SPEC)
    assert not _replaced(draft, SPEC)


def test_a_new_limit_of_the_same_property_still_replaces() -> None:
    """The burst limit told anew, by its name or by none, is of the held value's slot."""
    for draft in (
        "Grade K40 liner burst is now 500 kPa minimum.",
        "Grade K40 liner minimum is now 500 kPa.",
    ):
        new = next(v for v in readings(draft) if v.amount == "500")
        old = next(v for v in readings(SPEC) if v.amount == "480")
        assert not other_property(draft, new, SPEC, old)
        assert _replaced(draft, SPEC)


HELD_SPEC = "Arabica (washed) roast spec: moisture 10.0-11.0 %, density >= 0.68 g/mL, pH 4.9-5.2."


def test_another_product_named_in_brackets_keeps_the_held_spec() -> None:
    """Two products' release specs of like limits: each qualifies "roast spec" with a kind
    in brackets the other never writes. The held product's spec stands."""
    draft = "Robusta (natural) roast spec: moisture 11.5-12.5 %, density >= 0.64 g/mL."
    assert own_kinds(draft, HELD_SPEC)
    assert not _replaced(draft, HELD_SPEC)


def test_a_new_spec_of_the_same_product_still_replaces() -> None:
    draft = "Arabica (washed) roast spec: moisture 10.5-11.5 %."
    assert not own_kinds(draft, HELD_SPEC)
    assert _replaced(draft, HELD_SPEC)
