"""A retro kept as a program: a lesson the readers took from its code is told in words
(`agentmem.harvest.codelessons`): its live settings in the program's own name and form,
read in every assignment shape (`agentmem.harvest.livesettings`), the value an entry
commented out held told as what it was, the prose of its strings; code with nothing to
say is no lesson, and a retro of another shape is read as before."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from agentmem import MemoryHooks
from agentmem.core.model import MemoryType
from agentmem.harvest.codelessons import told
from agentmem.harvest.codelex import lexed
from agentmem.harvest.distill import distill
from agentmem.harvest.livesettings import settings
from agentmem.harvest.sections import Lesson

PASCAL = """program Retro20310405;
{ Cellar retro, 23 Mar - 5 Apr 2031. }

{$mode objfpc}{$H+}

type
  TFinding = record
    Text, Cause, Owner: string;
  end;

const
  { FermTempC = 16.0; }       { AB-1 setpoint, retired with AB-1 }
  FermTempC     = 12.0;       { the new yeast threw H2S on the old template }
  YanMinMgNL    = 150;        { formol YAN at fill }

var
  F: array[1..2] of TFinding;
  i: Integer;

begin
  F[1].Text  := 'FV-08 stank of H2S on day 3 after the first pitch of the new yeast';
  F[1].Cause := 'New strain pitched on the old template; the maker wants 11-13 degC';
  F[1].Owner := 'Gareth';

  for i := 1 to 1 do
    WriteLn(F[i].Text, ' -- ', F[i].Cause);

  WriteLn('Ferment the new yeast at ', FermTempC:0:1, ' degC from now on');
end.
"""

PROLOG = """% RETRO 2031-04-13  parboil line, brokens over limit
:- dynamic setting/3.

finding(d20310413, parboil_line, 'brokens 4.6 % on lot PB-0410', cause('soak water too hot, kernels split'), owner(arjun)).

setting(soak_tank, water_temp_c, 60).
% setting(soak_tank, water_temp_c, 65).
setting(steamer, steam_min, 6).
"""

HCL = """# Incident retro: veneer splits at lathe L1

retro "2031-04-14" {
  area = "veneer-line"
}

variable "birch_vat_temp_c" {
  type    = number
  default = 40
}

/* Withdrawn 14 April; left here so nobody re-applies it:
variable "birch_vat_temp_c" {
  default = 35
}
*/
"""

NAMELIST = """! retros/2031-05-28-zinc.nml
! Retro: change of zinc alloy supplier for slider casting.
&settings
  cell = 'C2',
  holding_temp_c = 430.0       ! holding_temp_c = 415.0   ! old supplier's setpoint, retired
  xrf_ingots_per_pallet = 3
/
"""

SEMANTIC = MemoryType.SEMANTIC

LATEX = r"""\documentclass{article}
\begin{document}
\section{Changes effective immediately}
\begin{enumerate}
  \item \textbf{Main warehouse.} All
        dispatch now starts from the Ridgeview Expo Hall (\texttt{WH-RDG}), 45 Fairground Rd.
  \item Curfew is 22:00 in both counties.
\end{enumerate}
\end{document}
"""
LATEX_ITEM = (
    r"\textbf{Main warehouse.} All dispatch now starts from the Ridgeview Expo Hall"
    r" (\texttt{WH-RDG}), 45 Fairground Rd."
)

MARKDOWN = """# Retro 2031-04-20

