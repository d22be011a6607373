"""A retro kept as a script (a Windows batch file, a VBA module) is read line by line
(`agentmem.harvest.scriptretro`, `agentmem.harvest.scriptlines`): each comment and printed
string a finding of its own, the settings one fact, a setting commented out above its live
one a change; any other text is left as it was."""

from __future__ import annotations

import time

from agentmem.harvest.distill import distill
from agentmem.harvest.reshape import as_read
from agentmem.harvest.scriptlines import Said, Setting, basic_lines, batch_lines
from agentmem.harvest.scriptretro import as_markdown

BATCH = """\
@echo off
REM RETRO 2026-03-02  Press line 2 - short shots
REM Chair: K. Olsen (ops). Minutes: D. Brandt (QA)
:: Owners: K. Olsen (ops), D. Brandt (QA)
setlocal
set LOG=%~dp0logs\\retro.log

:findings
echo Finding 1: short shots on 6 %% of parts after the resin lot change
echo Finding 2: barrel zone 3 read 8 C low against the handheld probe
:: Lesson: dry the new resin 4 h at 80 C before it goes to the hopper
:: Cause: the zone 3 thermocouple was loose in its well

:settings
REM set HOLD_PRESSURE_BAR=650
set HOLD_PRESSURE_BAR=700
set DRYER_HOURS=4
set DRYER_TEMP_C=80
REM set BOOST_MODE=on

:checks
if %TEMP3% LSS 230 echo Zone 3 under 230 C - check the thermocouple ^
  before the next shot
echo %DATE% retro check >> "%LOG%"
goto :eof
"""

BASIC = """\
Attribute VB_Name = "Retro_20260310"
Option Explicit
' Retro 10-Mar-2026 - filler line, underfilled bottles
' Fillers 1 + 2, 500 ml line.
' QA: M. Kahn   Line: P. Ortiz
'
' Two stops a shift on filler 2 left 12 bottles short each time.
Rem FINDING 1: nozzle 4 dripped after every stop - the seal was worn
Rem            through on one side.                    Owner: P. Ortiz

'Public Const FILL_ML As Double = 498   ' before the May audit
Public Const FILL_ML As Double = 502     ' new target with the 2 ml margin
Public Const DWELL_S As Double = 1.8     ' raised from 1.5 s after the drips
Public Const CHECKS_PER_HOUR As Integer = 4
Public Const MIN_PCT As Double = 3#

Sub Findings()
    Dim short As Integer
    short = 12
    Debug.Print "Underfilled bottles: " & short & " in the first hour"
    MsgBox "Swap the nozzle seals every 500 hours;" & _
           " a worn seal drips after a stop.", vbExclamation, "Retro_20260310"
End Sub
"""


def test_a_batch_file_is_read_line_by_line() -> None:
    """Each echoed line and each comment of a batch file is one finding, "%%" read as "%";
    `set` lines are settings, and one commented out (`REM set …`) is put aside; a line
    built of variables, one written to a file, `echo off` and code say nothing; a line
    continued with "^" is read whole."""
    items = batch_lines(BATCH)
    said = [item.text for item in items if isinstance(item, Said) and item.text]
    assert "Finding 1: short shots on 6 % of parts after the resin lot change" in said
    assert "Zone 3 under 230 C - check the thermocouple before the next shot" in said
    assert not any("%" in text and "DATE" in text for text in said)
    assert not any(text.startswith(("set", "goto", "@echo")) for text in said)
    settings = [item for item in items if isinstance(item, Setting)]
    assert Setting("HOLD_PRESSURE_BAR", "650", "", aside=True) in settings
    assert Setting("HOLD_PRESSURE_BAR", "700", "") in settings
    assert not any(item.key == "LOG" for item in settings)  # a path built from variables


def test_a_vba_module_is_read_line_by_line() -> None:
    """A VBA module's `Rem` and `'` comments are findings, a comment's indented next line
    part of it; `Debug.Print` and `MsgBox` say their strings joined over "_" lines (a
    message box's buttons and title left out, a variable given its literal value);
    `Const` lines are settings (a type mark such as `3#` no part of the value), one
    commented out put aside with the note beside it."""
    items = basic_lines(BASIC)
    said = [item.text for item in items if isinstance(item, Said) and item.text]
    assert any(
        text.startswith("FINDING 1: nozzle 4 dripped") and "worn through" in text for text in said
    )
    assert "Underfilled bottles: 12 in the first hour" in said
    assert "Swap the nozzle seals every 500 hours; a worn seal drips after a stop." in said
    assert not any("vbExclamation" in text or "Retro_20260310" in text for text in said)
    settings = {(s.key, s.aside): s for s in items if isinstance(s, Setting)}
    assert settings[("FILL_ML", True)].value == "498"
    assert settings[("FILL_ML", False)].note == "new target with the 2 ml margin"
    assert settings[("MIN_PCT", False)].value == "3"


