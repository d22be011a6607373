"""A block comment of a program retro read by its own form (`agentmem.harvest.codelines`):
it is apart from the line comments before it (a title's block does not swallow it), a
bullet's deeper lines ("Cause: …" under "1. …") go on the bullet, and in it a label opens a
unit while a label naming people only ("Owner: H. Lind (press shop)") is whole."""

from __future__ import annotations

from agentmem.harvest.scriptretro import code_markdown

TITLED = """\
// RETRO 2031-03-02  press shop / line 4
// kept in ops-repo/retros, run as a dry pipeline so the echo lines land in the log
/* Findings
 *  1. Die 7 cracked on its second shift at 1,450 t, the stamping oil film was too thin.
 *     Cause: oil pump left at the summer viscosity setting.
 *     Owner: H. Lind (press shop)
 *  2. Coil 22-118 arrived with edge burrs over 0.2 mm.
 */
pipeline {
    environment {
        PRESS_TONNES = '1450'
    }
    stages {
        stage('Findings') {
            steps {
                echo 'Switch the oil pump to the winter viscosity setting before the first frost shift.'
            }
        }
    }
}
"""

OWNED = """\
// RETRO 2031-04-11  paint line, primer sag
/*
 * Finding: primer sagged on the door panels at 31 um wet film, over the 25-28 um window
 *          for the grey primer. Cause: the bell speed dropped to 38 krpm after the swap.
 * Owner:   K. Moreau (paint shop)
 * Said before in March: the bell speed is checked after every cup swap, not once a shift.
 */
pipeline {
    environment {
        BELL_KRPM = '45'
    }
    stages {
        stage('Findings') {
            steps {
                echo 'Check the bell speed after every cup swap before the next body enters the booth.'
            }
        }
    }
}
"""


def _lessons(text: str) -> list[str]:
    return [line[2:] for line in code_markdown(text).splitlines() if line.startswith("- ")]


def test_a_block_comment_after_the_title_is_read_not_filed() -> None:
    """The block comment that opens after the title's line comments holds findings: they
    are written, not taken for the title's filing."""
    lessons = _lessons(TITLED)
    assert any(lesson.startswith("Die 7 cracked on its second shift") for lesson in lessons)
    assert any(lesson.startswith("Coil 22-118 arrived with edge burrs") for lesson in lessons)


def test_a_bullets_deeper_lines_go_on_it() -> None:
    """ "Cause: …" indented under "1. …" is the item's cause, one lesson with it; not a
    fragment of its own ("Cause: oil pump left …" alone names no die and no press)."""
    lessons = _lessons(TITLED)
    die = next(lesson for lesson in lessons if lesson.startswith("Die 7"))
    assert "Cause: oil pump left at the summer viscosity setting." in die
    assert not any(lesson.startswith("Cause:") for lesson in lessons)


def test_a_label_naming_people_ends_its_unit() -> None:
    """In a block comment, "Owner:" opens a unit as it does in line comments, and a label
    naming people only is whole: the sentence after it is a lesson of its own, and the
    finding before it does not run on into it."""
    lessons = _lessons(OWNED)
    finding = next(lesson for lesson in lessons if lesson.startswith("Finding: primer sagged"))
    assert finding.endswith("after the swap.")
    assert any(lesson.startswith("Said before in March: the bell speed") for lesson in lessons)
