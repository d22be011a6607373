"""A retro kept as a program in a language no reader knows by name is read line by line by
form (`agentmem.harvest.codelines`): comments in the file's own mark (a fixed-format COBOL
line's column-7 `*` too), the sentence a statement hands to a call or a command
(`message(STATUS "…")`, `set label 1 "…"`), named values with the one commented out as
what they replaced; a program whose findings sit in its data is left as it was."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from agentmem import MemoryHooks
from agentmem.harvest.codelines import code_lines
from agentmem.harvest.distill import distill
from agentmem.harvest.scriptlines import Said, Setting

CMAKE = """\
# RETRO 2031-06-28
# Monthly automation retro, June. Owner: J. Brandt (automation), QA: S. Lindqvist
cmake_minimum_required(VERSION 3.20)
project(mes_retro_2031_06 NONE)

#[[
Findings June:
 - Underweight tubes: cut tubes show air voids. Owner: mixing shift lead.
 - Line 2 crimp leaks came back on SG-0615 although the jaws run hotter now. Open.
 - Micro fail on SG-0608 was a sampling artefact (mixer outlet valve).
]]

# set(MIX_VACUUM_MBAR 150 CACHE STRING "old pump")
set(MIX_VACUUM_MBAR 120 CACHE STRING "Main mix vacuum, mbar abs (Silvaro SX-110)")
set(DEAERATOR_PASSES 2 CACHE STRING "Deaerator passes before release to filler")
set(MIX_TEMP_MAX_C 40)

message(STATUS "Finding: micro samples are taken from filled tubes after a 24 h hold")
message(STATUS "Finding: flavour goes in with the paste below ${MIX_TEMP_MAX_C} °C, or the menthol flashes off")
"""

GNUPLOT = """\
# RETRO 2031-07-30  finishing (pelletiser, dryers, bag filters), weeks 29-30
# findings:
#  - BF-1: keep pulse air at 5.5 bar; past 25 mbar dP the bags are blinding.
#  - silo 3: aerate the cone 10 minutes before opening the slide gate.
# owner: shift lead finishing (R. Santos)
set title "Finishing weeks 29-30: pellet hardness, dryer moisture, BF-1 dP"
# quench_pos_m = 4.5    # Baltoil, retired 08-09
quench_pos_m = 5.2      # Gulfstar oil from 08-09
set label 1 "finding: FV-402 sticks - stroke test weekly" at graph 0.1,0.9
plot 'bf1.dat' using 1:2 with lines title 'BF-1 dP (mbar)'
"""

COBOL = """\
      *> RETRO 2031-07-26  WARMING ROOM B
      *----------------------------------------------------------------*
      * FINDING : ROOM B THERMOSTAT STUCK, DRUMS 52 C FOR 40 H
      * CAUSE   : STAT CONTACT WELDED, NO HIGH-TEMP ALARM ON ROOM B
      * OWNER   : R.DUARTE (MAINT)
      *----------------------------------------------------------------*
       01  RETRO-20310726.
           05  FINDING-TEXT        PIC X(80) VALUE
               'ROOM B AT 52 C FOR 40 H - BATCH R-0723 BLOCKED'.
           05  WARM-ROOM-MAX-C     PIC 9(3)V9 VALUE 045.0.
      *    05  JAR-FILL-TARGET-G   PIC 9(3)V9 VALUE 343.0.
           05  JAR-FILL-TARGET-G   PIC 9(3)V9 VALUE 345.0.
