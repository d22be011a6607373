"""A value told beside the one it is not ("$180, not the adult $240") states only the first."""

from __future__ import annotations

from agentmem.core.restate import replaces
from agentmem.core.statement import terms

HELD = (
    "Junior members keep the junior fees ($180 full-year, $95 student); look fees up by the "
    "member's birth year, never by the renewal date or today's year."
)
DRAFT = (
    "The renewal screen must use the same per-year fee lookup as sign-up: a junior renewal "
    "pays $180 full-year, not the adult $240."
)


def test_the_value_it_is_not_is_no_value_it_states() -> None:
    """ "$180 full-year, not the adult $240": 240 is the value it is not, as in "45 minutes,
    not 30"; read as stated, it gave the rule a new fee against the held one's $95 and
    replaced it, and "look fees up by birth year" left every synthesis."""
    assert "240" not in terms(DRAFT).values.get("number", frozenset())
    assert not replaces(DRAFT, HELD)


def test_a_plain_new_value_still_replaces() -> None:
    """A fee told anew, with no value it is not, still replaces the held one."""
    held = "Junior members pay $180 a year for the full-year pass."
    assert replaces("Junior members now pay $200 a year for the full-year pass.", held)
    assert terms("Retention is 45 minutes, not 30.").values == {"min": frozenset({"45"})}