## Lessons
- Keep the dryer at 80 C; the glue skins over above it.
- Call the carrier before 14:00 for a same-day pickup.
"""


def drafted(text: str, source: str) -> list[str]:
    return [d["text"] for d in distill(text, source, periodic=False, app_id="cellar").drafts]


def test_a_const_block_is_told_as_its_settings_with_the_old_value() -> None:
    """A Pascal `const` block is no lesson of code: its settings are told in the program's
    own form, the old value its commented-out entry held as what it was, with the reasons
    the comments beside them give; the `{ … }` comment marks and `const` are gone."""
    texts = drafted(PASCAL, "retros/Retro20310405.pas")
    block = next(text for text in texts if "FermTempC" in text)
    assert block.startswith("FermTempC = 12.0 (was 16.0: AB-1 setpoint, retired with AB-1;")
    assert "YanMinMgNL = 150 (formol YAN at fill)" in block
    assert "const" not in block and "{" not in block


def test_code_with_nothing_to_say_is_no_lesson_and_strings_say_their_prose() -> None:
    """A `var` declaration is dropped; a record's text and cause are told as prose without
    the assignment around them; a printed line is told with the setting it prints."""
    texts = drafted(PASCAL, "retros/Retro20310405.pas")
    assert not any("array[" in text or "TFinding" in text for text in texts)
    assert any(
        text.startswith("FV-08 stank of H2S on day 3 after the first pitch of the new yeast;")
        and ":=" not in text
        for text in texts
    )
    assert "Ferment the new yeast at 12.0 degC from now on" in texts


def test_prolog_facts_are_settings_and_a_commented_out_fact_is_what_was() -> None:
    """`setting(a, b, value).` is a setting keyed by all but its last argument; the fact
    commented out under it is its old value, not a live one."""
    texts = drafted(PROLOG, "retros/2031-04-13-parboil.pl")
    line = next(text for text in texts if "water_temp_c" in text)
    assert "setting(soak_tank, water_temp_c, 60) (was 65)" in line
    assert "setting(soak_tank, water_temp_c, 65)" not in line
    assert "setting(steamer, steam_min, 6)" in line


def test_a_blocks_default_is_the_blocks_setting() -> None:
    """`default = 40` inside `variable "x" { … }` is told as the block's setting, and the
    block commented out with the old default is what it was."""
    found = [Lesson(SEMANTIC, 'variable "birch_vat_temp_c" { type = number default = 40 }')]
    [lesson] = told(HCL, found)
    assert lesson.text.startswith('variable "birch_vat_temp_c" default = 40 (was 35')


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("FermTempC = 12.0;", ["FermTempC = 12.0"]),
        ("val speedMpm: Double = 6.5", ["speedMpm: Double = 6.5"]),
        ("max_shots: 3", ["max_shots: 3"]),
        ("&settings a = 1.0, b(1:2) = 3, 4 /", ["a = 1.0", "b(1:2) = 3, 4"]),
        ("worker_processes 4;", ["worker_processes 4"]),
        ("set(KILN_MAX_C 1450)", ["set(KILN_MAX_C 1450)"]),
        ("setting(dryer_2, air_temp_c, 43).", ["setting(dryer_2, air_temp_c, 43)"]),
        ('variable "x" {\n  default = "14 min"\n}', ['variable "x" default = "14 min"']),
        ("IMPREG_TEMP_C = '92'", ["IMPREG_TEMP_C = '92'"]),
    ],
)
def test_every_assignment_shape_is_read_in_its_own_form(text: str, expected: list[str]) -> None:
    """Each shape programs and config files write a setting in is read, told as written."""
    assert [setting.text for setting in settings(lexed(text))] == expected


@pytest.mark.parametrize(
    "text",
    [
        "for i := 1 to 3 do",
        "if BT2TempC > FillerMaxTempC then",
        "F: array[1..3] of TFinding;",
        "program Retro20310405;",
        "x := y;",
        "runs = { total = 7 }",
    ],
)
def test_code_that_sets_nothing_is_no_setting(text: str) -> None:
    """A loop, a test, a declaration, a program's name, a name given another name's value."""
    assert [s.text for s in settings(lexed(text))] in ([], ["total = 7"])


def test_a_namelist_entry_is_read_with_its_old_value_from_its_comment() -> None:
    """A Fortran namelist's entries are settings; `! holding_temp_c = 415.0 ! … retired`
    beside the live entry is its old value and why it went."""
    texts = drafted(NAMELIST, "retros/2031-05-28-zinc.nml")
    assert any(
        "holding_temp_c = 430.0 (was 415.0: old supplier's setpoint, retired)" in text
        for text in texts
    )


def test_a_deprecated_entrys_text_is_put_aside() -> None:
    """A string on a line marked deprecated (`@deprecated(reason: …)`) says what no longer
    holds: it is not told as a lesson."""
    text = (
        "type Retro {\n"
        '  "Finding: the offsets alternated sign with flight direction, a boresight error."\n'
        "  offsets: Finding!\n"
        '  overlap: Lesson @deprecated(reason: "withdrawn; the cause was the boresight not the overlap")\n'
        "}\n"
    )
    found = [Lesson(SEMANTIC, " ".join(text.split()))]
    [lesson] = told(text, found)
    assert "Finding: the offsets alternated sign" in lesson.text
    assert "withdrawn" not in lesson.text


def test_a_checks_message_is_not_filled_with_the_setting() -> None:
    """A message a check prints (`require(x >= 5) { "cook hold ${x} min is too short" }`)
    is about the reading, so the setting's value is not put in, and a template left with
    its placeholders says no value; an echoed line is told with the setting's value, and
    the check itself is a rule in the program's form."""
    text = (
        "environment {\n"
        "    POT_LIFE_H = '4'\n"
        "}\n"
        'echo "Film on the coater within ${env.POT_LIFE_H} h of adding the hardener."\n'
        'require(hold >= 5) { "pot life ${env.POT_LIFE_H} h is too short for this batch" }\n'
    )
    found = [Lesson(SEMANTIC, " ".join(text.split()))]
    [lesson] = told(text, found)
    assert "Film on the coater within 4 h of adding the hardener." in lesson.text
    assert "pot life 4 h" not in lesson.text  # the reading's message, not the setting's
    assert "${env.POT_LIFE_H}" not in lesson.text  # a template is no lesson
    assert "require(hold >= 5)" in lesson.text  # the check, as a rule in its own form


