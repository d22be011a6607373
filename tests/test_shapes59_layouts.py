"""Retros laid out in a form of their language's own, read by it
(`agentmem.harvest.codelayout`, `agentmem.harvest.recfile`): a numbered BASIC program, a
Smalltalk fileout, a Cypher script, a recutils file, a Racket file's `#| … |#` block and
its list of findings. Read as prose, each ran its lines together or left them unread."""

from __future__ import annotations

from agentmem.harvest.codelayout import fileout_lines, graph_lines, unnumbered
from agentmem.harvest.distill import distill
from agentmem.harvest.recfile import as_markdown as rec_markdown


def _drafts(text: str, source: str) -> list[str]:
    return [str(draft["text"]) for draft in distill(text, source, periodic=True).drafts]


BASIC = """\
10 REM RETRO 2031-03-02  PRESS HALL
20 REM KEPT BY J. ORTIZ
30 REM FINDING 1: DIE 4 CRACKS WHEN THE BILLET IS UNDER 440 C
40 REM   OWNER: PRESS TEAM
50 REM FINDING 2: QUENCH WATER OVER 30 C GIVES SOFT PROFILES
60 REM   OWNER: M. LEE (QUENCH)
70 LET BILLETMIN = 450 : ' BILLET TEMP AT THE PRESS, DEG C
80 LET QUENCHMAX = 28 : ' QUENCH WATER, DEG C
90 PRINT "FINDING: PREHEAT DIES TO 470 C BEFORE EVERY CHANGE"
100 END
"""


def test_a_numbered_program_is_read_by_its_lines() -> None:
    """BASIC's line numbers and `REM` remarks: each finding a lesson of its own, never one
    paragraph with the line numbers, its owner and the `LET` settings run together."""
    drafts = _drafts(BASIC, "press/retros/retro-2031-03-02.bas")
    assert any(d.startswith("Finding 1: DIE 4 CRACKS") and "OWNER" not in d for d in drafts)
    assert any(d.startswith("Finding 2: QUENCH WATER") for d in drafts)
    assert any("BILLETMIN = 450" in d and "LET BILLETMIN" not in d for d in drafts)
    assert not any(" REM " in d or "20 REM" in d for d in drafts)


def test_numbers_must_rise_and_be_most_lines() -> None:
    """A list of numbered items is no program: its numbers need not rise, and a few
    numbered lines in prose are the prose's."""
    listed = "3 presses down\n1 die cracked\n2 shifts lost\n5 profiles soft\n4 rejects\n"
    assert unnumbered(listed) is listed
    assert unnumbered(BASIC) is not BASIC


FILEOUT = """\
"RETRO 2031-05-04 -- kiln settings. Owners: P. Dahl."!

!KilnSettings class methodsFor: 'retro 2031-05-04'!
"thermocoupleOffset
    ^ 3.5"
thermocoupleOffset
    self deprecated: 'TC-7 replaced, the new couple reads true'.
    ^ 0.0
!
soakMinutes
    ^ 45
!
retroFindings
    Transcript show: 'Finding: glaze crawled on the shelf nearest the door'; cr.
    Transcript show: 'Finding: soak under 45 min leaves the body underfired'; cr.
    ^ self
! !
"""


def test_a_fileout_reads_its_methods_and_says() -> None:
    """A method answering a literal is a setting, a string shown is a finding, and a
    method said deprecated is no lesson: the value it held, kept in a comment, retires."""
    drafts = _drafts(FILEOUT, "kiln/retros/Retro-2031-05-04.st")
    assert any(d.startswith("Finding: glaze crawled") for d in drafts)
    assert any(d.startswith("Finding: soak under 45 min") for d in drafts)
    assert any("soakMinutes = 45" in d for d in drafts)
    assert any("(thermocoupleOffset) no longer applies" in d for d in drafts)
    assert not any("^" in d or "deprecated:" in d for d in drafts)


def test_a_deprecated_method_is_a_value_put_aside() -> None:
    laid = fileout_lines(FILEOUT)
    assert "// thermocoupleOffset = 3.5" in laid
    assert "// thermocoupleOffset = 0.0" in laid
    assert "\nthermocoupleOffset = 0.0" not in laid


CYPHER = """\
// RETRO 2031-06-01
// Author: R. Moss.
:param retro_date => '2031-06-01';

CREATE (:Retro {date: '2031-06-01', scope: 'paint-line'});

/* Booth 2: the filters are changed on the second Friday of the month, plus the
   grating after cleaning. Owner: paint QA. */

// MERGE (s:Setting {name: 'flash_off_min'}) SET s.value = 5;   // old
MERGE (s:Setting {name: 'flash_off_min'}) SET s.deprecated = true;
MERGE (s:Setting {name: 'booth_temp_c'}) SET s.value = 23, s.line = 'paint-line';

CREATE (:Finding {text: 'Orange peel on the bonnets of the late shift'})
  -[:CAUSED_BY]->(:Cause {text: 'Booth temperature drifting to 27 C after the door was left open'});

CREATE CONSTRAINT booth_logged IF NOT EXISTS
  FOR (b:BoothRun) REQUIRE b.temp_c IS NOT NULL;
"""


