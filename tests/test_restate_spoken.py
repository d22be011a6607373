"""Values and names written the short ways engineers write them ("Tue/Thu", "Oct 5",
"2 VMs", "prod") are read as what they are, so a new value written one way replaces the
old one written the other, and two things written alike stay two."""

from __future__ import annotations

from agentmem.core.restate import replaces, restates
from agentmem.core.statement import terms
from agentmem.stores.bm25 import tokenize

WAVES = (
    "Prod deploys to the EU VMs go out in waves of 20 hosts (wave_size=20 in deploy.yml); "
    "health checks run after each wave before the next one starts."
)
CANARY = (
    "Every production deploy starts with a canary of 2 VM hosts, soaks 10 minutes, then "
    "continues in waves of at most 5 hosts. Promote each wave only when health checks pass."
)


def test_a_plural_name_and_an_abbreviation_are_the_words_they_stand_for() -> None:
    """ "2 VMs" names the VM, "prod" is production: a new wave size told in the long words
    replaces the old one told in the short ones (read as other words, the two shared too
    little to be one subject, and the old size of 20 stayed live)."""
    assert {*tokenize("vm production")} <= terms(WAVES).content  # the long words' stems
    assert replaces(CANARY, WAVES)


def test_an_abbreviation_does_not_merge_two_environments() -> None:
    """Against false replacements: staging's wave size is not production's, written out
    or not."""
    staging = WAVES.replace("Prod deploys", "Staging deploys").replace("20", "4")
    assert not replaces(staging, WAVES)
    assert not replaces(WAVES, staging)


def test_abbreviated_weekdays_are_weekdays() -> None:
    """ "Tue/Thu" are Tuesday and Thursday: the same days written out restate it, another
    day is a new value; "sat" and "wed" as words are no days."""
    short = "Router changes go to production only in the Tue/Thu 01:00-04:00 CET windows."
    assert terms(short).values["day"] == {"tuesday", "thursday"}
    assert restates(
        "Router changes go to production only in the Tuesday and Thursday 01:00-04:00 CET windows.",
        short,
    )
    assert "day" not in terms("The operator sat with the team; they wed the two repos.").values


def test_a_day_of_a_month_is_when_not_how_many() -> None:
    """ "from Oct 5", "(21 Sep-27 Sep)" and "the 14th" say when: no count, no name, no
    version of a month is read in them."""
    read = terms("Delisting requests move to the Deliverability Ops team from Oct 5.")
    assert read.values == {"date": frozenset({"oct 5"})}
    assert "oct" not in read.content | read.names
    assert "number" not in terms("W39 retro (21 Sep-27 Sep): uploads move on the 14th.").values


def test_a_range_of_days_is_one_date_not_a_count() -> None:
    """ "25-31 May" is when a week ran, not the count 25: a weekly review naming a decision
    record in passing ("… (25-31 May): ADR-7 (one shared cache) accepted") once gave "25"
    against the record's "One shared cache" and replaced every lesson the record made."""
    review = (
        "Platform weekly review, W22 (25-31 May): ADR-7 (one shared cache layer) and "
        "ADR-9 (request budgets) accepted."
    )
    record = "ADR-7: One shared cache layer: Evict nightly on Sundays; the hourly job only warms."
    assert terms(review).values.get("date") == {"25-31 may"}
    assert terms("Ops review for May 4-10: nothing new.").values.get("date") == {"may 4-10"}
    assert not replaces(review, record)
