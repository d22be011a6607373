"""Lessons replaced or refuted in words no earlier rule read, judged at write time.

Five shapes of a later text that ends a held lesson without restating it:

- a correction saying earlier notes "still say" something that no longer holds, then the
  new way (`agentmem.core.retract.outdated`);
- a line saying a setting made larger or smaller "does not help" (a noun with its
  comparative), against the lesson that raised it (`agentmem.core.practice.refuted`);
- a retraction naming the day of a lesson that a later note has restated since: the
  restatement carries the claim now (`agentmem.core.retract.carried`);
- a how-to replaced by another tool's command: every other lesson that still runs the old
  command goes with it (`agentmem.core.oldtool.unrun`);
- a flag or command said to be removed, against a lesson telling to use it
  (`agentmem.core.dropped.dropped`).

Each with its false merges: another site, another component, another tool's flag of the
same name, another subcommand, a lesson that already agrees.
"""

from __future__ import annotations

from agentmem.core.commands import lines
from agentmem.core.dropped import dropped
from agentmem.core.oldtool import unrun
from agentmem.core.practice import prescribes_all, refuted
from agentmem.core.retract import outdated, withdrawn
from agentmem.core.verdict import Held, judge, kin

# -- notes that still say what no longer holds -------------------------------------------

CORRECTION = (
    "Erratum: the studio handbook still says the glaze kiln is fired from the wall panel, "
    "which is out of date; the tablet app (kilnapp fire --cone 6) fires it, and the wall "
    "panel stays wired until June."
)
PANEL = "Handbook: the glaze kiln is fired from the wall panel at 06:00; the bisque load waits."


def test_a_correction_of_outdated_notes_withdraws_the_lesson_that_says_the_claim() -> None:
    """The claim's words all stand in the held lesson: it is the note corrected."""
    assert outdated(CORRECTION) is not None
    assert withdrawn(CORRECTION, [("p", PANEL)]) == ["p"]
    assert judge(CORRECTION, [Held("p", PANEL, "semantic")], "semantic").replaces == ["p"]


def test_a_lesson_about_another_kiln_stays() -> None:
    """The raku kiln is not the glaze kiln the correction is about: a near miss."""
    raku = "The raku kiln is fired from the wall panel in the yard."
    assert withdrawn(CORRECTION, [("r", raku)]) == []


def test_notes_said_to_hold_still_withdraw_nothing() -> None:
    """Notes that still say something true are no correction."""
    text = "The studio handbook still says the glaze kiln is fired from the wall panel, and it is."
    assert outdated(text) is None
    assert withdrawn(text, [("p", PANEL)]) == []


def test_a_lesson_that_tells_the_new_way_is_not_withdrawn() -> None:
    """A lesson that says the new way shares the claim's words less than the reason's."""
    new = "The glaze kiln is fired from the tablet app since 3 May; the wall panel stays wired."
    assert withdrawn(CORRECTION, [("n", new)]) == []


# -- a larger setting that does not help ------------------------------------------------

NO_HELP = (
    "Learnt the hard way: a longer scraper cooldown never fixed the banned sessions (proxy churn)."
)
RAISE = "Raise the scraper cooldown to 45 s to stop getting banned."


def test_a_longer_setting_that_does_not_help_withdraws_the_lesson_that_raised_it() -> None:
    """The comparative says the practice's verb: raising the scraper cooldown."""
    assert refuted(NO_HELP) == ["longer scraper cooldown"]
    assert prescribes_all(RAISE, "longer scraper cooldown")
    assert withdrawn(NO_HELP, [("r", RAISE)]) == ["r"]


def test_another_components_cooldown_stays() -> None:
    """Refuted for the scraper, not for the crawler."""
    other = "Raise the crawler cooldown to 45 s to stop getting banned."
    assert withdrawn(NO_HELP, [("m", other)]) == []


def test_a_lesson_that_lowers_the_setting_stays() -> None:
    """A shorter cooldown is another practice: the comparative's family must match."""
    lower = "Reduce the scraper cooldown to 5 s so the crawl ends overnight."
    assert withdrawn(NO_HELP, [("l", lower)]) == []


def test_made_no_difference_refutes_too() -> None:
    """Another way of saying it did not help."""
    text = "Under-kneaded rye again. More proofing time made no difference."
    assert refuted(text) == ["More proofing time"]
    assert prescribes_all("Extend the proofing time to 90 minutes for rye.", "More proofing time")


# -- a retraction naming a day whose lesson was restated since ---------------------------

DAY_LESSON = "The greenhouse fogging faults come from low water pressure; raise the pump to 4 bar."
RESTATED = "Greenhouse fogging works once the pump runs at 4 bar; low water pressure starved it."
RETRACTION = (
    "Retracted: the 04-12 note blaming water pressure for the fogging faults; clogged nozzles."
)


def _held() -> list[Held]:
    return [
        Held(
            "day",
            DAY_LESSON,
            "semantic",
            superseded=True,
            written="2027-04-12-run-3 2027-04-12T12:00",
        ),
        Held(
            "note",
            RESTATED,
            "semantic",
            written="2027-04-16-retro 2027-04-16T12:00",
            supersedes=("day",),
        ),
    ]


