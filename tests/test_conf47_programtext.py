"""A retro kept as configuration or program text yields the sentences its string values and
comments carry (`agentmem.harvest.programtext`), when no other reader found a lesson in it;
a commented-out old setting, a catalogue's fuzzy entry and code are no lesson, and a retro
another reader reads is read as before."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from agentmem import MemoryHooks
from agentmem.harvest.distill import distill
from agentmem.harvest.programtext import is_program, program_lessons

HTTPD = """# conf.d/retros/2031-03-02-boiler.conf
# Retro: boiler house, first week on the new burner
#
# What happened: the burner was swapped on 02-24 and boiler 2 ran short of air
# (flame lift twice on 02-26). Why: the damper kept the old burner's setting.
Define BOILER2_O2_MIN_PCT 3
#Define BOILER2_O2_MIN_PCT 2   # old burner, do not re-enable

<Location "/retros/2031-03-02">
    SetEnv RETRO_APP "boilers"
    SetEnv RETRO_FINDING "Boiler 2 needs at least 3 % O2 at the stack since the burner swap; \\
        below it the flame lifts"
    Header set X-Retro-Cause "the damper curve was never re-commissioned for the new burner"
    #SetEnv RETRO_FINDING_2 "Boiler 2 runs fine at 2 % O2 on the old damper curve"
</Location>
"""

MAKEFILE = """# retros/2031-03-09/Makefile
RETRO_DATE := 2031-03-09
# GLUE_TEMP_C ?= 160   # old glue
GLUE_TEMP_C ?= 175

finding-glue:
\t@echo "Hot melt HM-7 needs 175 C at the nozzle; at 160 C the flaps open in the cold store"
"""

PO = """msgid ""
msgstr ""
"Project-Id-Version: retros 2031-03\\n"
"Language: en_GB\\n"

msgctxt "finding"
msgid ""
"Filter backwash runs every 36 hours since the new media went in, "
"not every 24."
msgstr "Backwash every day and a half now."

#, fuzzy
msgctxt "finding"
msgid "Filter backwash runs every 24 hours on the old sand media."
msgstr "Backwash once a day."
"""

NIX = """{ lib, ... }:
{
  retros."2031-03-16" = {
    findings = [
      {
        text = ''
          The press line now stops for a die change in 11 minutes,
          down from 25, with the quick clamps on both presses.
        '';
        owner = "Ana";
      }
    ];
  };
}
"""

ELISP = """;;; press-retros.el --- retros of the press line
(defvar press-retro-2031-03-23
  '((:text "Coil 4471 cracked at the bend because the lubricant pump ran dry overnight."
     :owner "Ben")))
