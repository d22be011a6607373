"""A held finding closed by a few words the draft never says ("… within 1 degree. No CCP 3
breach.") is read by its claim alone (`agentmem.core.coda`): a new value of the claim
replaces it; a closing sentence of more words, one the draft speaks to, a claim with no
value, or a draft of another thing replaces nothing."""

from __future__ import annotations

import pytest

from agentmem.core.coda import without_coda
from agentmem.core.held import Held, judge

# (draft, held): a new value of the held claim, the held finding closed by a few words.
REPLACED = [
    (
        "With Nordic oak-beech chips, CS-STD cold smokes at a 22 °C setpoint for 8 h; the"
        " chamber then runs 22–24 °C.",
        "All 14 CS-STD batches held the 26 °C smoke setpoint within 1 degree. No CCP 3 breach.",
    ),
    (
        "With the Orvex resin, line 3 dries at a 118 °C drum setpoint for 2 h.",
        "All 9 line 3 batches held the 105 °C drum setpoint within 2 degrees. No CCP 2 breach.",
    ),
]

# (draft, held): look-alikes the reading must leave alone.
KEPT = [
    # another numbered unit: the claim alone reads alike, the unit is another
    (
        "With the Orvex resin, line 4 dries at a 118 °C drum setpoint for 2 h.",
        "All 9 line 3 batches held the 105 °C drum setpoint within 2 degrees. No CCP 2 breach.",
    ),
    # another thing of the same line
    (
        "With the Orvex resin, line 3 cures at a 60 °C oven setpoint for 2 h.",
        "All 9 line 3 batches held the 105 °C drum setpoint within 2 degrees. No CCP 2 breach.",
    ),
]


def _without_the_rule(draft: str, held: str) -> list[str]:
    """The judge's verdict with the claim never read alone: what the rule adds."""
    import agentmem.core.toldanew as toldanew

    kept = toldanew.without_coda
    toldanew.without_coda = lambda *_: None  # type: ignore[assignment]
    try:
        return judge(draft, [Held("h", held, "semantic")], "semantic").replaces
    finally:
        toldanew.without_coda = kept


@pytest.mark.parametrize(("draft", "held"), REPLACED)
def test_a_finding_with_a_short_close_is_replaced_by_a_new_value(draft: str, held: str) -> None:
    """The held finding's claim told anew replaces it, its closing words no bar (read whole,
    they kept it)."""
    assert judge(draft, [Held("h", held, "semantic")], "semantic").replaces == ["h"]
    assert _without_the_rule(draft, held) == []


@pytest.mark.parametrize(("draft", "held"), KEPT)
def test_look_alikes_of_a_closed_finding_replace_nothing(draft: str, held: str) -> None:
    """Another numbered unit or another thing: nothing replaced."""
    assert judge(draft, [Held("h", held, "semantic")], "semantic").replaces == []


def test_the_claim_is_read_alone_only_when_it_is_closed_by_a_few_unsaid_words() -> None:
    """`without_coda` gives the first sentence when it states a number and what follows
    is short and says no content word of the draft; else None."""
    draft = "The chamber now runs a 22 °C setpoint."
    assert without_coda("Held the 26 °C setpoint. No CCP 3 breach.", draft) == (
        "Held the 26 °C setpoint."
    )
    assert without_coda("Held the 26 °C setpoint.", draft) is None  # nothing closes it
    assert without_coda("Held the old setpoint. No breach.", draft) is None  # no value
    assert without_coda("Held the 26 °C setpoint. Chamber clean.", draft) is None  # said
    long_close = "Held the 26 °C setpoint. The door seal was swapped after the last run."
    assert without_coda(long_close, draft) is None
    assert without_coda("Line 3 held 105 °C. No breach.", "Line 4 now runs 118 °C.") is None