def test_a_markdown_retro_is_read_as_before() -> None:
    """A retro of another shape (markdown) keeps the lessons its readers found."""
    found = [Lesson(SEMANTIC, "Keep the dryer at 80 C; the glue skins over above it.")]
    assert told(MARKDOWN, found) == found
    assert drafted(MARKDOWN, "retros/2031-04-20.md") == [
        "Keep the dryer at 80 C; the glue skins over above it.",
        "Call the carrier before 14:00 for a same-day pickup.",
    ]


def test_a_latex_report_is_read_as_before() -> None:
    """A document in TeX markup (its braces and backslashes look like code) is no program:
    the lessons its readers found stand."""
    found = [Lesson(SEMANTIC, LATEX_ITEM)]
    assert told(LATEX, found) == found


def test_hook_d_writes_a_program_retros_settings(hooks: MemoryHooks, tmp_path: Path) -> None:
    """post_retro_distill fires ok on a Pascal retro and writes its live setting in the
    program's form, never its code."""
    (tmp_path / "Retro20310405.pas").write_text(PASCAL)
    result = hooks.post_retro_distill(retro={"path": "Retro20310405.pas", "app_id": "cellar"})
    assert result.ok, result.error
    written = [memory.text for memory in hooks.store.list()]
    assert any(text.startswith("FermTempC = 12.0 (was 16.0") for text in written)
    assert not any("TFinding" in text for text in written)


def _cost(text: str) -> float:
    start = time.process_time()
    found = [Lesson(SEMANTIC, text[:2000])]
    for _ in range(3):
        told(text, found)
    return time.process_time() - start


@pytest.mark.parametrize(
    "hostile",
    [
        "# x = 1\n" * 1000,
        "{" * 8000,
        "'" * 8000,
        "a = [" * 1600,
        "! a = 1 ! b\n" * 700,
        "(*" * 4000,
    ],
)
def test_hostile_programs_cost_what_a_retro_costs(hostile: str) -> None:
    """An 8,000-character text of comments, braces, quotes or open brackets costs about
    what a program retro of that size costs (compared in one run, not against a clock)."""
    benign = (PASCAL * (len(hostile) // len(PASCAL) + 1))[: len(hostile)]
    assert _cost(hostile) < 25 * max(_cost(benign), 1e-3)


ERLANG = """%% Retro: palm olein supplier change
{retro, "2031-09-21", [
    {finding, "The new olein foams and darkens at the old setpoint",
        [{cause, "higher starting FFA and a lower smoke point"}]}
]}.

%% Oil settings.  Old values left in for the audit, commented out:
%% {fryer_oil_temp_c, 150}.
{fryer_oil_temp_c, 146}.
{ffa_discard_pct, 0.35}.       % as oleic acid
"""


def test_an_erlang_term_is_a_setting_with_its_old_value() -> None:
    """`{key, value}.` standing alone is a setting; the term commented out above it is
    what it was."""
    texts = drafted(ERLANG, "retros/2031-09-21-oil.config")
    line = next(text for text in texts if "fryer_oil_temp_c" in text)
    assert "{fryer_oil_temp_c, 146} (was 150)" in line
    assert "{ffa_discard_pct, 0.35} (as oleic acid)" in line


def test_a_rule_held_to_a_limit_is_told_in_its_own_form() -> None:
    """A clause that holds a value to a number (a Prolog rule over lines) is a rule the
    program states: told as written, its comment with it; a retracting call is kept."""
    text = (
        "% RETRO 2031-08-24  husker rolls\n"
        ":- dynamic setting/3.\n"
        "\n"
        "retract(finding(d20310813, parboil_line, _, _, _)).   % soak temperature was not it\n"
        "\n"
        "% incoming roll pairs\n"
        "roll_pair_ok(R) :- supplier(R, ravi_polymers), shore_a(R, H),\n"
        "    H >= 83, H =< 87.   % 30 min on husker_1\n"
    )
    texts = drafted(text, "retros/2031-08-24-husker.pl")
    assert any(
        "roll_pair_ok(R) :- supplier(R, ravi_polymers), shore_a(R, H), H >= 83, H =< 87" in one
        for one in texts
    )
    assert any(one.startswith("retract(finding(d20310813, parboil_line") for one in texts)
