"""Changes told at write time in words the judge did not link to the lesson they end
(`agentmem.core.oldnamed`, `agentmem.core.handover`, `agentmem.core.placed`): a value
the draft itself calls the old one (a flag's value and a release read as measures), a
role handed to another holder (a post named by a noun, a holder named by a title, a
swapped phrase in another clause no block), a thing kept somewhere else now. Each has its
near misses, in three made-up domains: another measure, another number of another thing,
an exception beside the rule, two owners of two things, a part of the thing moved."""

from __future__ import annotations

import pytest

from agentmem.core.handover import handed_over
from agentmem.core.oldgone import way_gone
from agentmem.core.oldnamed import named_old
from agentmem.core.placed import placed_anew
from agentmem.core.verdict import Held, judge


def _replaces(draft: str, held: str) -> bool:
    return judge(draft, [Held("h1", held, "semantic")], "semantic").replaces == ["h1"]


# --- a value called old -----------------------------------------------------------------

CALLED_OLD = [
    (  # the old value named beside the new one, said as "5-second" in the held lesson
        "Sensor readings to the control room are now sent every 2 s (rule rev. 4); the "
        "previous 5 s setting fails the latency check.",
        "Readings to the control room go out on a 5-second cycle; valve position goes in the "
        "same packet as flow.",
    ),
    (
        "Hive scale readings reach the apiary server every 10 s now; the previous 30 s "
        "interval missed swarm alerts.",
        "Hive scale readings reach the apiary server on a 30 s interval, and its link check "
        "drops readings past 90 s.",
    ),
    (  # "previous" before the value; the held one says it as "8-hour"
        "Kiln loads are now cooled for 6 h; the previous 8 h cooling cracked two crates.",
        "Each kiln load cools on an 8-hour cycle before the crates are opened.",
    ),
    (  # a value inside a flag, judged the wrong fix in a later sentence
        "Loom crashes come from the spool cache, not the heap. Keep a 12g heap. Raising the "
        "loom heap to 40 GB was the wrong fix: it starved the dye workers.",
        "Loom jobs run out of memory on wide patterns; start the loom heap with -Xmx40g.",
    ),
    (  # a release the draft moved from, named again beside the new one
        "We moved the parcel label format from Tagline 3.2 to Tagline 4.0; the old format is "
        "refused by the carrier from June.",
        "Parcel labels are printed in the Tagline 3.2 format; the postcode goes in upper case.",
    ),
    (  # a setting's flag read as the count it sets
        "Harbour cranes now take 30 lifts per shift; the old --max-lifts=20 cap is lifted.",
        "Harbour crane jobs run with --max-lifts=20 so that each shift ends on time.",
    ),
]

NOT_CALLED_OLD = [
    (  # "old" of an age, not of a value
        "Kiln logs 3 days old are now purged after 5 days.",
        "Kiln logs are kept for 5 days on the panel; export them weekly.",
    ),
    (  # what replaced the old value is the new one
        "The 4 GB dye cache was replaced by an 8 GB one last week.",
        "The dye cache holds 8 GB of swatches; clear the dye cache monthly.",
    ),
    (  # another measure: the old value is of hours, the held one of crates
        "Kiln loads are now cooled for 6 h; the previous 8 h cooling cracked two crates.",
        "A kiln load holds 8 crates of glazed jars; stack the crates two high.",
    ),
    (  # another thing measured: only the unit in common
        "Loom heap is now 12 GB; the previous 40 GB heap starved the dye workers.",
        "Dye vats hold 40 GB of colour profiles on the archive disk.",
    ),
    (  # the held lesson tells the same change itself
        "We moved the parcel label format from Tagline 3.2 to Tagline 4.0.",
        "Parcel labels moved from Tagline 3.2 to Tagline 4.0 last week; test a print first.",
    ),
    (  # the draft names the old value and no new one of its measure
        "The previous 20-lift cap on harbour cranes came from the union agreement.",
        "Harbour crane jobs run with --max-lifts=20 so that each shift ends on time.",
    ),
    (  # an old value of another measure, beside a new one of its own
        "Lift logs are now kept for 90 days; the previous 20-lift sample was too small.",
        "Harbour crane jobs run with --max-lifts=20 so that each shift ends on time.",
    ),
]


