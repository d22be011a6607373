"""Program and config retros read by more forms (`agentmem.harvest.codelines`): a jq
filter's `def NAME: value;` settings under comments that label its findings, a PHP retro's
heredoc notes, `/** * */` doc block and `define('KEY', v)` settings, a directive config's
`!` comments and `description` prose; never a check's message, a template a loop fills, or
a line of code commented out. And a change that says its old value ("was 14") replaces
only a held clause of that value (`agentmem.core.setkeys.keyed_anew`)."""

from __future__ import annotations

import time

import pytest

from agentmem.core.setkeys import keyed_anew
from agentmem.harvest.codelines import code_lines
from agentmem.harvest.distill import distill
from agentmem.harvest.programtext import is_data, is_program
from agentmem.harvest.scriptlines import Said, Setting

JQ = """\
# RETRO 2031-05-26  backplate shear, closing it
# Finding: extra degassing did not fix the delamination; two lots failed shear with it.
# Lesson: coat backplates within 4 h of shot blasting, flash rust shows under the film.
# def degas_cycles: 3;   # RETRACTED 2031-05-26
def degas_cycles: 2;
def adhesive_film_um: {min: 30, max: 40};
def coat_within_h_of_blast: 4;

.events[]
| select(.type == "backplate_coat")
| if .hours_since_blast > 4 then { "finding": "Finding: \\(.batch) coated \\(.hours_since_blast) h after blasting" }
  elif .film_um < 30 then error("backplate batch \\(.batch) released with \\(.film_um) um adhesive")
  else empty end
"""

PHP = """\
<?php
// RETRO 2031-05-07  monthly, April  (owner: production eng. / R. Kaya)
/**
 * Findings:
 *  - Pinholes on the cups were not a viscosity problem. Extra deflocculant only
 *    hid it for one batch.
 *  - Cause: air whipped into the slip by the new blunger paddle.
 */
// define('DEFLOC_PCT', 0.35);   // retracted, see below
define('DEFLOC_PCT', 0.28);

echo "Finding: greenware above 1% moisture blew up in bisque twice, the dryer exit check stays.\\n";

$decalNote = <<<EOT
Decals: on-glaze decals fire at 820 C on the decal kiln (90 min cycle). Gold rims
take the same curve but are never stacked.
EOT;

$query = <<<SQL
SELECT lot, fe2o3 FROM kaolin_lots WHERE fe2o3 > 0.40;
SQL;

if (DEFLOC_PCT > 0.30) {
    throw new RuntimeException("Deflocculant above 0.30 % makes the cast soft and sticky, check the recipe");
}
"""

ROUTER = """\
! RETRO 2031-08-23  tower 2 diameter wander
! Finding: tower 2 diameter wandered with an 8 s period on two preforms.
! Cause: muffle argon purge had dropped to 9 L/min, the inlet filter clogged.
! Owner: J. Novak (tower 2)
!
hostname DRAW-TOWER-2
!
interface Furnace0/1
 description Graphite furnace at 2120 C. Argon purge at least 15 L/min, alarm at 12.
 furnace-setpoint 2120
! furnace-setpoint 2140      <- old, retracted 2031-08-23
!
interface Muffle0/1
 description Change the graphite muffle at 350 h; past 400 h it sheds particles.
!
alias exec chk-argon show furnace argon-flow
end
"""


def _said(items: list[Said | Setting] | None) -> list[str]:
    assert items is not None
    return [item.text for item in items if isinstance(item, Said) and item.text]


def test_a_jq_retros_definitions_and_labelled_comments_are_read() -> None:
    """A jq filter whose statements say no finding (its strings are templates a loop fills
    or a check's message) is read by its lines when its comments label what was found:
    the comments, and each `def NAME: value;` a setting, the one commented out the value
    it replaced."""
    items = code_lines(JQ, labelled=True)
    said = _said(items)
    assert any("within 4 h of shot blasting" in text for text in said)
    assert not any("\\(" in text or "released with" in text for text in said)
    assert items is not None
    settings = [item for item in items if isinstance(item, Setting)]
    assert Setting("coat_within_h_of_blast", "4", "", aside=False) in settings
    assert Setting("adhesive_film_um", "{min: 30, max: 40}", "", aside=False) in settings
    assert Setting("degas_cycles", "3", "RETRACTED 2031-05-26", aside=True) in settings


def test_a_jq_retros_drafts_tell_its_change_and_lesson() -> None:
    """The distiller writes the jq retro's change and its lesson, never its templates."""
    drafts = [d["text"] for d in distill(JQ, "retros/2031-05-26-shear.jq", periodic=False).drafts]
    assert any(text.startswith("Degas cycles is now 2 (degas_cycles = 2") for text in drafts)
    assert any("within 4 h of shot blasting" in text for text in drafts)
    assert not any("\\(" in text or "(.batch)" in text for text in drafts)


def test_php_is_a_program_and_its_heredoc_notes_are_read() -> None:
    """`<?php` opens a program, not markup; a heredoc of prose is a note read as a block
    comment's lines, one of code (SQL) is not; the `/** … */` block's ` * ` margin is no
    bullet; a `define('KEY', v)` is a setting; a throw inside an `if` comparing is the
    check's message, not a finding."""
    assert not is_data(PHP) and is_program(PHP)
    items = code_lines(PHP, labelled=True)
    said = _said(items)
    assert any(
        text.startswith("Decals: on-glaze decals fire at 820 C") and "never stacked" in text
        for text in said
    )
    assert not any("SELECT" in text for text in said)
    assert any(
        text.startswith("Pinholes on the cups") and "hid it for one batch" in text for text in said
    )
    assert not any(text.startswith("hid it") for text in said)
    assert not any("soft and sticky" in text for text in said)
    assert items is not None
    settings = [item for item in items if isinstance(item, Setting)]
    assert Setting("DEFLOC_PCT", "0.28", "", aside=False) in settings
    assert Setting("DEFLOC_PCT", "0.35", "retracted, see below", aside=True) in settings