def test_a_graph_script_reads_its_nodes_and_comments() -> None:
    """A node's text is a lesson with its cause on it, a setting node's value a setting,
    one deprecated put aside, and the block comment's prose is read."""
    drafts = _drafts(CYPHER, "kg/retros/2031-06-01.cypher")
    assert any(
        d.startswith("Orange peel on the bonnets") and "Cause: Booth temperature" in d
        for d in drafts
    )
    assert any("second Friday" in d for d in drafts)
    assert any("booth_temp_c = 23" in d for d in drafts)
    assert any("(flash_off_min) no longer applies" in d for d in drafts)
    assert not any("CONSTRAINT" in d or "MERGE" in d or ":param" in d for d in drafts)


def test_a_text_of_few_graph_statements_is_as_it_is() -> None:
    text = "CREATE (:Note {text: 'one'});\nSome prose after it.\n"
    assert graph_lines(text) is text


REC = """\
# -*- mode: rec -*-
# RETRO 2031-07-09

%rec: Retro
%key: Id
%mandatory: Id Date Owner

Id: R-7
Date: 2031-07-09
Owner: S. Berg
Summary: The new binder came in. It needs a longer mix.

%rec: Setting
%key: Name

# old card, kept for reference only
# Name: mix_time_min
# Value: 6
# Supplier: OldChem

Name: mix_time_min
Value: 9
Unit: min
Supplier: NewChem

%rec: Finding
%mandatory: Text Cause Owner

Text: Lumps in the first two batches.
Cause: Mix time kept at the old card's value.
Owner: mixing
Action: Sieve the first batch of every new binder lot
+ through the 2 mm screen.

Text: Dust over the limit at the bag station.
Cause: Filter sock torn.
Owner: maintenance
Status: superseded by F-9

%rec: Note

Text: Drop tests are run from 1.2 m onto the steel plate
+ and read after 10 min.
Owner: lab
"""


def test_a_recfile_is_read_one_lesson_a_record() -> None:
    """A record is one lesson, its `+` lines going on it and its cause and action after
    it; the descriptors, the owner and a superseded record are no lessons; a setting
    commented out is the value the live one replaced."""
    markdown = rec_markdown(REC)
    drafts = _drafts(REC, "qa/retros/2031-07-09.rec")
    assert any(
        d.startswith("Drop tests are run from 1.2 m onto the steel plate and read") for d in drafts
    )
    assert any(
        d.startswith("Lumps in the first two batches.") and "through the 2 mm screen" in d
        for d in drafts
    )
    assert any("mix_time_min" in d and "9 min" in d and "was 6" in d for d in drafts)
    assert not any("%rec" in d or "%key" in d or "Filter sock" in d for d in drafts)
    assert "Owner" not in markdown


def test_a_text_without_record_kinds_is_as_it_is() -> None:
    text = "Name: mix\nValue: 9\n"
    assert rec_markdown(text) is text


RACKET = """\
#lang racket
;; RETRO 2031-08-02 -- slitter
;; kept by A. Kim
; Finding: knives dull after 3 days on the PET film.
(define knife-change-days 3)

(define findings
  '("edge dust on PET rolls -- change the knives every 3 days"
    "core chucks slip under 2 bar -- keep the air at 4 bar"))
(for ([f findings]) (printf "Finding: ~a\\n" f))

#| Winder note, not slitter: the laminate winds loose unless
   the taper is set to 20 % before the first roll. |#
(define winder-taper 20)
"""


def test_a_lisp_block_comment_and_list_of_findings_are_read() -> None:
    """Racket's `#| … |#` is a block comment, its prose a lesson; a list's strings that
    the program prints one by one are its findings."""
    drafts = _drafts(RACKET, "slit/retros/retro-2031-08-02.rkt")
    assert any("taper is set to 20 %" in d and "|#" not in d for d in drafts)
    assert any(d.startswith("edge dust on PET rolls") for d in drafts)
    assert any(d.startswith("core chucks slip under 2 bar") for d in drafts)


def test_a_camel_case_key_is_said_in_words() -> None:
    """ "dryerMoistureTargetPct" as one word matched no search for the dryer's moisture
    target: a setting's key is said in its words."""
    drafts = _drafts(FILEOUT, "kiln/retros/Retro-2031-05-04.st")
    assert any("soak minutes" in d for d in drafts)


def test_a_printed_line_of_pieces_is_one_sentence() -> None:
    """BASIC's `PRINT "…"; LO; "-"; HI; " …"` is one sentence with its values named, not
    its longest piece alone."""
    text = BASIC.replace(
        '90 PRINT "FINDING: PREHEAT DIES TO 470 C BEFORE EVERY CHANGE"',
        '90 PRINT "FINDING: DIE COATING "; LO; "-"; HI; " UM ON THE BEARING, GAUGE AT EVERY CHANGE"',
    )
    assert any(d.startswith("Finding: DIE COATING LO - HI UM") for d in _drafts(text, "p.bas"))
