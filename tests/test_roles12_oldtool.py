"""A way of working retired in other words ("we have no hand-run publish step any more",
"the old command-line tool was deleted"): the held how-to that runs the old command is replaced, and nothing that
only adds a way, keeps the held tool or is about another task."""

from __future__ import annotations

from agentmem.core.oldtool import commands, retired
from agentmem.core.verdict import Held, judge

PUSH = "Kiln profiles go out with kilnctl profiles publish --site north; check the test tile first."
FIRING = "Glaze firings start with kilnctl fire --profile glaze, then log the cone reading."


def replaced(draft: str, held: str) -> bool:
    return judge(draft, [Held("held-1", held, "procedural")]).replaces == ["held-1"]


def test_commands_written_plainly_are_read_up_to_their_first_flag() -> None:
    """A command without code marks is a tool and its words before a flag, without the
    words that lead it in the sentence."""
    assert commands(PUSH) == [("kilnctl", "profiles", "publish")]
    assert commands("Run `loadctl run --all` nightly.") == [("loadctl", "run")]


def test_no_more_of_a_word_of_the_held_command_retires_it() -> None:
    """ "No hand-run publish step any more" names the held command by one word of it: the
    how-to shares three words with the draft, and stayed live beside it."""
    draft = (
        "Profile changes reach the kilns only through the schedule job after review; there "
        "is no hand-run publish step any more."
    )
    assert retired(draft, PUSH)
    assert replaced(draft, PUSH)


def test_the_old_tool_deleted_retires_a_how_to_run_with_another_tool() -> None:
    """ "The old command-line tool was deleted" names no tool; the draft runs another one for the task the
    held how-to opens on."""
    draft = "All glaze firings go through firectl start --kiln <id>; the old command-line tool was deleted in March."
    assert retired(draft, FIRING)
    assert replaced(draft, FIRING)


def test_a_way_added_the_held_tool_kept_or_another_task_retires_nothing() -> None:
    """An alternative ("you can also …"), a draft that still runs the held tool, another
    task's old script, and no more of a thing the held command does not run leave it live."""
    assert not replaced("You can also start glaze firings with firectl start --kiln 2.", FIRING)
    assert not retired(
        "The old command-line tool was deleted; glaze firings go through kilnctl fire --queue.",
        FIRING,
    )
    assert not retired(
        "Kiln cleaning runs through cleanctl run --kiln 2; the old script was deleted.", FIRING
    )
    assert not retired("There is no hand-run upload step any more for glaze firings.", FIRING)
