"""Two more ways a later text denies the cause a held lesson gave: the file or system the
lesson named "has never had a <such> rule", and the remedy the lesson led to "changed
nothing" beside a denial of its cause ("the belt was never worn — …", the dash ending
what was denied). A remedy that changed nothing with no cause denied, or a rule never held
by another thing, withdraws nothing."""

from __future__ import annotations

from agentmem.core.disowned import denied_causes
from agentmem.core.verdict import Held, judge

BELT = "Conveyor C-3 jams every afternoon because its drive belt is worn; a new belt is ordered."
ALERTS = "Low-stock alerts for the cold room fire from the restock rule in `stock_rules.yaml`."


def _withdrawn(draft: str, held: str) -> bool:
    return judge(draft, [Held("h", held, "semantic")], "semantic").replaces == ["h"]


def test_a_remedy_that_changed_nothing_and_a_cause_denied_withdraw_the_lesson() -> None:
    """The denied thing ends at the dash: "worn", not what the clause after it tells."""
    draft = (
        "Fitting the new belt on C-3 changed nothing. The belt was never worn — the "
        "afternoon jams come from a sensor set too close to the rollers."
    )
    assert ("worn", "worn") in denied_causes(draft)
    assert _withdrawn(draft, BELT)


def test_a_rule_the_named_file_never_had_withdraws_the_lesson() -> None:
    """The lesson said the alerts come from a rule in a file; the file never had one."""
    draft = (
        "Audit finding: stock_rules.yaml has never had a restock rule. The cold room alerts "
        "are sent by hand from the morning checklist."
    )
    assert _withdrawn(draft, ALERTS)


def test_no_cause_denied_or_another_rule_withdraws_nothing() -> None:
    """A remedy that changed nothing, no cause denied, is left to the remedy rules; a
    file that never had a rule of another kind says nothing of the alerts' rule."""
    assert not _withdrawn("Oiling the rollers on C-3 changed nothing.", BELT)
    assert not _withdrawn("The cold room has never had a humidity rule.", ALERTS)