def test_a_batch_retro_is_written_as_changes_facts_and_lessons() -> None:
    """A setting with its old value commented out above it is a change, said without the
    old value; one commented out and not live any more no longer applies; the live ones
    are one fact, each with its key; the findings follow, in the file's order; the title
    and who chaired, minuted or owns it are filing, no lesson."""
    markdown = as_markdown(BATCH, "ops/retros/retro_2026-03-02.bat")
    assert "- Hold pressure bar is now 700 (HOLD_PRESSURE_BAR = 700)." in markdown
    assert "650" not in markdown  # the value put aside reads as current beside its subject
    assert "- Boost mode (BOOST_MODE) no longer applies." in markdown
    assert "DRYER_HOURS = 4 (dryer hours); DRYER_TEMP_C = 80 (dryer temp C)" in markdown
    assert markdown.index("## Facts") < markdown.index("## Lessons")
    assert "- Finding 2: barrel zone 3 read 8 C low against the handheld probe." in markdown
    assert "Lindqvist" not in markdown and "Olsen" not in markdown and "RETRO" not in markdown


def test_a_vba_retro_tells_a_note_of_the_old_value_as_a_change() -> None:
    """A `Const` whose note says what it was ("raised from 1.5 s …") is a change too; an
    owner's name at a finding's end is left out, and a label in capitals is written as
    words ("FINDING 1:" → "Finding 1:"); the comment block the title opens (what the retro
    covers, who came) is filing, up to a blank comment."""
    markdown = as_markdown(BASIC, "qa/Retro_20260310.bas")
    assert "- Dwell S is now 1.8 (DWELL_S = 1.8; raised from 1.5 s after the drips)." in markdown
    assert "- Fill ml is now 502 (FILL_ML = 502; new target with the 2 ml margin)." in markdown
    assert "before the May audit" not in markdown  # the old value's own note
    assert "Finding 1: nozzle 4 dripped after every stop" in markdown
    assert "Owner: P. Ortiz" not in markdown and "M. Kahn" not in markdown
    # the comment block the title opens is filing; a finding after a blank comment is not
    assert "Fillers 1 + 2" not in markdown
    assert "- Two stops a shift on filler 2 left 12 bottles short each time." in markdown


def test_script_retros_are_found_by_name_or_first_line() -> None:
    """A .bat, .cmd, .bas or .vba name, or a first line "@echo off" / "Attribute VB_Name",
    makes a text a script retro; a markdown retro that quotes an echo line, or a shell
    script, is left as it was."""
    assert as_markdown(BATCH, "retro.cmd") != BATCH
    assert as_markdown(BATCH, "retro.txt") != BATCH  # its first line says so
    assert as_markdown(BASIC, "") != BASIC
    note = "# Retro\n\n- echo Finding 1: the build broke\n- set LIMIT=4 on the runner\n"
    assert as_markdown(note, "retro.md") is note
    shell = "#!/bin/sh\necho 'Finding 1: the cache was cold'\nLIMIT=4\n"
    assert as_markdown(shell, "retro.sh") is shell


def test_a_script_retro_is_distilled_without_code() -> None:
    """Through the distiller, a batch retro yields its change, its settings and its findings
    as drafts, none of them code: no "echo", "REM" or ":label" in a lesson."""
    plan = distill(BATCH, "ops/retros/retro_2026-03-02.bat", periodic=False)
    texts = [str(draft["text"]) for draft in plan.drafts]
    assert texts[0] == "Hold pressure bar is now 700 (HOLD_PRESSURE_BAR = 700)."
    assert any(text.startswith("Finding 1: short shots on 6 % of parts") for text in texts)
    assert not any(word in text for text in texts for word in ("echo ", "REM ", ":findings"))
    assert as_read(BATCH, "retro.bat") == as_markdown(BATCH, "retro.bat")


def test_hostile_scripts_are_read_fast() -> None:
    """Long runs of continuation marks, quotes or comment marks are read in linear time."""
    texts = [
        "@echo off\n" + "echo a ^\n" * 5000,
        'Attribute VB_Name = "x"\nDebug.Print ' + '"a" & ' * 5000 + "_\n" * 2000,
        "@echo off\n" + "REM " + "  x" * 20000 + "\n",
        'Attribute VB_Name = "x"\n' + "'" * 50000,
    ]
    start = time.perf_counter()
    for text in texts:
        as_markdown(text, "")
    assert time.perf_counter() - start < 2.0
