"""The one onset grammar (`agentmem.core.onset`) and its three readings."""

from __future__ import annotations

from agentmem.core.onset import ONSET, OPENING, SINCE_DAY, START


def test_onset_reads_a_day_at_the_opening_and_no_range() -> None:
    """A sentence opening on a day is an onset; a range or an event after the cue is not."""
    assert ONSET.match("As of 12 March, parcels leave from dock 3.")
    assert ONSET.match("Starting with Friday's run the mixer idles at 40 rpm.")
    assert not ONSET.match("From Monday to Friday the mixer idles at 40 rpm.")
    assert not ONSET.match("Since the rebuild the mixer idles at 40 rpm.")


def test_opening_cuts_the_cue_and_keeps_an_event() -> None:
    """The clause's opening cue and day are cut off; an event named after "the" stays."""
    assert OPENING.sub("", "Since 3 May, Acme is our courier", count=1) == "Acme is our courier"
    kept = "Since the Sunday rebuild Acme is our courier"
    assert OPENING.sub("", kept, count=1) == kept


def test_start_reads_a_period_anywhere_a_clause_opens() -> None:
    """A value set from a period needs no day: a term, a year, "took effect"."""
    assert START.search("Beginning with the spring term, the fee is 40.")
    assert START.search("The fee is 40. From 2031/32, it is 45.")
    assert START.search("The new fee took effect last week.")
    assert not START.search("The fee is 40 for every term.")


def test_since_day_reads_a_start_by_a_month_day_anywhere_but_after_from() -> None:
    """A start cue before a day by its month's name counts mid-sentence; "from" does not (it
    names what a thing is of there), nor a lower-case month, nor a range."""
    assert SINCE_DAY.search("The rota is kept by Lu Chen since June 15.")
    assert SINCE_DAY.search("Ines signs off, effective from 3rd of March.")
    assert not SINCE_DAY.search("The memo from 9 May said Tom signs off.")
    assert not SINCE_DAY.search("Tom signs off since may 5.")
    assert not SINCE_DAY.search("Tom covers starting 3 May to 9 May.")