def test_a_dated_retraction_withdraws_the_restatement_of_that_days_lesson() -> None:
    """The 04-12 lesson was replaced by the weekly note's restatement, which carries it."""
    assert judge(RETRACTION, _held(), "semantic").replaces == ["note"]


def test_a_restatement_that_shares_too_little_of_the_claim_stays() -> None:
    """A note that replaced the day's lesson on another point does not carry the claim."""
    held = _held()
    held[1] = Held(
        "note",
        "Greenhouse vents open at 26 C now.",
        "semantic",
        written="2027-04-16-retro 2027-04-16T12:00",
        supersedes=("day",),
    )
    assert judge(RETRACTION, held, "semantic").replaces == []


def test_without_a_day_the_restatement_is_not_followed() -> None:
    """A claim that names no day is read against live lessons only."""
    text = "Retracted: the note blaming water pressure for the fogging faults; clogged nozzles."
    assert "note" not in withdrawn(
        text, [("x", "Vents open at 26 C.")], {}, {"day": ["note"]}, [("day", DAY_LESSON)]
    )


# -- a command left behind by a tool swap ------------------------------------------------

OLD = "To re-index a shelf, run `shelfctl index --shelf <id> --full`; it is safe to repeat."
NEW = "Decision: re-index a shelf with `libctl catalog index --shelf <id>`; it reads the new table."


def test_lessons_still_running_the_swapped_out_command_go_with_it() -> None:
    """The replaced how-to's command is gone from every lesson that runs it."""
    others = [
        ("a", "A shelf can be re-indexed twice safely: shelfctl index skips known rows."),
        ("b", "shelfctl lend --member <id> records a loan."),  # another subcommand
        ("c", "shelfctl index is wrapped by libctl for now."),  # names the new tool
    ]
    assert unrun(NEW, [OLD], others) == ["a"]
    held = [Held("old", OLD, "procedural"), *(Held(i, t, "semantic") for i, t in others)]
    assert kin(NEW, held, ["old"]) == ["a"]


def test_a_draft_that_still_names_the_old_tool_swaps_nothing_out() -> None:
    """Both tools named: the old command may well still run."""
    draft = "Re-index a shelf with `libctl catalog index --shelf <id>`; shelfctl stays for loans."
    assert unrun(draft, [OLD], [("a", "shelfctl index skips known rows.")]) == []


def test_a_make_target_with_a_setting_is_a_command() -> None:
    """`make target VAR=value` is read as the command `make target`."""
    assert lines("Bundle it with make bundle-web TARGET=dist/app.js, nothing else.") == (
        ("make", "bundle-web"),
    )


# -- a flag said to be gone --------------------------------------------------------------

GONE = "The --old-tiles flag was removed in mapper 3.1, so kiosks get vector tiles now."


def test_a_lesson_telling_to_use_a_removed_flag_is_replaced() -> None:
    """The flag is taken away: the lesson that prescribes it is retired."""
    held = "Use --old-tiles when building maps for the lobby kiosks, whose browser has no vector support."
    assert dropped(GONE, held)
    assert judge(GONE, [Held("k", held, "procedural")], "semantic").replaces == ["k"]


def test_a_flag_dropped_as_the_object_of_a_verb_is_read_too() -> None:
    """ "the June release deleted `--old-tiles`" says the same."""
    draft = "The June mapper release deleted `--old-tiles` (see the changelog)."
    assert dropped(draft, "Export kiosk maps with --old-tiles.")


def test_another_tools_flag_of_the_same_name_stays() -> None:
    """A tool the draft never names keeps its own --old-tiles."""
    assert not dropped(GONE, "printctl render --old-tiles still prints the A0 sheets.")


def test_another_flag_and_a_lesson_that_agrees_stay() -> None:
    """A flag the draft does not name, and a lesson that says the flag is gone itself."""
    assert not dropped(GONE, "Export kiosk maps with --old-tile-cache for speed.")
    assert not dropped(GONE, "The --old-tiles option was removed in mapper 3.1.")


# -- a retraction whose claim is told after its framing ----------------------------------


def test_a_claim_told_only_in_framing_words_is_read_from_the_next_clause() -> None:
    """ "That tip was wrong: …" names no claim of its own; the clause after it does."""
    text = (
        "That tip was wrong: a worker wrote that damp clay causes the glaze crawling. It is dust."
    )
    held = "Glaze crawling comes from damp clay; dry the pots a day longer."
    other = "Kiln shelves need fresh wash every tenth firing."
    assert withdrawn(text, [("h", held), ("o", other)]) == ["h"]


def test_a_clause_that_denies_is_the_correction_not_the_claim() -> None:
    """ "That tip was wrong: the crawling was never damp clay" tells what is true: the
    lesson on what does cause it stays, and nothing is guessed for the claim."""
    text = "That tip was wrong: the glaze crawling was never damp clay, and drying longer only delayed the firing."
    right = "Glaze crawling comes from dust on the bisque; wipe each pot with a damp sponge before glazing."
    assert withdrawn(text, [("r", right)]) == []