"""


def texts(text: str, source: str, *, periodic: bool = True, run_id: str | None = None) -> list[str]:
    return [d["text"] for d in distill(text, source, periodic=periodic, run_id=run_id).drafts]


def test_an_httpd_retros_values_and_comments_are_its_lessons() -> None:
    """The SetEnv and Header values that are sentences, a continued value read whole, and
    a comment that ends a sentence; the commented-out finding and the old Define are none."""
    found = texts(HTTPD, "conf.d/retros/2031-03-02-boiler.conf", periodic=False)
    assert found[0] == (
        "Boiler 2 needs at least 3 % O2 at the stack since the burner swap; "
        "below it the flame lifts"
    )
    assert "the damper curve was never re-commissioned for the new burner" in found
    assert not any("2 % O2" in text or text == "boilers" for text in found)


def test_comments_speak_only_when_no_value_does() -> None:
    """A retro whose values say its findings is read by its values alone (its comments'
    story of what happened crowded the packs); one whose values are all names and numbers
    is read by its comments that end a sentence, a title that ends none left out."""
    found = texts(HTTPD, "conf.d/retros/2031-03-02-boiler.conf")
    assert not any(text.startswith("What happened") for text in found)
    bare = "\n".join(line for line in HTTPD.splitlines() if "RETRO_FINDING" not in line)
    bare = bare.replace('Header set X-Retro-Cause "the damper', "#").replace("below it", "#")
    found = texts(bare, "conf.d/retros/2031-03-02-boiler.conf")
    assert any(text.startswith("What happened: the burner was swapped") for text in found)
    assert not any(text.startswith("Retro: boiler house") for text in found)


def test_a_bibtex_comment_is_no_value() -> None:
    """`@comment{old line: "…"}` puts its quoted line aside, as any comment does."""
    text = (
        '@comment{old line: "Samples ship with the old courier, pickup before 14:00"}\n'
        "@techreport{retro:w23,\n"
        '  note = "Samples ship with the new courier now, pickup booked before 16:00",\n}\n'
    )
    assert [lesson.text for lesson in program_lessons(text)] == [
        "Samples ship with the new courier now, pickup booked before 16:00"
    ]


def test_a_makefile_retros_echoed_finding_is_its_lesson() -> None:
    found = texts(MAKEFILE, "retros/2031-03-09/Makefile", periodic=False)
    assert found == [
        "Hot melt HM-7 needs 175 C at the nozzle; at 160 C the flaps open in the cold store"
    ]


def test_a_catalogues_wrapped_msgid_is_one_value_and_a_fuzzy_entry_is_none() -> None:
    """gettext wraps a value over literals ("… " "…"); its header lines are no sentences,
    and an entry flagged fuzzy no longer holds."""
    found = texts(PO, "retros/po/2031-03.po", periodic=False, run_id="2031-03-10-r4")
    assert found == [
        "Filter backwash runs every 36 hours since the new media went in, not every 24.",
        "Backwash every day and a half now.",
    ]


def test_a_nix_string_and_an_elisp_text_are_read_whole() -> None:
    assert texts(NIX, "retros/2031-03-16.nix", periodic=False, run_id="2031-03-16-r1") == [
        "The press line now stops for a die change in 11 minutes, down from 25, with the "
        "quick clamps on both presses."
    ]
    assert texts(ELISP, "retros/press-retros.el", periodic=False, run_id="2031-03-23-r2") == [
        "Coil 4471 cracked at the bend because the lubricant pump ran dry overnight."
    ]


def test_registry_keys_are_not_joined_to_the_value_before_them() -> None:
    text = (
        "Windows Registry Editor Version 5.00\n\n[HKEY_LOCAL_MACHINE\\SOFTWARE\\Retro]\n"
        '"Item1"="The chiller trips above 31 C ambient on the roof."\n'
        '"Item2"="Spare compressor is kept in store B."\n'
    )
    assert [lesson.text for lesson in program_lessons(text)] == [
        "The chiller trips above 31 C ambient on the roof.",
        "Spare compressor is kept in store B.",
    ]


@pytest.mark.parametrize(
    "text",
    [
        '{"findings": [{"text": "The chiller trips above 31 C ambient on the roof."}]}',
        '<retro><finding text="The chiller trips above 31 C ambient on the roof."/></retro>',
        '# Retro\n\n- The chiller trips above 31 C ambient, said "the roof gets far too hot".\n',
        'week,finding,owner\n7,"The chiller trips above 31 C ambient on the roof.",Ana\n',
    ],
)
def test_data_markup_and_prose_are_no_program_text(text: str) -> None:
    """JSON, XML, a markdown note and a table of rows are other readers' shapes."""
    assert not is_program(text)


def test_a_retro_another_reader_reads_is_read_as_before() -> None:
    """The reader is asked only when no other reader found a lesson: a markdown retro with
    code in it keeps its own lessons."""
    text = (
        "# Retro\n## Lessons learned\n- Keep the dryer at 80 C.\n\n"
        '```\nSetEnv RETRO_FINDING "The press line stops for a die change in 11 minutes"\n```\n'
    )
    assert texts(text, "retros/2031-03-30.md") == ["Keep the dryer at 80 C."]


def test_hook_d_writes_the_lessons_of_a_config_retro(hooks: MemoryHooks, tmp_path: Path) -> None:
    """post_retro_distill fires ok on an httpd retro and writes its finding."""
    (tmp_path / "boiler.conf").write_text(HTTPD)
    result = hooks.post_retro_distill(retro={"path": "boiler.conf", "app_id": "boilers"})
    assert result.ok, result.error
    written = [memory.text for memory in hooks.store.list()]
    assert any("3 % O2 at the stack" in text for text in written)


def test_a_lone_surrogate_in_a_value_does_not_fail_the_fire(
    hooks: MemoryHooks, tmp_path: Path
) -> None:
    (tmp_path / "odd.conf").write_text(
        'Define A 1\nSetEnv RETRO_FINDING "The chiller \\ud800 trips above 31 C on the roof"\n'
    )
    result = hooks.post_retro_distill(retro={"path": "odd.conf"})
    assert result.ok, result.error


def _cost(text: str) -> float:
    start = time.process_time()
    for _ in range(3):
        program_lessons(text)
    return time.process_time() - start


@pytest.mark.parametrize(
    "hostile",
    [
        '"' * 8000,
        "'" * 8000,
        "''\n" * 2700,
        "/*" * 4000,
        "<!--" * 2000,
        "# " * 4000,
        'SetEnv A "x \\\n' * 600,
        'x = "a" "b" "c" "d"\n' * 400,
    ],
)
def test_hostile_drafts_read_at_the_cost_of_a_retro(hostile: str) -> None:
    """An 8,000-character text of unclosed quotes, comments or continuations costs about
    what a config retro of that size costs (compared in one run, not against a clock)."""
    benign = (HTTPD * (len(hostile) // len(HTTPD) + 1))[: len(hostile)]
    assert _cost(hostile) < 25 * max(_cost(benign), 1e-3)


def test_a_megabyte_is_left_unread() -> None:
    big = HTTPD * (1_000_000 // len(HTTPD))
    assert program_lessons(big) == []
