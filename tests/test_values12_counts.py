"""New values the writer read only as bare numbers, or not at all: a count of a unit both
texts name after the number, an option's value, a lead time ("T-150", "five months
ahead"), and a value moved beside one that stays. Each replaces the held statement, told
with other details; the same kind of value said of another thing does not."""

from __future__ import annotations

from agentmem.core.counted import counts, revalued
from agentmem.core.restate import replaces
from agentmem.core.statement import terms
from agentmem.core.together import read_together

LABELS = "The label printer API accepts at most 40 labels per request; bigger jobs are split first."
BRAKES = (
    "Pallet jacks get a brake check every 300 OH or six weeks; the planner reads maintenance.yaml."
)
THUMBS = "Thumbnails render with `imgtool resize --dpi 150 --strip`; 150 dpi keeps the files small."
RENEWAL = (
    "The contract renewal reminder goes out 60 days before expiry; legal reviews the list weekly."
)
INVOICES = "Supplier invoices lock Friday 18:00 and the payment file reaches the bureau on Tuesday at 09:00."
MOVED = (
    "The invoice cutoff is now Saturday 08:00, moved from late Friday evening; the bureau "
    "upload stays Tuesday 09:00."
)


def _revalued(draft: str, held: str) -> bool:
    d, h = read_together(draft, held)
    return revalued(draft, held, d, h)


def test_a_new_count_of_the_same_unit_replaces_the_held_count() -> None:
    """ "2 requests" and "120 labels": the labels' count is what changed."""
    assert replaces(
        "The label printer API takes up to 120 labels per request since the spring firmware; "
        "the dock run went in as 2 requests.",
        LABELS,
    )
    assert replaces(
        "The pallet jack brake check interval is 450 OH since vendor bulletin 12.", BRAKES
    )


def test_a_count_of_the_unit_for_another_thing_is_no_new_count() -> None:
    """The Gdansk depot's limit, the EU quota against the US one, and a second count kept
    beside the held one, replace nothing."""
    held = "The Krakow depot trucks carry at most 22 pallets per run."
    assert not replaces("The Gdansk depot trucks now carry at most 30 pallets per run.", held)
    assert not replaces(
        "The US quota is 2,000 parcels per day on the marketplace feed.",
        "The EU quota is 500 parcels per day on the marketplace feed.",
    )
    both = "Electric pallet jacks get a brake check every 450 OH; manual ones stay at 300 OH."
    assert not _revalued(both, BRAKES)


def test_a_tally_is_no_setting() -> None:
    """A run that "failed in 3 runs" counts what happened, not a limit that changed."""
    draft = "The invoice export failed in 3 runs this week with a lock timeout on the ledger."
    held = "The invoice export failed in 2 runs this week with a lock timeout on the ledger."
    d, h = read_together(draft, held)
    assert counts(draft) == {}
    assert not revalued(draft, held, d, h)


def test_a_new_option_value_replaces_the_held_command() -> None:
    assert replaces("Thumbnail resize raised to `--dpi 300`: retina screens showed blur.", THUMBS)
    assert counts("run `tool --pad 30 --marks` or -j 8") == {"--pad": {"30"}, "-j": {"8"}}


def test_an_option_of_another_site_is_no_new_value() -> None:
    assert not replaces(
        "Replays for the Oslo gateway run with `replay --site OSL --parallel 8`.",
        "Replays for the Bergen gateway run with `replay --site BGO --parallel 1`.",
    )


def test_a_new_lead_time_replaces_the_held_one_however_it_is_told() -> None:
    """A bare T-150 counts in the held text's unit; five months is 150 days."""
    assert counts("out at T-150", "day") == {"lead": {str(150 * 1440)}}
    assert replaces("Contract renewal reminders go out at T-150 now (policy since May).", RENEWAL)
    assert replaces("Contract renewal reminders should now go out five months ahead.", RENEWAL)
    same = "Contract renewal reminders go out two months ahead."
    assert not _revalued(same, RENEWAL)


def test_a_lead_of_another_thing_is_no_new_lead() -> None:
    """The export that starts at T-45 is not the gate that closes 60 minutes before."""
    draft = "The invoice export to the bank now starts at T-45 so a rerun still fits."
    held = "The bank gate closes 60 minutes before the cutoff; later files are rejected."
    assert not _revalued(draft, held)


def test_a_value_moved_beside_one_that_stays_replaces_the_held_pair() -> None:
    """The upload stays: the held text that states it is the one whose cutoff moved."""
    assert replaces(MOVED, INVOICES)


def test_a_value_that_stays_anchors_only_the_text_that_states_it() -> None:
    assert not replaces(
        MOVED,
        "Supplier invoices are grouped by the vendor's home time zone; grouping by UTC puts "
        "late-Friday invoices into the wrong week.",
    )


def test_the_thing_that_stays_keeps_its_own_lesson() -> None:
    """A held lesson about the upload alone tells no value that moved."""
    assert not replaces(
        MOVED,
        "The bureau upload is sent Tuesday 09:00 from the payment share; the bureau answers "
        "by Wednesday 12:00.",
    )


def test_a_time_zone_names_no_thing() -> None:
    """Both "04:00 UTC" and "05:30 Krakow time" are clocks, not what a text is about."""
    assert replaces(
        "From next month nightly ledger snapshot uploads must reach the bucket by 04:00 UTC.",
        "Nightly ledger snapshot uploads must reach the auditors' bucket by 05:30 Krakow time; "
        "a late upload is flagged.",
    )
    assert "utc" not in terms("The window closes at 04:00 UTC.").proper


def test_a_name_in_an_aside_is_not_what_a_text_is_about() -> None:
    text = "The search index rebuild runs at 02:00 (Jenkins job idx_full) and then swaps the alias."
    assert terms(text).first == ""
