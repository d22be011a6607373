"""A short retelling of a change a held lesson already tells (a review bullet: "cutover
done; scans now on QM_X") names no newer state: it replaces nothing."""

from __future__ import annotations

from agentmem.core.restate import replaces

HELD_CUTOVER = (
    "Since the 3 June cutover HERB.SCAN.IN lives on QM_HERB02 (mq-h2.lab.internal:1415); only "
    "the TLS channel HERB.TLS accepts clients."
)


def test_a_short_retelling_of_a_told_change_replaces_nothing() -> None:
    """A review bullet that retells the new state a held lesson already tells ("cutover done;
    scans now on QM_HERB02") is no newer state of it: the fuller lesson stays live."""
    assert not replaces("MQ cutover done; specimen scans now on QM_HERB02.", HELD_CUTOVER)


def test_a_new_state_named_anew_still_replaces() -> None:
    """Naming another queue manager than the held lesson's is a newer state: it replaces."""
    assert replaces("MQ cutover done; specimen scans now on QM_HERB03.", HELD_CUTOVER)
