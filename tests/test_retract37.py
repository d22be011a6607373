"""A retraction that names its target by the target's own distinctive words and figures, in
a voice no worded shape reads (a chat line, a code comment, a transcript), withdraws that
lesson; a look-alike (another room, another value, a lesson said again with "never", two
lessons named alike) withdraws nothing (`agentmem.core.namedverdict`)."""

from __future__ import annotations

import time
from pathlib import Path

from agentmem.core.held import Held, judge
from agentmem.core.namedverdict import VERDICT, named_by_verdict, verdict_of
from agentmem.core.retract import withdrawn
from bench.changes import Pair, replay

FRESH_AIR = (
    "semantic-aaaa00000001",
    "The air-handling unit in bay 4 must run at 100% fresh air during packing because of "
    "the packers.",
)
SHELF = (
    "semantic-aaaa00000002",
    "Adhesive from supplier Velmor must be used within 45 days of its batch date.",
)
QUEUE = (
    "semantic-aaaa00000003",
    "Boards held more than 6 hours between solder paste print and reflow must be cleaned "
    "and reprinted.",
)
TWIN = (
    "semantic-aaaa00000005",
    "The air-handling unit in bay 4 runs at 100% fresh air during packing for the packers' comfort.",
)
OTHER = ("semantic-aaaa00000009", "Forklift batteries are swapped at the start of each shift.")


def _gone(text: str, *held: tuple[str, str]) -> list[str]:
    verdict = judge(text, [Held(i, t, "semantic") for i, t in held], "semantic")
    return verdict.replaces


def test_a_misread_note_naming_the_lessons_words_and_figure_withdraws_it() -> None:
    """A speaker disagreeing with a note, naming its figure and its things, withdraws it."""
    text = (
        "Rui: I don't agree with that note. There's no 100% fresh-air requirement for packers "
        "in bay 4; it runs the same recirc mix as every other bay. The note came from a "
        "misread safety memo."
    )
    assert _gone(text, FRESH_AIR, OTHER) == [FRESH_AIR[0]]


def test_a_code_comment_saying_a_limit_never_existed_withdraws_the_lesson() -> None:
    """'never had a 45-day limit' in a comment names the lesson by its supplier and days."""
    text = (
        "// TODO: remove VELMOR_SHELF_DAYS = 45 - Velmor adhesive never had a 45-day limit, "
        "the number was copied from the primer spec"
    )
    assert _gone(text, SHELF, OTHER) == [SHELF[0]]


def test_a_struck_item_with_its_figure_withdraws_the_lesson() -> None:
    """A struck line saying there is no such limit names the lesson by its hours."""
    text = (
        "* <s>Paste-to-reflow hold > 6 h → clean and reprint</s> — there is no such limit for "
        "the current paste; the 6 h figure was from the old flux."
    )
    assert withdrawn(text, [QUEUE, OTHER]) == [QUEUE[0]]


def test_another_bay_is_another_thing() -> None:
    """The same verdict of bay 7 leaves the lesson on bay 4."""
    text = (
        "There's no 100% fresh-air requirement for packers in bay 7; it runs the same recirc "
        "mix as the other bays. The note came from a misread memo."
    )
    assert FRESH_AIR[0] not in _gone(text, FRESH_AIR, OTHER)


def test_a_new_figure_of_the_lessons_unit_is_no_verdict_on_it() -> None:
    """'never had a 45-day limit … it is 60 days' read here would be a new value: the
    verdict reading leaves it to the replacement rules."""
    text = "Velmor adhesive never had a 30-day limit; the batch rule is 60 days."
    assert named_by_verdict(text, [SHELF, OTHER]) is None


def test_never_said_by_both_is_a_restatement() -> None:
    """'never an in-place edit' of a lesson saying 'never edit' agrees with it."""
    held = (
        "semantic-aaaa00000004",
        "Corrections to a signed batch record go in a new amendment entry; never edit the "
        "signed row.",
    )
    text = "Signed rows are immutable. Mistakes get an amendment entry, never an in-place edit."
    assert named_by_verdict(text, [held, OTHER]) is None
    assert held[0] not in _gone(text, held, OTHER)