"""

# Findings kept in a record's fields and printed by a loop: the program readers' to tell.
RUBY = """\
# RETRO 2031-07-03
RETRO = {
  findings: [
    { text: "Kiln B iodine dips at the 06:00 and 22:00 handovers", owner: "S. Kumar" },
    { text: "Acid wash batch AW-24-061 came out at 3.9 % ash", owner: "Vignesh" }
  ]
}.freeze
raise "Kiln B steam out of band today" unless ok
RETRO[:findings].each { |f| puts "- #{f[:text]} (owner: #{f[:owner]})" }
"""


def _written(hooks: MemoryHooks, tmp_path: Path, name: str, text: str) -> list[str]:
    (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
    (tmp_path / name).write_text(text)
    result = hooks.post_retro_distill(retro={"path": name, "app_id": "plant"})
    assert result.ok, result.error
    return [memory.text for memory in hooks.store.list()]


def test_a_cmake_retros_messages_and_settings_are_written(
    hooks: MemoryHooks, tmp_path: Path
) -> None:
    """post_retro_distill on a CMakeLists retro writes what its `message(...)` statements
    say, a setting it interpolates put in, its block comment's bullets, and its cached
    settings with the value a commented-out one held as a change; never its code."""
    written = _written(hooks, tmp_path, "retro/2031-06/CMakeLists.txt", CMAKE)
    assert any("filled tubes after a 24 h hold" in text for text in written)
    assert any("paste below 40 °C, or the menthol" in text for text in written)
    assert any(text.startswith("Mix vacuum is now 120 mbar (MIX_VACUUM_MBAR") for text in written)
    assert any("DEAERATOR_PASSES = 2" in text for text in written)
    assert any("sampling artefact" in text for text in written)
    assert not any("cmake_minimum_required" in text or "${" in text for text in written)


def test_a_gnuplot_retros_labels_and_header_findings_are_written(
    hooks: MemoryHooks, tmp_path: Path
) -> None:
    """A Gnuplot retro's `set label` finding and the findings its header comments list
    under the title (a label of what was found ends the title's filing) are written; a
    value commented out above the live one is what it replaced."""
    written = _written(hooks, tmp_path, "retros/finishing_2031-07-30.plt", GNUPLOT)
    assert any("FV-402 sticks - stroke test weekly" in text for text in written)
    assert any("pulse air at 5.5 bar" in text and "25 mbar" in text for text in written)
    assert any("aerate the cone 10 minutes" in text for text in written)
    assert any(text.startswith("Quench pos is now 5.2 m (quench_pos_m") for text in written)
    # the old value only as what the change ended (reader53), never as a live one
    assert all("was 4.5: Baltoil" in text for text in written if "4.5" in text)


def test_a_fixed_format_cobol_retros_comments_and_values_are_read() -> None:
    """Column-7 `*` lines are comments, each `LABEL :` line a unit; a prose VALUE is a
    finding, a numeric one a setting, one commented out the value it replaced."""
    items = code_lines(COBOL)
    assert items is not None
    said = [item.text for item in items if isinstance(item, Said) and item.text]
    assert "FINDING : ROOM B THERMOSTAT STUCK, DRUMS 52 C FOR 40 H" in said
    assert "CAUSE   : STAT CONTACT WELDED, NO HIGH-TEMP ALARM ON ROOM B" in said
    assert "ROOM B AT 52 C FOR 40 H - BATCH R-0723 BLOCKED" in said
    settings = [item for item in items if isinstance(item, Setting)]
    assert Setting("WARM-ROOM-MAX-C", "045.0", "", aside=False) in settings
    assert Setting("JAR-FILL-TARGET-G", "343.0", "", aside=True) in settings
    assert Setting("JAR-FILL-TARGET-G", "345.0", "", aside=False) in settings


def test_findings_kept_in_data_are_left_to_the_program_readers() -> None:
    """A program whose sentences sit in a record's fields and in templates a loop fills is
    not read line by line (its one printed check would stand for the retro)."""
    assert code_lines(RUBY) is None


KEYED = """\
// RETRO 2031-10-31  crumbly blocks
// findings: over-stirring after the nigari goes in, not the press
settings["stir_max_s"] = 10
settings["curd_rest_min"] = 15
BOSTWICK_RS = [5.0 7.0]
println("Stir the curd for ten seconds at most after the nigari goes in")
"""


def test_values_in_a_form_not_read_here_are_left_to_the_program_readers() -> None:
    """A program that gives its values to keyed names or lists (which the program readers
    tell in the program's own form) is not read line by line: its values would be lost."""
    assert code_lines(KEYED) is None
    assert code_lines(KEYED.replace('settings["stir_max_s"]', "STIR_MAX_S")) is None
    plain = "\n".join(line for line in KEYED.splitlines() if "=" not in line)
    assert code_lines(plain) is not None


def test_what_statements_say_comes_before_the_settings_fact() -> None:
    """A retro's cap keeps the first it yields: a program's findings said by its statements
    come after its changes and before the fact of its settings and its comments."""
    drafts = distill(CMAKE, "retro/2031-06/CMakeLists.txt", periodic=False, run_id="2031-06-28-r1")
    assert [d["text"][:24] for d in drafts.drafts] == [
        "Mix vacuum is now 120 mb",
        "Finding: micro samples a",
        "Finding: flavour goes in",
    ]


def test_markdown_and_prose_are_no_program() -> None:
    """A markdown retro or plain prose is left to its readers."""
    assert code_lines("# Retro\n\n- Keep the dryer at 80 C; the glue skins over.\n") is None
    assert code_lines("We found that the dryer ran hot. Keep it at 80 C from now on.\n") is None


@pytest.mark.parametrize(
    "hostile",
    ['message("' * 4000, "#[[" * 5000, "x = " * 4000, "      * " * 3000, "set(A " * 3000],
)
def test_hostile_programs_are_read_fast(hostile: str) -> None:
    """A hostile text of open strings, blocks or assignments is read in well under a second."""
    start = time.process_time()
    code_lines(hostile)
    assert time.process_time() - start < 1.0
