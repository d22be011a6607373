"""A changelog line that retells a held change by a short code ("queue now on the mq7
host") agrees with the held lesson that already says it: it replaces nothing."""

from __future__ import annotations

from agentmem.core.verdict import Held, judge

HELD = (
    "billing: the job queue for region east is now mq7.east.internal:5672 "
    "(new broker, trust its cert in certs/)."
)


def test_a_short_code_of_the_held_new_state_is_no_newer_state() -> None:
    """ "mq7" is among the held text's tokens: two reports of one change."""
    draft = "billing: retries drained; job queue now on the mq7 host for region east"
    assert judge(draft, [Held("q", HELD, "semantic")], "semantic").replaces == []


def test_another_code_is_still_a_new_state() -> None:
    """A code the held text never says is the newer state."""
    draft = "billing: the job queue for region east moved to mq9.east.internal:5672 (was mq7)."
    assert judge(draft, [Held("q", HELD, "semantic")], "semantic").replaces == ["q"]
