"""Practices withdrawn as people say them: a two-word verb with its object between its
parts ("we no longer switch the humidity alarm off …"), and a retraction that a practice
does not cure a problem, of a lesson saying it clears that problem in other words.

Either way the held lesson is the one that told the team to do it, though it says the
practice otherwise ("disable the alarm", "bouncing the print server"); a lesson with
another verb, on another problem, or one that only prescribes the practice without
claiming a cure, stays.
"""

from __future__ import annotations

import pytest

from agentmem.core import retract
from agentmem.core.practice import cured, words
from agentmem.core.verdict import Held, judge

ALARM = (
    "Hall B's humidity alarm trips when an opening fills the room, so disable the alarm "
    "while a gallery opening runs."
)
STOPPED = (
    "Gallery note: the humidity alarm stays armed at openings now, and we no longer switch "
    "the humidity alarm off (a leak went unnoticed at the spring show)."
)


def withdrawn(draft: str, *held: str) -> list[str]:
    """The held texts a draft withdraws (each held text is its own id)."""
    return retract.withdrawn(draft, [(text, text) for text in held])


@pytest.mark.parametrize(
    ("said", "family"),
    [
        ("switch the humidity alarm off", "disabl"),
        ("turn the proofing oven down", "lower"),
        ("scale the night workers up", "rais"),
        ("take the dry-run step out", "remov"),
        ("cut each survey call short", "trim"),
    ],
)
def test_a_two_word_verb_with_its_object_between_is_read_as_its_family(
    said: str, family: str
) -> None:
    """The object may stand between a two-word verb's parts, as people write it."""
    assert family in words(said)


@pytest.mark.parametrize(
    "said",
    [
        "switch to the off-peak tariff",
        "switch to the backup chiller at night, off the main loop",
        "turned on the lights, the fans and the pumps off the grid",
    ],
)
def test_a_verb_before_a_preposition_or_far_from_the_particle_is_not_a_two_word_verb(
    said: str,
) -> None:
    """ "switch to …" switches nothing off; a particle five words on belongs elsewhere."""
    assert "disabl" not in words(said)


def test_we_no_longer_switch_it_off_withdraws_the_lesson_that_disables_it() -> None:
    assert withdrawn(STOPPED, ALARM) == [ALARM]
    assert judge(STOPPED, [Held("a", ALARM, "semantic")], "semantic").replaces == ["a"]


def test_switching_another_things_alarm_off_withdraws_nothing() -> None:
    """Another hall's alarm (a name the practice gives that the lesson lacks), or a lesson
    that keeps the alarm on, is not the practice withdrawn."""
    other = "Since the spring show we no longer switch the HALL-C alarm off."
    kept = "Keep the humidity alarm in hall B on during openings; the guard acknowledges it."
    assert withdrawn(other, "Disable the HALL-B humidity alarm while an opening runs.") == []
    assert withdrawn(STOPPED, kept) == []


SPOOLER = "When labels stop with SpoolStuck, bouncing the print server on ps-east clears it."
NO_CURE = (
    "Retracted: restarting the spooler does not cure SpoolStuck. The jam returns with the "
    "next big print run; split big runs into chunks of 150."
)


def test_a_restart_said_not_to_cure_a_problem_withdraws_the_lesson_that_it_clears_it() -> None:
    """The problem ties the two; the thing restarted is named otherwise ("the print
    server on ps-east", "the spooler")."""
    assert cured(SPOOLER, "restarting the spooler does not cure SpoolStuck")
    assert withdrawn(NO_CURE, SPOOLER) == [SPOOLER]


@pytest.mark.parametrize(
    "held",
    [
        # another verb: raising a quota is another practice
        "Raising the spool quota on ps-east clears SpoolStuck before a large batch.",
        # another problem
        "Bouncing the print server on ps-east clears PaperOut; the tray sensor resets.",
        # the practice, but no claim that it cures the problem
        "Restart the print server on ps-east after a driver update; SpoolStuck shows up in its log.",
    ],
)
def test_a_lesson_with_another_verb_problem_or_no_cure_is_not_withdrawn(held: str) -> None:
    assert withdrawn(NO_CURE, held) == []