@pytest.mark.parametrize(("draft", "held"), CALLED_OLD)
def test_a_value_the_draft_calls_old_replaces_the_lesson_stating_it(draft: str, held: str) -> None:
    """The held lesson states the value the draft calls old, of the same measure, and the
    draft gives another: the held lesson is replaced."""
    assert _replaces(draft, held)


@pytest.mark.parametrize(("draft", "held"), NOT_CALLED_OLD)
def test_an_old_value_of_another_measure_or_thing_replaces_nothing(draft: str, held: str) -> None:
    """Another measure, another thing on the same unit, a report of the same change, or no
    new value given: no value called old (other rules may still judge the pair)."""
    assert not named_old(draft, held)


# --- a role handed on ----------------------------------------------------------------------

HANDED = [
    (
        "Mr. Osei took over as print room supervisor on 04-20.",
        "Proof runs are booked through the print room supervisor, Mr. Hart, one day ahead.",
    ),
    (  # a post named by a noun, holders named by a title
        "Dr. Ines Vale is the kiln safety officer since 03-02; log each check in the book.",
        "Firings above 1200 C need a check by the kiln safety officer, Dr. Amos Reed, first.",
    ),
    (  # a phrase swapped in another clause does not block the handover
        "Glaze sign-off is now done by the Studio Board: attach the test tile photos.",
        "Glaze changes need sign-off from the studio lead (Ana Ruiz) before the kiln or shop.",
    ),
    (  # "took over as"
        "Prof. Lena Ford took over as berth allocation lead on 05-11.",
        "Berth swaps are agreed with the berth allocation lead, Prof. Otto Sand, by noon.",
    ),
]

NOT_HANDED = [
    (  # "new" of what the role is over, not of its holder
        "New glaze lines need sign-off from Ana Ruiz (studio) first.",
        "Glaze sign-off is done by the Studio Board: attach the test tile photos.",
    ),
    (  # two owners of two things
        "Ana Lee now owns the billing export.",
        "Ben Ode owns the search index rebuild.",
    ),
    (  # another post: the night shift's coordinator is not the day shift's
        "Dr. Ruiz is the night-shift coordinator now.",
        "Escalations go through the day-shift coordinator, Dr. Hale.",
    ),
    (  # an exception beside the rule
        "Refund approvals over 500 EUR now go to Mia Sand.",
        "Refund approvals go to Leo Park in finance.",
    ),
    (  # a deputy named beside the holder
        "Dr. Kim Arden is the deputy kiln safety officer now.",
        "Firings above 1200 C need a check by the kiln safety officer, Dr. Amos Reed, first.",
    ),
]


@pytest.mark.parametrize(("draft", "held"), HANDED)
def test_a_role_handed_to_another_holder_replaces_the_lesson_naming_the_old(
    draft: str, held: str
) -> None:
    """The same role (a post by its words, or a role verb over the same thing) now held by
    someone else, told as a change: the held lesson is replaced."""
    assert _replaces(draft, held)


@pytest.mark.parametrize(("draft", "held"), NOT_HANDED)
def test_two_roles_or_an_exception_replace_nothing(draft: str, held: str) -> None:
    """Two things' owners, two shifts' posts, a case carved out, a deputy: no handover
    (other rules may still judge the pair)."""
    assert not handed_over(draft, held)


# --- a thing kept elsewhere now -----------------------------------------------------------

