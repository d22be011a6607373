"""Replacements the read judges itself (`agentmem.retrieval.conflict`): a new tool for a job
whose two lessons share only the goal's words, when the newer one says the way changed; and
a URL or a path given anew, a value like a time or a count
(`agentmem.core.places`)."""

from __future__ import annotations

from agentmem.core.places import places
from agentmem.retrieval.conflict import retired_by_newer, slot_values
from tests.conftest import held

APP = "press-room"
TOOL_OLD = "Press one crate with `cidertool run --crate <id>`; sign-off from the shift lead."
TOOL_NEW = (
    "Since the spring refit a crate is now pressed with `presser go --crate <id> --mode cold`."
)
ADDRESS_OLD = (
    "Label printers connect to the print relay at tcp://relay.barn.local:9100 and take a batch id."
)
ADDRESS_NEW = (
    "Since the network refit, label printers now connect to https://labels.example.org with a "
    "token per shift."
)


def _retires(old: str, new: str, query: set[str]) -> bool:
    a, b = (
        held(old, 1, "m-1", app_id=APP, type="procedural"),
        held(new, 9, "m-2", app_id=APP, type="procedural"),
    )
    return retired_by_newer(a, b, query, [a, b])


def test_a_new_tool_said_changed_retires_the_old_one_on_the_goals_words_alone() -> None:
    """The two commands' clauses share only words of the query ("press", "crate"), yet the
    newer sentence says the way changed: the old tool is retired."""
    assert _retires(TOOL_OLD, TOOL_NEW, {"press", "crate"})


def test_a_new_tool_on_the_goals_words_alone_without_a_word_of_change_retires_nothing() -> None:
    """Without a word of change, two tools on the goal's words may be two jobs of it."""
    new = "Use `presser go --crate <id> --mode cold` for the pear crates."
    assert not _retires(TOOL_OLD, new, {"press", "crate"})


def test_a_url_given_anew_and_said_changed_retires_the_old_address() -> None:
    assert _retires(ADDRESS_OLD, ADDRESS_NEW, {"label"})


def test_a_second_address_with_no_word_of_change_retires_nothing() -> None:
    """Two addresses side by side (a fallback, another site) are no change."""
    new = "Label printers in the packing shed connect to https://labels.example.org with a token."
    assert not _retires(ADDRESS_OLD, new, {"label"})


def test_a_changed_file_path_is_a_value_of_its_slot() -> None:
    """A path to a file is read as a value; its clause's words exclude the path's own."""
    values = slot_values("Since the move, the press settings live in conf/press-v2.yaml now.")
    assert ("path", "conf/press-v2.yaml") in values
    assert "yaml" not in values[("path", "conf/press-v2.yaml")]


def test_fractions_units_and_times_are_no_paths() -> None:
    assert places("rows 4/5, flow in m3/h, 01:00/02:00, and/or") == []
    assert places("see /srv/press/in and ~/notes/press.md.") == [
        "/srv/press/in",
        "~/notes/press.md",
    ]