def test_a_directive_configs_comments_and_descriptions_are_read() -> None:
    """A router-style config (no program by its signs of code) is read by its lines: its
    `!` comments, a `description`'s prose; never a directive, an alias or a setting
    commented out (the old value would read as current)."""
    assert not is_program(ROUTER)
    said = _said(code_lines(ROUTER, labelled=True))
    assert any(text.startswith("Cause: muffle argon purge had dropped") for text in said)
    assert "Change the graphite muffle at 350 h; past 400 h it sheds particles." in said
    assert any(text.startswith("Graphite furnace at 2120 C.") for text in said)
    assert not any("2140" in text or "hostname" in text or "alias" in text for text in said)
    drafts = [d["text"] for d in distill(ROUTER, "cfg/retros/tower2.cfg", periodic=True).drafts]
    assert any("Change the graphite muffle at 350 h" in text for text in drafts)
    assert not any("!" in text or "2140" in text for text in drafts)


def test_markdown_with_bang_lines_is_no_directive_config() -> None:
    """A markdown retro whose lines open in capitals or bullets is left to its readers."""
    text = "! Finding: the dryer ran hot.\n! Cause: a stuck damper.\n! Owner: R. K.\n\nWe keep the dryer at 80 C.\n- Check the damper weekly.\n"
    assert code_lines(text, labelled=True) is None


def test_a_change_that_says_its_old_value_replaces_only_that_value() -> None:
    """ "MIX_MIN = 12; was 14" replaces a held mix time of 14 min, not "the last 2 min of
    the mix" (another thing told in the same unit); without the old value it is read as
    before."""
    held = "Flavour oil goes in during the last 2 min of the sigma mix, or it flashes off"
    assert not keyed_anew("Mix is now 12 min (MIX_MIN = 12; was 14).", held)
    assert keyed_anew("Mix is now 12 min (MIX_MIN = 12; was 14).", "Mix for 14 min at 55 C")
    assert keyed_anew("Mix is now 12 min (MIX_MIN = 12).", "Mix for 14 min at 55 C")


@pytest.mark.parametrize(
    "hostile",
    ["$x = <<<EOT\n" * 4000 + "EOT\n", "! a\n" * 3000 + "interface x\n" * 3000, "def a: " * 4000],
)
def test_hostile_heredocs_and_directives_are_read_fast(hostile: str) -> None:
    """Many here-documents opened, directives or definitions are read in under a second."""
    start = time.process_time()
    code_lines(hostile, labelled=True)
    assert time.process_time() - start < 1.0


ELIXIR = """\
# RETRO 2031-04-27
import Config

config :retros, :"2031-04-27",
  findings: [
    %{
      text: "Batch 24-118 soaped and the glycerine never split in the separator.",
      cause: "wet feed lot, 0.9 % water against our limit of 0.5 % water",
      owner: "intake"
    }
  ]
"""


def test_an_elixir_map_is_no_block_comment() -> None:
    """Elixir's `%{` alone on a line opens a map (Matlab's block comment is closed by a
    `%}` line): its `cause:` field labels no comment, and the retro's findings, kept in
    data, stay with the program readers."""
    assert code_lines(ELIXIR, labelled=True) is None
    matlab = "% RETRO\n%{\nFindings: the pump lost prime twice.\n%}\nx = 4;\ndisp('Pump P-2 loses prime below 1.2 bar suction, check the strainer')\n"
    said = _said(code_lines(matlab, labelled=True))
    assert "Findings: the pump lost prime twice." in said


def test_a_percent_sign_in_a_sentence_is_no_placeholder() -> None:
    """ "1.0 % for both grades" says a value; `%s`, `%.1f` and `%d` are placeholders."""
    text = "// findings: volatiles\necho 'Volatiles limit is 1.0 % for both UD grades.'\n"
    assert "Volatiles limit is 1.0 % for both UD grades." in _said(code_lines(text, labelled=True))


TCL = """\
# retro -- liner switch (forming line)
# by the forming loop, reviewed with purchasing
# What happened: the night shift ran the new reels at 92 m/min.
set retro(date)  2031-05-14
dict set findings f1 text  {Reels need more belt time to bond at the edges}
dict set findings f2 text  "Night shift ran 92 m/min on the new reels; 31 boards with open edges"
array set line_limits {
    max_speed_mpm   84
}
"""


def test_a_script_of_hash_comments_is_no_directive_config() -> None:
    """A Tcl script (lines of `set …`, `#` comments), no program by its signs of code,
    is left to the program readers: `#` marks a script's comments as well as a config's."""
    assert code_lines(TCL, labelled=True) is None


def test_a_heredoc_line_holding_a_field_no_setting_fills_is_no_finding() -> None:
    """A here-document's line with a placeholder no setting fills is a template, left out;
    its other lines are read."""
    text = (
        "<?php\n// findings: decals\ndefine('KILN', 2);\n$t = <<<EOT\n"
        "Decals fire at 820 C on the decal kiln, never stacked on the car.\n"
        "Lot {$lot} fired on kiln {$row} at the usual curve for the decals.\nEOT;\n"
        'echo "Finding: the decal kiln runs a 90 min cycle for every on-glaze lot";\n'
    )
    said = _said(code_lines(text, labelled=True))
    assert "Decals fire at 820 C on the decal kiln, never stacked on the car." in said
    assert not any("{$" in text or "usual curve" in text for text in said)