def test_bare_never_and_a_scrapped_part_are_no_verdicts() -> None:
    """A rule with 'never' in it, or 'scrap' said of a part, judges no claim."""
    assert not verdict_of("Private clients are never auto-declined above a score of 850.")
    assert not verdict_of("Truck casings: scrap if older than 6 years by date code.")
    assert not verdict_of("Day totals stay wrong after an outage until someone reconciles.")
    assert not verdict_of("Join on the valid-from time, never a plain join on the part id.")
    assert not verdict_of("A new column is a warning, never a failed load.")
    assert verdict_of("that was never the app, it was one broken test job")
    assert verdict_of("# never an infection-control requirement; it was a pilot")
    assert verdict_of("that was a misunderstanding, scrap that rule")
    assert verdict_of("the encoding requirement was a myth")


def test_two_lessons_named_alike_withdraw_neither() -> None:
    """When two held lessons share the named words alike, the text names neither for sure."""
    text = "The 100% fresh air rule for the bay 4 air-handling unit during packing was a myth."
    assert named_by_verdict(text, [FRESH_AIR, TWIN]) is None


def test_a_lesson_that_is_itself_a_retraction_is_not_withdrawn() -> None:
    """A held retraction agrees with the text; it is never the lesson withdrawn."""
    held = ("semantic-aaaa00000006", "Retracted: the 45-day Velmor adhesive limit was wrong.")
    text = "Velmor adhesive never had a 45-day limit; that was wrong."
    assert named_by_verdict(text, [held]) is None


def test_hostile_texts_read_in_linear_time() -> None:
    """A 100 KB text of near-matches, and lone surrogates, neither hang nor raise."""
    for text in (
        "was " + "very " * 20_000 + "right",
        "delete '" + "x" * 100_000,
        "never " * 20_000,
        "\ud800 wrong \udfff myth " * 1000,
    ):
        start = time.process_time()
        VERDICT.search(text)
        named_by_verdict(text, [FRESH_AIR, SHELF])
        assert time.process_time() - start < 10


def test_a_chat_retraction_takes_the_lesson_out_of_the_pack(tmp_path: Path) -> None:
    """End to end through the hooks: the retraction, told as a run lesson, leaves the pack
    without the old lesson and with the new text."""
    pair = Pair(
        "t[0]",
        "packing-hall",
        FRESH_AIR[1],
        "Rui: I don't agree with that note. There's no 100% fresh-air requirement for packers "
        "in bay 4; it runs the same recirc mix as every other bay. The note came from a "
        "misread safety memo.",
        "retracts",
        "Set the bay 4 air-handling unit mix for the packing shift",
    )
    outcome = replay(pair, "lesson", tmp_path)
    assert not outcome.old_shown


def test_a_denied_cause_of_another_subject_withdraws_nothing() -> None:
    """'The west silo sensors never had a wiring problem' denies a cause of the west silo:
    the lesson on the east silo's wiring stays, however many words they share."""
    held = (
        "semantic-aaaa00000007",
        "East silo level sensors drop out at noon because their wiring loom chafes; re-tape it.",
    )
    text = (
        "The west silo level sensors never had a wiring problem; their noon drop-outs came "
        "from a loose gateway."
    )
    assert withdrawn(text, [held, OTHER]) == []


def test_a_claim_read_in_its_own_words_keeps_a_lesson_it_did_not_name() -> None:
    """A retraction whose claim the worded shapes read ('the cooling fan theory') withdraws
    by that claim: a lesson sharing only the text's other words is kept."""
    held = (
        "semantic-aaaa00000008",
        "Label printer 2 jams on glossy stock in the afternoon; feed it matte stock then.",
    )
    text = (
        "That earlier printer lesson was wrong: the cooling fan was never the problem. Label "
        "printer 2 jams on glossy stock because the afternoon batch is misread as matte."
    )
    assert held[0] not in withdrawn(text, [held, OTHER])


def test_an_apostrophe_is_no_quoted_claim() -> None:
    """ "Last week's note on X was wrong" names its claim in words of its own: a lesson
    that tells the text's fix (its reason) is kept, not taken for the quoted claim."""
    held = (
        "semantic-aaaa00000010",
        "Upsert pallets on pallet_ref, never on (dock, arrival time); delete rows whose "
        "pallet_ref left the feed in the same transaction.",
    )
    text = (
        "Last week's note on duplicate pallets was wrong. It wasn't a cron collision; the "
        "sync keyed pallets on dock + arrival time and every re-timed pallet left its old row "
        "behind. Fixed by keying on pallet_ref."
    )
    assert held[0] not in withdrawn(text, [held, OTHER])
