"""A day of every month ("the 22nd of the month", "the 25th" in a text that says it recurs
monthly) is a value a newer text may change, and "From … onwards" says the state changed:
the new cutoff replaces the old one, the US cutoff never the EU one."""

from __future__ import annotations

from agentmem.core.cues import CHANGE
from agentmem.core.restate import replaces
from agentmem.core.statement import terms

OLD_EU = (
    "EU: the monthly expense cutoff is the 25th. Reports approved in Ledgerly after the "
    "25th move to the next close."
)
NEW_EU = (
    "From the March close onwards, EU expense reports must be approved in Ledgerly by the "
    "22nd of the month."
)
NEW_US = NEW_EU.replace("EU expense", "US expense")


def test_a_day_of_every_month_is_a_value_and_a_date_stays_a_date() -> None:
    assert terms(NEW_EU).values["day of month"] == {"22nd"}
    assert terms(OLD_EU).values["day of month"] == {"25th"}
    assert "day of month" not in terms("Uploads move on the 14th.").values
    assert "day of month" not in terms("The monthly report went out on the 3rd of May.").values


def test_from_onwards_is_a_change_cue() -> None:
    assert CHANGE.search("From the March close onwards, reports are due earlier.")


def test_a_new_monthly_cutoff_replaces_the_old_one() -> None:
    assert replaces(NEW_EU, OLD_EU)


def test_another_regions_cutoff_is_not_a_replacement() -> None:
    assert not replaces(NEW_US, OLD_EU.replace("EU:", "EU and UK:"))
    assert not replaces(NEW_EU, OLD_EU.replace("EU:", "US:"))


def test_two_days_of_the_month_of_two_things_are_not_a_replacement() -> None:
    assert not replaces(
        "Invoices for the 3rd of the month go out with the monthly statement.",
        "The monthly statement is mailed on the 5th; it lists invoices of the previous month.",
    )


HANDOVER = (
    "Handover: billing (Ana -> bot) — Cutoffs: France and Spain: the monthly invoice cutoff "
    "is the 24th. Anything approved in Billdesk after the 24th rolls into next month; CA: "
    "see the CA02 notes, different rule per quarter."
)


def test_a_rule_for_the_region_a_handover_only_points_at_keeps_the_handover() -> None:
    """The handover's clause with the 24th is about France and Spain; CA02's own day is
    no new value of it (the handover had been hidden, and the European cutoff with it)."""
    assert not replaces(
        "CA02 bills quarterly on the 10th of the month after quarter end; invoices for CA "
        "customers must be approved in Billdesk 2 business days before.",
        HANDOVER,
    )


def test_a_new_cutoff_for_the_handovers_region_replaces_it() -> None:
    assert replaces(
        "From the May close onwards, invoices for FR01 and ES01 must be approved in Billdesk "
        "by the 21st of the month, 18:00 CET.",
        HANDOVER,
    )
