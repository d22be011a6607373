"""What each caller of `agentmem.core.commands` keeps of the one reading: every reader of a
newer lesson's tool, of a retired command, of a harvest's moved command sees the same
tools; a record quotes a command by two words; a script run with an option is a command."""

from __future__ import annotations

from agentmem.core.commands import tools
from agentmem.core.oldtool import commands as old_commands
from agentmem.harvest.present import _commands as present_commands
from agentmem.harvest.present import _still_run
from agentmem.retrieval.conflict import named_apart
from agentmem.retrieval.conflict import tools as conflict_tools
from agentmem.retrieval.lingering import GONE, _runs, _tool, retired_by


def test_each_caller_reads_the_same_tools() -> None:
    """Every caller sees the same tool in a line written plainly, with a placeholder after
    its subcommand, led by a verb: the reader of a retired tool once wanted a flag there,
    the reader of a newer lesson's tool took the leading verb for the tool."""
    text = "Glaze each pot, then call glazectl dip <pot> before firing."
    assert old_commands(text) == [("glazectl", "dip")]
    assert list(conflict_tools(text)) == ["glazectl"]
    assert present_commands(text) == ["glazectl dip"]
    assert _runs(text, "glazectl")
    assert tools(text) == {"glazectl"}


def test_a_tool_with_two_subcommands_keeps_its_name() -> None:
    """The command "gh pr merge --squash" is gh's: the harvest's reader once took "pr merge"."""
    text = "Merge with gh pr merge --squash once green."
    assert present_commands(text) == ["gh pr"]
    assert _runs(text, "gh") and not _runs(text, "pr")


def test_what_each_caller_keeps_of_the_reading() -> None:
    """A newer lesson's tools are read in code and plainly alike; a record quotes a command
    by two words; a word with an option right after it still runs on its own."""
    text = "Pack it with `boxctl seal --tape` and then crate-it nail --corners 4."
    assert conflict_tools(text).keys() == {"boxctl", "crate-it"}
    assert _tool("boxctl seal --tape") == "boxctl seal"
    assert _tool("boxctl") == ""
    assert _still_run("afterwards dipcheck --strict runs", "dipcheck")
    assert not _still_run("the dipcheck report is long", "dipcheck")


def test_a_script_run_with_an_option_is_a_command_a_change_retires() -> None:
    """A script run with an option ("`mkproof.pl -w 2`") is a command: once a replacement
    runs another command for the job, a record quoting the script tells the old way (the
    reader of a change once took a name with a dot or an underscore for no command)."""
    old = "Proof the dough with `mkproof.pl -w 2` before it is shaped."
    new = "Dough is now proofed with `make proof-dough` before it is shaped."
    change = retired_by(old, new, "2027-02-01")
    assert change is not None
    assert (GONE, "mkproof.pl") in change.retired


def test_a_change_keeping_the_script_retires_none_of_it() -> None:
    """The replacement runs the same script on other options: no tool is gone."""
    old = "Proof the dough with `mkproof.pl -w 2` before it is shaped."
    new = "Dough is now proofed with `mkproof.pl -w 3` before it is shaped."
    change = retired_by(old, new, "2027-02-01")
    assert change is None or not any(k[0] == GONE for k in change.retired)


def test_a_name_in_brackets_sets_two_values_apart() -> None:
    """The conflict reader's names are statement's (a code, a capitalised word inside a
    sentence): a desk named in brackets is a name too, so two desks keep their own hours."""
    old = "Returns are booked at the desk (Harbour) until 15:30 on weekdays."
    new = "Since May, returns are booked at the desk (Quarry) until 17:45 on weekdays."
    assert named_apart(old, old, new, new)


def test_a_capital_opening_a_sentence_is_no_name() -> None:
    """A sentence's first word is capitalised by grammar, not because it names a thing."""
    old = "Returns are booked until 15:30 on weekdays."
    new = "Since May, returns are booked until 17:45 on weekdays."
    assert not named_apart(old, old, new, new)
