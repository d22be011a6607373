"""A program retro's filing is no lesson (`agentmem.harvest.scriptretro`): a tally of the
period's runs, and who owns a finding, said at its end."""

from __future__ import annotations

from agentmem.harvest.scriptretro import code_markdown, is_tally

MONTHLY = """\
// RETRO 2031-09-06  monthly, coater line
/* Month in numbers: 41 runs, 31 green, 10 red.
 *
 * What went wrong
 *   - volatiles again on a lot (09-02): a paper pallet went straight to the coater.
 *       cause: night shift did not know the rule, owner: T. Brandt
 *   - two rolls opened while still cold, condensation on the surface.
 *       cause: thaw time not shown anywhere. Owner: S. Lindqvist (cold store)
 *
 * Findings
 *   - most red runs this month were handling, not recipe.
 */
pipeline {
    environment {
        NIP_BAR = '3.0'
    }
    stages {
        stage('Findings') {
            steps {
                echo 'Paper goes into the conditioned room for a full day before the coater.'
            }
        }
    }
}
"""


def _lessons(text: str) -> list[str]:
    return [line[2:] for line in code_markdown(text).splitlines() if line.startswith("- ")]


def test_a_tally_of_the_period_is_no_lesson() -> None:
    """ "Month in numbers: 41 runs, 31 green, 10 red." counts runs, no finding: it is left
    out, and would take a place of the retro's cap."""
    lessons = _lessons(MONTHLY)
    assert not any("41 runs" in lesson for lesson in lessons)
    assert any(lesson.startswith("most red runs") for lesson in lessons)


def test_a_tally_is_counts_of_a_whole_and_its_parts() -> None:
    """Counts each of another thing, the later ones parts of the first, are a tally; one
    measure given twice, or parts more than the whole, are not."""
    assert is_tally("Numbers: 16 runs, 10 ok, 6 failed.")
    assert is_tally("March in numbers: 52 agent runs, 41 green, 9 red, 2 partial.")
    assert not is_tally("Cure: 8 hours, 6 hours")
    assert not is_tally("Thaw: UD-200 6 h, UD-300 8 h.")
    assert not is_tally("3 presses, 5 dies")
    assert not is_tally("Keep 2 spares")


def test_who_owns_a_finding_is_left_off_its_end() -> None:
    """A cause line gone on its finding keeps the cause and leaves out its owner, as a
    clause ("…, owner: T. Brandt") or a sentence ("Owner: S. Lindqvist (cold store)"):
    a name is no part of what was found (the name alone read as a new word on another
    file's note about that person, and replaced it)."""
    lessons = _lessons(MONTHLY)
    volatiles = next(lesson for lesson in lessons if lesson.startswith("volatiles again"))
    assert "cause: night shift did not know the rule" in volatiles
    assert "Brandt" not in volatiles
    cold = next(lesson for lesson in lessons if lesson.startswith("two rolls opened"))
    assert "thaw time not shown anywhere" in cold
    assert "Lindqvist" not in cold


QUOTED = """\
" RETRO 2031-04-06  weeks 3-4
" Owners: Somchai (ponds), Noi (processing)

let g:aerator_hours = 18

" Dr. Anong: our own lab runs PCR on a pooled sample of 150 PL from every batch.
let g:pcr_sample_pl = 150

" Pattern: ammonia spikes follow uneaten feed on the trays; cut the next meal.
echom "Finding: 3 TAN spikes in 2 weeks, all with uneaten feed on trays"
"""


def test_a_pattern_label_says_what_was_found() -> None:
    """ "Pattern: …" labels what a retro found, as "Finding:" does: a program retro whose
    comments say it is read by its lines (a Vim script's findings were never written)."""
    read = code_markdown(QUOTED, labelled=True)  # as the distiller asks
    lessons = [line[2:] for line in read.splitlines() if line.startswith("- ")]
    assert any("150 PL" in lesson for lesson in lessons)
    assert any(lesson.startswith("Pattern: ammonia spikes") for lesson in lessons)