MOVED = [
    (
        "Shift rosters now come from the planning portal: download them each Monday.",
        "Depot shift rosters live on the shared drive under /rosters/; print them on Friday.",
    ),
    (
        "Loom pattern files now come from the mill server: run loomctl pull --frame <id>.",
        "Loom pattern files sit on bench-pc-3 under /patterns/<frame>/ and go over on a stick.",
    ),
    (
        "Glaze recipes now live in the studio wiki.",
        "Studio glaze recipes live on the shared drive under /recipes/; copy them first.",
    ),
    (
        "Tide tables are now fetched from the harbour API each morning.",
        "Harbour tide tables are kept in tides.csv on the quay laptop.",
    ),
]

NOT_MOVED = [
    (  # a part of the thing moved: a case of its own
        "Mobile test fixtures now live in S3.",
        "Test fixtures live in the repo under fixtures/.",
    ),
    (  # two things
        "Staging configs now live in the vault.",
        "Production configs live in the repo.",
    ),
    (  # the draft names the old place still
        "Glaze recipes now live in the studio wiki, with a copy on the shared drive.",
        "Studio glaze recipes live on the shared drive under /recipes/; copy them first.",
    ),
]


@pytest.mark.parametrize(("draft", "held"), MOVED)
def test_a_thing_kept_elsewhere_now_replaces_where_it_was(draft: str, held: str) -> None:
    """The draft names the thing in the held lesson's words or fewer and says it is kept
    somewhere else now: the held lesson is replaced."""
    assert _replaces(draft, held)


@pytest.mark.parametrize(("draft", "held"), NOT_MOVED)
def test_a_part_moved_or_another_thing_moved_replaces_nothing(draft: str, held: str) -> None:
    """A part of the thing, another thing, or both places named: no new place (other rules
    may still judge the pair)."""
    assert not placed_anew(draft, held)


# --- an old way said to be over -----------------------------------------------------------

WAY_GONE = [
    (
        "Pottery orders now come from the shop feed: run feedctl pull --shop <id> on the "
        "studio box, which also checks the order totals. The old USB transfer is gone and "
        "that laptop is switched off.",
        "Before packing, copy the order sheet from the office laptop again by USB; the "
        "packing list is never refreshed by itself.",
    ),
    (
        "On the new press, the ink room is a 40 L per-shift allowance shared by every crew; "
        "press jobs mix colours at the station and send only leftovers to /waste/ink. The old "
        "per-run roller rinse no longer applies.",
        "Keep at most 2 runs of ink on the rollers and rinse the rollers after each run's "
        "colour check passes.",
    ),
    (
        "Harvest bins are now weighed at the gate scale, which logs each one and tags its "
        "row. Our previous hand tally of bins was dropped.",
        "Tally the harvest bins by hand at each row end and write the count on the row sheet "
        "before lunch.",
    ),
]

WAY_KEPT = [
    (  # another thing done the old way: the way's words, not the subject
        "Glaze sheets now come from the studio wiki; the old hand-copy step is gone.",
        "Kiln logs are copied by hand to the office binder each week.",
    ),
    (  # a way not called old is no news of its end
        "The roller rinse no longer applies to the night crew; they use the wash station.",
        "Rinse the rollers after each run's colour check passes.",
    ),
    (  # the held lesson reports the same end itself
        "Our previous hand tally of bins was dropped; the gate scale logs them.",
        "The old hand tally of harvest bins was dropped once the gate scale came in.",
    ),
]


@pytest.mark.parametrize(("draft", "held"), WAY_GONE)
def test_an_old_way_said_to_be_over_withdraws_the_lesson_telling_it(draft: str, held: str) -> None:
    """The draft calls a way old and says it is over; the held lesson tells that way, on
    the draft's subject: it is replaced."""
    assert judge(draft, [Held("h1", held, "procedural")], "procedural").replaces == ["h1"]


@pytest.mark.parametrize(("draft", "held"), WAY_KEPT)
def test_a_way_of_another_thing_or_not_called_old_stays(draft: str, held: str) -> None:
    """Another thing done that way, a way not called old, a report of the same end: no
    old way over (other rules may still judge the pair)."""
    assert not way_gone(draft, held)
