"""One reading of command lines (`agentmem.core.commands`).

Five readers had grown apart: one took a placeholder after a subcommand where another
wanted a flag, one dropped the words leading into a plain line ("with", "run") where another
took "use" for a tool, one read "gh pr merge --squash" as the command "pr merge". These
tests pin the one reading on invented lines; test_dedup17_callers.py what each caller keeps
of it."""

from __future__ import annotations

import pytest

from agentmem.core.commands import command, lines, spoken
from agentmem.core.later import _tools as later_tools
from agentmem.core.oldtool import commands as old_commands

READ = [
    # code spans: words up to the first flag, placeholder or assignment
    ("Weigh it with `sievectl grade --mesh 40`.", [("sievectl", "grade")]),
    ("Then `sievectl grade <lot>` again.", [("sievectl", "grade")]),
    ("`sievectl grade {lot}`", [("sievectl", "grade")]),
    ("`sievectl grade`", [("sievectl", "grade")]),
    ("`Sievectl Grade --fine`", [("sievectl", "grade")]),
    ("`$ sievectl grade --fine`", [("sievectl", "grade")]),
    ("`sievectl grade LOT=7`", [("sievectl", "grade")]),
    ("`git tag push 3 --force`", [("git", "tag", "push")]),
    ("`dipcheck --strict` runs at dawn", [("dipcheck",)]),
    ("`sievectl`", []),
    ("`conf/sieve.toml`", []),
    ("`./bin/sieve.sh --all`", []),
    ("`MESH=40 sievectl grade`", []),
    ("`potter_cli glaze --cone 6`", [("potter_cli", "glaze")]),
    ("`hull-scan.v3 sweep --deep`", [("hull-scan.v3", "sweep")]),
    # plain lines: a tool, up to two subcommands, then a flag or a placeholder
    ("Weigh it with sievectl grade --mesh 40.", [("sievectl", "grade")]),
    ("Weigh it with sievectl grade <lot>.", [("sievectl", "grade")]),
    ("then use trimctl cut --depth 2", [("trimctl", "cut")]),
    ("call trimctl cut <pot> when dry", [("trimctl", "cut")]),
    ("run with podman pod start -a", [("podman", "pod", "start")]),
    ("dry the lot via dryer-q push --hours 5", [("dryer-q", "push")]),
    ("and run dipcheck --strict", [("dipcheck",)]),
    ("tiles rotate --nightly at noon", [("tiles", "rotate")]),
    # prose before an option is no command
    ("sent with --limit 40 on Friday", []),
    ("the lot came from <dir> after lunch", []),
    ("it was cut twice --mostly by hand", []),
    ("the path /srv/kiln run --x is old", []),
    ("Sievectl grade --fine before noon", [("grade",)]),
    # both ways in one text, in the order written
    (
        "`potctl throw --clay 2`, then trim with trimctl run <pot>",
        [("potctl", "throw"), ("trimctl", "run")],
    ),
]


@pytest.mark.parametrize(("text", "expected"), READ)
def test_lines_reads_code_spans_and_plain_lines_alike(
    text: str, expected: list[tuple[str, ...]]
) -> None:
    """A command is read the same in a code span and written plainly, up to its first
    option, without the words leading into it; prose before an option is none."""
    assert list(lines(text)) == expected


def test_a_code_span_of_one_word_is_a_name_unless_an_option_follows() -> None:
    """A span of "`kilnctl`" names a tool; "`kilnctl --version`" runs it."""
    assert spoken("kilnctl") == ()
    assert spoken("kilnctl --version") == ("kilnctl",)
    assert command("$ kilnctl fire") == ("kilnctl", "fire")


def test_the_retired_tool_reader_takes_a_placeholder_after_the_subcommand() -> None:
    """The line "call glazectl dip <pot>" runs glazectl: the reader of a retired way once wanted a
    flag after the subcommand, and read nothing there."""
    assert old_commands("Glaze each pot, then call glazectl dip <pot> before firing.") == [
        ("glazectl", "dip")
    ]


def test_the_later_text_rule_reads_code_spans_only() -> None:
    """Its lead-in words are read before a code span, so a plain line gives it no tool."""
    text = "Pack it with `boxctl seal --tape` and then crate-it nail --corners 4."
    assert later_tools(text) == {"boxctl"}
