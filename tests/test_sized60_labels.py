"""A size opening a lesson's label names the product its values are of: another size's
limits are another product's, never a new value of the held one's (aluminium cans: the
330 ml limits were retired by the 500 ml ones)."""

from __future__ import annotations

from agentmem.core.held import Held, judge
from agentmem.core.whichone import other_size
from agentmem.retrieval.newerwins import values_displaced
from tests.conftest import held

SMALL = "330 ml spec: dome reversal at least 90 psi (6.2 bar), axial load at least 1100 N."
LARGE = "500 ml cans: dome reversal >= 95 psi (6.55 bar) and axial load >= 1250 N."


def verdict(draft: str, held: str) -> list[str]:
    return judge(draft, [Held(id="held", text=held, type="semantic")], "semantic").replaces


def test_another_size_label_is_another_product() -> None:
    assert other_size(LARGE, SMALL)
    assert verdict(LARGE, SMALL) == []


def test_portions_of_two_sizes_stay_apart() -> None:
    held = "250 g portions: checkweigher rejects under 246 g, tare 4 g."
    draft = "500 g portions: checkweigher rejects under 493 g, tare 6 g."
    assert other_size(draft, held)
    assert verdict(draft, held) == []


def test_a_size_told_as_a_change_is_left_to_the_rules() -> None:
    # no label opens on a size: the size is the value told anew
    assert not other_size("Cans: now 500 ml, dome >= 95 psi.", SMALL)
    # the draft names the held size too: it is of both, not of another only
    both = "500 ml cans: dome reversal >= 95 psi; the 330 ml limits are retired."
    assert not other_size(both, SMALL)


def test_a_change_word_or_another_unit_is_no_other_size() -> None:
    changed = "500 ml cans: dome reversal now raised to 97 psi, axial load >= 1300 N."
    assert not other_size(changed, SMALL)
    assert not other_size("500 g cans: dome reversal >= 95 psi, axial >= 1250 N.", SMALL)
    assert not other_size(
        "500 ml cans: the limits were changed to dome >= 95 psi, axial >= 1250 N.", SMALL
    )


def test_the_read_keeps_both_sizes_limits() -> None:
    """Read side (`agentmem.retrieval.newerwins`): the newer 500 ml limits displace no value
    of the older 330 ml lesson (they did before the rule)."""
    old = held(SMALL, 1, "semantic-a", app_id="qc-lab")
    assert not values_displaced(old, held(LARGE, 15, "semantic-b", app_id="qc-lab"), set())
